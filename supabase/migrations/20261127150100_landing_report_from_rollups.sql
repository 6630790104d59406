-- landing_report and landing_report_daily read visitors and page views from the rollups of
-- 20261127150000 (the whole hours of the range) and the raw rows (its partial hours), and a
-- conversion's landing page from private.analytics_sessions (one probe, not a scan of the session's
-- views). Same columns, same numbers as before (tests/database/report-rollups.test.ts compares them
-- with the raw query's on the same rows). Latest definitions were 20261126140100 (landing_report,
-- landing_report_daily) and 20261123003400 (landing_conversions).

-- Visitors and page views per path and campaign in [since, until).
create or replace function private.landing_traffic(since timestamptz, until timestamptz)
returns table (path text, utm_campaign text, visitors bigint, page_views bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  h1 timestamptz := date_trunc('hour', since);
  h2 timestamptz := date_trunc('hour', until);
begin
  perform private.require_staff_two_factor();
  if h1 < since then h1 := h1 + interval '1 hour'; end if;
  if h1 >= h2 then h1 := until; h2 := until; end if;
  -- [h1, h2): whole hours from the rollups; [since, h1) and [h2, until): raw rows.
  return query
    with parts as (
      select h.path, h.campaign_key, h.page_views, h.first_views as starts
      from private.landing_hourly h
      where h.hour >= h1 and h.hour < h2
      union all
      select w.path collate "C", coalesce(w.utm_campaign, '') collate "C", 1, 0
      from public.web_analytics w
      where w.event_type = 'page_view'
        and ((w.created_at >= since and w.created_at < h1) or (w.created_at >= h2 and w.created_at < until))
      union all
      select v.path, v.campaign_key, 0, 1
      from private.landing_visits v
      where (v.first_view_at >= since and v.first_view_at < h1) or (v.first_view_at >= h2 and v.first_view_at < until)
      union all
      -- visits that began before the range and have a view inside it
      select v.path, v.campaign_key, 0, 1
      from private.landing_visits v
      where tstzrange(v.first_view_at, v.last_view_at, '[]') @> since and v.first_view_at < since
        and (v.last_view_at < until or exists (
          select 1 from public.web_analytics w
          where w.session_id = v.session_id and w.event_type = 'page_view'
            and w.created_at >= since and w.created_at < until
            and w.path = v.path and coalesce(w.utm_campaign, '') = v.campaign_key))
    )
    select p.path::text, nullif(p.campaign_key, '')::text, sum(p.starts)::bigint, sum(p.page_views)::bigint
    from parts p
    group by p.path, p.campaign_key
    having sum(p.starts) > 0 or sum(p.page_views) > 0;
end;
$$;

-- Sessions with a variant view in [since, until), and page views of the variants, per segment of
-- the range cut at `cuts` (the local midnights for the daily series).
create or replace function private.landing_daily_traffic(since timestamptz, until timestamptz, cuts timestamptz[])
returns table (segment_start timestamptz, visitors bigint, page_views bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  with bounds as (
    select b.s, coalesce(lead(b.s) over (order by b.s), until) as e
    from (select distinct c as s from unnest(array[since] || cuts) c where c >= since and c < until) b
  ),
  seg as (
    select b.s, b.e,
           case when h.h1 >= date_trunc('hour', b.e) then b.e else h.h1 end as h1,
           case when h.h1 >= date_trunc('hour', b.e) then b.e else date_trunc('hour', b.e) end as h2
    from bounds b
    cross join lateral (select case when date_trunc('hour', b.s) < b.s
      then date_trunc('hour', b.s) + interval '1 hour' else b.s end as h1) h
  ),
  variant_paths as (select p.path collate "C" as path from private.landing_variant_paths() p),
  parts as (
    select g.s, hs.first_sessions as starts, 0::bigint as views
    from seg g join private.landing_hourly_sessions hs on hs.hour >= g.h1 and hs.hour < g.h2
    union all
    select g.s, 0, lh.page_views
    from seg g join private.landing_hourly lh on lh.hour >= g.h1 and lh.hour < g.h2
    where lh.path in (select vp.path from variant_paths vp)
    union all
    select g.s, 1, 0
    from seg g join private.analytics_sessions a
      on (a.variant_first_at >= g.s and a.variant_first_at < g.h1) or (a.variant_first_at >= g.h2 and a.variant_first_at < g.e)
    union all
    select g.s, 0, 1
    from seg g join public.web_analytics w
      on w.event_type = 'page_view'
     and ((w.created_at >= g.s and w.created_at < g.h1) or (w.created_at >= g.h2 and w.created_at < g.e))
    where w.path collate "C" in (select vp.path from variant_paths vp)
    union all
    select g.s, 1, 0
    from seg g join private.analytics_sessions a
      on tstzrange(a.variant_first_at, a.variant_last_at, '[]') @> g.s and a.variant_first_at is not null
     and a.variant_first_at < g.s
    where a.variant_last_at < g.e or exists (
      select 1 from public.web_analytics w
      where w.session_id = a.session_id and w.event_type = 'page_view'
        and w.created_at >= g.s and w.created_at < g.e
        and w.path collate "C" in (select vp.path from variant_paths vp))
  )
  select g.s, coalesce(sum(p.starts), 0)::bigint, coalesce(sum(p.views), 0)::bigint
  from seg g left join parts p on p.s = g.s
  group by g.s;
end;
$$;

revoke execute on function private.landing_traffic(timestamptz, timestamptz),
  private.landing_daily_traffic(timestamptz, timestamptz, timestamptz[]) from public, anon;
grant execute on function private.landing_traffic(timestamptz, timestamptz),
  private.landing_daily_traffic(timestamptz, timestamptz, timestamptz[]) to authenticated, service_role;

-- A conversion's landing page: the session's first page view, kept in analytics_sessions, read for
-- all the range's sessions at once.
create or replace function private.session_landings(sessions text[])
returns table (session_id text, landing_path text, landing_campaign text)
language sql
stable
security definer
set search_path = ''
as $$
  select a.session_id, a.landing_path, a.landing_campaign
  from private.analytics_sessions a
  where a.session_id = any (sessions) and a.landing_path is not null
$$;
revoke execute on function private.session_landings(text[]) from public, anon;
grant execute on function private.session_landings(text[]) to authenticated, service_role;

create or replace function private.landing_conversions(since timestamptz, until timestamptz)
returns table (session_id text, kind text, path text, utm_campaign text)
language sql
stable
security invoker
set search_path = ''
as $$
  with events as materialized (
    select * from private.conversion_events(since, until)
  ),
  landings as (
    select * from private.session_landings(array(select distinct e.session_id from events e where e.session_id is not null))
  )
  select
    coalesce(e.session_id, 'conversion:' || e.conversion_id),
    e.kind,
    coalesce(
      landing.landing_path,
      case when e.landing_path is not null
        then coalesce(nullif(split_part(split_part(e.landing_path, '#', 1), '?', 1), ''), '/') end
    ),
    case when landing.landing_path is not null then landing.landing_campaign
      else left(private.query_param(e.landing_path, 'utm_campaign'), 200) end
  from events e
  left join landings landing on landing.session_id = e.session_id collate "C"
$$;

-- Sessions whose leaves in [since, until) are not a visitor's: no view of a variant at all, or none
-- inside the range (such a session's events span one of the range's ends).
create or replace function private.non_visitor_sessions(since timestamptz, until timestamptz)
returns table (session_id text)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  select a.session_id from private.analytics_sessions a where a.variant_first_at is null
  union
  select a.session_id from private.analytics_sessions a
  where (tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> since
         or tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> until)
    and a.variant_first_at is not null
    and not ((a.variant_first_at >= since and a.variant_first_at < until)
             or (a.variant_last_at >= since and a.variant_last_at < until)
             or (a.variant_first_at < since and a.variant_last_at >= until and exists (
                   select 1 from public.web_analytics w
                   where w.session_id = a.session_id and w.event_type = 'page_view'
                     and w.created_at >= since and w.created_at < until
                     and w.path in (select p.path from private.landing_variant_paths() p))));
end;
$$;
revoke execute on function private.non_visitor_sessions(timestamptz, timestamptz) from public, anon;
grant execute on function private.non_visitor_sessions(timestamptz, timestamptz) to authenticated, service_role;

create or replace function public.landing_report(since timestamptz, until timestamptz)
returns table (
  path text,
  utm_campaign text,
  visitors bigint,
  page_views bigint,
  median_seconds numeric,
  quiz_completed bigint,
  fit_calls bigint,
  waitlist_joins bigint,
  newsletter_signups bigint,
  contact_requests bigint,
  conversions bigint,
  converted_visitors bigint,
  conversion_rate numeric
)
language plpgsql
stable
security invoker
set search_path = ''
set work_mem = '64MB'
as $$
#variable_conflict use_column
begin
  perform private.require_report_access();
  perform private.check_report_range(since, until);
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    traffic as (
      select t.path collate "C" as path, t.utm_campaign collate "C" as utm_campaign, t.visitors, t.page_views
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
    ),
    durations as (
      -- a visitor's leave: its session has a recorded page view of a variant in the range
      select w.path collate "C" as path, w.utm_campaign collate "C" as utm_campaign,
             percentile_cont(0.5) within group (order by w.duration_seconds) as median_seconds
      from public.web_analytics w
      where w.event_type = 'page_leave' and w.created_at >= since and w.created_at < until
        and w.duration_seconds is not null
        and w.session_id collate "C" not in (select n.session_id from private.non_visitor_sessions(since, until) n)
        and w.path collate "C" in (select vp.path from variant_paths vp)
      group by 1, 2
    ),
    pages as (
      select coalesce(t.path, d.path) as path, coalesce(t.utm_campaign, d.utm_campaign) as utm_campaign,
             t.visitors, t.page_views, d.median_seconds
      from traffic t
      full join durations d
        on d.path = t.path and coalesce(d.utm_campaign, '') = coalesce(t.utm_campaign, '')
    ),
    attributed as (
      select
        case when c.path collate "C" in (select vp.path from variant_paths vp) then c.path end as path,
        case when c.path collate "C" in (select vp.path from variant_paths vp) then c.utm_campaign end
          as utm_campaign,
        c.kind, c.session_id
      from private.landing_conversions(since, until) c
    ),
    conv as (
      select
        c.path,
        c.utm_campaign,
        count(*) filter (where c.kind = 'quiz') as quiz_completed,
        count(*) filter (where c.kind = 'fit_call') as fit_calls,
        count(*) filter (where c.kind = 'waitlist') as waitlist_joins,
        count(*) filter (where c.kind = 'newsletter') as newsletter_signups,
        count(*) filter (where c.kind = 'contact') as contact_requests,
        count(*) as conversions,
        count(distinct c.session_id) as converted_visitors
      from attributed c
      group by c.path, c.utm_campaign
    )
    select
      coalesce(p.path, c.path)::text,
      coalesce(p.utm_campaign, c.utm_campaign)::text,
      coalesce(p.visitors, 0),
      coalesce(p.page_views, 0),
      round(p.median_seconds::numeric, 1),
      coalesce(c.quiz_completed, 0),
      coalesce(c.fit_calls, 0),
      coalesce(c.waitlist_joins, 0),
      coalesce(c.newsletter_signups, 0),
      coalesce(c.contact_requests, 0),
      coalesce(c.conversions, 0),
      coalesce(c.converted_visitors, 0),
      case when coalesce(p.visitors, 0) > 0
        then round(coalesce(c.converted_visitors, 0)::numeric / p.visitors, 4) end
    from pages p
    full join conv c
      on coalesce(c.path, '') collate "C" = p.path
      and coalesce(c.utm_campaign, '') collate "C" = coalesce(p.utm_campaign, '')
    order by 3 desc, 1 nulls last, 2 nulls first;
end;
$$;

create or replace function public.landing_report_daily(
  since timestamptz,
  until timestamptz,
  time_zone text default 'UTC'
)
returns table (day date, visitors bigint, page_views bigint, conversions bigint)
language plpgsql
stable
security invoker
set search_path = ''
set work_mem = '64MB'
as $$
#variable_conflict use_column
begin
  perform private.require_report_access();
  perform private.check_report_range(since, until);
  begin
    perform now() at time zone time_zone;
  exception when others then
    raise exception 'Unknown time zone: %', time_zone using errcode = '22023';
  end;
  return query
    with days as (
      select g::date as day, (g::date)::timestamp at time zone time_zone as starts
      from generate_series(
        (since at time zone time_zone)::date,
        ((until - interval '1 microsecond') at time zone time_zone)::date,
        interval '1 day'
      ) as g
    ),
    views as (
      select (t.segment_start at time zone time_zone)::date as day, t.visitors, t.page_views
      from private.landing_daily_traffic(since, until, array(select d.starts from days d)) t
    ),
    conv as (
      select (e.created_at at time zone time_zone)::date as day, count(*) as conversions
      from private.conversion_events(since, until) e
      group by 1
    )
    select d.day, coalesce(v.visitors, 0), coalesce(v.page_views, 0), coalesce(c.conversions, 0)
    from days d
    left join views v on v.day = d.day
    left join conv c on c.day = d.day
    order by d.day;
end;
$$;
