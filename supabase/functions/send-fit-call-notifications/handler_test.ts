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
import { fixedTeamSettings, teamSettingsFrom, type TeamSettingsReader } from '../_shared/team-settings.ts';
import { PARENT_SUBJECT, parentConfirmationEmail, teamNotificationEmail } from './email.ts';
import { createHandler, leadFromRow, type WaitlistRow } from './handler.ts';

/** waitlist in memory, with the same claim rule as the real store. */
type Row = MemoryRow<WaitlistRow>;

const lead = (overrides: Partial<Row> = {}): Row => ({
  id: crypto.randomUUID(),
  email: uniqueEmail('fitcall'),
  name: 'Jordan Lee',
  phone: '555-010-2030',
  child_name: 'Sam',
  age_band: '9',
  challenge: 'focus',
  source: 'fit-call',
  landing_path: '/coaching',
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  created_at: minutesAgo(1),
  notified_at: null,
  ...overrides,
});

const payloadFor = (row: Row, overrides: Record<string, unknown> = {}) => ({
  name: row.name,
  email: row.email,
  phone: row.phone ?? '',
  childName: row.child_name ?? '',
  childAge: row.age_band ?? '',
  challenge: row.challenge ?? '',
  ...overrides,
});

function setup(
  rows: Row[],
  options: {
    failFor?: (to: string) => boolean;
    teamSettings?: TeamSettingsReader;
    issueBookingToken?: (waitlistId: string) => Promise<string | null>;
  } = {},
) {
  const deps = mailingDeps(options.failFor);
  const handler = createHandler({
    store: memoryNotificationStore(rows, leadFromRow),
    teamSettings: options.teamSettings ?? fixedTeamSettings({ teamEmail: TEAM, replyWithinHours: 24 }),
    siteUrl: 'http://localhost:5173/',
    issueBookingToken: options.issueBookingToken,
    ...deps,
  });
  return { handler, ...deps };
}

Deno.test(
  'an intro-call request gets a link to book the call: in the answer and in the confirmation',
  async () => {
    const row = lead();
    const token = 'b'.repeat(64);
    const asked: string[] = [];
    const { handler, mailer } = setup([row], {
      issueBookingToken: (id) => {
        asked.push(id);
        return Promise.resolve(token);
      },
    });
    const response = await handler(jsonRequest(payloadFor(row)));
    assert.deepEqual(await response.json(), {
      sent: true,
      team: true,
      confirmation: true,
      bookingToken: token,
    });
    assert.deepEqual(asked, [row.id]);
    const parent = mailer.sent.find((m) => m.to === row.email)!;
    assert.match(parent.html, new RegExp(`href="http://localhost:5173/intro-call#token=${token}"`));
    assert.match(
      parent.text,
      /Pick a time for your Intro Call yourself, now: http:\/\/localhost:5173\/intro-call#token=b+/,
    );
    const team = mailer.sent.find((m) => m.to === TEAM)!;
    assert.ok(!team.html.includes(token), "the team never gets the parent's link");
  },
);

Deno.test(
  'a waitlist sign-up gets no booking link, and a failed token still sends the confirmation',
  async () => {
    const waitlist = lead({ source: 'waitlist' });
    const one = setup([waitlist], { issueBookingToken: () => Promise.resolve('c'.repeat(64)) });
    assert.deepEqual(await (await one.handler(jsonRequest(payloadFor(waitlist)))).json(), {
      sent: true,
      team: true,
      confirmation: true,
    });
    const row = lead();
    const two = setup([row], { issueBookingToken: () => Promise.reject(new Error('database down')) });
    assert.deepEqual(await (await two.handler(jsonRequest(payloadFor(row)))).json(), {
      sent: true,
      team: true,
      confirmation: true,
    });
    assert.ok(!two.mailer.sent.some((m) => m.text.includes('/intro-call')));
  },
);

Deno.test('a new request sends the parent a confirmation and the team every field', async () => {
  const row = lead();
  const { handler, mailer } = setup([row]);
  const response = await handler(jsonRequest(payloadFor(row)));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: true, team: true, confirmation: true });
  assert.equal(mailer.sent.length, 2);

  const parent = mailer.sent.find((m) => m.to === row.email)!;
  assert.equal(parent.subject, PARENT_SUBJECT);
  assert.match(parent.html, /Hi Jordan Lee,/);
  assert.match(parent.text, /within 24 hours to schedule your free 15-minute Intro Call/);
  assert.match(parent.text, /no pressure/i);

  const team = mailer.sent.find((m) => m.to === TEAM)!;
  assert.equal(team.subject, 'New Intro Call request from Jordan Lee');
  assert.equal(team.replyTo, row.email);
  for (const value of [
    'Jordan Lee',
    row.email,
    '555-010-2030',
    'Sam',
    'Improving Focus',
    'Intro call request',
  ]) {
    assert.ok(team.html.includes(value), `team email shows ${value}`);
    assert.ok(team.text.includes(value), `team text shows ${value}`);
  }
  assert.match(team.html, /href="http:\/\/localhost:5173\/admin\/waitlist"/);
  assert.notEqual(row.notified_at, null);
});

