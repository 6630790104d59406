-- A parent books a session for their own child with the child's current coach in one of the coach's
-- open slots, or moves one of their sessions to another open slot (up to the family's change notice,
-- as cancelling is: 20261123006200_family_sessions.sql). Within the plan's weekly allowance
-- (20261123007000_billing.sql: its trigger stays the last word); a paused or ended plan books nothing.
-- Race-safe (docs/decisions/150): bookings for one coach take a lock on the coach, then check that the
-- slot is still open, so two parents racing for the last slot get one booking and one
-- "That time was just taken". The exclusion constraints on coaching_sessions stay the last word for
-- any writer that does not take the lock; their violation is reported with the same message.
-- The session_emails trigger mails the family and the coach; the audit trigger records the change.

-- The lock every booking for a coach takes before it checks the slot.
create or replace function private.lock_coach_bookings(coach uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('coach-bookings:' || coach::text, 0))
$$;
revoke execute on function private.lock_coach_bookings(uuid) from public;

-- Raises the right error when `slot` is not open for the coach: taken, or never offered.
create or replace function private.require_open_coach_slot(coach uuid, slot timestamptz, moving uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  schedule uuid;
begin
  select sc.id into schedule
  from public.availability_schedules sc
  join public.coaches co on co.id = sc.coach_id
  where sc.coach_id = coach;
  if schedule is null then
    raise exception 'Your child''s coach has no open times to book' using errcode = '22023';
  end if;
  if exists (
    select 1 from private.open_slots(schedule, 'coaching_session', slot, slot + interval '1 minute', now(), moving) o
    where o.starts_at = slot
  ) then
    return;
  end if;
  if exists (
    select 1 from private.open_slots(schedule, 'coaching_session', slot, slot + interval '1 minute', now(), moving, false) o
    where o.starts_at = slot
  ) then
    raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
  end if;
  raise exception 'That time is not one of the coach''s open times' using errcode = '22023',
    hint = 'Choose one of the times offered.';
end;
$$;
revoke execute on function private.require_open_coach_slot(uuid, timestamptz, uuid) from public;

-- The error a parent reads when the week is full or the plan books nothing.
create or replace function private.raise_allowance_error(parent uuid, slot timestamptz)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  allowance record;
begin
  select * into allowance from private.family_session_allowance(parent, slot);
  if allowance.sessions_per_week = 0 then
    raise exception 'No new sessions can be booked: %', allowance.reason
      using errcode = '23514', hint = 'See your plan on the billing page.';
  end if;
  raise exception 'That week is full: your plan includes % a week',
    allowance.sessions_per_week || case when allowance.sessions_per_week = 1 then ' session' else ' sessions' end
    using errcode = '23514',
      hint = 'Choose a time in another week, cancel a session that week, or change your plan on the billing page.';
end;
$$;
revoke execute on function private.raise_allowance_error(uuid, timestamptz) from public;

create or replace function private.book_family_session(child uuid, slot timestamptz)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c public.children;
  len integer;
  booked uuid;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null or c.parent_id is distinct from auth.uid() then
    raise exception 'No such child in your family' using errcode = '42501';
  end if;
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  if c.coach_id is null then
    raise exception 'Your child has no coach yet' using errcode = '22023';
  end if;
  -- a paused or ended plan books nothing (checked first: it is the reason, whatever the slot)
  if (select a.sessions_per_week from private.family_session_allowance(c.parent_id, slot) a) = 0 then
    perform private.raise_allowance_error(c.parent_id, slot);
  end if;
  perform private.lock_coach_bookings(c.coach_id);
  perform private.require_open_coach_slot(c.coach_id, slot, null);
  select m.length_minutes into len from public.meeting_rules m where m.kind = 'coaching_session';
  begin
    insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at, duration_minutes)
    values (c.id, c.coach_id, c.parent_id, slot, len)
    returning id into booked;
  exception
    when exclusion_violation then
      if sqlerrm like '%child_no_overlap%' then
        raise exception '% already has a session at that time', c.first_name
          using errcode = '23P01', hint = 'Choose another time.';
      end if;
      raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
    when check_violation then
      if sqlerrm like 'This booking is over the family''s weekly sessions%' then
        perform private.raise_allowance_error(c.parent_id, slot);
      end if;
      raise;
  end;
  return booked;
end;
$$;
revoke execute on function private.book_family_session(uuid, timestamptz) from public;
grant execute on function private.book_family_session(uuid, timestamptz) to authenticated;

create or replace function private.move_family_session(session uuid, slot timestamptz)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  s public.coaching_sessions;
  c public.children;
begin
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  -- theirs, still scheduled, and outside the change notice
  s := private.family_session_to_change(session);
  select * into c from public.children x where x.id = s.child_id;
  if c.coach_id is distinct from s.coach_id then
    raise exception 'This session is not with your child''s coach: ask to reschedule it instead'
      using errcode = '22023';
  end if;
  if slot = s.starts_at then
    return;
  end if;
  perform private.lock_coach_bookings(s.coach_id);
  perform private.require_open_coach_slot(s.coach_id, slot, s.id);
  begin
    update public.coaching_sessions set starts_at = slot where id = s.id;
  exception
    when exclusion_violation then
      if sqlerrm like '%child_no_overlap%' then
        raise exception '% already has a session at that time', c.first_name
          using errcode = '23P01', hint = 'Choose another time.';
      end if;
      raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
    when check_violation then
      if sqlerrm like 'This booking is over the family''s weekly sessions%' then
        perform private.raise_allowance_error(s.parent_id, slot);
      end if;
      raise;
  end;
end;
$$;
revoke execute on function private.move_family_session(uuid, timestamptz) from public;
grant execute on function private.move_family_session(uuid, timestamptz) to authenticated;

-- What the parent's screens call (supabase-js `rpc`).
create or replace function public.book_family_session(child_id uuid, starts_at timestamptz)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.book_family_session(book_family_session.child_id, book_family_session.starts_at)
$$;

create or replace function public.move_family_session(session_id uuid, starts_at timestamptz)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.move_family_session(move_family_session.session_id, move_family_session.starts_at)
$$;
revoke execute on function public.book_family_session(uuid, timestamptz), public.move_family_session(uuid, timestamptz)
  from public, anon;
grant execute on function public.book_family_session(uuid, timestamptz), public.move_family_session(uuid, timestamptz)
  to authenticated;
