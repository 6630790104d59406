-- The intro call booked on the spot (issue 23, docs/decisions/170 and 150): the parent of a lead,
-- holding the lead's link (20261127100000_intro_call_tokens.sql), picks one of the team's open
-- intro-call times; the booking picks a team member who takes intro calls and has that time open,
-- the one with the fewest upcoming calls (then at random), race-safe as family sessions are: a lock
-- on every candidate host (in one order, so two bookings never wait on each other), the time
-- recomputed after the locks, and the exclusion constraint the last word ("That time was just
-- taken"). The lead moves to 'call_scheduled' ("Intro call booked" on the pipeline's screens) and
-- is assigned to the host when it has no one yet; the lead's history records both as it records
-- every status change (leads_record_events). Moving the call keeps its row (so its calendar UID),
-- cancelling it puts the lead back to 'new' for the team to follow up.

-- The parent's zone when they booked (their browser's), for the emails' times.
alter table public.intro_calls add column parent_time_zone text not null default 'UTC';

-- The lock every booking for a host takes: the coach's lock for a coach (their sessions and intro
-- calls block each other's times), else one on the team member.
create or replace function private.lock_host_bookings(schedule uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  sc public.availability_schedules;
begin
  select * into sc from public.availability_schedules s where s.id = schedule;
  if sc.coach_id is not null then
    perform private.lock_coach_bookings(sc.coach_id);
  elsif sc.user_id is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('host-bookings:' || sc.user_id::text, 0));
  end if;
end;
$$;
revoke execute on function private.lock_host_bookings(uuid) from public;

