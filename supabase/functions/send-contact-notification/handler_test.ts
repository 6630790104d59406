import assert from 'node:assert/strict';
import {
  assertNameOnOneLine,
  FUNCTION_URL,
  jsonRequest,
  LINE_BREAKING_NAME,
  mailingDeps,
  memoryNotificationStore,
  minutesAgo,
  TEAM,
  uniqueEmail,
  XSS,
  type MemoryRow,
} from '../_shared/testing.ts';
import { RECEIPT_SUBJECT, senderReceiptEmail, teamContactEmail } from './email.ts';
import { fixedTeamSettings, type TeamSettingsReader } from '../_shared/team-settings.ts';
import { createHandler, storedMessage, type ContactMessageRow } from './handler.ts';

/** contact_messages in memory, with the same claim rule as the real store. */
type Row = MemoryRow<ContactMessageRow>;

const contactMessage = (overrides: Partial<Row> = {}): Row => ({
  id: crypto.randomUUID(),
  name: 'Priya Shah',
  email: uniqueEmail('contact'),
  topic: 'program',
  message: 'Do sessions happen in the evening? Our son has school until 4.',
  created_at: minutesAgo(1),
  notified_at: null,
  ...overrides,
});

const payloadFor = (row: Row, overrides: Record<string, unknown> = {}) => ({
  name: row.name,
  email: row.email,
  topic: row.topic,
  message: row.message,
  ...overrides,
});

function setup(
  rows: Row[],
  options: { failFor?: (to: string) => boolean; teamSettings?: TeamSettingsReader } = {},
) {
  const deps = mailingDeps(options.failFor);
  const handler = createHandler({
    store: memoryNotificationStore(rows, storedMessage),
    teamSettings: options.teamSettings ?? fixedTeamSettings({ teamEmail: TEAM, replyWithinHours: 24 }),
    ...deps,
  });
  return { handler, ...deps };
}

Deno.test('the team gets the message with its topic label and the sender gets a receipt', async () => {
  const row = contactMessage();
  const { handler, mailer } = setup([row]);
  const response = await handler(jsonRequest(payloadFor(row)));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: true });

  const team = mailer.sent.find((m) => m.to === TEAM)!;
  assert.equal(team.subject, 'Contact form: The coaching program (from Priya Shah)');
  assert.equal(team.replyTo, row.email);
  for (const value of [
    'Priya Shah',
    row.email,
    'The coaching program',
    'Do sessions happen in the evening?',
  ]) {
    assert.ok(team.text.includes(value), `team email shows ${value}`);
    assert.ok(team.html.includes(value), `team html shows ${value}`);
  }

  const receipt = mailer.sent.find((m) => m.to === row.email)!;
  assert.equal(receipt.subject, RECEIPT_SUBJECT);
  assert.match(receipt.text, /Hi Priya Shah,/);
  assert.match(receipt.text, /within 24 hours/);
  assert.notEqual(row.notified_at, null);
});

Deno.test('the receipt does not repeat the message text', async () => {
  const row = contactMessage({ message: 'Click https://evil.example to claim a prize now' });
  const { handler, mailer } = setup([row]);
  await handler(jsonRequest(payloadFor(row)));
  const receipt = mailer.sent.find((m) => m.to === row.email)!;
  assert.doesNotMatch(receipt.html + receipt.text, /evil\.example/);
});

Deno.test('every user value is escaped, line breaks stay out of the subject', async () => {
  const row = contactMessage({ name: `${XSS}\nBcc: a@b.co`, message: `${XSS} please call me back` });
  const { handler, mailer } = setup([row]);
  await handler(jsonRequest(payloadFor(row)));
  assert.equal(mailer.sent.length, 2);
  for (const email of mailer.sent) {
    assert.doesNotMatch(email.html, /<script>/);
    assert.doesNotMatch(email.subject, /[\r\n]/);
  }
  assert.match(
    mailer.sent.find((m) => m.to === TEAM)!.html,
    /&lt;script&gt;alert\(1\)&lt;\/script&gt; please call me back/,
  );
});

