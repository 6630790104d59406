-- The landing report counted /admin/*, /login and every other page with a view as a landing
-- variant, and the team's own visits as visitors (issue 21). Now:
-- 1. A page view sent by a signed-in admin or coach is not recorded (dropped by a trigger, for any
--    client): staff are not visitors. Their page leaves, which come without an account through
--    track-page-leave, are left out of the report by session: a leave counts only for a session
--    with a recorded page view of a landing variant in the report's range.
-- 2. landing_report lists the landing variants only (private.landing_variant_paths, the paths of
--    src/content/variants.ts); a conversion whose visitor landed on any other page is reported on
--    the row without a path, with those sent without analytics ("other pages or not attributed").
--    The daily series counts visitors and page views of the variants too, so the chart and the
--    table agree. landing_variant_conversions (the overview) sums landing_report, unchanged.

create or replace function private.web_analytics_skip_staff()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null then
    if private.has_role(auth.uid(), 'admin') or private.has_role(auth.uid(), 'coach') then
      return null;
    end if;
  end if;
  return new;
end;
$$;
revoke execute on function private.web_analytics_skip_staff() from public;
grant execute on function private.web_analytics_skip_staff() to anon, authenticated, service_role;

-- Named to run first among the insert triggers (alphabetical): nothing is derived for a dropped row.
create trigger web_analytics_a_skip_staff
  before insert on public.web_analytics
  for each row execute function private.web_analytics_skip_staff();

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
    -- Hash aggregation in memory and byte-wise text comparison ("C"): on 300,000 rows a sort by
    -- (path, campaign, session) in the database's locale, spilled to disk, took most of the time.
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    scoped as not materialized (
      select w.path collate "C" as path, w.utm_campaign collate "C" as utm_campaign,
             w.session_id collate "C" as session_id, w.event_type, w.duration_seconds
      from public.web_analytics w
      where w.created_at >= since and w.created_at < until
        and w.path collate "C" in (select vp.path from variant_paths vp)
    ),
    visits as (
      select s.path, s.utm_campaign, s.session_id, count(*) as views
      from scoped s
      where s.event_type = 'page_view'
      group by s.path, s.utm_campaign, s.session_id
    ),
    traffic as (
      select v.path, v.utm_campaign, count(*) as visitors, sum(v.views)::bigint as page_views
      from visits v
      group by v.path, v.utm_campaign
    ),
    durations as (
      select s.path, s.utm_campaign,
             percentile_cont(0.5) within group (order by s.duration_seconds) as median_seconds
      from scoped s
      where s.event_type = 'page_leave' and s.duration_seconds is not null
        -- a visitor's leave: its session has a recorded page view of a variant in the range (staff
        -- views are not recorded); a hashed semi-join on what visits already holds
        and s.session_id in (select v.session_id from visits v)
      group by s.path, s.utm_campaign
    ),
    pages as (
      select coalesce(t.path, d.path) as path, coalesce(t.utm_campaign, d.utm_campaign) as utm_campaign,
             t.visitors, t.page_views, d.median_seconds
      from traffic t
      full join durations d
        on d.path = t.path and coalesce(d.utm_campaign, '') = coalesce(t.utm_campaign, '')
    ),
    attributed as (
      -- a conversion of a visitor who landed elsewhere than on a variant has no variant row
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
      coalesce(p.path, c.path),
      coalesce(p.utm_campaign, c.utm_campaign),
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
revoke execute on function public.landing_report(timestamptz, timestamptz) from public, anon;
grant execute on function public.landing_report(timestamptz, timestamptz) to authenticated, service_role;

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
      select g::date as day
      from generate_series(
        (since at time zone time_zone)::date,
        ((until - interval '1 microsecond') at time zone time_zone)::date,
        interval '1 day'
      ) as g
    ),
    views as (
      select
        (w.created_at at time zone time_zone)::date as day,
        count(distinct w.session_id collate "C") as visitors,
        count(*) as page_views
      from public.web_analytics w
      where w.event_type = 'page_view' and w.created_at >= since and w.created_at < until
        and w.path in (select v.path from private.landing_variant_paths() v)
      group by 1
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
revoke execute on function public.landing_report_daily(timestamptz, timestamptz, text) from public, anon;
grant execute on function public.landing_report_daily(timestamptz, timestamptz, text)
  to authenticated, service_role;
