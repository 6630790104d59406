import assert from 'node:assert/strict';
import {
  assertNameOnOneLine,
  FUNCTION_URL,
  jsonRequest,
  LINE_BREAKING_NAME,
  mailingDeps,
  memoryClaims,
  minutesAgo,
  uniqueEmail,
  XSS,
} from '../_shared/testing.ts';
import { WELCOME_SUBJECT, welcomeEmail } from './email.ts';
import { createHandler, type SubscriberStore } from './handler.ts';

interface Row {
  id: string;
  email: string;
  first_name: string | null;
  created_at: Date;
  confirmation_sent_at: Date | null;
}

/** newsletter_subscribers in memory, with the same claim rule as the real store. */
function memoryStore(rows: Row[]): SubscriberStore {
  const table = memoryClaims(rows, 'confirmation_sent_at');
  return {
    claimWelcome(email, since) {
      const [row] = table.claim(email, since);
      return Promise.resolve(row ? { id: row.id, email: row.email, firstName: row.first_name } : null);
    },
    releaseWelcome: (id) => Promise.resolve(table.release([id])),
  };
}

const subscriber = (overrides: Partial<Row> = {}): Row => ({
  id: crypto.randomUUID(),
  email: uniqueEmail('subscriber'),
  first_name: 'Maya',
  created_at: minutesAgo(1),
  confirmation_sent_at: null,
  ...overrides,
});

function setup(rows: Row[], options: { mailFails?: boolean; overCap?: string } = {}) {
  const deps = mailingDeps(
    () => options.mailFails === true,
    () => options.overCap,
  );
  const handler = createHandler({ store: memoryStore(rows), siteUrl: 'http://localhost:5173', ...deps });
  return { handler, ...deps };
}

Deno.test('a new subscriber gets one warm welcome email, and it is recorded as sent', async () => {
  const row = subscriber();
  const { handler, mailer } = setup([row]);
  const response = await handler(jsonRequest({ email: row.email, firstName: 'Maya' }));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: true });
  assert.equal(mailer.sent.length, 1);
  const email = mailer.sent[0];
  assert.equal(email.to, row.email);
  assert.equal(email.subject, WELCOME_SUBJECT);
  assert.match(email.html, /Hi Maya,/);
  assert.match(email.text, /Once a month/);
  assert.match(email.text, /unsubscribe/);
  assert.match(email.html, /href="http:\/\/localhost:5173\/quiz"/);
  assert.notEqual(row.confirmation_sent_at, null);
});

Deno.test('the email matches the subscription in any letter case', async () => {
  const row = subscriber({ email: 'Maya.Parent@Example.com' });
  const { handler, mailer } = setup([row]);
  const response = await handler(jsonRequest({ email: 'maya.parent@example.com' }));
  assert.equal(response.status, 200);
  assert.equal(mailer.sent[0].to, 'Maya.Parent@Example.com');
});

Deno.test('a second call sends nothing more', async () => {
  const row = subscriber();
  const { handler, mailer } = setup([row]);
  await handler(jsonRequest({ email: row.email }));
  const again = await handler(jsonRequest({ email: row.email }));
  assert.equal(again.status, 202);
  assert.deepEqual(await again.json(), { sent: false });
  assert.equal(mailer.sent.length, 1);
});

Deno.test('no email to an address that did not subscribe, or subscribed long ago', async () => {
  const old = subscriber({ created_at: minutesAgo(16) });
  const { handler, mailer } = setup([old]);
  for (const email of ['stranger@example.com', old.email]) {
    const response = await handler(jsonRequest({ email, firstName: 'Eve' }));
    assert.equal(response.status, 202);
    assert.deepEqual(await response.json(), { sent: false });
  }
  assert.equal(mailer.sent.length, 0);
});

Deno.test('the first name is escaped in the HTML and kept out of the subject', async () => {
  const row = subscriber({ first_name: XSS });
  const { handler, mailer } = setup([row]);
  await handler(jsonRequest({ email: row.email, firstName: XSS }));
  const email = mailer.sent[0];
  assert.doesNotMatch(email.html, /<script>/);
  assert.match(email.html, /Hi &lt;script&gt;alert\(1\)&lt;\/script&gt;,/);
  assert.equal(email.subject, WELCOME_SUBJECT);
});

Deno.test('without a first name the greeting stays friendly', async () => {
  const row = subscriber({ first_name: null });
  const { handler, mailer } = setup([row]);
  await handler(jsonRequest({ email: row.email, firstName: '' }));
  assert.match(mailer.sent[0].html, /Hi there,/);
});

Deno.test('when sending fails the claim is released, so a retry can send it', async () => {
  const row = subscriber();
  const failing = setup([row], { mailFails: true });
  const response = await failing.handler(jsonRequest({ email: row.email }));
  assert.equal(response.status, 502);
  assert.equal(row.confirmation_sent_at, null);
  assert.match(failing.logger.lines[0], /welcome email failed/);
  const retry = await setup([row]).handler(jsonRequest({ email: row.email }));
  assert.equal(retry.status, 200);
});

Deno.test(
  'the send counts against the caps of the subscriber and of the address the gateway appended last',
  async () => {
    const row = subscriber();
    const { handler, caps } = setup([row]);
    const response = await handler(
      jsonRequest({ email: row.email }, { headers: { 'X-Forwarded-For': '10.0.0.1, 198.51.100.7' } }),
    );
    assert.equal(response.status, 200);
    assert.deepEqual(caps.reserved, [
      { fn: 'send-newsletter-confirmation', recipient: row.email, client: '198.51.100.7' },
    ]);
  },
);

Deno.test('over a cap: 429 with the reason, no email, and the welcome is still unsent', async () => {
  const row = subscriber();
  const reason = 'Too many emails requested from this device. Please try again later.';
  const { handler, mailer } = setup([row], { overCap: reason });
  const response = await handler(jsonRequest({ email: row.email }));
  assert.equal(response.status, 429);
  assert.equal(response.headers.get('retry-after'), '1200');
  assert.equal(response.headers.get('access-control-allow-origin'), '*');
  assert.deepEqual(await response.json(), { error: reason });
  assert.equal(mailer.sent.length, 0);
  assert.equal(row.confirmation_sent_at, null);
});

for (const [label, body, reason] of [
  ['no email', { firstName: 'Maya' }, 'email: is required'],
  ['a malformed email', { email: 'maya@' }, 'email: must be a valid email address'],
  ['a number as email', { email: 5 }, 'email: must be a string'],
  [
    'a first name over 100 characters',
    { email: 'a@b.co', firstName: 'x'.repeat(101) },
    'firstName: must be at most 100 characters',
  ],
] as const) {
  Deno.test(`400 with the reason for ${label}`, async () => {
    const { handler, mailer } = setup([]);
    const response = await handler(jsonRequest(body));
    assert.equal(response.status, 400);
    assert.equal(response.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await response.json(), { error: reason });
    assert.equal(mailer.sent.length, 0);
  });
}

Deno.test('400 for malformed JSON, 405 for GET, 204 for the preflight', async () => {
  const { handler } = setup([]);
  assert.equal((await handler(jsonRequest('{"email":'))).status, 400);
  assert.equal((await handler(new Request(FUNCTION_URL))).status, 405);
  assert.equal((await handler(new Request(FUNCTION_URL, { method: 'OPTIONS' }))).status, 204);
});

Deno.test("a subscriber's first name with line breaks stays on one line in the text", () => {
  assertNameOnOneLine(welcomeEmail({ to: 'eve@example.com', firstName: LINE_BREAKING_NAME }).text);
});
