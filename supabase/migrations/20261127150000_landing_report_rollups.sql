-- The landing report at a thousand times today's traffic (issue 25; docs/decisions/195): visitors
-- and page views come from rollups kept up to date by a trigger as page views arrive, instead of
-- counting a million raw rows per request. Exact, not estimated: the numbers equal the raw query's.
--
-- private.landing_visits   one row per visit (session, path, campaign): its first and last view
-- private.landing_hourly   per hour, path and campaign: page views, and visits whose first view
--                          falls in that hour
-- private.analytics_sessions  one row per analytics session: where it landed (any page, for the
--                          conversions' attribution), its first and last view of a landing variant
--                          and its first and last event of any kind
-- private.landing_hourly_sessions  per hour: sessions whose first variant view falls in that hour
--
-- A range [since, until) is split into its whole hours (read from the rollups) and the partial hours
-- at either end (read from raw rows). A visit counted "by its first view" is exact for visits that
-- start inside the range; a visit that started before it and has a view inside it (found with the
-- range index on its first..last span) is added. A late row (an earlier view arriving after a later
-- one) moves the visit's first view, and the hour counts with it.
--
-- The rollups cover every path; the report keeps the landing variants' (private.landing_variant_paths)
-- at query time, but analytics_sessions' variant span uses the list when the row arrives: a change to
-- that list calls private.rebuild_landing_rollups().

create table private.landing_visits (
  session_id text collate "C" not null,
  path text collate "C" not null,
  campaign_key text collate "C" not null,
  first_view_at timestamptz not null,
  last_view_at timestamptz not null,
  views integer not null,
  primary key (session_id, path, campaign_key)
);
create index landing_visits_first_idx on private.landing_visits (first_view_at);
create index landing_visits_span_idx on private.landing_visits
  using gist (tstzrange(first_view_at, last_view_at, '[]'));

create table private.landing_hourly (
  hour timestamptz not null,
  path text collate "C" not null,
  campaign_key text collate "C" not null,
  page_views bigint not null default 0,
  first_views bigint not null default 0,
  primary key (hour, path, campaign_key)
);

create table private.analytics_sessions (
  session_id text collate "C" primary key,
  landing_at timestamptz,
  landing_path text,
  landing_campaign text,
  variant_first_at timestamptz,
  variant_last_at timestamptz,
  -- every event's time (views and leaves): a session that spans a range's edge is found by it
  activity_first_at timestamptz not null,
  activity_last_at timestamptz not null
);
-- Sessions with no view of a variant: their leaves are not a visitor's (docs/decisions/141).
create index analytics_sessions_no_variant_idx on private.analytics_sessions (session_id)
  where variant_first_at is null;
create index analytics_sessions_activity_span_idx on private.analytics_sessions
  using gist (tstzrange(activity_first_at, activity_last_at, '[]'));
create index analytics_sessions_variant_first_idx on private.analytics_sessions (variant_first_at)
  where variant_first_at is not null;
create index analytics_sessions_variant_span_idx on private.analytics_sessions
  using gist (tstzrange(variant_first_at, variant_last_at, '[]')) where variant_first_at is not null;

create table private.landing_hourly_sessions (
  hour timestamptz primary key,
  first_sessions bigint not null default 0
);

alter table private.landing_visits enable row level security;
alter table private.landing_hourly enable row level security;
alter table private.analytics_sessions enable row level security;
alter table private.landing_hourly_sessions enable row level security;
revoke all on private.landing_visits, private.landing_hourly, private.analytics_sessions,
  private.landing_hourly_sessions from public, anon, authenticated;

-- Raw leaves in a range with what the median needs, read from the index alone.
create index web_analytics_leaves_idx on public.web_analytics (created_at)
  include (path, utm_campaign, session_id, duration_seconds) where event_type = 'page_leave';

-- One event into the rollups (the trigger below).
create or replace function private.landing_rollup_event(
  v_session text, v_type text, v_path text, v_campaign text, v_at timestamptz
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  ck text := coalesce(v_campaign, '');
  old_first timestamptz;
  s private.analytics_sessions;
  is_view boolean := v_type = 'page_view';
  is_variant boolean := v_type = 'page_view' and v_path in (select p.path from private.landing_variant_paths() p);
begin
  if is_view then
    insert into private.landing_visits (session_id, path, campaign_key, first_view_at, last_view_at, views)
    values (v_session, v_path, ck, v_at, v_at, 1)
    on conflict do nothing;
    if found then
      insert into private.landing_hourly as h (hour, path, campaign_key, page_views, first_views)
      values (date_trunc('hour', v_at), v_path, ck, 1, 1)
      on conflict (hour, path, campaign_key)
        do update set page_views = h.page_views + 1, first_views = h.first_views + 1;
    else
      select v.first_view_at into old_first from private.landing_visits v
      where v.session_id = v_session and v.path = v_path and v.campaign_key = ck for update;
      update private.landing_visits v
      set first_view_at = least(v.first_view_at, v_at), last_view_at = greatest(v.last_view_at, v_at),
          views = v.views + 1
      where v.session_id = v_session and v.path = v_path and v.campaign_key = ck;
      insert into private.landing_hourly as h (hour, path, campaign_key, page_views, first_views)
      values (date_trunc('hour', v_at), v_path, ck, 1, case when v_at < old_first then 1 else 0 end)
      on conflict (hour, path, campaign_key)
        do update set page_views = h.page_views + 1, first_views = h.first_views + excluded.first_views;
      if v_at < old_first then
        update private.landing_hourly h set first_views = h.first_views - 1
        where h.hour = date_trunc('hour', old_first) and h.path = v_path and h.campaign_key = ck;
      end if;
    end if;
  end if;

  insert into private.analytics_sessions (session_id, landing_at, landing_path, landing_campaign,
                                          variant_first_at, variant_last_at, activity_first_at, activity_last_at)
  values (v_session, case when is_view then v_at end, case when is_view then v_path end,
          case when is_view then v_campaign end,
          case when is_variant then v_at end, case when is_variant then v_at end, v_at, v_at)
  on conflict do nothing;
  if found then
    if is_variant then
      insert into private.landing_hourly_sessions as h (hour, first_sessions)
      values (date_trunc('hour', v_at), 1)
      on conflict (hour) do update set first_sessions = h.first_sessions + 1;
    end if;
    return;
  end if;
  select * into s from private.analytics_sessions a where a.session_id = v_session for update;
  update private.analytics_sessions a
  set activity_first_at = least(a.activity_first_at, v_at), activity_last_at = greatest(a.activity_last_at, v_at)
  where a.session_id = v_session;
  if is_view and (s.landing_at is null or v_at < s.landing_at) then
    update private.analytics_sessions a
    set landing_at = v_at, landing_path = v_path, landing_campaign = v_campaign
    where a.session_id = v_session;
  end if;
  if is_variant then
    update private.analytics_sessions a
    set variant_first_at = least(a.variant_first_at, v_at),
        variant_last_at = greatest(a.variant_last_at, v_at)
    where a.session_id = v_session;
    if s.variant_first_at is null or v_at < s.variant_first_at then
      insert into private.landing_hourly_sessions as h (hour, first_sessions)
      values (date_trunc('hour', v_at), 1)
      on conflict (hour) do update set first_sessions = h.first_sessions + 1;
      if s.variant_first_at is not null then
        update private.landing_hourly_sessions h set first_sessions = h.first_sessions - 1
        where h.hour = date_trunc('hour', s.variant_first_at);
      end if;
    end if;
  end if;
end;
$$;
revoke execute on function private.landing_rollup_event(text, text, text, text, timestamptz) from public;

create or replace function private.web_analytics_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.landing_rollup_event(new.session_id, new.event_type, new.path, new.utm_campaign,
                                      new.created_at);
  return null;
end;
$$;
revoke execute on function private.web_analytics_rollup() from public;
grant execute on function private.web_analytics_rollup() to anon, authenticated, service_role;

-- After the row is in (the before-insert triggers drop staff views and derive path and campaign).
create trigger web_analytics_rollup
  after insert on public.web_analytics
  for each row execute function private.web_analytics_rollup();

-- Rows are only ever added (no role may update or delete them); should the owner change them in
-- bulk (or a bulk load switch the trigger off), the rollups are rebuilt from the raw rows, set-based.
create or replace function private.rebuild_landing_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
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
end;
$$;
revoke execute on function private.rebuild_landing_rollups() from public, anon, authenticated;

select private.rebuild_landing_rollups();
