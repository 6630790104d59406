-- The median time on page of the landing report from rollups (issue 25; docs/decisions/201): the
-- report read every leave of its range (about 475,000 over 90 days at the scale seed's size) to
-- take their median. Durations are whole seconds (web_analytics.duration_seconds is an integer), so
-- a count per second of duration gives the same median as percentile_cont over the rows, exactly.
--
-- A visitor's leave (docs/decisions/141: its session has a view of a landing variant) is counted
-- per aligned block of hours at 12 sizes (1, 2, 4, ... 2048 hours): any range of whole hours is
-- covered by at most two blocks of each size, so 90 days read about 20 blocks, not 2,160 hours.
-- Per block two tables: leaves per 32-second bin (to find the bins that hold the middle ranks) and
-- leaves per second (read only inside those bins).
--
-- "Has a view of a variant" is kept by the trigger as rows arrive: a leave counts when its session
-- already has one, and a session's first variant view (even a late one) adds the session's earlier
-- leaves. A range's partial hours, and the sessions whose variant views all lie outside the range
-- while their leaves are inside it (found through analytics_sessions' span index), are read raw.

create table private.landing_leave_bins (
  level smallint not null check (level between 0 and 11),
  block bigint not null,
  path text collate "C" not null,
  campaign_key text collate "C" not null,
  bin integer not null,
  leaves bigint not null,
  -- the count inside the key's index: the report reads it alone (index-only scans)
  primary key (level, block, path, campaign_key, bin) include (leaves)
);

create table private.landing_leave_seconds (
  level smallint not null check (level between 0 and 11),
  block bigint not null,
  path text collate "C" not null,
  campaign_key text collate "C" not null,
  seconds integer not null,
  leaves bigint not null,
  -- the count inside the key's index: the report reads it alone (index-only scans)
  primary key (level, block, path, campaign_key, seconds) include (leaves)
);

alter table private.landing_leave_bins enable row level security;
alter table private.landing_leave_seconds enable row level security;
revoke all on private.landing_leave_bins, private.landing_leave_seconds from public, anon, authenticated;

-- The hour a moment falls in, counted from the epoch (blocks of level L are hour >> L).
create or replace function private.epoch_hour(at timestamptz)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$
  select floor(extract(epoch from at) / 3600)::bigint
$$;

-- [h1, h2) in epoch hours as aligned blocks: at most two of each level.
create or replace function private.hour_blocks(h1 bigint, h2 bigint)
returns table (level smallint, block bigint)
language plpgsql
immutable
rows 24
set search_path = ''
as $$
declare
  lo bigint := h1;
  l integer;
begin
  while lo < h2 loop
    l := 11;
    while l > 0 and (lo % (1::bigint << l) <> 0 or lo + (1::bigint << l) > h2) loop
      l := l - 1;
    end loop;
    level := l;
    block := lo >> l;
    return next;
    lo := lo + (1::bigint << l);
  end loop;
end;
$$;

-- Add (or take away) one leave at every level.
create or replace function private.landing_leave_add(
  v_path text, v_campaign text, v_seconds integer, v_at timestamptz, v_delta integer
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.landing_leave_seconds as s (level, block, path, campaign_key, seconds, leaves)
  select l, private.epoch_hour(v_at) >> l, v_path, coalesce(v_campaign, ''), v_seconds, v_delta
  from generate_series(0, 11) l
  on conflict (level, block, path, campaign_key, seconds) do update set leaves = s.leaves + excluded.leaves;
  insert into private.landing_leave_bins as b (level, block, path, campaign_key, bin, leaves)
  select l, private.epoch_hour(v_at) >> l, v_path, coalesce(v_campaign, ''), v_seconds / 32, v_delta
  from generate_series(0, 11) l
  on conflict (level, block, path, campaign_key, bin) do update set leaves = b.leaves + excluded.leaves;
$$;
revoke execute on function private.landing_leave_add(text, text, integer, timestamptz, integer) from public, anon, authenticated;

-- One event into the leave rollups; called by the trigger after private.landing_rollup_event.
create or replace function private.landing_leave_event(
  v_id bigint, v_session text, v_type text, v_path text, v_campaign text, v_seconds integer, v_at timestamptz
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  r record;
begin
  if v_path is null or v_path not in (select p.path from private.landing_variant_paths() p) then
    return;
  end if;
  if v_type = 'page_leave' and v_seconds is not null then
    if exists (select 1 from private.analytics_sessions a
               where a.session_id = v_session and a.variant_first_at is not null) then
      perform private.landing_leave_add(v_path, v_campaign, v_seconds, v_at, 1);
    end if;
  elsif v_type = 'page_view' and not exists (
    select 1 from public.web_analytics w
    where w.session_id = v_session and w.event_type = 'page_view' and w.id <> v_id
      and w.path in (select p.path from private.landing_variant_paths() p)
  ) then
    -- The session's first view of a variant: its leaves so far become a visitor's.
    for r in
      select w.path, w.utm_campaign, w.duration_seconds, w.created_at
      from public.web_analytics w
      where w.session_id = v_session and w.event_type = 'page_leave' and w.duration_seconds is not null
        and w.path in (select p.path from private.landing_variant_paths() p)
    loop
      perform private.landing_leave_add(r.path, r.utm_campaign, r.duration_seconds, r.created_at, 1);
    end loop;
  end if;
end;
$$;
revoke execute on function private.landing_leave_event(bigint, text, text, text, text, integer, timestamptz)
  from public, anon, authenticated;

-- Latest definition: 20261127150000. Now also the leave rollups.
create or replace function private.web_analytics_rollup()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.landing_rollup_event(new.session_id, new.event_type, new.path, new.utm_campaign,
                                      new.created_at);
  perform private.landing_leave_event(new.id, new.session_id, new.event_type, new.path, new.utm_campaign,
                                      new.duration_seconds, new.created_at);
  return null;
end;
$$;

-- The leave rollups from the raw rows, set-based (after analytics_sessions is rebuilt): level 0 from
-- the leaves, each level from the one below.
create or replace function private.rebuild_landing_leave_rollups()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.landing_leave_bins, private.landing_leave_seconds;
  insert into private.landing_leave_seconds (level, block, path, campaign_key, seconds, leaves)
  select 0, private.epoch_hour(w.created_at), w.path, coalesce(w.utm_campaign, ''), w.duration_seconds, count(*)
  from public.web_analytics w
  join private.analytics_sessions a on a.session_id = w.session_id collate "C" and a.variant_first_at is not null
  where w.event_type = 'page_leave' and w.duration_seconds is not null
    and w.path in (select p.path from private.landing_variant_paths() p)
  group by 2, 3, 4, 5;
  for l in 1..11 loop
    insert into private.landing_leave_seconds (level, block, path, campaign_key, seconds, leaves)
    select l, s.block >> 1, s.path, s.campaign_key, s.seconds, sum(s.leaves)
    from private.landing_leave_seconds s
    where s.level = l - 1
    group by 2, 3, 4, 5;
  end loop;
  insert into private.landing_leave_bins (level, block, path, campaign_key, bin, leaves)
  select s.level, s.block, s.path, s.campaign_key, s.seconds / 32, sum(s.leaves)
  from private.landing_leave_seconds s
  group by 1, 2, 3, 4, 5;
end;
$$;
revoke execute on function private.rebuild_landing_leave_rollups() from public, anon, authenticated;

-- Latest definition: 20261127150000. Now also the leave rollups.
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
  perform private.rebuild_landing_leave_rollups();
end;
$$;

-- The median time on page of a visitor's leaves in [since, until) per path and campaign ('' for
-- none), the value percentile_cont(0.5) gives over the same leaves.
create or replace function private.landing_leave_medians(since timestamptz, until timestamptz)
returns table (path text, campaign_key text, median_seconds double precision)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  s1 timestamptz := date_trunc('hour', since);
  s2 timestamptz := date_trunc('hour', until);
begin
  perform private.require_staff_two_factor();
  if s1 < since then s1 := s1 + interval '1 hour'; end if;
  if s1 >= s2 then s1 := until; s2 := until; end if;
  -- [s1, s2): whole hours from the blocks; [since, s1) and [s2, until): raw leaves.
  return query
  with nodes as materialized (
    select b.level, b.block from private.hour_blocks(private.epoch_hour(s1), private.epoch_hour(s2)) b
  ),
  variant_paths as materialized (
    select p.path collate "C" as path from private.landing_variant_paths() p
  ),
  -- sessions with a variant view, but none inside the range, whose events span one of its ends: the
  -- rollups count their leaves, the range must not
  outside as materialized (
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
                       and w.path collate "C" in (select vp.path from variant_paths vp))))
  ),
  loose as materialized (
    select w.path collate "C" as path, coalesce(w.utm_campaign, '') collate "C" as ck,
           w.duration_seconds as seconds, 1 as n
    from public.web_analytics w
    join private.analytics_sessions a on a.session_id = w.session_id collate "C" and a.variant_first_at is not null
    where w.event_type = 'page_leave' and w.duration_seconds is not null
      and ((w.created_at >= since and w.created_at < s1) or (w.created_at >= s2 and w.created_at < until))
      and w.path collate "C" in (select vp.path from variant_paths vp)
    union all
    select w.path, w.ck, w.seconds, -1
    from outside o
    -- each such session's events by its index (offset 0: never a scan of the range's rows)
    cross join lateral (
      select w.path collate "C" as path, coalesce(w.utm_campaign, '') collate "C" as ck, w.duration_seconds as seconds
      from public.web_analytics w
      where w.session_id = o.session_id collate "default"
        and w.event_type = 'page_leave' and w.duration_seconds is not null
        and w.created_at >= since and w.created_at < until
      offset 0
    ) w
    where w.path in (select vp.path from variant_paths vp)
  ),
  bins as (
    select x.path, x.ck, x.bin, sum(x.n)::bigint as n
    from (
      select b.path, b.campaign_key as ck, b.bin, b.leaves as n
      from nodes k join private.landing_leave_bins b on b.level = k.level and b.block = k.block
      union all
      select l.path, l.ck, l.seconds / 32, l.n from loose l
    ) x
    where x.path in (select vp.path from variant_paths vp)
    group by 1, 2, 3
    having sum(x.n) <> 0
  ),
  ranked as (
    select b.path, b.ck, b.bin, b.n,
           (sum(b.n) over (partition by b.path, b.ck order by b.bin))::bigint - b.n as before,
           (sum(b.n) over (partition by b.path, b.ck))::bigint as total
    from bins b
  ),
  -- percentile_cont(0.5) over n sorted values: the mean of those at (0-based) ranks (n-1)/2 and n/2
  wanted as (
    select r.path, r.ck, r.bin, r.before, r.total
    from ranked r
    where ((r.total - 1) / 2 >= r.before and (r.total - 1) / 2 < r.before + r.n)
       or (r.total / 2 >= r.before and r.total / 2 < r.before + r.n)
  ),
  fine as (
    select x.path, x.ck, x.bin, x.before, x.total, x.seconds, sum(x.n)::bigint as n
    from (
      select w.path, w.ck, w.bin, w.before, w.total, s.seconds, s.leaves as n
      from wanted w
      cross join nodes k
      -- one index range per block and bin (offset 0: kept a parameterized scan, not a hash of
      -- every block's rows)
      cross join lateral (
        select s.seconds, s.leaves from private.landing_leave_seconds s
        where s.level = k.level and s.block = k.block and s.path = w.path and s.campaign_key = w.ck
          and s.seconds >= w.bin * 32 and s.seconds < w.bin * 32 + 32
        offset 0
      ) s
      union all
      select w.path, w.ck, w.bin, w.before, w.total, l.seconds, l.n
      from wanted w join loose l on l.path = w.path and l.ck = w.ck and l.seconds / 32 = w.bin
    ) x
    group by 1, 2, 3, 4, 5, 6
    having sum(x.n) <> 0
  ),
  fine_ranked as (
    select f.path, f.ck, f.seconds, f.n, f.total,
           f.before + (sum(f.n) over (partition by f.path, f.ck, f.bin order by f.seconds))::bigint - f.n as before
    from fine f
  )
  select f.path::text, f.ck::text,
         (min(f.seconds) filter (where (f.total - 1) / 2 >= f.before and (f.total - 1) / 2 < f.before + f.n)
          + min(f.seconds) filter (where f.total / 2 >= f.before and f.total / 2 < f.before + f.n))::double precision / 2
  from fine_ranked f
  group by f.path, f.ck;
end;
$$;
revoke execute on function private.landing_leave_medians(timestamptz, timestamptz) from public, anon;
grant execute on function private.landing_leave_medians(timestamptz, timestamptz) to authenticated, service_role;

select private.rebuild_landing_leave_rollups();
