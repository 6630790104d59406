import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchFrom, loopbackAddress } from '../support/loopback.ts';
import { adminDb, serviceClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';

/**
 * Floods from one visitor (issue 35, finding 1), as the audit sent them: public form saves from one
 * client, each with a forged X-Forwarded-For, and intro calls booked again and again. The client is
 * the address its connection comes from (the gateway's last X-Forwarded-For entry), so each visitor
 * here connects from an address of its own (../support/loopback.ts).
 */

type Signed = Awaited<ReturnType<typeof signedInClient>>;
let db: pg.Client;
let coach: Signed;
let coachId: string;
let scheduleId: string;

const DAY = 86_400_000;
/** The UTC date `days` ahead and its ISO weekday (1 = Monday). */
function dayAhead(days: number): { date: string; weekday: number } {
  const at = new Date(Date.now() + days * DAY);
  return { date: at.toISOString().slice(0, 10), weekday: ((at.getUTCDay() + 6) % 7) + 1 };
}
/** Two days this file's coach keeps hours on (only this coach has hours at 00:00-04:00 UTC there). */
const splitDay = dayAhead(9);
const introDay = dayAhead(11);
const at = (date: string, time: string) => new Date(`${date}T${time}:00.000Z`).toISOString();

/** A visitor on `address`, writing `forged` as its own X-Forwarded-For. */
function visitor(address: string, forged?: string): SupabaseClient {
  return createClient(stackEnv.url, stackEnv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: {
      fetch: fetchFrom(address),
      headers: forged ? { 'X-Forwarded-For': forged } : {},
    },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

/** A documentation address, new on every call: a client's own claim. */
const forgedAddress = () => `203.0.113.${Math.floor(Math.random() * 250) + 1}`;

function waitlistRow(email = uniqueEmail('flood')) {
  return {
    id: randomUUID(),
    name: 'Flo Flood',
    email,
    phone: '555-010-2000',
    consent: true,
    source: 'fit-call',
  };
}

/** A new intro-call request from `from`, as the form sends it; its lead and link token. */
async function newLead(
  from: SupabaseClient,
  email = uniqueEmail('intro'),
): Promise<{ leadId: string; token: string }> {
  const row = waitlistRow(email);
  const { error } = await from.from('waitlist').insert(row);
  if (error) throw error;
  const token = await serviceClient().rpc('issue_intro_call_token', { waitlist_id: row.id });
  if (token.error) throw token.error;
  const { rows } = await db.query<{ id: string }>('select id from public.leads where waitlist_id = $1', [
    row.id,
  ]);
  return { leadId: rows[0]!.id, token: token.data as string };
}

const book = (from: SupabaseClient, token: string, startsAt: string) =>
  from.rpc('book_intro_call', { token, starts_at: startsAt, time_zone: 'UTC' });

async function familyTimes(from: string, to: string): Promise<string[]> {
  const { rows } = await db.query<{ starts_at: Date }>(
    `select starts_at from private.open_slots($1, 'coaching_session', $2, $3) order by 1`,
    [scheduleId, from, to],
  );
  return rows.map((r) => r.starts_at.toISOString());
}

async function introTimes(from: string, to: string): Promise<string[]> {
  const { data, error } = await visitor(loopbackAddress()).rpc('get_intro_call_slots', {
    range_start: from,
    range_end: to,
  });
  if (error) throw error;
  return (data as { starts_at: string }[]).map((s) => new Date(s.starts_at).toISOString());
}

beforeAll(async () => {
  db = await adminDb();
  coach = await signedInClient({ firstName: 'Ines', lastName: 'Intro' });
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'coach')`, [coach.userId]);
  coachId = (
    await db.query<{ id: string }>(
      `insert into public.coaches (user_id, display_name, sort_order) values ($1, 'Ines Intro', 97)
       on conflict (user_id) do update set display_name = excluded.display_name returning id`,
      [coach.userId],
    )
  ).rows[0]!.id;
  scheduleId = (
    await db.query<{ id: string }>(
      `insert into public.availability_schedules (coach_id, time_zone, takes_intro_calls) values ($1, 'UTC', true) returning id`,
      [coachId],
    )
  ).rows[0]!.id;
  // As the availability screen saves a coach's week: an hour of intro calls, then family sessions
  // right after it on one day; three hours of intro calls on another.
  const { error } = await coach.client.rpc('save_availability_week', {
    schedule_id: scheduleId,
    time_zone: 'UTC',
    hours: [
      { weekday: splitDay.weekday, start: '01:00', end: '02:00', meeting: 'intro_call' },
      { weekday: splitDay.weekday, start: '02:00', end: '04:00', meeting: 'coaching_session' },
      { weekday: introDay.weekday, start: '00:00', end: '03:00', meeting: 'intro_call' },
    ],
  });
  if (error) throw error;
});

afterAll(async () => {
  await db.query('delete from public.coaches where id = $1', [coachId]);
  await db.query('delete from auth.users where id = $1', [coach.userId]);
  await db.end();
});

describe('public form saves', () => {
  it('are capped at 10 an hour per form from one client, whatever X-Forwarded-For it writes; another client is not refused', async () => {
    const address = loopbackAddress();
    const statuses: number[] = [];
    let refusal: { status: number; code?: string; message?: string } | undefined;
    for (let i = 0; i < 12; i += 1) {
      const { status, error } = await visitor(address, forgedAddress())
        .from('waitlist')
        .insert(waitlistRow());
      statuses.push(status);
      if (error) refusal = { status, code: error.code, message: error.message };
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
    expect(refusal).toEqual({
      status: 429,
      code: 'P0429',
      message: 'Too many forms sent from this device. Please try again later.',
    });

    // The API says when to come back.
    const raw = await fetchFrom(address)(`${stackEnv.url}/rest/v1/waitlist`, {
      method: 'POST',
      headers: { apikey: stackEnv.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(waitlistRow()),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(3000);

    // The same client may still send another form, and a family elsewhere the same one.
    const newsletter = await visitor(address)
      .from('newsletter_subscribers')
      .insert({ email: uniqueEmail('news') });
    expect(newsletter.status).toBe(201);
    const family = await visitor(loopbackAddress()).from('waitlist').insert(waitlistRow());
    expect(family.status).toBe(201);
  });

  it('are capped at 30 a day from one client across the forms', async () => {
    const address = loopbackAddress();
    await db.query(
      `insert into private.form_save_attempts (form, client, created_at)
       select (array['waitlist', 'newsletter', 'contact', 'quiz'])[1 + i % 4], $1, now() - interval '3 hours'
         from generate_series(1, 30) i`,
      [address],
    );
    const { status, error } = await visitor(address)
      .from('contact_messages')
      .insert({
        id: randomUUID(),
        name: 'Cy Contact',
        email: uniqueEmail('contact'),
        message: 'Hello there, a question.',
      });
    expect(status).toBe(429);
    expect(error?.code).toBe('P0429');
  });
});

describe('intro calls', () => {
  it("are offered only in a coach's intro-call hours, and booking one takes no family time", async () => {
    const dayStart = at(splitDay.date, '00:00');
    const dayEnd = at(splitDay.date, '05:00');
    // The call and its buffer stay off the family hours after it: 01:45 would reach into 02:00.
    expect((await introTimes(dayStart, dayEnd)).filter((t) => t >= at(splitDay.date, '01:00'))).toEqual([
      at(splitDay.date, '01:00'),
      at(splitDay.date, '01:15'),
      at(splitDay.date, '01:30'),
    ]);
    const families = await familyTimes(dayStart, dayEnd);
    expect(families[0]).toBe(at(splitDay.date, '02:00'));
    expect(families.every((t) => t >= at(splitDay.date, '02:00'))).toBe(true);

    const { token } = await newLead(visitor(loopbackAddress()));
    const booked = await book(visitor(loopbackAddress()), token, at(splitDay.date, '01:30'));
    expect(booked.error).toBeNull();
    expect(await familyTimes(dayStart, dayEnd)).toEqual(families);
  });

  it('one family (one email) holds one upcoming call: a second request is told where its call is', async () => {
    const email = uniqueEmail('twice');
    const first = await newLead(visitor(loopbackAddress()), email);
    expect(
      (await book(visitor(loopbackAddress()), first.token, at(introDay.date, '02:30'))).error,
    ).toBeNull();

    const second = await newLead(visitor(loopbackAddress()), email.toUpperCase());
    const refused = await book(visitor(loopbackAddress()), second.token, at(introDay.date, '00:15'));
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('This email already has an intro call booked');
    expect(refused.error?.hint).toMatch(/link in the email/);
    const { rows } = await db.query('select 1 from public.intro_calls where lead_id = $1', [second.leadId]);
    expect(rows).toEqual([]);
  });

  it('one client address holds at most 2 upcoming calls, whatever X-Forwarded-For it writes', async () => {
    const address = loopbackAddress();
    const leads = [];
    for (let i = 0; i < 3; i += 1) leads.push(await newLead(visitor(address, forgedAddress())));
    expect(
      (await book(visitor(address, forgedAddress()), leads[0]!.token, at(introDay.date, '00:15'))).error,
    ).toBeNull();
    expect(
      (await book(visitor(address, forgedAddress()), leads[1]!.token, at(introDay.date, '01:00'))).error,
    ).toBeNull();
    const third = await book(visitor(address, forgedAddress()), leads[2]!.token, at(introDay.date, '01:45'));
    expect(third.status).toBe(429);
    expect(third.error?.message).toBe('Too many intro calls booked from this device.');

    // Moving a call it holds is still fine, and a family on another address books that time.
    expect((await book(visitor(address), leads[1]!.token, at(introDay.date, '01:15'))).error).toBeNull();
    const elsewhere = await newLead(visitor(loopbackAddress()));
    expect(
      (await book(visitor(loopbackAddress()), elsewhere.token, at(introDay.date, '01:45'))).error,
    ).toBeNull();
  });
});
