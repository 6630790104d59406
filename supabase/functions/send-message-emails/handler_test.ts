import assert from 'node:assert/strict';
import {
  assertNameOnOneLine,
  jsonRequest,
  LINE_BREAKING_NAME,
  mailingDeps,
  XSS,
} from '../_shared/testing.ts';
import { messageEmail, messagesLink, type MessageEmail } from './email.ts';
import { createHandler, type ClaimedMessageEmail } from './handler.ts';

const SITE = 'http://localhost:5173';
const SERVICE_KEY = 'service-role-key';
const fromDatabase = (body: unknown) =>
  jsonRequest(body, { headers: { Authorization: `Bearer ${SERVICE_KEY}` } });
const FAMILY = '6b0c8b52-6f1e-4a43-9a7e-0d6f0e8f2a11';

let ids = 0;
const queued = (overrides: Partial<ClaimedMessageEmail> = {}): ClaimedMessageEmail => ({
  id: ++ids,
  recipient: 'parent',
  to: 'sam@example.com',
  recipientName: 'Sam',
  familyId: FAMILY,
  childrenNames: 'Mia',
  coachName: 'Jordan Ellis',
  current: true,
  ...overrides,
});

function setup(rows: ClaimedMessageEmail[], failFor: (to: string) => boolean = () => false) {
  const settled: [number, string, string | undefined][] = [];
  const deps = mailingDeps(failFor);
  let pending = [...rows];
  const handler = createHandler({
    ...deps,
    siteUrl: SITE,
    serviceRoleKey: SERVICE_KEY,
    store: {
      claim: (limit) => {
        const taken = pending.slice(0, limit);
        pending = pending.slice(limit);
        return Promise.resolve(taken);
      },
      settle: (id, result, error) => {
        settled.push([id, result, error]);
        return Promise.resolve();
      },
    },
  });
  return { handler, settled, ...deps };
}

Deno.test('the parent is linked to the app, the coach to the family’s conversation in /admin', () => {
  assert.equal(messagesLink({ recipient: 'parent', familyId: FAMILY }, `${SITE}/`), `${SITE}/app/messages`);
  assert.equal(
    messagesLink({ recipient: 'coach', familyId: FAMILY }, SITE),
    `${SITE}/admin/messages/${FAMILY}`,
  );
});

Deno.test(
  'each member is told a message waits, from whom, with the link, and it is marked sent',
  async () => {
    const parent = queued();
    const coach = queued({ recipient: 'coach', to: 'jordan@example.com', recipientName: 'Jordan Ellis' });
    const { handler, mailer, settled } = setup([parent, coach]);
    const response = await handler(fromDatabase({}));
    assert.deepEqual(await response.json(), { sent: 2, skipped: 0, retry: 0 });
    const byTo = Object.fromEntries(mailer.sent.map((m) => [m.to, m]));
    assert.equal(byTo['sam@example.com'].subject, 'A new message from your coach');
    assert.match(byTo['sam@example.com'].text, /from Jordan Ellis, your Ploom coach/);
    assert.match(byTo['sam@example.com'].html, new RegExp(`href="${SITE}/app/messages"`));
    assert.equal(byTo['jordan@example.com'].subject, 'A new message from the family of Mia');
    assert.match(byTo['jordan@example.com'].html, new RegExp(`href="${SITE}/admin/messages/${FAMILY}"`));
    assert.deepEqual(
      settled.map(([, result]) => result),
      ['sent', 'sent'],
    );
  },
);

Deno.test('a conversation read since the email was queued is skipped, not sent', async () => {
  const { handler, mailer, settled } = setup([queued({ current: false })]);
  assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 0, skipped: 1, retry: 0 });
  assert.equal(mailer.sent.length, 0);
  assert.equal(settled[0][1], 'skipped');
});

Deno.test('a failed delivery is released for a retry', async () => {
  const { handler, settled } = setup([queued({ to: 'down@example.com' })], (to) => to === 'down@example.com');
  assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 0, skipped: 0, retry: 1 });
  assert.equal(settled[0][1], 'retry');
});

Deno.test('names are escaped in the HTML', async () => {
  const { handler, mailer } = setup([
    queued({ recipient: 'coach', childrenNames: XSS, recipientName: XSS }),
    queued({ coachName: XSS, to: 'b@example.com' }),
  ]);
  await handler(fromDatabase({}));
  for (const mail of mailer.sent) {
    assert.ok(!mail.html.includes(XSS));
    assert.ok(mail.html.includes('&lt;script&gt;'));
  }
});

Deno.test('refuses every caller but the database, and a bad payload is a 400 with the reason', async () => {
  const { handler, settled } = setup([queued()]);
  const noToken = new Request('http://x/functions/v1/send-message-emails', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  assert.equal((await handler(noToken)).status, 401);
  assert.equal((await handler(jsonRequest({}))).status, 403);
  assert.deepEqual(settled, []);
  const bad = await handler(fromDatabase({ limit: 0 }));
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { error: 'limit: must be at least 1' });
});

Deno.test("names with line breaks stay on one line in the email's text", () => {
  const email: MessageEmail = {
    recipient: 'coach',
    to: 'coach@example.com',
    recipientName: 'Jordan',
    familyId: 'f1',
    childrenNames: 'Mia',
    coachName: 'Jordan Ellis',
  };
  const cases: Partial<MessageEmail>[] = [
    { recipientName: LINE_BREAKING_NAME },
    { childrenNames: LINE_BREAKING_NAME },
    { recipient: 'parent', coachName: LINE_BREAKING_NAME },
  ];
  for (const names of cases) {
    assertNameOnOneLine(messageEmail({ ...email, ...names }, 'https://ploom.test').text);
  }
});
