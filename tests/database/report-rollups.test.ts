import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedScale } from '../../scripts/lib/scale-seed.ts';
import { startFreshDatabase, type FreshDatabase } from './fresh-database.ts';

/**
 * The landing report reads rollups kept by a trigger (docs/decisions/195): its numbers must equal
 * the raw query's (the report as it was computed from web_analytics alone, below) on the same rows.
 * A throwaway database gets the scale seed at a small size; then rows arrive one by one through the
 * trigger, late ones (a view older than the session's first) included, and visitor-only rules of
 * docs/decisions/141 (a staff leave without a view, a leave whose session's views lie outside the
 * range) are exercised at the range's edges, for ranges on whole hours, on half-hour zones and on
 * arbitrary instants.
 */

/** The report from the raw rows: landing_report and landing_report_daily of 20261126140100. */
const RAW_REPORT = `
  with variant_paths as (select v.path collate "C" as path from private.landing_variant_paths() v),
  scoped as not materialized (
    select w.path collate "C" as path, w.utm_campaign collate "C" as utm_campaign,
           w.session_id collate "C" as session_id, w.event_type, w.duration_seconds
    from public.web_analytics w
    where w.created_at >= $1 and w.created_at < $2 and w.path collate "C" in (select vp.path from variant_paths vp)
  ),
  visits as (
    select s.path, s.utm_campaign, s.session_id, count(*) as views from scoped s
    where s.event_type = 'page_view' group by 1, 2, 3
  ),
  traffic as (
    select v.path, v.utm_campaign, count(*) as visitors, sum(v.views)::bigint as page_views from visits v group by 1, 2
  ),
  durations as (
    select s.path, s.utm_campaign, percentile_cont(0.5) within group (order by s.duration_seconds) as median_seconds
    from scoped s
    where s.event_type = 'page_leave' and s.duration_seconds is not null
      and s.session_id in (select v.session_id from visits v)
    group by 1, 2
  ),
  pages as (
    select coalesce(t.path, d.path) as path, coalesce(t.utm_campaign, d.utm_campaign) as utm_campaign,
           t.visitors, t.page_views, d.median_seconds
    from traffic t full join durations d
      on d.path = t.path and coalesce(d.utm_campaign, '') = coalesce(t.utm_campaign, '')
  ),
  conversions as (
    select coalesce(e.session_id, 'conversion:' || e.conversion_id) as session_id, e.kind,
           coalesce(landing.path, case when e.landing_path is not null
             then coalesce(nullif(split_part(split_part(e.landing_path, '#', 1), '?', 1), ''), '/') end) as path,
           case when landing.path is not null then landing.utm_campaign
             else left(private.query_param(e.landing_path, 'utm_campaign'), 200) end as utm_campaign
    from private.conversion_events($1, $2) e
    left join lateral (
      select v.path, v.utm_campaign from public.web_analytics v
      where v.session_id = e.session_id and v.event_type = 'page_view' order by v.created_at, v.id limit 1
    ) landing on e.session_id is not null
  ),
  attributed as (
    select case when c.path collate "C" in (select vp.path from variant_paths vp) then c.path end as path,
           case when c.path collate "C" in (select vp.path from variant_paths vp) then c.utm_campaign end as utm_campaign,
           c.kind, c.session_id
    from conversions c
  ),
  conv as (
    select c.path, c.utm_campaign,
      count(*) filter (where c.kind = 'quiz') as quiz_completed,
      count(*) filter (where c.kind = 'fit_call') as fit_calls,
      count(*) filter (where c.kind = 'waitlist') as waitlist_joins,
      count(*) filter (where c.kind = 'newsletter') as newsletter_signups,
      count(*) filter (where c.kind = 'contact') as contact_requests,
      count(*) as conversions, count(distinct c.session_id) as converted_visitors
    from attributed c group by 1, 2
  )
  select coalesce(p.path, c.path) as path, coalesce(p.utm_campaign, c.utm_campaign) as utm_campaign,
    coalesce(p.visitors, 0) as visitors, coalesce(p.page_views, 0) as page_views,
    round(p.median_seconds::numeric, 1) as median_seconds,
    coalesce(c.quiz_completed, 0) as quiz_completed, coalesce(c.fit_calls, 0) as fit_calls,
    coalesce(c.waitlist_joins, 0) as waitlist_joins, coalesce(c.newsletter_signups, 0) as newsletter_signups,
    coalesce(c.contact_requests, 0) as contact_requests, coalesce(c.conversions, 0) as conversions,
    coalesce(c.converted_visitors, 0) as converted_visitors,
    case when coalesce(p.visitors, 0) > 0 then round(coalesce(c.converted_visitors, 0)::numeric / p.visitors, 4) end
      as conversion_rate
  from pages p full join conv c
    on coalesce(c.path, '') collate "C" = p.path and coalesce(c.utm_campaign, '') collate "C" = coalesce(p.utm_campaign, '')
  order by 1 nulls last, 2 nulls first`;

