import assert from 'node:assert/strict';
import {
  assertNameOnOneLine,
  jsonRequest,
  LINE_BREAKING_NAME,
  mailingDeps,
  XSS,
} from '../_shared/testing.ts';
import { checkInInvitationEmail, checkInLink } from './email.ts';
import { createHandler, type ClaimedInvitation } from './handler.ts';

const SITE = 'http://localhost:5173';
const SERVICE_KEY = 'service-role-key';
const fromDatabase = (body: unknown) =>
  jsonRequest(body, { headers: { Authorization: `Bearer ${SERVICE_KEY}` } });

let ids = 0;
const queued = (overrides: Partial<ClaimedInvitation> = {}): ClaimedInvitation => ({
  id: ++ids,
  to: 'sam@example.com',
  recipientName: 'Sam',
  childId: '6b0c8b52-6f1e-4a43-9a7e-0d6f0e8f2a11',
  childFirstName: 'Mia',
  current: true,
  ...overrides,
});

function setup(rows: ClaimedInvitation[], failFor: (to: string) => boolean = () => false) {
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

Deno.test('the invitation links to the check-in of that child in the parent app', () => {
  assert.equal(checkInLink('abc', `${SITE}/`), `${SITE}/app/check-in/abc`);
});

Deno.test('each queued invitation is sent to the parent with the link, and marked sent', async () => {
  const invitation = queued();
  const { handler, mailer, settled } = setup([invitation]);
  const response = await handler(fromDatabase({}));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: 1, skipped: 0, retry: 0 });
  const [mail] = mailer.sent;
  assert.equal(mail.to, 'sam@example.com');
  assert.equal(mail.subject, "Time for Mia's check-in");
  assert.ok(mail.text.includes(`${SITE}/app/check-in/${invitation.childId}`));
  assert.ok(mail.html.includes(`${SITE}/app/check-in/${invitation.childId}`));
  assert.deepEqual(settled, [[invitation.id, 'sent', undefined]]);
});

Deno.test('an invitation no longer current (a check-in was taken since) is skipped, not sent', async () => {
  const stale = queued({ current: false });
  const { handler, mailer, settled } = setup([stale]);
  assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 0, skipped: 1, retry: 0 });
  assert.equal(mailer.sent.length, 0);
  assert.equal(settled[0][1], 'skipped');
});

Deno.test('a failed delivery is released for a retry; names are escaped in the HTML', async () => {
  const failing = queued({ to: 'down@example.com' });
  const fine = queued({ childFirstName: XSS, recipientName: XSS });
  const { handler, mailer, settled } = setup([failing, fine], (to) => to === 'down@example.com');
  assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 1, skipped: 0, retry: 1 });
  assert.ok(!mailer.sent[0].html.includes(XSS));
  assert.ok(mailer.sent[0].html.includes('&lt;script&gt;'));
  assert.deepEqual(settled.find(([id]) => id === failing.id)?.slice(0, 2), [failing.id, 'retry']);
});

Deno.test('only the database may call it; a bad payload is a 400 with the reason', async () => {
  const { handler, mailer } = setup([queued()]);
  const anon = await handler(jsonRequest({}, { headers: { Authorization: 'Bearer anon-key' } }));
  assert.equal(anon.status, 403);
  const bad = await handler(fromDatabase({ limit: 0 }));
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(await bad.json()), /limit/);
  assert.equal(mailer.sent.length, 0);
});

Deno.test("names with line breaks stay on one line in the invitation's text", () => {
  const invitation = { to: 'p@example.com', recipientName: 'Pat', childId: 'c1', childFirstName: 'Mia' };
  for (const names of [{ recipientName: LINE_BREAKING_NAME }, { childFirstName: LINE_BREAKING_NAME }]) {
    assertNameOnOneLine(checkInInvitationEmail({ ...invitation, ...names }, 'https://ploom.test').text);
  }
});
