import assert from 'node:assert/strict';
import ICAL from 'npm:ical.js@2.2.1';
import { memoryLogger } from '../_shared/testing.ts';
import { createHandler, tokenFrom, type FeedRow } from './handler.ts';

const SITE = 'http://localhost:5173';
const TOKEN = 'a'.repeat(64);
const url = (path: string) => `http://127.0.0.1:54321/calendar-feed/${path}`;

const row = (overrides: Partial<FeedRow> = {}): FeedRow => ({
  owner_kind: 'family',
  meeting: 'session',
  id: '11111111-2222-4333-8444-555555555555',
  starts_at: '2026-12-03T21:30:00Z',
  duration_minutes: 30,
  child_first_name: 'Mia',
  coach_name: 'Jordan Ellis',
  ...overrides,
});

function setup(feeds: Record<string, FeedRow[]>, now = () => Date.parse('2026-11-27T10:00:00Z')) {
  const asked: string[] = [];
  const logger = memoryLogger();
  const handler = createHandler({
    siteUrl: SITE,
    logger,
    now,
    store: {
      events: (token) => {
        asked.push(token);
        return Promise.resolve(feeds[token] ?? []);
      },
    },
  });
  return { handler, asked, logger };
}

const parse = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
};

Deno.test('the token is read from the path (with or without .ics) or the query', () => {
  assert.equal(tokenFrom(new URL(url(`${TOKEN}.ics`))), TOKEN);
  assert.equal(tokenFrom(new URL(url(TOKEN))), TOKEN);
  assert.equal(tokenFrom(new URL(url(`${TOKEN.toUpperCase()}.ics`))), TOKEN);
  assert.equal(tokenFrom(new URL(`${url('')}?token=${TOKEN}`)), TOKEN);
  assert.equal(tokenFrom(new URL(url('short.ics'))), null);
  assert.equal(tokenFrom(new URL(url(`${TOKEN}x.ics`))), null);
});

Deno.test(
  "a family's feed is iCalendar with each session's UID, UTC times and first names only",
  async () => {
    const { handler } = setup({
      [TOKEN]: [
        row(),
        row({
          id: '99999999-2222-4333-8444-555555555555',
          starts_at: '2026-12-10T21:30:00Z',
          coach_name: null,
        }),
      ],
    });
    const response = await handler(new Request(url(`${TOKEN}.ics`)));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/calendar; charset=utf-8');
    assert.match(response.headers.get('cache-control') ?? '', /^private/);
    assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
    const { calendar, events } = parse(await response.text());
    assert.equal(calendar.getFirstPropertyValue('x-wr-calname'), 'Ploom sessions');
    assert.equal(calendar.getFirstPropertyValue('method'), null);
    assert.deepEqual(
      events.map((e) => [
        e.uid,
        e.summary,
        e.startDate.toJSDate().toISOString(),
        e.endDate.toJSDate().toISOString(),
      ]),
      [
        [
          'session-11111111-2222-4333-8444-555555555555@ploom',
          "Mia's Ploom session with Jordan Ellis",
          '2026-12-03T21:30:00.000Z',
          '2026-12-03T22:00:00.000Z',
        ],
        [
          'session-99999999-2222-4333-8444-555555555555@ploom',
          "Mia's Ploom session",
          '2026-12-10T21:30:00.000Z',
          '2026-12-10T22:00:00.000Z',
        ],
      ],
    );
    assert.equal(
      events[0].component.getFirstPropertyValue('url'),
      `${SITE}/app/session/11111111-2222-4333-8444-555555555555`,
    );
  },
);