Deno.test('every challenge is shown by its label', async () => {
  const labels = {
    emotions: 'Managing Emotions',
    confidence: 'Building Confidence',
    focus: 'Improving Focus',
    connection: 'Strengthening Connection',
    other: 'Other',
  };
  for (const [challenge, label] of Object.entries(labels)) {
    const row = lead({ challenge });
    const { handler, mailer } = setup([row]);
    await handler(jsonRequest(payloadFor(row)));
    const team = mailer.sent.find((m) => m.to === TEAM)!;
    assert.match(team.text, new RegExp(`Focus area: ${label}\n`));
  }
});

Deno.test('what the v2 form collected without saving (phone, focus) still reaches the team', async () => {
  const row = lead({ phone: null, challenge: null, child_name: null, source: 'contact-v2' });
  const { handler, mailer } = setup([row]);
  await handler(jsonRequest(payloadFor(row, { phone: '+1 555 999 0000', challenge: 'emotions' })));
  const team = mailer.sent.find((m) => m.to === TEAM)!;
  assert.match(team.text, /Phone: \+1 555 999 0000/);
  assert.match(team.text, /Focus area: Managing Emotions/);
  assert.match(team.text, /Child: \(not given\)/);
  assert.match(team.text, /Source: Contact form \(v2\)\n/);
});

Deno.test('every user value is escaped in both emails and the subject has no line breaks', async () => {
  const row = lead({
    name: `${XSS}\r\nBcc: x@example.com`,
    child_name: XSS,
    age_band: '<b>9</b>',
    phone: null,
  });
  const { handler, mailer } = setup([row]);
  await handler(jsonRequest(payloadFor(row, { phone: '<img src=x>' })));
  for (const email of mailer.sent) {
    assert.doesNotMatch(email.html, /<script>|<img|<b>9/);
    assert.doesNotMatch(email.subject, /[\r\n]/);
  }
  const team = mailer.sent.find((m) => m.to === TEAM)!;
  assert.match(team.html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(team.html, /&lt;img src=x&gt;/);
});

Deno.test('no email for an address without a recent, unnotified request', async () => {
  const old = lead({ created_at: minutesAgo(20) });
  const done = lead({ notified_at: minutesAgo(2) });
  const { handler, mailer } = setup([old, done]);
  for (const row of [old, done, lead()]) {
    const response = await handler(jsonRequest(payloadFor(row)));
    assert.equal(response.status, 202);
    assert.deepEqual(await response.json(), { sent: false });
  }
  assert.equal(mailer.sent.length, 0);
});

Deno.test('a repeated call does not send again', async () => {
  const row = lead();
  const { handler, mailer } = setup([row]);
  await handler(jsonRequest(payloadFor(row)));
  assert.equal((await handler(jsonRequest(payloadFor(row)))).status, 202);
  assert.equal(mailer.sent.length, 2);
});

Deno.test('if only the parent confirmation fails the team still hears, and it is logged', async () => {
  const row = lead();
  const { handler, mailer, logger } = setup([row], { failFor: (to) => to === row.email });
  const response = await handler(jsonRequest(payloadFor(row)));
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { sent: true, team: true, confirmation: false });
  assert.deepEqual(
    mailer.sent.map((m) => m.to),
    [TEAM],
  );
  assert.match(logger.lines.join('\n'), /parent confirmation failed/);
});

Deno.test('if nothing could be sent the claim is released for a retry', async () => {
  const row = lead();
  const { handler } = setup([row], { failFor: () => true });
  assert.equal((await handler(jsonRequest(payloadFor(row)))).status, 502);
  assert.equal(row.notified_at, null);
});

Deno.test(
  'the team mail goes to the address in the settings, and both emails promise its reply time',
  async () => {
    const row = lead();
    const { handler, mailer } = setup([row], {
      teamSettings: fixedTeamSettings({ teamEmail: 'intake@ploom.example', replyWithinHours: 4 }),
    });
    assert.equal((await handler(jsonRequest(payloadFor(row)))).status, 200);
    assert.deepEqual(mailer.sent.map((m) => m.to).sort(), ['intake@ploom.example', row.email].sort());
    const team = mailer.sent.find((m) => m.to === 'intake@ploom.example')!;
    assert.match(team.text, /We promised a reply within 4 hours\./);
    const parent = mailer.sent.find((m) => m.to === row.email)!;
    assert.match(parent.text, /We will reply within 4 hours to schedule/);
    assert.match(parent.html, /We will reply within 4 hours to schedule/);
    assert.doesNotMatch(parent.text + team.text, /24 hours/);
  },
);

Deno.test(
  'without a settings row or TEAM_EMAIL the function fails loudly and keeps the lead for a retry',
  async () => {
    const row = lead();
    const { handler, logger, mailer } = setup([row], {
      teamSettings: () => Promise.resolve(teamSettingsFrom(null, undefined)),
    });
    assert.equal((await handler(jsonRequest(payloadFor(row)))).status, 500);
    assert.equal(row.notified_at, null);
    assert.equal(mailer.sent.length, 0);
    assert.match(logger.lines[0], /TEAM_EMAIL/);
  },
);

