-- The landing report's conversions without a probe per conversion (issue 25; docs/decisions/201):
-- each conversion (as private.conversion_events lists them) with the landing page and campaign it is
-- attributed to (private.landing_conversions' rule: its session's first page view, else the page it
-- was sent from), kept by triggers as conversions arrive, change or go, and as a session's landing
-- page is found or moves (a late, earlier view). The report reads the range's rows of one table.

create table private.conversion_attributions (
  conversion_id text collate "C" primary key,
  session_key text collate "C" not null,
  session_id text collate "C",
  kind text collate "C" not null,
  created_at timestamptz not null,
  path text collate "C",
  utm_campaign text collate "C"
);
create index conversion_attributions_created_idx on private.conversion_attributions (created_at)
  include (session_key, kind, path, utm_campaign);
create index conversion_attributions_session_idx on private.conversion_attributions (session_id)
  where session_id is not null;
alter table private.conversion_attributions enable row level security;
revoke all on private.conversion_attributions from public, anon, authenticated;

-- Where a conversion is attributed: its session's landing page when the session has one, else the
-- page it was sent from (path without query or fragment, and that page's utm_campaign).
create or replace function private.conversion_attribution(v_session text, v_landing_path text)
returns table (path text, utm_campaign text)
language sql
stable
security definer
set search_path = ''
as $$
  select
    coalesce(a.landing_path, case when v_landing_path is not null
      then coalesce(nullif(split_part(split_part(v_landing_path, '#', 1), '?', 1), ''), '/') end),
    case when a.landing_path is not null then a.landing_campaign
      else left(private.query_param(v_landing_path, 'utm_campaign'), 200) end
  from (select 1) one
  left join private.analytics_sessions a on a.session_id = v_session and a.landing_path is not null
$$;
revoke execute on function private.conversion_attribution(text, text) from public, anon, authenticated;

create or replace function private.conversion_attribution_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_kind text;
  v_landing text;
  v_session text;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from private.conversion_attributions c where c.conversion_id = old.id::text;
  end if;
  if tg_op = 'DELETE' then
    return null;
  end if;
  v_session := new.analytics_session_id;
  if tg_table_name = 'waitlist' then
    v_kind := case new.source when 'fit-call' then 'fit_call' when 'contact-v2' then 'contact' else 'waitlist' end;
    v_landing := new.landing_path;
  elsif tg_table_name = 'quiz_assessments' then
    v_kind := 'quiz';
    v_landing := new.landing_path;
  elsif tg_table_name = 'newsletter_subscribers' then
    v_kind := 'newsletter';
  else
    v_kind := 'contact';
  end if;
  insert into private.conversion_attributions (conversion_id, session_key, session_id, kind, created_at, path, utm_campaign)
  select new.id::text, coalesce(v_session, 'conversion:' || new.id::text), v_session, v_kind, new.created_at,
         a.path, a.utm_campaign
  from private.conversion_attribution(v_session, v_landing) a;
  return null;
end;
$$;
revoke execute on function private.conversion_attribution_changed() from public;
grant execute on function private.conversion_attribution_changed() to anon, authenticated, service_role;

create trigger conversion_attribution
  after insert or delete or update of created_at, analytics_session_id, landing_path, source on public.waitlist
  for each row execute function private.conversion_attribution_changed();
create trigger conversion_attribution
  after insert or delete or update of created_at, analytics_session_id, landing_path on public.quiz_assessments
  for each row execute function private.conversion_attribution_changed();
create trigger conversion_attribution
  after insert or delete or update of created_at, analytics_session_id on public.newsletter_subscribers
  for each row execute function private.conversion_attribution_changed();
create trigger conversion_attribution
  after insert or delete or update of created_at, analytics_session_id on public.contact_messages
  for each row execute function private.conversion_attribution_changed();

-- A session's landing page found or moved: its conversions follow.
create or replace function private.session_landing_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if current_setting('ploom.rebuilding_landing_rollups', true) = 'on' then
    return null;
  end if;
  if new.landing_path is null
     or (tg_op = 'UPDATE' and old.landing_path is not distinct from new.landing_path
         and old.landing_campaign is not distinct from new.landing_campaign) then
    return null;
  end if;
  update private.conversion_attributions c
  set path = new.landing_path, utm_campaign = new.landing_campaign
  where c.session_id = new.session_id;
  return null;
end;
$$;
revoke execute on function private.session_landing_changed() from public, anon, authenticated;

create trigger session_landing_changed
  after insert or update of landing_path, landing_campaign on private.analytics_sessions
  for each row execute function private.session_landing_changed();

create or replace function private.rebuild_conversion_attributions()
returns void
language sql
security definer
set search_path = ''
as $$
  truncate private.conversion_attributions;
  insert into private.conversion_attributions (conversion_id, session_key, session_id, kind, created_at, path, utm_campaign)
  select e.conversion_id, coalesce(e.session_id, 'conversion:' || e.conversion_id), e.session_id, e.kind, e.created_at,
    coalesce(a.landing_path, case when e.landing_path is not null
      then coalesce(nullif(split_part(split_part(e.landing_path, '#', 1), '?', 1), ''), '/') end),
    case when a.landing_path is not null then a.landing_campaign
      else left(private.query_param(e.landing_path, 'utm_campaign'), 200) end
  from (
    select w.id::text as conversion_id, w.analytics_session_id as session_id,
           case w.source when 'fit-call' then 'fit_call' when 'contact-v2' then 'contact' else 'waitlist' end as kind,
           w.created_at, w.landing_path
    from public.waitlist w
    union all
    select q.id::text, q.analytics_session_id, 'quiz', q.created_at, q.landing_path from public.quiz_assessments q
    union all
    select n.id::text, n.analytics_session_id, 'newsletter', n.created_at, null from public.newsletter_subscribers n
    union all
    select c.id::text, c.analytics_session_id, 'contact', c.created_at, null from public.contact_messages c
  ) e
  left join private.analytics_sessions a on a.session_id = e.session_id collate "C" and a.landing_path is not null;
$$;
revoke execute on function private.rebuild_conversion_attributions() from public, anon, authenticated;

-- The range's conversions per landing variant and campaign (none: the row without a path), as
-- landing_report counts them: per kind, all, and the distinct visitors (or conversions without a
-- session) that converted.
create or replace function private.landing_conversion_counts(since timestamptz, until timestamptz)
returns table (
  path text,
  utm_campaign text,
  quiz_completed bigint,
  fit_calls bigint,
  waitlist_joins bigint,
  newsletter_signups bigint,
  contact_requests bigint,
  conversions bigint,
  converted_visitors bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  with variant_paths as (
    select v.path collate "C" as path from private.landing_variant_paths() v
  ),
  per_session as (
    -- one row per variant, campaign and converting session (hashed, not sorted)
    select case when c.path in (select vp.path from variant_paths vp) then c.path end as path,
           case when c.path in (select vp.path from variant_paths vp) then c.utm_campaign end as utm_campaign,
           c.session_key,
           count(*) filter (where c.kind = 'quiz') as quiz,
           count(*) filter (where c.kind = 'fit_call') as fit_call,
           count(*) filter (where c.kind = 'waitlist') as waitlist,
           count(*) filter (where c.kind = 'newsletter') as newsletter,
           count(*) filter (where c.kind = 'contact') as contact,
           count(*) as all_kinds
    from private.conversion_attributions c
    where c.created_at >= since and c.created_at < until
    group by 1, 2, 3
  )
  select s.path::text, s.utm_campaign::text, sum(s.quiz)::bigint, sum(s.fit_call)::bigint,
         sum(s.waitlist)::bigint, sum(s.newsletter)::bigint, sum(s.contact)::bigint,
         sum(s.all_kinds)::bigint, count(*)::bigint
  from per_session s
  group by s.path, s.utm_campaign;
end;
$$;
revoke execute on function private.landing_conversion_counts(timestamptz, timestamptz) from public, anon;
grant execute on function private.landing_conversion_counts(timestamptz, timestamptz) to authenticated, service_role;

-- Latest definition: 20261127180200. Now also the conversions' attributions.
create or replace function private.rebuild_landing_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform set_config('ploom.rebuilding_landing_rollups', 'on', true);
  truncate private.landing_visits, private.landing_hourly, private.analytics_sessions,
    private.landing_hourly_sessions;
  insert into private.landing_visits (session_id, path, campaign_key, first_view_at, last_view_at, views)
  select w.session_id, w.path, coalesce(w.utm_campaign, ''), min(w.created_at), max(w.created_at), count(*)
  from public.web_analytics w
  where w.event_type = 'page_view'
  group by 1, 2, 3;
  insert into private.landing_hourly (hour, path, campaign_key, page_views, first_views)
  select coalesce(p.hour, f.hour), coalesce(p.path, f.path), coalesce(p.campaign_key, f.campaign_key),
         coalesce(p.page_views, 0), coalesce(f.first_views, 0)
  from (
    select date_trunc('hour', w.created_at) as hour, w.path collate "C" as path,
           coalesce(w.utm_campaign, '') collate "C" as campaign_key, count(*) as page_views
    from public.web_analytics w where w.event_type = 'page_view'
    group by 1, 2, 3
  ) p
  full join (
    select date_trunc('hour', v.first_view_at) as hour, v.path, v.campaign_key, count(*) as first_views
    from private.landing_visits v group by 1, 2, 3
  ) f on f.hour = p.hour and f.path = p.path and f.campaign_key = p.campaign_key;
  insert into private.analytics_sessions (session_id, landing_at, landing_path, landing_campaign,
                                          variant_first_at, variant_last_at, activity_first_at, activity_last_at)
  select e.session_id, l.created_at, l.path, l.utm_campaign, vs.first_at, vs.last_at, e.first_at, e.last_at
  from (
    select w.session_id collate "C" as session_id, min(w.created_at) as first_at, max(w.created_at) as last_at
    from public.web_analytics w group by 1
  ) e
  left join (
    select distinct on (w.session_id) w.session_id collate "C" as session_id, w.created_at, w.path, w.utm_campaign
    from public.web_analytics w
    where w.event_type = 'page_view'
    order by w.session_id, w.created_at, w.id
  ) l on l.session_id = e.session_id
  left join (
    select v.session_id, min(v.first_view_at) as first_at, max(v.last_view_at) as last_at
    from private.landing_visits v
    where v.path in (select p.path from private.landing_variant_paths() p)
    group by 1
  ) vs on vs.session_id = e.session_id;
  insert into private.landing_hourly_sessions (hour, first_sessions)
  select date_trunc('hour', s.variant_first_at), count(*)
  from private.analytics_sessions s where s.variant_first_at is not null
  group by 1;
  perform set_config('ploom.rebuilding_landing_rollups', 'off', true);
  perform private.rebuild_landing_day_rollups();
  perform private.rebuild_landing_leave_rollups();
  perform private.rebuild_conversion_hourly();
  perform private.rebuild_conversion_attributions();
end;
$$;


-- Latest definition: 20261127180100. Conversions from private.conversion_attributions.
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
      -- a visitor's leaves (its session has a recorded page view of a variant in the range)
      select m.path collate "C" as path, nullif(m.campaign_key, '') collate "C" as utm_campaign,
             m.median_seconds
      from private.landing_leave_medians(since, until) m
      where m.path collate "C" in (select vp.path from variant_paths vp)
    ),
    pages as (
      select coalesce(t.path, d.path) as path, coalesce(t.utm_campaign, d.utm_campaign) as utm_campaign,
             t.visitors, t.page_views, d.median_seconds
      from traffic t
      full join durations d
        on d.path = t.path and coalesce(d.utm_campaign, '') = coalesce(t.utm_campaign, '')
    ),
    conv as (
      select c.path collate "C" as path, c.utm_campaign collate "C" as utm_campaign, c.quiz_completed,
             c.fit_calls, c.waitlist_joins, c.newsletter_signups, c.contact_requests, c.conversions,
             c.converted_visitors
      from private.landing_conversion_counts(since, until) c
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

select private.rebuild_conversion_attributions();
