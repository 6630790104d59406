import assert from 'node:assert/strict';
import {
  assertNameOnOneLine,
  jsonRequest,
  LINE_BREAKING_NAME,
  mailingDeps,
  XSS,
} from '../_shared/testing.ts';
import {
  bookingLink,
  childLoginsLink,
  noticeEmail,
  periodLabel,
  type CoachMatch,
  type FamilyNotice,
} from './email.ts';
import { createHandler, type ClaimedNotice } from './handler.ts';

const SITE = 'http://localhost:5173';
const SERVICE_KEY = 'service-role-key';
const fromDatabase = (body: unknown) =>
  jsonRequest(body, { headers: { Authorization: `Bearer ${SERVICE_KEY}` } });

let ids = 0;
type ClaimedMatch = CoachMatch & { id: number; current: boolean };
const queued = (overrides: Partial<ClaimedMatch> = {}): ClaimedMatch => ({
  kind: 'coach_match',
  id: ++ids,
  to: 'sam@example.com',
  recipientName: 'Sam',
  childId: '6b0c8b52-6f1e-4a43-9a7e-0d6f0e8f2a11',
  childFirstName: 'Zed',
  coachName: 'Jordan Ellis',
  coachTitle: 'Family coach',
  current: true,
  ...overrides,
});

function setup(rows: ClaimedNotice[], failFor: (to: string) => boolean = () => false) {
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

Deno.test("the link opens the child's schedule with the booking picker open", () => {
  assert.equal(bookingLink('abc', `${SITE}/`), `${SITE}/app/child-schedule/abc?book=1`);
});

Deno.test('each queued match is sent to the parent naming the coach, with the link that books', async () => {
  const match = queued();
  const { handler, mailer, settled } = setup([match]);
  const response = await handler(fromDatabase({}));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: 1, skipped: 0, retry: 0 });
  const [mail] = mailer.sent;
  assert.equal(mail.to, 'sam@example.com');
  assert.equal(mail.subject, "Meet Zed's coach, Jordan Ellis");
  assert.match(mail.text, /We have matched Zed with Jordan Ellis, Family coach\./);
  assert.ok(
    mail.text.includes(`Book Zed's first session: ${SITE}/app/child-schedule/${match.childId}?book=1`),
  );
  assert.ok(mail.html.includes(`${SITE}/app/child-schedule/${match.childId}?book=1`));
  assert.deepEqual(settled, [[match.id, 'sent', undefined]]);
});

Deno.test('a match no longer current (the child has another coach) is skipped, not sent', async () => {
  const { handler, mailer, settled } = setup([queued({ current: false })]);
  assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 0, skipped: 1, retry: 0 });
  assert.equal(mailer.sent.length, 0);
  assert.equal(settled[0][1], 'skipped');
});

Deno.test('a failed delivery is released for a retry; names are escaped in the HTML', async () => {
  const failing = queued({ to: 'down@example.com' });
  const fine = queued({ childFirstName: XSS, recipientName: XSS, coachName: XSS });
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

Deno.test(
  "a report's notice names the period and links to the report, and never holds what it says",
  async () => {
    const report: ClaimedNotice = {
      kind: 'progress_report',
      id: ++ids,
      current: true,
      to: 'sam@example.com',
      recipientName: 'Sam',
      childId: 'c1',
      childFirstName: 'Mia',
      reportId: 'r-42',
      cadence: 'monthly',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      coachName: 'Jordan Ellis',
    };
    const { handler, mailer } = setup([report]);
    assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 1, skipped: 0, retry: 0 });
    const [mail] = mailer.sent;
    assert.equal(mail.subject, "Mia's progress report is ready");
    assert.match(mail.text, /Jordan Ellis has written Mia's progress report for November 2026\./);
    assert.ok(mail.text.includes(`${SITE}/app/reports/r-42`));
    assert.equal(periodLabel({ cadence: 'weekly', periodStart: '2026-11-23' }), 'the week of November 23');
  },
);

Deno.test('a report unpublished before its notice went is skipped', async () => {
  const { handler, mailer } = setup([
    {
      ...queued(),
      kind: 'progress_report',
      reportId: 'r',
      cadence: 'weekly',
      periodStart: '2026-11-23',
      periodEnd: '2026-11-29',
      coachName: null,
      current: false,
    } as ClaimedNotice,
  ]);
  assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 0, skipped: 1, retry: 0 });
  assert.equal(mailer.sent.length, 0);
});

Deno.test("names with line breaks stay on one line in every notice's text", () => {
  const base = { to: 'p@example.com', recipientName: 'Pat', childId: 'c1', childFirstName: 'Mia' };
  const notices: FamilyNotice[] = [
    { ...base, kind: 'coach_match', coachName: 'Jordan Ellis', coachTitle: null },
    {
      ...base,
      kind: 'progress_report',
      reportId: 'r1',
      cadence: 'monthly',
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      coachName: 'Jordan Ellis',
    },
    { ...base, kind: 'child_login_locked', secretKind: 'pin', wrongTries: 30 },
  ];
  for (const notice of notices) {
    for (const name of ['recipientName', 'childFirstName', 'coachName'] as const) {
      if (!(name in notice)) continue;
      assertNameOnOneLine(noticeEmail({ ...notice, [name]: LINE_BREAKING_NAME }, 'https://ploom.test').text);
    }
  }
});

Deno.test(
  "a child's login locked for the day: the parent is told how many wrong tries, never the secret or where from, with the way to unlock",
  async () => {
    const locked: ClaimedNotice = {
      kind: 'child_login_locked',
      id: ++ids,
      current: true,
      to: 'sam@example.com',
      recipientName: XSS,
      childId: 'c1',
      childFirstName: 'Mia',
      secretKind: 'pin',
      wrongTries: 30,
    };
    const { handler, mailer } = setup([locked, { ...locked, id: ++ids, current: false }]);
    assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 1, skipped: 1, retry: 0 });
    const [mail] = mailer.sent;
    assert.equal(mail.subject, "Mia's sign-in was paused after many wrong PINs");
    assert.match(mail.text, /A wrong PIN was typed for Mia's login 30 times within a day/);
    assert.match(mail.text, /unlocks by itself after a day/);
    assert.ok(mail.text.includes(`${SITE}/app/account/children`));
    assert.ok(mail.html.includes(`href="${SITE}/app/account/children"`));
    assert.ok(!mail.html.includes(XSS));
    assert.equal(childLoginsLink(`${SITE}/`), `${SITE}/app/account/children`);
    const password = noticeEmail({ ...locked, secretKind: 'password', wrongTries: 31 }, SITE);
    assert.equal(password.subject, "Mia's sign-in was paused after many wrong passwords");
  },
);
