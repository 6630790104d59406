import assert from 'node:assert/strict';
import ICAL from 'npm:ical.js@2.2.1';
import type { EmailMessage } from '../_shared/email-message.ts';
import {
  assertNameOnOneLine,
  jsonRequest,
  LINE_BREAKING_NAME,
  mailingDeps,
  XSS,
} from '../_shared/testing.ts';
import { formatSessionTime, sessionEmail, sessionLink, type SessionEmail } from './email.ts';
import { createHandler, type ClaimedEmail } from './handler.ts';

const SITE = 'http://localhost:5173';
const SERVICE_KEY = 'service-role-key';
/** The database's call (pg_net, the service role key from private.job_settings). */
const fromDatabase = (body: unknown) =>
  jsonRequest(body, { headers: { Authorization: `Bearer ${SERVICE_KEY}` } });

let ids = 0;
const queued = (overrides: Partial<ClaimedEmail> = {}): ClaimedEmail => ({
  id: ++ids,
  kind: 'booked',
  recipient: 'family',
  to: 'sam@example.com',
  recipientName: 'Sam',
  timeZone: 'America/New_York',
  sessionId: '6b0c8b52-6f1e-4a43-9a7e-0d6f0e8f2a11',
  // 21:30 UTC on 2 March 2027 is 4:30 pm in New York (EST)
  startsAt: new Date('2027-03-02T21:30:00Z'),
  previousStartsAt: null,
  durationMinutes: 30,
  childFirstName: 'Mia',
  coachName: 'Jordan Ellis',
  current: true,
  calendarSequence: 0,
  ...overrides,
});

/** The one event of an email's .ics, read by ical.js, and the calendar's METHOD. */
function calendarOf(mail: EmailMessage) {
  assert.equal(mail.attachments?.length, 1, 'one .ics attached');
  const [file] = mail.attachments!;
  const calendar = new ICAL.Component(ICAL.parse(file.content));
  const [vevent] = calendar.getAllSubcomponents('vevent');
  return { file, method: calendar.getFirstPropertyValue('method'), event: new ICAL.Event(vevent) };
}

function setup(rows: ClaimedEmail[], failFor: (to: string) => boolean = () => false) {
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

Deno.test('a time is shown in the zone given, named by abbreviation and IANA name', () => {
  const at = new Date('2027-03-02T21:30:00Z');
  assert.equal(formatSessionTime(at, 'America/New_York'), 'Tuesday, March 2, 4:30 pm EST (America/New_York)');
  assert.equal(formatSessionTime(at, 'America/Chicago'), 'Tuesday, March 2, 3:30 pm CST (America/Chicago)');
  // after the clocks change the same wall time is a different instant
  assert.equal(
    formatSessionTime(new Date('2027-03-16T20:30:00Z'), 'America/New_York'),
    'Tuesday, March 16, 4:30 pm EDT (America/New_York)',
  );
  assert.equal(formatSessionTime(at, 'Not/AZone'), 'Tuesday, March 2, 9:30 pm UTC (UTC)');
});

Deno.test('the family is linked to the app, the coach to the session room', () => {
  assert.equal(sessionLink({ recipient: 'family', sessionId: 'abc' }, `${SITE}/`), `${SITE}/app/session/abc`);
  assert.equal(sessionLink({ recipient: 'coach', sessionId: 'abc' }, SITE), `${SITE}/admin/session-room/abc`);
});

Deno.test(
  'each queued email goes to its recipient, in their zone, with the link, and is marked sent',
  async () => {
    const family = queued();
    const coach = queued({
      recipient: 'coach',
      to: 'jordan@example.com',
      recipientName: 'Jordan Ellis',
      timeZone: 'America/Chicago',
    });
    const { handler, mailer, settled } = setup([family, coach]);
    const response = await handler(fromDatabase({}));
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { sent: 2, skipped: 0, retry: 0 });
    const [toFamily, toCoach] = [...mailer.sent].sort((a, b) => a.to.localeCompare(b.to)).reverse();
    assert.equal(toFamily.to, 'sam@example.com');
    assert.equal(toFamily.subject, "Session booked: Mia's session with Jordan Ellis");
    assert.match(
      toFamily.text,
      /booked for Tuesday, March 2, 4:30 pm EST \(America\/New_York\) \(30 minutes\)/,
    );
    assert.match(toFamily.html, new RegExp(`href="${SITE}/app/session/${family.sessionId}"`));
    assert.equal(toCoach.subject, "Session booked: Mia's session");
    assert.match(toCoach.text, /3:30 pm CST \(America\/Chicago\)/);
    assert.match(toCoach.html, new RegExp(`href="${SITE}/admin/session-room/${coach.sessionId}"`));
    assert.deepEqual(
      settled.map(([id, result]) => [id, result]).sort(),
      [
        [family.id, 'sent'],
        [coach.id, 'sent'],
      ].sort(),
    );
  },
);