for (const [label, overrides, reason] of [
  ['no name', { name: '' }, 'name: is required'],
  ['a malformed email', { email: 'jordan' }, 'email: must be a valid email address'],
  [
    'an unknown challenge',
    { challenge: 'sleep' },
    'challenge: must be one of emotions, confidence, focus, connection, other',
  ],
  ['a phone over 25 characters', { phone: '1'.repeat(26) }, 'phone: must be at most 25 characters'],
  ['a child name that is not text', { childName: 7 }, 'childName: must be a string'],
] as const) {
  Deno.test(`400 with the reason for ${label}`, async () => {
    const row = lead();
    const { handler, mailer } = setup([row]);
    const response = await handler(jsonRequest(payloadFor(row, overrides)));
    assert.equal(response.status, 400);
    assert.deepEqual(await response.json(), { error: reason });
    assert.equal(mailer.sent.length, 0);
    assert.equal(row.notified_at, null);
  });
}

Deno.test('optional fields may be blank or absent', async () => {
  const row = lead({ phone: null, child_name: null, age_band: null, challenge: null });
  const { handler } = setup([row]);
  const response = await handler(jsonRequest({ name: row.name, email: row.email }));
  assert.equal(response.status, 200);
});

Deno.test('405 for GET, 204 for the preflight, 400 for a body that is not JSON', async () => {
  const { handler } = setup([]);
  assert.equal((await handler(new Request(FUNCTION_URL, { method: 'PUT' }))).status, 405);
  assert.equal((await handler(new Request(FUNCTION_URL, { method: 'OPTIONS' }))).status, 204);
  assert.equal((await handler(jsonRequest('name=x'))).status, 400);
});

Deno.test('the source has the name the admin gives it, one catalogue for both', async () => {
  const { LEAD_SOURCE_LABELS } = await import('../_shared/lead-sources.ts');
  for (const [source, label] of Object.entries(LEAD_SOURCE_LABELS)) {
    const row = lead({ source });
    const { handler, mailer } = setup([row]);
    await handler(jsonRequest(payloadFor(row)));
    const team = mailer.sent.find((m) => m.to === TEAM)!;
    assert.match(team.text, new RegExp(`Source: ${label.replace(/[()]/g, '\\$&')}\n`));
  }
});

Deno.test(
  "the team reads when the lead came in, in the team's zone, and the campaign that brought it",
  async () => {
    const row = lead({
      landing_path: '/coaching-v2?utm_campaign=spring_calm_homes',
      utm_source: 'instagram',
      utm_medium: 'social',
      utm_campaign: 'spring_calm_homes',
    });
    // The row was saved a minute ago (so it is mailed); the email shows when it says it was received.
    const deps = mailingDeps();
    const store = memoryNotificationStore([row], (r: WaitlistRow) => ({
      ...leadFromRow(r),
      createdAt: '2026-11-26T12:34:09.281Z',
    }));
    const handler = createHandler({
      store,
      teamSettings: fixedTeamSettings({ teamEmail: TEAM, replyWithinHours: 24 }),
      teamTimeZone: 'America/Chicago',
      ...deps,
    });
    await handler(jsonRequest(payloadFor(row)));
    const team = deps.mailer.sent.find((m) => m.to === TEAM)!;
    assert.match(team.text, /Received: Thu, Nov 26, 2026, 6:34\sAM CST\n/u);
    assert.doesNotMatch(team.text, /2026-11-26T12:34/);
    assert.match(team.text, /Campaign: spring_calm_homes \(instagram \/ social\)\n/);
    assert.match(team.text, /Landing page: \/coaching-v2\?utm_campaign=spring_calm_homes\n/);
    assert.ok(team.html.includes('spring_calm_homes (instagram / social)'));
    assert.ok(team.html.includes('6:34'));
  },
);

Deno.test('without TEAM_TIME_ZONE (or with a mistyped one) the team reads New York time', async () => {
  const { formatTeamTime, teamTimeZone } = await import('../_shared/team-time.ts');
  const at = new Date('2026-11-26T12:34:09.281Z');
  assert.match(formatTeamTime(at, teamTimeZone(undefined)), /^Thu, Nov 26, 2026, 7:34\sAM EST$/u);
  assert.match(formatTeamTime(at, teamTimeZone('Mars/Olympus')), /7:34\sAM EST$/u);
  assert.match(formatTeamTime(at, teamTimeZone('Europe/London')), /12:34\sPM GMT$/u);
});

Deno.test("a parent's or child's name with line breaks stays on one line in both emails' text", () => {
  for (const request of [
    { name: LINE_BREAKING_NAME, email: 'eve@example.com' },
    { name: 'Eve', email: 'eve@example.com', childName: LINE_BREAKING_NAME },
  ]) {
    assertNameOnOneLine(parentConfirmationEmail(request).text);
    assertNameOnOneLine(teamNotificationEmail(request, { to: TEAM }).text);
  }
});