const RAW_DAILY = `
  with days as (
    select g::date as day from generate_series(($1::timestamptz at time zone $3)::date,
      (($2::timestamptz - interval '1 microsecond') at time zone $3)::date, interval '1 day') g
  ),
  views as (
    select (w.created_at at time zone $3)::date as day, count(distinct w.session_id collate "C") as visitors,
           count(*) as page_views
    from public.web_analytics w
    where w.event_type = 'page_view' and w.created_at >= $1 and w.created_at < $2
      and w.path in (select v.path from private.landing_variant_paths() v)
    group by 1
  ),
  conv as (
    select (e.created_at at time zone $3)::date as day, count(*) as conversions
    from private.conversion_events($1, $2) e group by 1
  )
  select d.day::text, coalesce(v.visitors, 0) as visitors, coalesce(v.page_views, 0) as page_views,
         coalesce(c.conversions, 0) as conversions
  from days d left join views v on v.day = d.day left join conv c on c.day = d.day order by d.day`;

let fresh: FreshDatabase;

beforeAll(async () => {
  fresh = await startFreshDatabase({ authSchema: true });
  await seedScale(fresh.db, { scale: 0.01, passwordHash: 'x' });
}, 180_000);

afterAll(async () => {
  await fresh?.stop();
});

/**
 * Compares the report from the rollups with the raw query over one range. A range must hold some
 * rows unless `mayBeEmpty`: a few hours of the sparse scale seed can hold none.
 */
async function compare(since: string, until: string, timeZone: string, { mayBeEmpty = false } = {}) {
  const db = fresh.db;
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
    await db.query('set local role service_role');
    const report = await db.query(
      `select * from public.landing_report($1, $2) order by 1 nulls last, 2 nulls first`,
      [since, until],
    );
    const daily = await db.query(
      `select day::text, visitors, page_views, conversions from public.landing_report_daily($1, $2, $3) order by 1`,
      [since, until, timeZone],
    );
    const rawReport = await db.query(RAW_REPORT, [since, until]);
    const rawDaily = await db.query(RAW_DAILY, [since, until, timeZone]);
    if (!mayBeEmpty) expect(report.rows.length).toBeGreaterThan(0);
    expect(report.rows).toEqual(rawReport.rows);
    expect(daily.rows).toEqual(rawDaily.rows);
    return report.rows;
  } finally {
    await db.query('rollback');
  }
}

const daysAgo = (days: number, hours = 0) => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  return new Date(d.getTime() - days * 86_400_000 + hours * 3_600_000).toISOString();
};