Deno.test('a move names the new and the former time; a cancellation the time cancelled', async () => {
  const moved = queued({ kind: 'moved', previousStartsAt: new Date('2027-03-01T21:30:00Z') });
  const cancelled = queued({ kind: 'cancelled', to: 'other@example.com' });
  const { handler, mailer } = setup([moved, cancelled]);
  await handler(fromDatabase({}));
  const byTo = Object.fromEntries(mailer.sent.map((m) => [m.to, m]));
  assert.match(byTo['sam@example.com'].text, /has moved to Tuesday, March 2, 4:30 pm EST/);
  assert.match(byTo['sam@example.com'].text, /It was planned for Monday, March 1, 4:30 pm EST/);
  assert.equal(byTo['other@example.com'].subject, "Session cancelled: Mia's session with Jordan Ellis");
  assert.match(
    byTo['other@example.com'].text,
    /on Tuesday, March 2, 4:30 pm EST \(America\/New_York\) is cancelled/,
  );
});

Deno.test('each session email carries the session as an .ics: same UID, growing SEQUENCE', async () => {
  const booked = queued({ to: 'a@example.com' });
  const moved = queued({
    kind: 'moved',
    to: 'b@example.com',
    startsAt: new Date('2027-03-03T21:30:00Z'),
    previousStartsAt: new Date('2027-03-02T21:30:00Z'),
    calendarSequence: 1,
  });
  const reminder = queued({
    kind: 'reminder_24h',
    to: 'c@example.com',
    startsAt: moved.startsAt,
    calendarSequence: 1,
  });
  const cancelled = queued({
    kind: 'cancelled',
    to: 'd@example.com',
    startsAt: moved.startsAt,
    calendarSequence: 2,
  });
  const { handler, mailer } = setup([booked, moved, reminder, cancelled]);
  await handler(fromDatabase({}));
  const byTo = Object.fromEntries(mailer.sent.map((m) => [m.to, calendarOf(m)]));
  const uid = `session-${booked.sessionId}@ploom`;
  assert.equal(byTo['a@example.com'].method, 'REQUEST');
  assert.equal(byTo['a@example.com'].file.contentType, 'text/calendar; method=REQUEST; charset=UTF-8');
  assert.equal(byTo['a@example.com'].event.uid, uid);
  assert.equal(byTo['a@example.com'].event.sequence, 0);
  assert.equal(byTo['a@example.com'].event.startDate.toJSDate().toISOString(), '2027-03-02T21:30:00.000Z');
  assert.equal(byTo['a@example.com'].event.endDate.toJSDate().toISOString(), '2027-03-02T22:00:00.000Z');
  assert.equal(byTo['a@example.com'].event.summary, "Mia's Ploom session with Jordan Ellis");
  assert.equal(byTo['a@example.com'].event.organizer, 'mailto:hello@ploom.local');
  assert.equal(
    byTo['a@example.com'].event.component.getFirstPropertyValue('url'),
    `${SITE}/app/session/${booked.sessionId}`,
  );
  assert.equal(byTo['b@example.com'].event.uid, uid);
  assert.equal(byTo['b@example.com'].event.sequence, 1);
  assert.equal(byTo['b@example.com'].event.startDate.toJSDate().toISOString(), '2027-03-03T21:30:00.000Z');
  assert.equal(byTo['c@example.com'].event.sequence, 1);
  assert.equal(byTo['d@example.com'].method, 'CANCEL');
  assert.equal(byTo['d@example.com'].event.sequence, 2);
  assert.equal(byTo['d@example.com'].event.component.getFirstPropertyValue('status'), 'CANCELLED');
});

Deno.test("the .ics is named for people: the session and its day in the recipient's zone", async () => {
  // 02:30 UTC on 3 March is still the evening of 2 March in New York
  const evening = new Date('2027-03-03T02:30:00Z');
  const { handler, mailer } = setup([
    queued({ to: 'a@example.com', startsAt: evening }),
    queued({ kind: 'cancelled', to: 'b@example.com', startsAt: evening }),
    queued({ recipient: 'coach', to: 'c@example.com', timeZone: 'Europe/Berlin', startsAt: evening }),
    queued({ to: 'd@example.com', timeZone: 'Not/AZone', startsAt: evening }),
  ]);
  await handler(fromDatabase({}));
  const fileOf = (to: string) => calendarOf(mailer.sent.find((m) => m.to === to)!).file.filename;
  assert.equal(fileOf('a@example.com'), 'ploom-session-2027-03-02.ics');
  assert.equal(fileOf('b@example.com'), 'ploom-session-2027-03-02-cancelled.ics');
  assert.equal(fileOf('c@example.com'), 'ploom-session-2027-03-03.ics');
  assert.equal(fileOf('d@example.com'), 'ploom-session-2027-03-03.ics', 'an unknown zone reads as UTC');
});

