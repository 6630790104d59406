import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { onThrowawayStack, percentile } from './lib/throwaway-stack.ts';
import type { Database } from '../src/types/database.ts';
import { demoAccounts } from '../scripts/demo-accounts.ts';

/**
 * "The slot function for one coach over six weeks with 500 existing bookings": a throwaway stack
 * (own ports, offset 1700, temporary folder) gives the demo coach (Jordan Ellis) hours every day from
 * 7:00 to 21:00 in Chicago and BOOKINGS scheduled sessions (500 by default) on the hour across the
 * next weeks, with no daily maximum (so every candidate is checked against the bookings), then times
 * the six-week question: the SQL function itself, and the demo parent's screen call through
 * supabase-js (`rpc('get_coach_open_slots')`). Prints a JSON line.
 *   tsx bench/slots.ts        BOOKINGS=500 RUNS=50 by default
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1700';
const bookings = Math.min(Number(process.env.BOOKINGS ?? 500), 580);
const runs = Math.min(Number(process.env.RUNS ?? 50), 1000);
const JORDAN = 'c0000000-0000-4000-8000-000000000001';
const MIA = 'd0000000-0000-4000-8000-000000000001';

function percentiles(times: number[]) {
  const pct = (p: number) => Math.round(percentile(times, p) * 10) / 10;
  return { p50Ms: pct(0.5), p95Ms: pct(0.95) };
}

await onThrowawayStack('slots', async (stack) => {
  const db = new pg.Client({ connectionString: stack.urls.db });
  await db.connect();
  await db.query(`update public.meeting_rules set daily_maximum = null where kind = 'coaching_session'`);
  await db.query(
    `delete from public.availability_hours where schedule_id = (select id from public.availability_schedules where coach_id = $1)`,
    [JORDAN],
  );
  await db.query(`delete from public.availability_overrides`);
  await db.query(
    `insert into public.availability_hours (schedule_id, weekday, start_time, end_time)
     select s.id, d, '07:00', '21:00'
     from public.availability_schedules s, generate_series(1, 7) d where s.coach_id = $1`,
    [JORDAN],
  );
  // Clear the seeded sessions of the next weeks, then book on the hour from 7:00 to 20:00 Chicago,
  // 14 a day, from tomorrow on.
  await db.query(`delete from public.session_series`);
  await db.query(`delete from public.coaching_sessions where coach_id = $1 and starts_at > now()`, [JORDAN]);
  await db.query(
    `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at)
     select $1, $2, c.parent_id,
       (((now() at time zone 'America/Chicago')::date + 2 + n / 14) + make_interval(hours => 7 + n % 14))
         at time zone 'America/Chicago'
     from generate_series(0, $3::int - 1) n, public.children c where c.id = $1`,
    [MIA, JORDAN, bookings],
  );
  await db.query('analyze public.coaching_sessions');
  const booked = Number(
    (
      await db.query(
        `select count(*) from public.coaching_sessions where coach_id = $1 and status = 'scheduled' and starts_at > now()`,
        [JORDAN],
      )
    ).rows[0].count,
  );
  const schedule = (
    await db.query<{ id: string }>('select id from public.availability_schedules where coach_id = $1', [
      JORDAN,
    ])
  ).rows[0].id;

  const sql = `select count(*)::int as n from private.open_slots($1, 'coaching_session', now(), now() + interval '42 days')`;
  let slots = (await db.query<{ n: number }>(sql, [schedule])).rows[0].n; // warm up
  const sqlTimes: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    slots = (await db.query<{ n: number }>(sql, [schedule])).rows[0].n;
    sqlTimes.push(performance.now() - started);
  }
  await db.end();

  const parent: SupabaseClient<Database> = createClient<Database>(stack.urls.api, stack.keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const account = demoAccounts.users.find((u) => u.role === 'parent')!;
  const signIn = await parent.auth.signInWithPassword({
    email: account.email,
    password: demoAccounts.password,
  });
  if (signIn.error) throw signIn.error;
  const ask = async () => {
    const { data, error } = await parent.rpc('get_coach_open_slots', {
      coach_id: JORDAN,
      range_start: new Date().toISOString(),
      range_end: new Date(Date.now() + 42 * 86_400_000).toISOString(),
    });
    if (error) throw error;
    return data.length;
  };
  await ask(); // warm up
  const restTimes: number[] = [];
  let restSlots = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    restSlots = await ask();
    restTimes.push(performance.now() - started);
  }
  console.log(
    JSON.stringify({
      bench: 'slots',
      bookings: booked,
      weeks: 6,
      runs,
      openSlots: slots,
      sql: percentiles(sqlTimes),
      supabaseJs: { ...percentiles(restTimes), openSlots: restSlots },
    }),
  );
});
