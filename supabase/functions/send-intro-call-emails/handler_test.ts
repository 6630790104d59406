import assert from 'node:assert/strict';
import {
  assertNameOnOneLine,
  jsonRequest,
  LINE_BREAKING_NAME,
  mailingDeps,
  XSS,
} from '../_shared/testing.ts';
import { introCallEmail, leadLink, manageLink, type IntroCallEmail } from './email.ts';
import { createHandler, type ClaimedIntroCallEmail } from './handler.ts';

const SITE = 'http://localhost:5173';
const SERVICE_KEY = 'service-role-key';
const TOKEN = 'a'.repeat(64);
/** The database's call (pg_net, the service role key from private.job_settings). */
const fromDatabase = (body: unknown) =>
  jsonRequest(body, { headers: { Authorization: `Bearer ${SERVICE_KEY}` } });

let ids = 0;
const queued = (overrides: Partial<ClaimedIntroCallEmail> = {}): ClaimedIntroCallEmail => ({
  id: ++ids,
  kind: 'booked',
  recipient: 'parent',
  to: 'sam@example.com',
  recipientName: 'Sam Parent',
  timeZone: 'Europe/London',
  introCallId: '6b0c8b52-6f1e-4a43-9a7e-0d6f0e8f2a11',
  leadId: '0d7e1f52-6f1e-4a43-9a7e-0d6f0e8f2a22',
  // 15:00 UTC on 2 March 2027: 3:00 pm in London, 9:00 am in Chicago
  startsAt: new Date('2027-03-02T15:00:00Z'),
  previousStartsAt: null,
  durationMinutes: 20,
  parentName: 'Sam Parent',
  parentEmail: 'sam@example.com',
  hostName: 'Jordan Ellis',
  hostEmail: 'coach@ploom.local',
  sequence: 0,
  manageToken: TOKEN,
  current: true,
  ...overrides,
});
const forHost = (overrides: Partial<ClaimedIntroCallEmail> = {}) =>
  queued({
    recipient: 'host',
    to: 'coach@ploom.local',
    recipientName: 'Jordan',
    timeZone: 'America/Chicago',
    manageToken: null,
    ...overrides,
  });

function setup(rows: ClaimedIntroCallEmail[], failFor: (to: string) => boolean = () => false) {
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

Deno.test(
  'the parent gets the time in their zone and the link to move or cancel; the host in theirs',
  async () => {
    const { handler, mailer, settled } = setup([queued(), forHost()]);
    const response = await handler(fromDatabase({}));
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { sent: 2, skipped: 0, retry: 0 });
    const parent = mailer.sent.find((m) => m.to === 'sam@example.com')!;
    const host = mailer.sent.find((m) => m.to === 'coach@ploom.local')!;
    assert.equal(parent.subject, 'Intro call booked: with Jordan Ellis');
    assert.match(parent.text, /booked for Tuesday, March 2, 3:00 pm GMT \(Europe\/London\) \(20 minutes\)/);
    assert.match(parent.html, new RegExp(`href="${SITE}/intro-call#token=${TOKEN}"`));
    assert.equal(host.subject, 'Intro call booked: with Sam Parent');
    assert.match(host.text, /9:00 am CST \(America\/Chicago\)/);
    assert.match(host.html, /\/admin\/waitlist\?lead=0d7e1f52/);
    assert.equal(host.replyTo, 'sam@example.com');
    assert.ok(!host.html.includes(TOKEN) && !host.text.includes('#token='));
    assert.deepEqual(
      settled.map(([, result]) => result),
      ['sent', 'sent'],
    );
  },
);

Deno.test(
  'each email carries the call as an .ics: one UID, a move a higher SEQUENCE, a cancellation METHOD:CANCEL',
  async () => {
    const { handler, mailer } = setup([
      queued({ to: 'a@example.com' }),
      queued({ to: 'b@example.com', kind: 'moved', sequence: 2, startsAt: new Date('2027-03-03T15:00:00Z') }),
      queued({ to: 'c@example.com', kind: 'cancelled', sequence: 4 }),
      forHost({ kind: 'reminder_1h', sequence: 2 }),
    ]);
    await handler(fromDatabase({}));
    const ics = (to: string) => {
      const mail = mailer.sent.find((m) => m.to === to)!;
      assert.equal(mail.attachments?.length, 1);
      return mail.attachments![0];
    };
    const uid = 'UID:intro-call-6b0c8b52-6f1e-4a43-9a7e-0d6f0e8f2a11@ploom';
    const booked = ics('a@example.com');
    assert.match(booked.contentType, /^text\/calendar; method=REQUEST/);
    assert.ok(booked.content.includes(uid));
    assert.match(booked.content, /SEQUENCE:0\r\n/);
    assert.match(booked.content, /DTSTART:20270302T150000Z\r\nDTEND:20270302T152000Z/);
    const moved = ics('b@example.com');
    assert.ok(moved.content.includes(uid));
    assert.match(moved.content, /SEQUENCE:2\r\n/);
    assert.match(moved.content, /DTSTART:20270303T150000Z/);
    const cancelled = ics('c@example.com');
    assert.match(cancelled.contentType, /method=CANCEL/);
    assert.match(cancelled.content, /METHOD:CANCEL/);
    assert.ok(cancelled.content.includes(uid));
    assert.ok(ics('coach@ploom.local').content.includes(uid));
  },
);