describe('the landing report from its rollups equals the raw query', () => {
  it('over 90 days, 30 days and a few hours, on whole hours and not, in several zones', async () => {
    const full = await compare(daysAgo(90), daysAgo(-1), 'UTC');
    expect(full.reduce((sum, row) => sum + Number(row.visitors), 0)).toBeGreaterThan(500);
    await compare(daysAgo(30, 4), daysAgo(0, 4), 'America/New_York');
    await compare(daysAgo(30, -5.5), daysAgo(0, -5.5), 'Asia/Kolkata');
    await compare(daysAgo(7, 0.25), daysAgo(2, 13.7), 'Asia/Kathmandu');
    await compare(daysAgo(3, 10.2), daysAgo(3, 11.9), 'UTC');
  }, 120_000);

  it('stays equal as rows arrive through the trigger: late rows, straddling visits, staff leaves', async () => {
    const db = fresh.db;
    const at = (days: number, hours: number) => daysAgo(days, hours);
    const event = (
      session: string,
      type: string,
      page: string,
      when: string,
      seconds: number | null = null,
    ) =>
      db.query(
        `insert into public.web_analytics (session_id, event_type, page_path, duration_seconds, created_at)
         values ($1, $2, $3, $4, $5)`,
        [session, type, page, seconds, when],
      );
    // A visit that begins before the range's start (10 days ago, 00:00 UTC) and goes on inside it.
    await event('late_a', 'page_view', '/coaching?utm_campaign=edge', at(10, -0.5));
    await event('late_a', 'page_view', '/coaching?utm_campaign=edge', at(10, 0.5));
    await event('late_a', 'page_leave', '/coaching?utm_campaign=edge', at(10, 0.6), 40);
    // A late row: the session's first view arrives after its later one (and after its leave).
    await event('late_b', 'page_view', '/coaching-v2', at(9, 12));
    await event('late_b', 'page_leave', '/coaching-v2', at(9, 12.1), 25);
    await event('late_b', 'page_view', '/coaching-v2', at(9, 11));
    await event('late_b', 'page_view', '/pricing?utm_campaign=edge', at(9, 10.5));
    // A leave inside the range whose session's only view lies before it: not a visitor's leave.
    await event('late_c', 'page_view', '/pricing', at(10, -2));
    await event('late_c', 'page_leave', '/pricing', at(10, 0.2), 500);
    // A staff member's leave (their views are never recorded): no visitor.
    await event('late_d', 'page_leave', '/coaching', at(8, 3), 900);
    // A leave that arrives before its session's view, which arrives late.
    await event('late_e', 'page_leave', '/', at(7, 5.2), 12);
    await event('late_e', 'page_view', '/', at(7, 5));
    // Leaves that arrive before their session's first view of a variant, hours apart (so in blocks
    // of several sizes), and a leave on a page that is no variant (/about): the late view makes the
    // variant leaves a visitor's, the /about one never counts.
    await event('late_g', 'page_leave', '/coaching?utm_campaign=edge', at(5, 1.5), 31);
    await event('late_g', 'page_leave', '/coaching?utm_campaign=edge', at(5, 7.25), 32);
    await event('late_g', 'page_leave', '/coaching?utm_campaign=edge', at(4, 20), 86_400);
    await event('late_g', 'page_leave', '/about', at(5, 2), 7);
    await event('late_g', 'page_view', '/coaching?utm_campaign=edge', at(5, 1));
    // A second variant view of the same session adds nothing again.
    await event('late_g', 'page_view', '/coaching-v2', at(5, 0.5));
    await event('late_g', 'page_leave', '/coaching-v2', at(4, 21), 0);
    // A session across midnight in New York, with a conversion.
    await event('late_f', 'page_view', '/coaching-home', at(6, 4.9));
    await event('late_f', 'page_view', '/coaching-home', at(6, 5.1));
    await db.query(
      `insert into public.quiz_assessments (answers, scores, recommended_plan, analytics_session_id, created_at)
       values ('{}', '{}', 'steady-growth', 'late_f', $1)`,
      [at(6, 5.2)],
    );
    // Conversions change too: one is erased, one moved to another hour, one arrives at a half hour.
    await db.query(
      `delete from public.newsletter_subscribers
       where id = (select id from public.newsletter_subscribers where created_at > $1 order by created_at limit 1)`,
      [at(8, 0)],
    );
    await db.query(
      `update public.quiz_assessments set created_at = created_at - interval '5 hours 30 minutes'
       where id = (select id from public.quiz_assessments where created_at > $1 order by created_at limit 1)`,
      [at(7, 0)],
    );
    await db.query(
      `insert into public.newsletter_subscribers (email, source, created_at) values ('late.rollup@example.com', 'footer', $1)`,
      [at(6, 18.5)],
    );
    // A conversion before its session's first view; then a view, then an earlier one (late) on
    // another variant and campaign: the conversion moves with the session's landing page.
    await db.query(
      `insert into public.quiz_assessments (answers, scores, recommended_plan, analytics_session_id, landing_path, created_at)
       values ('{}', '{}', 'steady-growth', 'late_h', '/coaching-home?utm_campaign=sent', $1)`,
      [at(3, 9)],
    );
    await compare(daysAgo(4), daysAgo(2), 'UTC');
    await event('late_h', 'page_view', '/coaching-v2', at(3, 9.5));
    await compare(daysAgo(4), daysAgo(2), 'UTC');
    await event('late_h', 'page_view', '/pricing?utm_campaign=edge', at(3, 8.5));
    await compare(daysAgo(10), daysAgo(-1), 'UTC');
    await compare(daysAgo(10, 0.5), daysAgo(5, 0.5), 'America/New_York');
    await compare(daysAgo(9, 11.5), daysAgo(9, 12.05), 'Asia/Kolkata');
    await compare(daysAgo(5, 1.4), daysAgo(4, 20.5), 'Asia/Kathmandu');
    await compare(daysAgo(5, 1.6), daysAgo(4, 22), 'UTC');
    // Rebuilt from the raw rows, the rollups are the same as the trigger kept them.
    const snapshot = async () =>
      (
        await db.query(
          `select (select json_agg(h order by h.hour, h.path, h.campaign_key) from private.landing_hourly h
                    where h.page_views <> 0 or h.first_views <> 0) as hourly,
                  (select json_agg(s order by s.hour) from private.landing_hourly_sessions s
                    where s.first_sessions <> 0 or s.variant_views <> 0) as sessions,
                  (select json_agg(a order by a.session_id) from private.analytics_sessions a) as analytics,
                  (select json_agg(d order by d.day, d.path, d.campaign_key) from private.landing_daily d
                    where d.page_views <> 0 or d.first_views <> 0) as daily,
                  (select json_agg(l order by l.level, l.block, l.path, l.campaign_key, l.seconds)
                    from private.landing_leave_seconds l where l.leaves <> 0) as leave_seconds,
                  (select json_agg(l order by l.level, l.block, l.path, l.campaign_key, l.bin)
                    from private.landing_leave_bins l where l.leaves <> 0) as leave_bins,
                  (select json_agg(c order by c.hour) from (
                    select hour, sum(conversions)::int as conversions from private.conversion_hourly
                    group by hour having sum(conversions) <> 0) c) as conversions,
                  (select json_agg(c order by c.conversion_id) from private.conversion_attributions c) as attributions`,
        )
      ).rows[0] as unknown;
    const kept = await snapshot();
    // Folding the conversions' changes (each minute) keeps every hour's count, in one row an hour.
    await db.query('select private.compact_kept_counts()');
    expect(await snapshot()).toEqual(kept);
    const { rows: folded } = await db.query<{ hours: number; rows: number }>(
      'select count(distinct hour)::int as hours, count(*)::int as rows from private.conversion_hourly',
    );
    expect(folded[0].rows).toBe(folded[0].hours);
    await db.query('select private.rebuild_landing_rollups()');
    expect(await snapshot()).toEqual(kept);
  }, 120_000);

  it('counts the sign-ups of one hour without making one wait for another to commit', async () => {
    // Two families sign up in the same hour; the first's transaction has not committed yet.
    const first = fresh.db;
    const second = new pg.Client({ connectionString: fresh.url });
    await second.connect();
    const signUp = (client: pg.Client, email: string) =>
      client.query(
        `insert into public.waitlist (name, email, consent, source) values ('Same Hour', $1, true, 'waitlist')`,
        [email],
      );
    try {
      await first.query('begin');
      await signUp(first, 'first.same.hour@example.com');
      // A wait on a row the first holds would fail here instead of hanging the test.
      await second.query(`set lock_timeout = '3s'`);
      await signUp(second, 'second.same.hour@example.com');
      await first.query('commit');
      const { rows } = await first.query<{ kept: string; real: string }>(
        `select (select sum(conversions) from private.conversion_hourly where hour = h.start) as kept,
                (select count(*) from private.conversion_events(h.start, h.start + interval '1 hour')) as real
           from (select date_trunc('hour', now(), 'UTC') as start) h`,
      );
      expect(Number(rows[0].kept)).toBe(Number(rows[0].real));
    } finally {
      await first.query('rollback').catch(() => {});
      await first.query(`delete from public.waitlist where email like '%.same.hour@example.com'`);
      await second.end();
    }
  });

  it('equals it over ranges at random instants (the median from blocks of every size)', async () => {
    // A fixed sequence, so a failure can be replayed.
    let state = 20261127;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const zones = ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham'];
    for (let i = 0; i < 12; i++) {
      const start = 1 + random() * 88;
      const short = i % 3 === 0;
      const length = short ? 0.01 + random() * 0.2 : 0.01 + random() * (start + 1);
      // The eight ranges of two days or more hold some of the seed's visits; the four of a few
      // hours may fall between them.
      await compare(daysAgo(start), daysAgo(start - length), zones[i % zones.length], { mayBeEmpty: short });
    }
  }, 120_000);

  it('rejects changes to recorded events, which the rollups could not follow', async () => {
    const db = fresh.db;
    for (const statement of [
      `delete from public.web_analytics where session_id = 'scale_1'`,
      `update public.web_analytics set duration_seconds = 1 where session_id = 'scale_1'`,
      `truncate public.web_analytics`,
    ]) {
      await db.query('begin');
      try {
        await db.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
        await db.query('set local role service_role');
        await expect(db.query(statement)).rejects.toThrow(/permission denied/);
      } finally {
        await db.query('rollback');
      }
    }
  });
});
