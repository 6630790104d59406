import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { attachmentText, waitForEmail, type InboxEmail } from '../support/inbox.ts';
import { adminDb, anonClient, serviceClient, signedInClient, uniqueEmail } from '../support/stack.ts';

/**
 * The intro call booked on the spot (issue 23, decision 170), as the intro-call page does it: a
 * visitor with the anon key and the lead's link token. The token is refused when wrong or expired;
 * booking moves the lead to "Intro call booked" with its host and mails both; two parents racing for
 * the last time get one booking and one "That time was just taken"; reminders are queued once.
 */

type Signed = Awaited<ReturnType<typeof signedInClient>>;
let db: pg.Client;
let host: Signed;
let scheduleId: string;

const DAY = 86_400_000;
/** A date 12 days ahead, and a time on it only this file's host offers (04:00-04:20 UTC). */
const raceDate = new Date(Date.now() + 12 * DAY).toISOString().slice(0, 10);
const lastSlot = new Date(`${raceDate}T04:00:00.000Z`).toISOString();

/** A new intro-call request as the form sends it; returns the lead and a link token for it. */
async function newLead(): Promise<{ leadId: string; token: string; email: string }> {
  const email = uniqueEmail('intro');
  const waitlistId = randomUUID();
  const { error } = await anonClient().from('waitlist').insert({
    id: waitlistId,
    name: 'Robin Intro',
    email,
    phone: '555-010-1000',
    consent: true,
    source: 'fit-call',
  });
  if (error) throw error;
  const token = await serviceClient().rpc('issue_intro_call_token', { waitlist_id: waitlistId });
  if (token.error) throw token.error;
  const { rows } = await db.query<{ id: string }>('select id from public.leads where waitlist_id = $1', [
    waitlistId,
  ]);
  return { leadId: rows[0].id, token: token.data as string, email };
}

async function openTimes(from: string, to: string): Promise<string[]> {
  const { data, error } = await anonClient().rpc('get_intro_call_slots', {
    range_start: from,
    range_end: to,
  });
  if (error) throw error;
  return (data as { starts_at: string }[]).map((s) => new Date(s.starts_at).toISOString());
}

/** The .ics is named for the call's day in the recipient's zone; a cancellation says so. */
const INVITE = /^ploom-intro-call-\d{4}-\d{2}-\d{2}\.ics$/;
const CANCELLATION = /^ploom-intro-call-\d{4}-\d{2}-\d{2}-cancelled\.ics$/;

/** The email's .ics, read with a real iCalendar parser. */
async function calendarOf(mail: InboxEmail, fileName = INVITE) {
  const file = mail.attachments?.find((a) => fileName.test(a.fileName));
  expect(file, 'the .ics, by its name').toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(await attachmentText(mail, file!.fileName)));
  const [vevent] = calendar.getAllSubcomponents('vevent');
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
  };
}

beforeAll(async () => {
  db = await adminDb();
  host = await signedInClient({ firstName: 'Harper', lastName: 'Host' });
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [host.userId]);
  scheduleId = (
    await db.query<{ id: string }>(
      `insert into public.availability_schedules (user_id, time_zone, takes_intro_calls) values ($1, 'UTC', true) returning id`,
      [host.userId],
    )
  ).rows[0].id;
  await db.query(
    `insert into public.availability_overrides (schedule_id, on_date, start_time, end_time) values ($1, $2, '04:00', '04:20')`,
    [scheduleId, raceDate],
  );
});

afterAll(async () => {
  await db.query('delete from public.availability_schedules where id = $1', [scheduleId]);
  await db.query('delete from auth.users where id = $1', [host.userId]);
  await db.end();
});

