-- Open slots, computed in Postgres so every screen gets the same answer (docs/decisions/150):
-- the host's weekly hours for each local date of the range in the host's zone (a date's overrides
-- replace them; a day off removes them), cut into start times every slot_step_minutes that leave
-- room for the meeting, within the minimum notice and the booking window, away from the host's
-- meetings by the buffer (coaching sessions and intro calls both keep a host busy), and on days still
-- under the daily maximum. Slots are UTC instants; the client renders them in the viewer's zone.
-- Local dates and times become instants in the host's zone, so 9:00 stays 9:00 for the host across
-- daylight-saving changes; on the change nights the hours cover every minute the wall clock shows
-- between their start and end (first_instant below).

-- The first instant a local date and time names in `zone`. A time the clocks pass twice (1:30 on the
-- night they go back) is its first passing, so hours from 1:00 include the hour lived twice; a time
-- the clocks skip is read on the old offset (2:30 on the night they go forward is 3:30 new time).
create or replace function private.first_instant(wall timestamp, tz text)
returns timestamptz
language sql
stable
parallel safe
set search_path = ''
as $$
  select case
    when (e.earlier at time zone tz) = wall then least(e.earlier, wall at time zone tz)
    else wall at time zone tz
  end
  from (select ((wall - interval '1 hour') at time zone tz) + interval '1 hour' as earlier) as e
$$;
revoke execute on function private.first_instant(timestamp, text) from public;

-- `now_at` is the moment the notice and window count from (now(); tests pass other moments).
-- `ignore_session`: a session being moved does not block its own new time.
-- `with_bookings = false`: the times the schedule and rules offer, bookings aside (to tell "taken"
-- from "never offered").
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

-- A range a screen may ask for: both ends given, in order, at most 62 days apart.
create or replace function private.check_slot_range(range_start timestamptz, range_end timestamptz)
returns void
language plpgsql
immutable
set search_path = ''
as $$
begin
  if range_start is null or range_end is null or range_end <= range_start then
    raise exception 'Give a range whose end is after its start' using errcode = '22023';
  end if;
  if range_end - range_start > interval '62 days' then
    raise exception 'Ask for at most 62 days of open times at once' using errcode = '22023';
  end if;
end;
$$;
revoke execute on function private.check_slot_range(timestamptz, timestamptz) from public;

-- A coach's open times for coaching sessions, for the families the coach coaches, the coach and
-- admins. An inactive coach has none.
create or replace function private.coach_open_slots(coach uuid, range_start timestamptz, range_end timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.check_slot_range(range_start, range_end);
  if not coalesce(
    private.is_admin()
    or coach = private.current_coach_id()
    or exists (select 1 from public.children c where c.coach_id = coach and c.parent_id = auth.uid()),
    false
  ) then
    raise exception 'No such coach for your family' using errcode = '42501';
  end if;
  return query
    select o.starts_at, o.ends_at
    from public.availability_schedules sc
    join public.coaches co on co.id = sc.coach_id
    cross join lateral private.open_slots(sc.id, 'coaching_session', range_start, range_end) o
    where sc.coach_id = coach;
end;
$$;
revoke execute on function private.coach_open_slots(uuid, timestamptz, timestamptz) from public;
grant execute on function private.coach_open_slots(uuid, timestamptz, timestamptz) to authenticated;

-- The intro call times at least one team member who takes intro calls has open (anyone may ask: the
-- intro call is booked without an account). Which member takes it is decided when it is booked.
create or replace function private.intro_call_open_slots(
  range_start timestamptz,
  range_end timestamptz,
  now_at timestamptz default now()
)
returns table (starts_at timestamptz, ends_at timestamptz, schedule_id uuid)
language sql
stable
security definer
set search_path = ''
as $$
  select o.starts_at, o.ends_at, sc.id
  from public.availability_schedules sc
  cross join lateral private.open_slots(sc.id, 'intro_call', range_start, range_end, now_at) o
  where sc.takes_intro_calls
  order by o.starts_at, sc.id
$$;
revoke execute on function private.intro_call_open_slots(timestamptz, timestamptz, timestamptz) from public;

create or replace function private.intro_call_open_times(range_start timestamptz, range_end timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.check_slot_range(range_start, range_end);
  return query
    select distinct o.starts_at, o.ends_at
    from private.intro_call_open_slots(range_start, range_end) o
    order by 1;
end;
$$;
revoke execute on function private.intro_call_open_times(timestamptz, timestamptz) from public;
grant execute on function private.intro_call_open_times(timestamptz, timestamptz) to anon, authenticated;

-- What the screens call (supabase-js `rpc`): instants in UTC, rendered in the viewer's zone.
create or replace function public.get_coach_open_slots(coach_id uuid, range_start timestamptz, range_end timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.coach_open_slots(
    get_coach_open_slots.coach_id, get_coach_open_slots.range_start, get_coach_open_slots.range_end
  )
$$;
revoke execute on function public.get_coach_open_slots(uuid, timestamptz, timestamptz) from public, anon;
grant execute on function public.get_coach_open_slots(uuid, timestamptz, timestamptz) to authenticated;

create or replace function public.get_intro_call_slots(range_start timestamptz, range_end timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.intro_call_open_times(get_intro_call_slots.range_start, get_intro_call_slots.range_end)
$$;
revoke execute on function public.get_intro_call_slots(timestamptz, timestamptz) from public;
grant execute on function public.get_intro_call_slots(timestamptz, timestamptz) to anon, authenticated;