Deno.test('no email for an address without a recent, unnotified message; none twice', async () => {
  const old = contactMessage({ created_at: minutesAgo(30) });
  const row = contactMessage();
  const { handler, mailer } = setup([old, row]);
  assert.equal((await handler(jsonRequest(payloadFor(old)))).status, 202);
  assert.equal((await handler(jsonRequest(payloadFor(contactMessage())))).status, 202);
  assert.equal((await handler(jsonRequest(payloadFor(row)))).status, 200);
  assert.equal((await handler(jsonRequest(payloadFor(row)))).status, 202);
  assert.equal(mailer.sent.length, 2);
});

Deno.test('two unseen messages from one sender both reach the team, with one receipt', async () => {
  const first = contactMessage({ created_at: minutesAgo(3), message: 'First question about billing.' });
  const second = contactMessage({ email: first.email, message: 'Second question, about times.' });
  const { handler, mailer } = setup([first, second]);
  await handler(jsonRequest(payloadFor(second)));
  assert.equal(mailer.sent.filter((m) => m.to === TEAM).length, 2);
  assert.equal(mailer.sent.filter((m) => m.to === first.email).length, 1);
});

Deno.test('when no email could be sent the claim is released', async () => {
  const row = contactMessage();
  const { handler } = setup([row], { failFor: () => true });
  assert.equal((await handler(jsonRequest(payloadFor(row)))).status, 502);
  assert.equal(row.notified_at, null);
});

for (const [label, overrides, reason] of [
  [
    'an unknown topic',
    { topic: 'jobs' },
    'topic: must be one of general, program, enrollment, billing, privacy, partnership, other',
  ],
  ['a message under 10 characters', { message: 'Hi there' }, 'message: must be at least 10 characters'],
  [
    'a message over 5000 characters',
    { message: 'x'.repeat(5001) },
    'message: must be at most 5000 characters',
  ],
  ['no name', { name: undefined }, 'name: is required'],
  ['a malformed email', { email: 'priya@example' }, 'email: must be a valid email address'],
] as const) {
  Deno.test(`400 with the reason for ${label}`, async () => {
    const row = contactMessage();
    const { handler, mailer } = setup([row]);
    const response = await handler(jsonRequest(payloadFor(row, overrides)));
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: reason });
    assert.equal(mailer.sent.length, 0);
  });
}

Deno.test('405 for GET, 204 for the preflight', async () => {
  const { handler } = setup([]);
  assert.equal((await handler(new Request(FUNCTION_URL))).status, 405);
  assert.equal((await handler(new Request(FUNCTION_URL, { method: 'OPTIONS' }))).status, 204);
});

Deno.test(
  'the team mail goes to the address in the settings, and the receipt promises its reply time',
  async () => {
    const row = contactMessage();
    const { handler, mailer } = setup([row], {
      teamSettings: fixedTeamSettings({ teamEmail: 'hello@ploom.example', replyWithinHours: 48 }),
    });
    assert.equal((await handler(jsonRequest(payloadFor(row)))).status, 200);
    assert.deepEqual(mailer.sent.map((m) => m.to).sort(), ['hello@ploom.example', row.email].sort());
    const receipt = mailer.sent.find((m) => m.to === row.email)!;
    assert.match(receipt.text, /will reply within 48 hours\./);
    const team = mailer.sent.find((m) => m.to === 'hello@ploom.example')!;
    assert.match(team.text, /We promised a reply within 48 hours;/);
  },
);

Deno.test('a failed settings read sends nothing and releases the message for a retry', async () => {
  const row = contactMessage();
  const { handler, mailer } = setup([row], {
    teamSettings: () => Promise.reject(new Error('database down')),
  });
  assert.equal((await handler(jsonRequest(payloadFor(row)))).status, 500);
  assert.equal(mailer.sent.length, 0);
  assert.equal(row.notified_at, null);
});

Deno.test("a sender's name with line breaks stays on one line in both emails' text", () => {
  const message = {
    name: LINE_BREAKING_NAME,
    email: 'eve@example.com',
    topic: 'general' as const,
    message: 'Hello,\nI have a question.',
  };
  const team = teamContactEmail(message, { to: TEAM });
  assertNameOnOneLine(team.text);
  // The message itself keeps its lines.
  assert.ok(team.text.includes('Hello,\nI have a question.'));
  assertNameOnOneLine(senderReceiptEmail(message).text);
});
