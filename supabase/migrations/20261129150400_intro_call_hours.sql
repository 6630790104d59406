-- Intro calls never take a family's session time unless the host says they may (issue 35,
-- finding 1): three intro calls booked with a coach took three of their family times. A coach's
-- weekly hours are now each for one kind of meeting: family sessions (as every hour was) or intro
-- calls. A coach who takes intro calls marks the hours they give to them; families are offered
-- only the others, and intro calls only those (a team member's hours are all for intro calls, as
-- they have no family sessions). Hours cannot overlap, whatever their kind, so the two never share
-- a time; a coach's intro call also keeps its buffer off the family-session hours beside it, so a
-- call at their edge does not block the family time next to it. A date override gives a coach's
-- family-session hours for its date (no intro calls that day); a day off is off for both.
-- Redefines private.open_slots (20261127100050) and public.save_availability_week (20261127060000).

alter table public.availability_hours
  add column meeting text not null default 'coaching_session'
    check (meeting in ('coaching_session', 'intro_call'));
grant insert (meeting), update (meeting) on public.availability_hours to authenticated;
comment on column public.availability_hours.meeting is
  'What the hours are for on a coach''s schedule: family sessions or intro calls (a team member''s are all intro calls)';

-- A team member's hours are intro-call hours.
create or replace function private.availability_hours_meeting()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from public.availability_schedules s where s.id = new.schedule_id and s.coach_id is null) then
    new.meeting := 'intro_call';
  end if;
  return new;
end;
$$;
revoke all on function private.availability_hours_meeting() from public;
create trigger availability_hours_meeting
  before insert or update on public.availability_hours
  for each row execute function private.availability_hours_meeting();
update public.availability_hours h set meeting = 'intro_call'
  from public.availability_schedules s where s.id = h.schedule_id and s.coach_id is null;

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
      coalesce(sc.user_id, (select c.user_id from public.coaches c where c.id = sc.coach_id)) as user_id,
      -- a team member's hours are all for intro calls; a coach's are each for one kind of meeting
      sc.coach_id is null as team
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
    -- a date override gives a coach's family-session hours that day (none for intro calls)
    select d.day, o.start_time, o.end_time
    from days d, host
    join public.availability_overrides o on o.schedule_id = open_slots.schedule
    where o.on_date = d.day and o.start_time is not null
      and (host.team or open_slots.meeting = 'coaching_session')
    union all
    select d.day, h.start_time, h.end_time
    from days d, host
    join public.availability_hours h on h.schedule_id = open_slots.schedule
    where h.weekday = extract(isodow from d.day)
      and (host.team or h.meeting = open_slots.meeting)
      and not exists (
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
      -- a coach's intro call keeps its buffer off the family-session hours beside it
      and not (
        not host.team and open_slots.meeting = 'intro_call'
        and exists (
          select 1 from public.availability_hours s
          where s.schedule_id = open_slots.schedule and s.meeting = 'coaching_session'
            and s.weekday = extract(isodow from h.day)
            and pg_catalog.tstzrange(
                  private.first_instant(h.day + s.start_time, host.time_zone),
                  (h.day + s.end_time) at time zone host.time_zone, '[)')
                && pg_catalog.tstzrange(t.t - rules.buf, t.t + rules.len + rules.buf, '[)')
        )
      )
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

create or replace function public.save_availability_week(schedule_id uuid, time_zone text, hours jsonb)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
declare
  found_schedule uuid;
begin
  if hours is null or jsonb_typeof(hours) <> 'array' then
    raise exception 'The hours must be a list of weekday spans' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(hours) span
    where jsonb_typeof(span) <> 'object'
       or coalesce(span ->> 'meeting', 'coaching_session') not in ('coaching_session', 'intro_call')
  ) then
    raise exception 'Each span is a weekday, a start, an end, and what it is for (coaching_session or intro_call)'
      using errcode = '22023';
  end if;
  update public.availability_schedules s
     set time_zone = save_availability_week.time_zone
   where s.id = save_availability_week.schedule_id
  returning s.id into found_schedule;
  if found_schedule is null then
    raise exception 'No schedule you may change' using errcode = '42501';
  end if;
  delete from public.availability_hours h where h.schedule_id = save_availability_week.schedule_id;
  insert into public.availability_hours (schedule_id, weekday, start_time, end_time, meeting)
  select save_availability_week.schedule_id, (span ->> 'weekday')::smallint,
         (span ->> 'start')::time, (span ->> 'end')::time,
         coalesce(span ->> 'meeting', 'coaching_session')
    from jsonb_array_elements(hours) span;
end;
$$;
revoke execute on function public.save_availability_week(uuid, text, jsonb) from public, anon;
grant execute on function public.save_availability_week(uuid, text, jsonb) to authenticated;
