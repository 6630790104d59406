-- The marketing team's landing report (replaces the averages of landing_variant_report on
-- /admin/report): per landing variant (path) and UTM campaign over a date range, the visitors
-- (unique analytics sessions with a page view), page views, median time on page (page_leave
-- durations) and the conversions: quiz completed, intro-call requests, waitlist joins, newsletter
-- sign-ups and contact requests, with the share of visitors who converted; and the same per day for
-- the chart. Computed here, in one statement each, so it stays fast on hundreds of thousands of rows.
--
-- Attribution: a conversion belongs to the page where its analytics session landed (the session's
-- first page view); a lead or assessment whose session has no page view falls back to the landing
-- path it was sent from; what has neither is reported on a row without a path ("not attributed").

-- Newsletter sign-ups carry the analytics session too, so they can be attributed like the others.
alter table public.newsletter_subscribers
  add column analytics_session_id text check (char_length(analytics_session_id) <= 100);
grant insert (analytics_session_id) on public.newsletter_subscribers to anon, authenticated;

create index newsletter_subscribers_analytics_session_idx on public.newsletter_subscribers (analytics_session_id)
  where analytics_session_id is not null;
create index quiz_assessments_analytics_session_idx on public.quiz_assessments (analytics_session_id)
  where analytics_session_id is not null;
create index contact_messages_analytics_session_idx on public.contact_messages (analytics_session_id)
  where analytics_session_id is not null;
-- A session's landing page in one index probe.
create index web_analytics_session_landing_idx on public.web_analytics (session_id, created_at)
  include (path, utm_campaign) where event_type = 'page_view';

-- The report's range: it must end after it starts and span at most a year and a day.
create or replace function private.check_report_range(since timestamptz, until timestamptz)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if since is null or until is null or until <= since then
    raise exception 'The report range must end after it starts' using errcode = '22023';
  end if;
  if until - since > interval '367 days' then
    raise exception 'The report range can span at most a year' using errcode = '22023';
  end if;
end;
$$;

-- Reports are for admins (and the service role); anyone else is refused rather than shown zeros.
create or replace function private.require_report_access()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may read the landing report' using errcode = '42501';
  end if;
end;
$$;

-- Every conversion in the range: (id, analytics session, kind, time, landing path it was sent from).
-- Security invoker: read through the caller's row level security.
create or replace function private.conversion_events(since timestamptz, until timestamptz)
returns table (conversion_id text, session_id text, kind text, created_at timestamptz, landing_path text)
language sql
stable
security invoker
set search_path = ''
as $$
  select w.id::text, w.analytics_session_id,
         case w.source when 'fit-call' then 'fit_call' when 'contact-v2' then 'contact' else 'waitlist' end,
         w.created_at, w.landing_path
  from public.waitlist w
  where w.created_at >= since and w.created_at < until
  union all
  select q.id::text, q.analytics_session_id, 'quiz', q.created_at, q.landing_path
  from public.quiz_assessments q
  where q.created_at >= since and q.created_at < until
  union all
  select n.id::text, n.analytics_session_id, 'newsletter', n.created_at, null
  from public.newsletter_subscribers n
  where n.created_at >= since and n.created_at < until
  union all
  select c.id::text, c.analytics_session_id, 'contact', c.created_at, null
  from public.contact_messages c
  where c.created_at >= since and c.created_at < until
$$;

-- Each conversion with the variant and campaign it is attributed to (see the header).
create or replace function private.landing_conversions(since timestamptz, until timestamptz)
returns table (session_id text, kind text, path text, utm_campaign text)
language sql
stable
security invoker
set search_path = ''
as $$
  select
    coalesce(e.session_id, 'conversion:' || e.conversion_id),
    e.kind,
    coalesce(
      landing.path,
      case when e.landing_path is not null
        then coalesce(nullif(split_part(split_part(e.landing_path, '#', 1), '?', 1), ''), '/') end
    ),
    case when landing.path is not null then landing.utm_campaign
      else left(private.query_param(e.landing_path, 'utm_campaign'), 200) end
  from private.conversion_events(since, until) e
  left join lateral (
    select v.path, v.utm_campaign
    from public.web_analytics v
    where v.session_id = e.session_id and v.event_type = 'page_view'
    order by v.created_at
    limit 1
  ) landing on e.session_id is not null
$$;

grant execute on function private.check_report_range(timestamptz, timestamptz),
  private.require_report_access(),
  private.conversion_events(timestamptz, timestamptz),
  private.landing_conversions(timestamptz, timestamptz)
  to authenticated, service_role;

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
    with scoped as not materialized (
      select w.path collate "C" as path, w.utm_campaign collate "C" as utm_campaign,
             w.session_id collate "C" as session_id, w.event_type, w.duration_seconds
      from public.web_analytics w
      where w.created_at >= since and w.created_at < until
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
      group by s.path, s.utm_campaign
    ),
    pages as (
      select coalesce(t.path, d.path) as path, coalesce(t.utm_campaign, d.utm_campaign) as utm_campaign,
             t.visitors, t.page_views, d.median_seconds
      from traffic t
      full join durations d
        on d.path = t.path and coalesce(d.utm_campaign, '') = coalesce(t.utm_campaign, '')
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
      from private.landing_conversions(since, until) c
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

-- Per day (in the viewer's time zone) over the same range: visitors, page views, conversions.
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