Deno.test("the .ics is named for people: the intro call and its day in the recipient's zone", async () => {
  // 04:00 UTC on 3 March is 10:00 pm on 2 March in Chicago
  const early = new Date('2027-03-03T04:00:00Z');
  const { handler, mailer } = setup([
    queued({ to: 'a@example.com', startsAt: early }),
    queued({ to: 'b@example.com', kind: 'cancelled', startsAt: early }),
    forHost({ startsAt: early }),
  ]);
  await handler(fromDatabase({}));
  const fileOf = (to: string) => mailer.sent.find((m) => m.to === to)!.attachments![0].filename;
  assert.equal(fileOf('a@example.com'), 'ploom-intro-call-2027-03-03.ics');
  assert.equal(fileOf('b@example.com'), 'ploom-intro-call-2027-03-03-cancelled.ics');
  assert.equal(fileOf('coach@ploom.local'), 'ploom-intro-call-2027-03-02.ics');
});

Deno.test('links are built from the site URL, the token in the fragment', () => {
  assert.equal(manageLink(`${SITE}/`, 'abc'), `${SITE}/intro-call#token=abc`);
  assert.equal(leadLink(SITE, 'l1'), `${SITE}/admin/waitlist?lead=l1`);
});

Deno.test('a move names both times; a cancellation offers to book another', async () => {
  const moved = queued({ kind: 'moved', previousStartsAt: new Date('2027-03-01T15:00:00Z') });
  const cancelled = queued({ kind: 'cancelled', to: 'other@example.com' });
  const { handler, mailer } = setup([moved, cancelled]);
  await handler(fromDatabase({}));
  const byTo = Object.fromEntries(mailer.sent.map((m) => [m.to, m]));
  assert.match(byTo['sam@example.com'].text, /has moved to Tuesday, March 2, 3:00 pm GMT/);
  assert.match(byTo['sam@example.com'].text, /It was planned for Monday, March 1, 3:00 pm GMT/);
  assert.equal(byTo['other@example.com'].subject, 'Intro call cancelled: with Jordan Ellis');
  assert.match(byTo['other@example.com'].text, /Book another time: http/);
});

Deno.test('a reminder whose call changed since it was queued is skipped, not sent', async () => {
  const { handler, mailer, settled } = setup([queued({ kind: 'reminder_1h', current: false })]);
  assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 0, skipped: 1, retry: 0 });
  assert.equal(mailer.sent.length, 0);
  assert.equal(settled[0][1], 'skipped');
});

Deno.test('a failed delivery is released for a retry; the others still go', async () => {
  const failing = queued({ to: 'down@example.com' });
  const { handler, mailer, settled } = setup(
    [failing, forHost({ kind: 'reminder_24h' })],
    (to) => to === 'down@example.com',
  );
  assert.deepEqual(await (await handler(fromDatabase({}))).json(), { sent: 1, skipped: 0, retry: 1 });
  assert.equal(mailer.sent[0].subject, 'Reminder: intro call with Sam Parent tomorrow');
  assert.deepEqual(
    settled.find(([id]) => id === failing.id),
    [failing.id, 'retry', 'delivery to down@example.com failed'],
  );
});

Deno.test('names are escaped in the HTML', async () => {
  const { handler, mailer } = setup([
    queued({ recipientName: XSS, hostName: XSS }),
    forHost({ parentName: XSS, parentEmail: 'x@example.com' }),
  ]);
  await handler(fromDatabase({}));
  for (const mail of mailer.sent) {
    assert.ok(!mail.html.includes(XSS));
    assert.ok(mail.html.includes('&lt;script&gt;'));
  }
});

Deno.test('the batch size is honoured and a bad payload is a 400 with the reason', async () => {
  const { handler, mailer } = setup([queued(), queued(), queued()]);
  assert.deepEqual(await (await handler(fromDatabase({ limit: 2 }))).json(), {
    sent: 2,
    skipped: 0,
    retry: 0,
  });
  assert.equal(mailer.sent.length, 2);
  for (const [body, reason] of [
    [{ limit: 0 }, 'limit: must be at least 1'],
    [{ limit: 'all' }, 'limit: must be a number'],
    [{ to: 'x@example.com' }, "Unrecognized key(s) in object: 'to'"],
    ['[]', 'Body must be a JSON object'],
  ] as const) {
    const bad = await handler(fromDatabase(body));
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { error: reason });
  }
  assert.equal((await handler(new Request('http://x/', { method: 'GET' }))).status, 405);
  assert.equal((await handler(new Request('http://x/', { method: 'OPTIONS' }))).status, 204);
});

Deno.test('refuses every caller but the database, nothing claimed', async () => {
  const { handler, settled, mailer } = setup([queued()]);
  const noToken = new Request('http://x/functions/v1/send-intro-call-emails', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  });
  assert.equal((await handler(noToken)).status, 401);
  assert.equal((await handler(jsonRequest({}))).status, 403);
  assert.equal(settled.length, 0);
  assert.equal(mailer.sent.length, 0);
});

Deno.test("a lead's or host's name with line breaks stays on one line in the emails' text", () => {
  const email: IntroCallEmail = {
    kind: 'booked',
    recipient: 'host',
    to: 'host@example.com',
    recipientName: 'Jordan',
    timeZone: 'UTC',
    introCallId: 'call-1',
    leadId: 'lead-1',
    startsAt: new Date('2026-12-03T16:30:00Z'),
    previousStartsAt: null,
    durationMinutes: 15,
    parentName: 'Eve Parent',
    parentEmail: 'eve@example.com',
    hostName: 'Jordan',
    hostEmail: 'host@example.com',
    sequence: 0,
    manageToken: null,
  };
  const cases: Partial<IntroCallEmail>[] = [
    { parentName: LINE_BREAKING_NAME },
    { recipientName: LINE_BREAKING_NAME },
    { recipient: 'parent', hostName: LINE_BREAKING_NAME, manageToken: 'a'.repeat(64) },
  ];
  for (const names of cases) {
    assertNameOnOneLine(introCallEmail({ ...email, ...names }, 'https://ploom.test').text);
  }
});