describe('the link token', () => {
  it('is refused when wrong, malformed or expired, with the same words each time', async () => {
    const { token } = await newLead();
    const wrong = 'f'.repeat(64);
    for (const bad of [wrong, 'not-a-token', '']) {
      const { error } = await anonClient().rpc('get_intro_call_booking', { token: bad });
      expect(error).toMatchObject({ code: '42501', message: 'This link is not valid or has expired' });
    }
    await db.query(
      `update private.intro_call_tokens set expires_at = now() - interval '1 second'
       where token_hash = private.intro_call_token_hash($1)`,
      [token],
    );
    const expired = await anonClient().rpc('book_intro_call', {
      token,
      starts_at: lastSlot,
      time_zone: 'Europe/London',
    });
    expect(expired.error).toMatchObject({ code: '42501', message: 'This link is not valid or has expired' });
  });

  it('only the service role issues one, and only for an intro-call request', async () => {
    const { error } = await anonClient().rpc('issue_intro_call_token', { waitlist_id: randomUUID() });
    expect(error).not.toBeNull();
    const { rows } = await db.query<{ n: number }>(
      'select count(*)::int as n from private.intro_call_tokens where lead_id is null',
    );
    expect(rows[0].n).toBe(0);
  });

  it('stores only a hash of the token', async () => {
    const { token, leadId } = await newLead();
    const { rows } = await db.query<{ h: string }>(
      `select encode(token_hash, 'hex') as h from private.intro_call_tokens where lead_id = $1`,
      [leadId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].h).not.toContain(token);
  });
});

