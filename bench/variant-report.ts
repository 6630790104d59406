import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { median, onThrowawayStack } from './lib/throwaway-stack.ts';

/**
 * How long the landing report takes on a realistic volume: 300,000 web_analytics rows (100,000
 * sessions over 30 days across the variants and campaigns) plus about 8,000 conversions of every
 * kind, on a fresh stack on its own ports (offset 1850) in a temporary folder. Times the report and
 * its daily series as the admin screen calls them (supabase-js rpc through REST, RLS on), and the
 * report's SQL alone; median of 5 after one warm-up. Prints a JSON line.
 *   tsx bench/variant-report.ts        SESSIONS=100000 by default
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1850';
const sessions = Math.min(Number(process.env.SESSIONS ?? 100_000), 1_000_000);
const RUNS = 5;

await onThrowawayStack('report', async (stack) => {
  const db = new pg.Client({ connectionString: stack.urls.db });
  db.on('error', () => undefined);
  await db.connect();

  const seedStarted = performance.now();
  // path and utm_campaign are what the derive trigger computes from page_path; set directly so the
  // seeding is quick (the trigger parses each URL), then the trigger is back on. The report's rollups
  // (docs/decisions/195) are rebuilt once for the whole load rather than row by row.
  await db.query('alter table public.web_analytics disable trigger web_analytics_derive_columns');
  await db.query('alter table public.web_analytics disable trigger web_analytics_rollup');
  await db.query(
    `insert into public.web_analytics (session_id, event_type, page_path, path, utm_campaign, device_type, duration_seconds, created_at)
     select format('session_%s_bench', s), e.event_type,
            v.path || coalesce('?utm_campaign=' || v.campaign, ''), v.path, v.campaign,
            (array['mobile', 'desktop', 'tablet'])[1 + s % 3],
            case when e.event_type = 'page_leave' then 5 + (s * 37) % 300 end,
            v.at + e.offset_seconds * interval '1 second'
     from generate_series(1, $1::int) as s
     cross join lateral (
       select (array['/', '/coaching', '/coaching-home', '/coaching-v2', '/pricing'])[1 + s % 5] as path,
              (array[null, 'spring_calm_homes', 'focus_search', 'retarget'])[1 + s % 4] as campaign,
              now() - interval '1 hour' - ((s::bigint * 7919) % (29 * 86400)) * interval '1 second' as at
     ) as v
     cross join lateral (
       values ('page_view', 0), ('page_leave', 60), ('page_view', 90), ('page_leave', 150)
     ) as e (event_type, offset_seconds)
     where e.offset_seconds < 90 or s % 2 = 0`,
    [sessions],
  );
  await db.query('alter table public.web_analytics enable trigger web_analytics_derive_columns');
  await db.query('alter table public.web_analytics enable trigger web_analytics_rollup');
  await db.query('select private.rebuild_landing_rollups()');
  const conversions = `
    with picked as (
      select s, format('session_%s_bench', s) as session_id,
             now() - interval '1 hour' - ((s::bigint * 7919) % (29 * 86400)) * interval '1 second' + interval '2 minutes' as at
      from generate_series(1, $1::int) as s
    )`;
  await db.query(
    `${conversions}
     insert into public.quiz_assessments (answers, scores, recommended_plan, analytics_session_id, created_at)
     select '{}', '{}', 'steady-growth', session_id, at from picked where s % 30 = 0`,
    [sessions],
  );
  await db.query(
    `${conversions}
     insert into public.waitlist (name, email, consent, source, analytics_session_id, created_at)
     select 'Bench Lead', format('lead.%s@example.com', s), true,
            (array['fit-call', 'waitlist', 'contact-v2'])[1 + s % 3], session_id, at
     from picked where s % 50 = 0`,
    [sessions],
  );
  await db.query(
    `${conversions}
     insert into public.newsletter_subscribers (email, analytics_session_id, created_at)
     select format('reader.%s@example.com', s), session_id, at from picked where s % 70 = 0`,
    [sessions],
  );
  await db.query(
    `${conversions}
     insert into public.contact_messages (name, email, topic, message, analytics_session_id, created_at)
     select 'Bench Parent', format('parent.%s@example.com', s), 'general', 'A question about the programme.',
            session_id, at from picked where s % 90 = 0`,
    [sessions],
  );
  await db.query('analyze');
  const { rows: counted } = await db.query<{ events: number; conversions: number }>(
    `select (select count(*)::int from public.web_analytics) as events,
            (select count(*)::int from public.quiz_assessments) + (select count(*)::int from public.waitlist)
            + (select count(*)::int from public.newsletter_subscribers)
            + (select count(*)::int from public.contact_messages) as conversions`,
  );
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  // The admin, signed in through the auth API as the screen is.
  const supabase = createClient(stack.urls.api, stack.keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const email = 'bench.admin@example.com';
  const password = 'bench-admin-secret';
  // A confirmed account, as an admin's invitation makes one (the service role's admin API).
  const admin = createClient(stack.urls.api, stack.keys.serviceRole, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const signUp = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (signUp.error) throw signUp.error;
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [signUp.data.user.id]);
  const signIn = await supabase.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;

  const until = new Date();
  const since = new Date(until.getTime() - 30 * 86_400_000);
  const args = { since: since.toISOString(), until: until.toISOString() };

  const time = async (run: () => Promise<unknown>) => {
    await run();
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    return Math.round(median(times));
  };
  let variants = 0;
  const reportMs = await time(async () => {
    const { data, error } = await supabase.rpc('landing_report', args);
    if (error) throw error;
    variants = data.length;
  });
  const dailyMs = await time(async () => {
    const { error } = await supabase.rpc('landing_report_daily', { ...args, time_zone: 'UTC' });
    if (error) throw error;
  });
  const sqlMs = await time(async () => {
    await db.query('begin');
    await db.query('set local role authenticated');
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: signUp.data.user.id, role: 'authenticated' }),
    ]);
    await db.query('select * from public.landing_report($1, $2)', [args.since, args.until]);
    await db.query('rollback');
  });
  if (process.env.EXPLAIN === '1') {
    // Where the time goes: the report's statement, planned as the function runs it.
    await db.query('begin');
    await db.query(`set local work_mem = '64MB'`);
    const { rows } = await db.query<{ body: string }>(
      `select prosrc as body from pg_proc where proname = 'landing_report' and pronamespace = 'public'::regnamespace`,
    );
    const start = rows[0].body.indexOf('return query') + 'return query'.length;
    const statement = rows[0].body
      .slice(start, rows[0].body.indexOf(';', start))
      .replace(/\bsince\b/g, '$1::timestamptz')
      .replace(/\buntil\b/g, '$2::timestamptz');
    const plan = await db.query(`explain (analyze, buffers) ${statement}`, [args.since, args.until]);
    console.error(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    await db.query('rollback');
  }
  await db.end();

  console.log(
    JSON.stringify({
      benchmark: 'landing report',
      web_analytics_rows: counted[0].events,
      conversions: counted[0].conversions,
      range_days: 30,
      report_rows: variants,
      report_rpc_median_ms: reportMs,
      daily_rpc_median_ms: dailyMs,
      report_sql_median_ms: sqlMs,
      runs: RUNS,
      seed_seconds: Math.round(seedSeconds * 10) / 10,
    }),
  );
});
