-- The landing report's traffic over long ranges (issue 25; docs/decisions/201): landing_traffic read
-- one landing_hourly row per hour, path and campaign (about 90,000 over 90 days at the scale seed's
-- size), and the daily series the same rows to add up the variants' page views per hour. Two more
-- rollups, kept from landing_hourly by a trigger (whatever changed an hour's counts, a late row's
-- move included, changes them by the same amount):
--
-- private.landing_daily           per UTC day, path and campaign: landing_hourly's sums
-- landing_hourly_sessions.variant_views  per hour: page views of the landing variants
--
-- landing_traffic reads a range's whole UTC days from landing_daily, the hours around them from
-- landing_hourly and the partial hours from the raw rows; landing_daily_traffic reads the variants'
-- page views per hour from landing_hourly_sessions.

create table private.landing_daily (
  day timestamptz not null,
  path text collate "C" not null,
  campaign_key text collate "C" not null,
  page_views bigint not null default 0,
  first_views bigint not null default 0,
  primary key (day, path, campaign_key)
);
alter table private.landing_daily enable row level security;
revoke all on private.landing_daily from public, anon, authenticated;

alter table private.landing_hourly_sessions add column variant_views bigint not null default 0;

create or replace function private.landing_hourly_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  d_views bigint := new.page_views - coalesce(old.page_views, 0);
  d_first bigint := new.first_views - coalesce(old.first_views, 0);
begin
  -- private.rebuild_landing_rollups() fills the day rollups set-based afterwards
  if current_setting('ploom.rebuilding_landing_rollups', true) = 'on' then
    return null;
  end if;
  if d_views = 0 and d_first = 0 then
    return null;
  end if;
  insert into private.landing_daily as d (day, path, campaign_key, page_views, first_views)
  values (date_trunc('day', new.hour, 'UTC'), new.path, new.campaign_key, d_views, d_first)
  on conflict (day, path, campaign_key)
    do update set page_views = d.page_views + excluded.page_views, first_views = d.first_views + excluded.first_views;
  if d_views <> 0 and new.path in (select p.path from private.landing_variant_paths() p) then
    insert into private.landing_hourly_sessions as h (hour, first_sessions, variant_views)
    values (new.hour, 0, d_views)
    on conflict (hour) do update set variant_views = h.variant_views + excluded.variant_views;
  end if;
  return null;
end;
$$;
revoke execute on function private.landing_hourly_changed() from public, anon, authenticated;

create trigger landing_hourly_changed
  after insert or update on private.landing_hourly
  for each row execute function private.landing_hourly_changed();

-- The day rollups from landing_hourly, set-based.
create or replace function private.rebuild_landing_day_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.landing_daily;
  insert into private.landing_daily (day, path, campaign_key, page_views, first_views)
  select date_trunc('day', h.hour, 'UTC'), h.path, h.campaign_key, sum(h.page_views), sum(h.first_views)
  from private.landing_hourly h
  group by 1, 2, 3;
  update private.landing_hourly_sessions h set variant_views = 0 where h.variant_views <> 0;
  insert into private.landing_hourly_sessions as s (hour, first_sessions, variant_views)
  select h.hour, 0, sum(h.page_views)
  from private.landing_hourly h
  where h.path in (select p.path from private.landing_variant_paths() p)
  group by 1
  on conflict (hour) do update set variant_views = excluded.variant_views;
end;
$$;
revoke execute on function private.rebuild_landing_day_rollups() from public, anon, authenticated;

-- Latest definition: 20261127180000. Now also the day rollups (the trigger on landing_hourly stands
-- aside while it refills landing_hourly) and the conversions per hour (20261127180150).
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
end;
$$;


-- Latest definition: 20261127150100. Whole UTC days from landing_daily.
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
  d1 timestamptz;
  d2 timestamptz;
begin
  perform private.require_staff_two_factor();
  if h1 < since then h1 := h1 + interval '1 hour'; end if;
  if h1 >= h2 then h1 := until; h2 := until; end if;
  d1 := date_trunc('day', h1, 'UTC');
  if d1 < h1 then d1 := d1 + interval '1 day'; end if;
  d2 := date_trunc('day', h2, 'UTC');
  if d1 >= d2 then d1 := h2; d2 := h2; end if;
  -- [d1, d2): whole UTC days; [h1, d1) and [d2, h2): whole hours; [since, h1) and [h2, until): raw rows.
  return query
    with parts as (
      select h.path, h.campaign_key, h.page_views, h.first_views as starts
      from private.landing_daily h
      where h.day >= d1 and h.day < d2
      union all
      select h.path, h.campaign_key, h.page_views, h.first_views as starts
      from private.landing_hourly h
      where (h.hour >= h1 and h.hour < d1) or (h.hour >= d2 and h.hour < h2)
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


-- Latest definition: 20261127150100. The variants' page views per hour from landing_hourly_sessions.
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
    select g.s, hs.first_sessions as starts, hs.variant_views as views
    from seg g join private.landing_hourly_sessions hs on hs.hour >= g.h1 and hs.hour < g.h2
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


select private.rebuild_landing_day_rollups();