describe('booking, moving and cancelling', () => {
  it('a bad payload is answered 400 with the reason, nothing booked', async () => {
    const { token, leadId } = await newLead();
    const cases: [Record<string, unknown>, string][] = [
      [{ token, starts_at: lastSlot, time_zone: 'Mars/Olympus' }, 'Unknown time zone: Mars/Olympus'],
      [{ token, starts_at: null, time_zone: 'UTC' }, 'Choose a time'],
      [
        { token, starts_at: new Date(`${raceDate}T04:07:00.000Z`).toISOString(), time_zone: 'UTC' },
        'That time is not one of the open times',
      ],
    ];
    for (const [args, message] of cases) {
      const { error, status } = await anonClient().rpc('book_intro_call', args);
      expect(status).toBe(400);
      expect(error?.message).toBe(message);
    }
    const { rows } = await db.query('select 1 from public.intro_calls where lead_id = $1', [leadId]);
    expect(rows).toHaveLength(0);
  });

  it('books an open time with a host, moves the lead to call_scheduled, mails both, then moves and cancels', async () => {
    const { token, leadId, email } = await newLead();
    const from = new Date(Date.now() + 3 * DAY).toISOString();
    const [first, second] = await openTimes(from, new Date(Date.now() + 10 * DAY).toISOString());
    const booked = await anonClient().rpc('book_intro_call', {
      token,
      starts_at: first,
      time_zone: 'Europe/London',
    });
    expect(booked.error?.message ?? null).toBeNull();
    const [call] = booked.data as { call_id: string; starts_at: string; host_name: string }[];
    expect(new Date(call.starts_at).toISOString()).toBe(first);

    const { rows } = await db.query<{
      status: string;
      assignee_id: string;
      host_id: string;
      parent_time_zone: string;
    }>(
      `select l.status, l.assignee_id, c.host_id, c.parent_time_zone
       from public.leads l join public.intro_calls c on c.lead_id = l.id where l.id = $1`,
      [leadId],
    );
    expect(rows[0]).toMatchObject({ status: 'call_scheduled', parent_time_zone: 'Europe/London' });
    expect(rows[0].assignee_id).toBe(rows[0].host_id);
    const events = await db.query<{ from_value: string; to_value: string }>(
      `select from_value, to_value from public.lead_events where lead_id = $1 and kind = 'status'`,
      [leadId],
    );
    expect(events.rows).toEqual([{ from_value: 'new', to_value: 'call_scheduled' }]);

    const toParent = await waitForEmail(email, /^Intro call booked/, 20000);
    expect(toParent.text).toContain('(Europe/London)');
    expect(toParent.html).toMatch(/\/intro-call#token=[0-9a-f]{64}/);
    const hostEmail = (
      await db.query<{ email: string }>('select email from auth.users where id = $1', [rows[0].host_id])
    ).rows[0].email;
    const toHost = await waitForEmail(hostEmail, /^Intro call booked: with Robin Intro/, 20000);
    const uid = `intro-call-${call.call_id}@ploom`;
    const end = new Date(new Date(first).getTime() + 15 * 60_000).toISOString();
    expect(await calendarOf(toParent)).toEqual({ method: 'REQUEST', uid, sequence: 0, start: first, end });
    expect(await calendarOf(toHost)).toMatchObject({ method: 'REQUEST', uid, start: first });

    // the email's link is a token of its own that opens the same call
    const emailed = toParent.html.match(/#token=([0-9a-f]{64})/)![1];
    const shown = await anonClient().rpc('get_intro_call_booking', { token: emailed });
    expect(shown.error).toBeNull();
    expect((shown.data as { call_id: string }[])[0].call_id).toBe(call.call_id);

    const moved = await anonClient().rpc('book_intro_call', {
      token: emailed,
      starts_at: second,
      time_zone: 'Europe/London',
    });
    expect(moved.error).toBeNull();
    expect((moved.data as { call_id: string }[])[0].call_id).toBe(call.call_id);
    const movedIcs = await calendarOf(await waitForEmail(email, /^Intro call moved/, 20000));
    expect(movedIcs).toMatchObject({ method: 'REQUEST', uid, start: second });
    expect(movedIcs.sequence).toBeGreaterThan(0);

    expect((await anonClient().rpc('cancel_intro_call', { token })).error).toBeNull();
    const after = await db.query<{ status: string; call: string }>(
      `select l.status, c.status as call from public.leads l join public.intro_calls c on c.lead_id = l.id where l.id = $1`,
      [leadId],
    );
    expect(after.rows[0]).toEqual({ status: 'new', call: 'cancelled' });
    const cancelledIcs = await calendarOf(
      await waitForEmail(email, /^Intro call cancelled/, 20000),
      CANCELLATION,
    );
    expect(cancelledIcs).toMatchObject({ method: 'CANCEL', uid });
    expect(cancelledIcs.sequence).toBeGreaterThan(movedIcs.sequence);
    const again = await anonClient().rpc('cancel_intro_call', { token });
    // Nothing to cancel is a 404 with the reason, not a server error.
    expect(again).toMatchObject({
      status: 404,
      error: { code: 'PT404', message: 'There is no intro call to cancel' },
    });
  });

  it('two parents racing for the last time get one booking and one "That time was just taken"', async () => {
    expect(await openTimes(`${raceDate}T03:00:00.000Z`, `${raceDate}T05:00:00.000Z`)).toEqual([lastSlot]);
    const [a, b] = await Promise.all([newLead(), newLead()]);
    const results = await Promise.all(
      [a, b].map((lead) =>
        anonClient().rpc('book_intro_call', {
          token: lead.token,
          starts_at: lastSlot,
          time_zone: 'America/New_York',
        }),
      ),
    );
    expect(results.map((r) => r.error?.message ?? 'booked').sort()).toEqual([
      'That time was just taken',
      'booked',
    ]);
    const lost = results.find((r) => r.error !== null)!;
    expect(lost.error).toMatchObject({ code: '23P01', message: 'That time was just taken' });
    expect(await openTimes(`${raceDate}T03:00:00.000Z`, `${raceDate}T05:00:00.000Z`)).toEqual([]);
    const { rows } = await db.query<{ host_id: string }>(
      `select host_id from public.intro_calls where starts_at = $1 and status = 'scheduled'`,
      [lastSlot],
    );
    expect(rows).toEqual([{ host_id: host.userId }]);
  });
});

describe('reminders', () => {
  it('are queued 1 hour before for the parent and the host, once, however often the job runs', async () => {
    const { leadId } = await newLead();
    // booked two days ago for 50 minutes from now (its booking emails long told)
    const { rows } = await db.query<{ id: string }>(
      `insert into public.intro_calls (lead_id, host_id, starts_at, parent_time_zone, created_at)
       values ($1, $2, now() + interval '50 minutes', 'UTC', now() - interval '2 days') returning id`,
      [leadId, host.userId],
    );
    const call = rows[0].id;
    await db.query(
      `update public.outbox set created_at = now() - interval '2 days' where intro_call_id = $1`,
      [call],
    );
    await Promise.all([
      db.query('select private.send_due_reminders()'),
      db.query('select private.send_due_reminders()'),
    ]);
    await db.query('select private.send_due_reminders()');
    const queued = await db.query<{ kind: string; recipient: string }>(
      `select event as kind, recipient from public.outbox
       where intro_call_id = $1 and event like 'reminder%' order by recipient`,
      [call],
    );
    expect(queued.rows).toEqual([
      { kind: 'reminder_1h', recipient: 'host' },
      { kind: 'reminder_1h', recipient: 'parent' },
    ]);
    await db.query(`update public.intro_calls set status = 'cancelled' where id = $1`, [call]);
  });
});