-- The host's login behind a schedule.
create or replace function private.schedule_host(schedule uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(s.user_id, (select c.user_id from public.coaches c where c.id = s.coach_id))
  from public.availability_schedules s
  where s.id = schedule
$$;
revoke execute on function private.schedule_host(uuid) from public;

-- What the intro-call page shows for a link: the parent's name and the lead's current call, if any.
create or replace function private.intro_call_for_token(token text)
returns table (
  parent_name text,
  call_id uuid,
  starts_at timestamptz,
  duration_minutes integer,
  host_name text,
  parent_time_zone text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  lead uuid := private.lead_of_intro_call_token(token);
begin
  return query
    select l.name::text, c.id, c.starts_at, c.duration_minutes,
      (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = c.host_id),
      c.parent_time_zone
    from public.leads l
    left join public.intro_calls c on c.lead_id = l.id and c.status = 'scheduled'
    where l.id = lead;
end;
$$;
revoke execute on function private.intro_call_for_token(text) from public;
grant execute on function private.intro_call_for_token(text) to anon, authenticated;

-- Books the lead's intro call at `slot`, or moves it there when the lead has one already.
create or replace function private.book_intro_call(token text, slot timestamptz, time_zone text)
returns table (call_id uuid, starts_at timestamptz, host_name text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead_row public.leads;
  current_call public.intro_calls;
  chosen uuid;
  chosen_host uuid;
  len integer;
  booked uuid;
  sc record;
begin
  select * into lead_row from public.leads l where l.id = private.lead_of_intro_call_token(token) for update;
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  if time_zone is null or not private.is_time_zone(time_zone) then
    raise exception 'Unknown time zone: %', coalesce(time_zone, 'none')
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  if lead_row.status = 'enrolled' then
    raise exception 'Your family is already enrolled: your coach schedules with you directly' using errcode = '22023';
  end if;
  select * into current_call from public.intro_calls c where c.lead_id = lead_row.id and c.status = 'scheduled';
  if current_call.id is not null and current_call.starts_at = slot then
    return query select current_call.id, current_call.starts_at,
      (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = current_call.host_id);
    return;
  end if;
  if current_call.id is not null and current_call.starts_at <= now() then
    raise exception 'This intro call has already started' using errcode = '22023';
  end if;

  -- every host who offers that time at all (bookings aside), locked in one order
  for sc in
    select distinct s.id as schedule_id
    from public.availability_schedules s
    cross join lateral private.open_slots(s.id, 'intro_call', slot, slot + interval '1 minute', now(), null, false) o
    where s.takes_intro_calls and o.starts_at = slot
    order by s.id
  loop
    perform private.lock_host_bookings(sc.schedule_id);
  end loop;
  if not found then
    raise exception 'That time is not one of the open times' using errcode = '22023',
      hint = 'Choose one of the times offered.';
  end if;

  -- after the locks: who still has it open, the fewest upcoming calls first (then at random)
  -- (the call being moved blocks no time of its own)
  select s.id, private.schedule_host(s.id) into chosen, chosen_host
  from public.availability_schedules s
  cross join lateral private.open_slots(s.id, 'intro_call', slot, slot + interval '1 minute', now(), current_call.id) o
  where s.takes_intro_calls and o.starts_at = slot
  order by (
    select count(*) from public.intro_calls x
    where x.host_id = private.schedule_host(s.id) and x.status = 'scheduled' and x.starts_at > now()
      and x.id is distinct from current_call.id
  ), random()
  limit 1;
  if chosen is null then
    raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
  end if;

  select m.length_minutes into len from public.meeting_rules m where m.kind = 'intro_call';
  begin
    if current_call.id is null then
      insert into public.intro_calls (lead_id, host_id, starts_at, duration_minutes, parent_time_zone)
      values (lead_row.id, chosen_host, slot, len, time_zone)
      returning id into booked;
    else
      update public.intro_calls c
         set starts_at = slot, host_id = chosen_host, duration_minutes = len, parent_time_zone = time_zone
       where c.id = current_call.id
      returning c.id into booked;
    end if;
  exception
    when exclusion_violation then
      raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
  end;

  update public.leads l
     set status = 'call_scheduled',
         assignee_id = coalesce(l.assignee_id, chosen_host)
   where l.id = lead_row.id;

  return query select booked, slot,
    (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = chosen_host);
end;
$$;
revoke execute on function private.book_intro_call(text, timestamptz, text) from public;
grant execute on function private.book_intro_call(text, timestamptz, text) to anon, authenticated;

-- Cancels the lead's scheduled intro call; the lead goes back to 'new' for the team to follow up.
create or replace function private.cancel_intro_call(token text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.lead_of_intro_call_token(token);
  call public.intro_calls;
begin
  select * into call from public.intro_calls c where c.lead_id = lead and c.status = 'scheduled' for update;
  if call.id is null then
    raise exception 'There is no intro call to cancel' using errcode = 'P0002';
  end if;
  if call.starts_at <= now() then
    raise exception 'This intro call has already started' using errcode = '22023';
  end if;
  update public.intro_calls c set status = 'cancelled' where c.id = call.id;
  update public.leads l set status = 'new' where l.id = lead and l.status = 'call_scheduled';
end;
$$;
revoke execute on function private.cancel_intro_call(text) from public;
grant execute on function private.cancel_intro_call(text) to anon, authenticated;

-- What the intro-call page calls (supabase-js `rpc`, with the anon key).
create or replace function public.get_intro_call_booking(token text)
returns table (
  parent_name text,
  call_id uuid,
  starts_at timestamptz,
  duration_minutes integer,
  host_name text,
  parent_time_zone text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.intro_call_for_token(get_intro_call_booking.token)
$$;

create or replace function public.book_intro_call(token text, starts_at timestamptz, time_zone text)
returns table (call_id uuid, starts_at timestamptz, host_name text)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.book_intro_call(book_intro_call.token, book_intro_call.starts_at, book_intro_call.time_zone)
$$;

create or replace function public.cancel_intro_call(token text)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.cancel_intro_call(cancel_intro_call.token)
$$;
revoke execute on function public.get_intro_call_booking(text), public.book_intro_call(text, timestamptz, text),
  public.cancel_intro_call(text) from public;
grant execute on function public.get_intro_call_booking(text), public.book_intro_call(text, timestamptz, text),
  public.cancel_intro_call(text) to anon, authenticated;
