-- What a family is offered and may book of its coach's open times (docs/decisions/223):
--
-- 1. A child's day. A coach keeps hours in their own zone; a family in another zone was offered
--    9 PM to 12:30 AM (London, a coach in Chicago) and one booked midnight for Mia without a word.
--    A coaching session must start at 7:00 or later and end by 20:30 in the family's zone, unless
--    the coach opened that date on purpose (a date override with hours: the coach chose that day's
--    times). Intro calls are with a parent and keep the host's hours.
-- 2. Priority scheduling, sold with Focused Progress and Intensive Momentum: after-school times
--    (Monday to Friday, starting from 15:00 to before 18:00 in the family's zone) are held for those
--    families until a week before. A family on Steady Growth (or none) sees and books them in the
--    coming 7 days, and every other time of the coach's window as before.
--
-- Both hold where the family reads the times (get_coach_open_slots, for a parent) and where it
-- books (book_family_session, book_family_series, move_family_session). Coaches and admins keep
-- seeing every open time, and the team may book any of them.

-- The family's day: sessions from 7:00, ended by 20:30.
create or replace function private.child_day_start() returns time language sql immutable set search_path = ''
as $$ select time '07:00' $$;
create or replace function private.child_day_end() returns time language sql immutable set search_path = ''
as $$ select time '20:30' $$;

-- Whether a family's plan holds priority scheduling.
create or replace function private.family_has_priority(parent uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select x.plan in ('focused-progress', 'intensive-momentum') from public.subscriptions x
    where x.parent_id = parent and x.status not in ('incomplete', 'incomplete_expired', 'canceled')
    order by x.stripe_created desc, x.id desc limit 1
  ), false)
$$;
revoke execute on function private.family_has_priority(uuid) from public;

-- After-school times, in the family's zone, and how long before them they are held.
create or replace function private.is_after_school(local_at timestamp)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select extract(isodow from local_at) between 1 and 5
    and local_at::time >= time '15:00' and local_at::time < time '18:00'
$$;
revoke execute on function private.is_after_school(timestamp) from public;
create or replace function private.priority_hold() returns interval language sql immutable set search_path = ''
as $$ select interval '7 days' $$;

-- Why a family may not book `slot` with the coach of `schedule`, or null when it may.
create or replace function private.family_slot_refusal(parent uuid, schedule uuid, slot timestamptz, len interval)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  zone text;
  coach_zone text;
  local_start time;
  local_end time;
begin
  select coalesce(p.time_zone, 'America/New_York') into zone from public.profiles p where p.id = parent;
  zone := coalesce(zone, 'America/New_York');
  if private.is_after_school(slot at time zone zone)
     and slot > pg_catalog.now() + private.priority_hold()
     and not private.family_has_priority(parent) then
    return 'held';
  end if;
  local_start := (slot at time zone zone)::time;
  local_end := ((slot + len) at time zone zone)::time;
  if local_start >= private.child_day_start()
     and local_end <= private.child_day_end()
     and local_end > local_start then
    return null;
  end if;
  -- outside a child's day: only a date the coach opened on purpose
  select sc.time_zone into coach_zone from public.availability_schedules sc where sc.id = schedule;
  if exists (
    select 1 from public.availability_overrides o
    where o.schedule_id = schedule and o.start_time is not null
      and o.on_date = (slot at time zone coach_zone)::date
  ) then
    return null;
  end if;
  return 'child-day';
end;
$$;
revoke execute on function private.family_slot_refusal(uuid, uuid, timestamptz, interval) from public;

-- A coach's open times, as before for the coach and admins; a parent sees those their family may book.
create or replace function private.coach_open_slots(coach uuid, range_start timestamptz, range_end timestamptz)
returns table (starts_at timestamptz, ends_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  staff boolean;
begin
  perform private.check_slot_range(range_start, range_end);
  staff := coalesce(private.is_admin() or coach = private.current_coach_id(), false);
  if not staff and not exists (
    select 1 from public.children c where c.coach_id = coach and c.parent_id = auth.uid()
  ) then
    raise exception 'No such coach for your family' using errcode = '42501';
  end if;
  return query
    select o.starts_at, o.ends_at
    from public.availability_schedules sc
    join public.coaches co on co.id = sc.coach_id
    cross join lateral private.open_slots(sc.id, 'coaching_session', range_start, range_end) o
    where sc.coach_id = coach
      and (staff or private.family_slot_refusal(auth.uid(), sc.id, o.starts_at, o.ends_at - o.starts_at) is null);
end;
$$;
revoke execute on function private.coach_open_slots(uuid, timestamptz, timestamptz) from public;
grant execute on function private.coach_open_slots(uuid, timestamptz, timestamptz) to authenticated;

-- Before a family books or moves to `slot` for `child`: the child's day and priority scheduling.
create or replace function private.require_family_slot(child uuid, slot timestamptz)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c public.children;
  schedule uuid;
  len interval;
  refusal text;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null or c.parent_id is distinct from auth.uid() or c.coach_id is null or slot is null then
    return; -- the booking itself says what is wrong
  end if;
  -- a plan that books nothing, or a time the coach never offered: the booking says so first
  if (select a.sessions_per_week from private.family_session_allowance(c.parent_id, slot) a) = 0 then
    return;
  end if;
  select sc.id into schedule from public.availability_schedules sc where sc.coach_id = c.coach_id;
  if schedule is null or not exists (
    select 1 from private.open_slots(schedule, 'coaching_session', slot, slot + interval '1 minute', pg_catalog.now(), null, false) o
    where o.starts_at = slot
  ) then
    return;
  end if;
  select pg_catalog.make_interval(mins => m.length_minutes) into len
  from public.meeting_rules m where m.kind = 'coaching_session';
  refusal := private.family_slot_refusal(auth.uid(), schedule, slot, len);
  if refusal = 'held' then
    raise exception 'After-school times more than a week ahead are held for families with priority scheduling'
      using errcode = '22023',
        hint = 'Choose it within a week of the day, or another time of day. Focused Progress and Intensive Momentum include priority scheduling.';
  elsif refusal = 'child-day' then
    raise exception 'That time is outside a child''s day in your time zone'
      using errcode = '22023', hint = 'Sessions run from 7:00 AM to 8:30 PM in your time zone. Choose one of the times offered.';
  end if;
end;
$$;
revoke execute on function private.require_family_slot(uuid, timestamptz) from public;
grant execute on function private.require_family_slot(uuid, timestamptz) to authenticated;

-- The calls a family books with: the plan (20261129000100), then the family's own rules.
create or replace function public.book_family_session(child_id uuid, starts_at timestamptz)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  perform private.require_family_plan();
  perform private.require_family_slot(book_family_session.child_id, book_family_session.starts_at);
  return private.book_family_session(book_family_session.child_id, book_family_session.starts_at);
end;
$$;

create or replace function public.book_family_series(child_id uuid, starts_at timestamptz)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  perform private.require_family_plan();
  perform private.require_family_slot(book_family_series.child_id, book_family_series.starts_at);
  return private.book_family_series(book_family_series.child_id, book_family_series.starts_at);
end;
$$;

create or replace function public.move_family_session(session_id uuid, starts_at timestamptz)
returns void
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  perform private.require_family_plan();
  perform private.require_family_slot(
    (select s.child_id from public.coaching_sessions s where s.id = move_family_session.session_id),
    move_family_session.starts_at
  );
  perform private.move_family_session(move_family_session.session_id, move_family_session.starts_at);
end;
$$;