Deno.test("a reschedule request reaches the coach with the family's message", async () => {
  const request = queued({
    kind: 'reschedule_requested',
    recipient: 'coach',
    to: 'coach@example.com',
    recipientName: 'Jordan Ellis',
    message: 'Could we do Friday after school instead?',
  });
  const { handler, mailer } = setup([request]);
  await handler(fromDatabase({}));
  const [mail] = mailer.sent;
  assert.equal(mail.subject, "Reschedule requested: Mia's session");
  assert.match(mail.text, /The family asks to reschedule Mia's session on Tuesday, March 2, 4:30 pm EST/);
  assert.match(mail.text, /They wrote: "Could we do Friday after school instead\?"/);
  assert.match(mail.text, /\/admin\/session-room\//);
  assert.equal(mail.attachments, undefined, 'a request changes nothing in the calendar');
});

Deno.test('a reminder whose session changed since it was queued is skipped, not sent', async () => {
  const stale = queued({ kind: 'reminder_1h', current: false });
  const { handler, mailer, settled } = setup([stale]);
  const response = await handler(fromDatabase({}));
  assert.deepEqual(await response.json(), { sent: 0, skipped: 1, retry: 0 });
  assert.equal(mailer.sent.length, 0);
  assert.equal(settled[0][1], 'skipped');
});

Deno.test('a failed delivery is released for a retry and logged; the others still go', async () => {
  const failing = queued({ to: 'down@example.com' });
  const fine = queued({ kind: 'reminder_24h' });
  const { handler, mailer, settled, logger } = setup([failing, fine], (to) => to === 'down@example.com');
  const response = await handler(fromDatabase({}));
  assert.deepEqual(await response.json(), { sent: 1, skipped: 0, retry: 1 });
  assert.equal(mailer.sent[0].subject, "Reminder: Mia's session with Jordan Ellis tomorrow");
  assert.deepEqual(
    settled.find(([id]) => id === failing.id),
    [failing.id, 'retry', 'delivery to down@example.com failed'],
  );
  assert.equal(logger.lines.length, 1);
});

Deno.test('names are escaped in the HTML', async () => {
  const { handler, mailer } = setup([queued({ childFirstName: XSS, coachName: XSS, recipientName: XSS })]);
  await handler(fromDatabase({}));
  assert.ok(!mailer.sent[0].html.includes(XSS));
  assert.ok(mailer.sent[0].html.includes('&lt;script&gt;'));
});

Deno.test('the batch size is honoured and a bad payload is a 400 with the reason', async () => {
  const { handler, mailer } = setup([queued(), queued(), queued()]);
  const response = await handler(fromDatabase({ limit: 2 }));
  assert.deepEqual(await response.json(), { sent: 2, skipped: 0, retry: 0 });
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

Deno.test(
  'refuses every caller but the database: no token 401, the anon key or a user 403, nothing claimed',
  async () => {
    const { handler, settled, mailer } = setup([queued()]);
    const noToken = new Request('http://x/functions/v1/send-session-emails', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal((await handler(noToken)).status, 401);
    const anon = await handler(jsonRequest({}));
    assert.equal(anon.status, 403);
    assert.deepEqual(await anon.json(), {
      error: 'Only the project’s scheduled jobs may call this function',
    });
    const user = await handler(jsonRequest({}, { headers: { Authorization: `Bearer ${SERVICE_KEY}x` } }));
    assert.equal(user.status, 403);
    assert.deepEqual(settled, []);
    assert.equal(mailer.sent.length, 0);
    assert.equal((await handler(fromDatabase({}))).status, 200);
    assert.equal(mailer.sent.length, 1);
  },
);

Deno.test("names with line breaks stay on one line in the emails' text", () => {
  const email: SessionEmail = {
    kind: 'booked',
    recipient: 'family',
    to: 'pat@example.com',
    recipientName: 'Pat',
    timeZone: 'UTC',
    sessionId: 's1',
    startsAt: new Date('2026-12-03T16:30:00Z'),
    previousStartsAt: null,
    durationMinutes: 30,
    childFirstName: 'Mia',
    coachName: 'Jordan Ellis',
    calendarSequence: 0,
  };
  const cases: Partial<SessionEmail>[] = [
    { recipientName: LINE_BREAKING_NAME },
    { childFirstName: LINE_BREAKING_NAME },
    { coachName: LINE_BREAKING_NAME },
    { recipient: 'coach', kind: 'reschedule_requested', childFirstName: LINE_BREAKING_NAME },
  ];
  for (const names of cases) {
    assertNameOnOneLine(sessionEmail({ ...email, ...names }, 'https://ploom.test').text);
  }
});
