-- A meeting being moved does not block its own new time, intro calls included: `ignore_session`
-- now also names an intro call (a move of the call within its own buffer stays with its host).
-- Otherwise unchanged from 20261126170300_open_slots.sql.
create or replace function private.open_slots(
  schedule uuid,
  meeting text,
  range_start timestamptz,
  range_end timestamptz,
  now_at timestamptz default now(),
  ignore_session uuid default null,
  with_bookings boolean default true
)
returns table (starts_at timestamptz, ends_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  with
  host as (
    select sc.id, sc.time_zone,
      coalesce(sc.coach_id, (select c.id from public.coaches c where c.user_id = sc.user_id)) as coach_id,
      coalesce(sc.user_id, (select c.user_id from public.coaches c where c.id = sc.coach_id)) as user_id
    from public.availability_schedules sc
    where sc.id = open_slots.schedule
  ),
  rules as (
    select m.daily_maximum,
      pg_catalog.make_interval(mins => m.length_minutes) as len,
      pg_catalog.make_interval(mins => m.buffer_minutes) as buf,
      pg_catalog.make_interval(mins => m.slot_step_minutes) as step,
      greatest(open_slots.range_start, open_slots.now_at + pg_catalog.make_interval(mins => m.minimum_notice_minutes)) as lo,
      -- the window in whole days of 24 hours, whatever the session's time zone setting
      least(open_slots.range_end, open_slots.now_at + pg_catalog.make_interval(mins => m.booking_window_days * 1440)) as hi
    from public.meeting_rules m
    where m.kind = open_slots.meeting
  ),
  days as (
    select (rules.lo at time zone host.time_zone)::date + i as day
    from host, rules,
      pg_catalog.generate_series(
        0,
        (rules.hi at time zone host.time_zone)::date - (rules.lo at time zone host.time_zone)::date
      ) as i
    where rules.lo < rules.hi
  ),
  hours as (
    select d.day, o.start_time, o.end_time
    from days d
    join public.availability_overrides o on o.schedule_id = open_slots.schedule and o.on_date = d.day
    where o.start_time is not null
    union all
    select d.day, h.start_time, h.end_time
    from days d
    join public.availability_hours h
      on h.schedule_id = open_slots.schedule and h.weekday = extract(isodow from d.day)
    where not exists (
      select 1 from public.availability_overrides o
      where o.schedule_id = open_slots.schedule and o.on_date = d.day
    )
  ),
  candidates as (
    select distinct h.day, t.t as starts_at
    from hours h, host, rules,
      pg_catalog.generate_series(
        private.first_instant(h.day + h.start_time, host.time_zone),
        ((h.day + h.end_time) at time zone host.time_zone) - rules.len,
        rules.step
      ) as t (t)
    where t.t >= rules.lo and t.t < rules.hi
  ),
  -- meetings of this kind per local date of the host, for the daily maximum
  daily as materialized (
    select (x.starts_at at time zone host.time_zone)::date as day, count(*) as booked
    from host, rules, public.coaching_sessions x
    where open_slots.meeting = 'coaching_session' and open_slots.with_bookings
      and x.coach_id = host.coach_id and x.status <> 'cancelled'
      and x.id is distinct from open_slots.ignore_session
      and x.starts_at >= rules.lo - interval '2 days' and x.starts_at < rules.hi + interval '2 days'
    group by 1
    union all
    select (x.starts_at at time zone host.time_zone)::date, count(*)
    from host, rules, public.intro_calls x
    where open_slots.meeting = 'intro_call' and open_slots.with_bookings
      and x.host_id = host.user_id and x.status <> 'cancelled'
      and x.id is distinct from open_slots.ignore_session
      and x.starts_at >= rules.lo - interval '2 days' and x.starts_at < rules.hi + interval '2 days'
    group by 1
  )
  select c.starts_at, c.starts_at + rules.len
  from candidates c, rules, host
  where (
      not open_slots.with_bookings
      or (
        not exists (
          select 1 from public.coaching_sessions x
          where x.coach_id = host.coach_id and x.status <> 'cancelled'
            and x.id is distinct from open_slots.ignore_session
            and private.session_period(x.starts_at, x.duration_minutes)
              && pg_catalog.tstzrange(c.starts_at - rules.buf, c.starts_at + rules.len + rules.buf, '[)')
        )
        and not exists (
          select 1 from public.intro_calls x
          where x.host_id = host.user_id and x.status <> 'cancelled'
            and x.id is distinct from open_slots.ignore_session
            and private.session_period(x.starts_at, x.duration_minutes)
              && pg_catalog.tstzrange(c.starts_at - rules.buf, c.starts_at + rules.len + rules.buf, '[)')
        )
      )
    )
    and (
      rules.daily_maximum is null
      or coalesce((select sum(d.booked) from daily d where d.day = c.day), 0) < rules.daily_maximum
    )
  order by c.starts_at
$$;
revoke execute on function private.open_slots(uuid, text, timestamptz, timestamptz, timestamptz, uuid, boolean) from public;