Deno.test("a team member's feed has their sessions (to the session room) and intro calls", async () => {
  const { handler } = setup({
    [TOKEN]: [
      row({ owner_kind: 'staff' }),
      row({
        owner_kind: 'staff',
        meeting: 'intro_call',
        id: '77777777-2222-4333-8444-555555555555',
        duration_minutes: 20,
        child_first_name: null,
        coach_name: null,
      }),
    ],
  });
  const { calendar, events } = parse(await (await handler(new Request(url(TOKEN)))).text());
  assert.equal(calendar.getFirstPropertyValue('x-wr-calname'), 'Ploom: my sessions and calls');
  assert.equal(events[0].summary, 'Ploom session: Mia');
  assert.equal(
    events[0].component.getFirstPropertyValue('url'),
    `${SITE}/admin/session-room/11111111-2222-4333-8444-555555555555`,
  );
  assert.equal(events[1].uid, 'intro-call-77777777-2222-4333-8444-555555555555@ploom');
  assert.equal(events[1].summary, 'Ploom intro call');
  assert.equal(events[1].duration.toSeconds(), 20 * 60);
});

Deno.test('a feed with nothing in it is an empty calendar, not a 404', async () => {
  const { handler } = setup({
    [TOKEN]: [
      row({
        meeting: null,
        id: null,
        starts_at: null,
        duration_minutes: null,
        child_first_name: null,
        coach_name: null,
      }),
    ],
  });
  const response = await handler(new Request(url(`${TOKEN}.ics`)));
  assert.equal(response.status, 200);
  assert.equal(parse(await response.text()).events.length, 0);
});

Deno.test(
  'an unknown or malformed token is the same plain 404, and a malformed one costs no query',
  async () => {
    const { handler, asked } = setup({});
    const unknown = await handler(new Request(url(`${'b'.repeat(64)}.ics`)));
    const malformed = await handler(new Request(url('nope.ics')));
    const none = await handler(new Request(url('')));
    for (const response of [unknown, malformed, none]) {
      assert.equal(response.status, 404);
      assert.equal(await response.text(), 'Not found\n');
      assert.equal(response.headers.get('cache-control'), 'no-store');
    }
    assert.deepEqual(asked, ['b'.repeat(64)]);
  },
);

Deno.test('an unchanged feed answers 304 to If-None-Match; HEAD has no body', async () => {
  const { handler } = setup({ [TOKEN]: [row()] });
  const first = await handler(new Request(url(`${TOKEN}.ics`)));
  const etag = first.headers.get('etag');
  assert.ok(etag);
  const again = await handler(new Request(url(`${TOKEN}.ics`), { headers: { 'If-None-Match': etag } }));
  assert.equal(again.status, 304);
  const head = await handler(new Request(url(`${TOKEN}.ics`), { method: 'HEAD' }));
  assert.equal(head.status, 200);
  assert.equal(await head.text(), '');
});

Deno.test(
  'one token asked for too often in a minute gets 429 with Retry-After, then is served again',
  async () => {
    let at = Date.parse('2026-11-27T10:00:00Z');
    const { handler } = setup({ [TOKEN]: [row()] }, () => at);
    for (let i = 0; i < 30; i++) assert.equal((await handler(new Request(url(TOKEN)))).status, 200);
    const limited = await handler(new Request(url(TOKEN)));
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    at += 61_000;
    assert.equal((await handler(new Request(url(TOKEN)))).status, 200);
  },
);

Deno.test(
  'other methods are refused; a database failure is a 500 that names nothing and logs no token',
  async () => {
    const { handler } = setup({});
    assert.equal((await handler(new Request(url(TOKEN), { method: 'POST', body: '{}' }))).status, 405);
    const logger = memoryLogger();
    const failing = createHandler({
      siteUrl: SITE,
      logger,
      store: { events: () => Promise.reject(new Error('database: down')) },
    });
    const response = await failing(new Request(url(TOKEN)));
    assert.equal(response.status, 500);
    assert.equal(await response.text(), 'Internal error\n');
    assert.equal(logger.lines.length, 1);
    assert.ok(!logger.lines[0].includes(TOKEN), 'the secret token is never logged');
  },
);
