import assert from 'node:assert/strict';
import { beaconRequest, FUNCTION_URL, jsonRequest, memoryLogger } from '../_shared/testing.ts';
import { createHandler, MAX_BODY_BYTES, type PageLeaveRow } from './handler.ts';

const pageLeave = (overrides: Record<string, unknown> = {}) => ({
  session_id: 'session_1763750000000_k3j9x2a',
  event_type: 'page_leave',
  page_path: '/coaching?utm_source=facebook',
  duration_seconds: 42,
  device_type: 'mobile',
  ...overrides,
});

function setup(options: { failInsert?: boolean } = {}) {
  const rows: PageLeaveRow[] = [];
  const logger = memoryLogger();
  const handler = createHandler({
    store: {
      insertPageLeave(row) {
        if (options.failInsert) return Promise.reject(new Error('database down'));
        rows.push(row);
        return Promise.resolve();
      },
    },
    logger,
  });
  return { handler, rows, logger };
}

async function errorOf(response: Response): Promise<string> {
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  return ((await response.json()) as { error: string }).error;
}

Deno.test(
  'a beacon (text/plain Blob, no headers, apikey in the query) is stored and answered 204',
  async () => {
    const { handler, rows } = setup();
    const response = await handler(
      beaconRequest(pageLeave(), 'text/plain;charset=UTF-8', `${FUNCTION_URL}?apikey=anon`),
    );
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(rows, [
      {
        session_id: 'session_1763750000000_k3j9x2a',
        event_type: 'page_leave',
        page_path: '/coaching?utm_source=facebook',
        duration_seconds: 42,
        device_type: 'mobile',
        user_agent: null,
      },
    ]);
  },
);

Deno.test('a JSON fetch and an application/json beacon are stored the same way', async () => {
  const { handler, rows } = setup();
  const fetched = await handler(jsonRequest(pageLeave(), { headers: { 'User-Agent': 'Mozilla/5.0 test' } }));
  assert.equal(fetched.status, 204);
  assert.equal((await handler(beaconRequest(pageLeave(), 'application/json'))).status, 204);
  assert.equal(rows.length, 2);
  assert.equal(rows[0].user_agent, 'Mozilla/5.0 test');
});

Deno.test('a fractional duration is rounded to whole seconds', async () => {
  const { handler, rows } = setup();
  await handler(beaconRequest(pageLeave({ duration_seconds: 12.6 })));
  await handler(beaconRequest(pageLeave({ duration_seconds: 0.2 })));
  assert.deepEqual(
    rows.map((r) => r.duration_seconds),
    [13, 0],
  );
});

Deno.test('unknown fields are not stored', async () => {
  const { handler, rows } = setup();
  await handler(beaconRequest(pageLeave({ id: 5, created_at: '2000-01-01', referrer: 'x' })));
  assert.deepEqual(Object.keys(rows[0]).sort(), [
    'device_type',
    'duration_seconds',
    'event_type',
    'page_path',
    'session_id',
    'user_agent',
  ]);
});

for (const [label, overrides, reason] of [
  [
    'a malformed session id',
    { session_id: 'abc' },
    'session_id: must look like session_<timestamp>_<random>',
  ],
  [
    'an uppercase session id',
    { session_id: 'session_1_ABC' },
    'session_id: must look like session_<timestamp>_<random>',
  ],
  [
    'a session id over 100 characters',
    { session_id: `session_1_${'a'.repeat(95)}` },
    'session_id: must be at most 100 characters',
  ],
  ['another event type', { event_type: 'page_view' }, "event_type: must be 'page_leave'"],
  ['a path without a leading slash', { page_path: 'coaching' }, "page_path: must start with '/'"],
  [
    'a path over 2048 characters',
    { page_path: `/${'a'.repeat(2048)}` },
    'page_path: must be at most 2048 characters',
  ],
  ['a negative duration', { duration_seconds: -1 }, 'duration_seconds: must be from 0 to 86400'],
  ['a duration over a day', { duration_seconds: 86401 }, 'duration_seconds: must be from 0 to 86400'],
  ['a duration given as text', { duration_seconds: '42' }, 'duration_seconds: must be a number'],
  [
    'an unknown device type',
    { device_type: 'watch' },
    "device_type: must be 'mobile', 'tablet' or 'desktop'",
  ],
  ['a missing session id', { session_id: undefined }, 'session_id: is required'],
] as const) {
  Deno.test(`400 with the reason for ${label}`, async () => {
    const { handler, rows } = setup();
    const response = await handler(beaconRequest(pageLeave(overrides)));
    assert.equal(response.status, 400);
    assert.equal(await errorOf(response), reason);
    assert.equal(rows.length, 0);
  });
}

Deno.test('400 for a body that is not JSON, 413 for one over 8 KB', async () => {
  const { handler } = setup();
  const notJson = await handler(beaconRequest('session_1_a page_leave'));
  assert.equal(notJson.status, 400);
  assert.equal(await errorOf(notJson), 'Body is not valid JSON');
  const huge = await handler(beaconRequest(pageLeave({ page_path: `/${'a'.repeat(MAX_BODY_BYTES)}` })));
  assert.equal(huge.status, 413);
});

Deno.test('answers the preflight and refuses other methods with 405', async () => {
  const { handler } = setup();
  const preflight = await handler(new Request(FUNCTION_URL, { method: 'OPTIONS' }));
  assert.equal(preflight.status, 204);
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /apikey/);
  const get = await handler(new Request(FUNCTION_URL));
  assert.equal(get.status, 405);
  assert.equal(get.headers.get('allow'), 'POST, OPTIONS');
  assert.equal(await errorOf(get), 'Method GET not allowed');
});

Deno.test('a database failure is a 500 without internals, and is logged', async () => {
  const { handler, logger } = setup({ failInsert: true });
  const response = await handler(beaconRequest(pageLeave()));
  assert.equal(response.status, 500);
  assert.equal(await errorOf(response), 'Internal error');
  assert.match(logger.lines[0], /database down/);
});
