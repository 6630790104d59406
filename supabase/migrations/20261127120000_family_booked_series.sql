-- A parent books "every week at this time" in one step (docs/decisions/180): a session series
-- (20261123002300_session_series.sql) for their own child with the child's current coach, from one
-- of the coach's open slots. The series keeps the coach's zone, in which the coach's weekly hours
-- repeat, so every week falls in the same hours for the coach across the clock changes.
-- Checked as one booking is (20261126170400_family_self_booking.sql): the plan books at all, the
-- lock on the coach, the first time still open ("That time was just taken"), then every later week
-- within the booking window open too (a day off or a full day named by its date). Creating the series
-- books its first weeks (the series trigger), where the weekly-allowance trigger stays the last word
-- for the plan and the exclusion constraints for clashes; both are reworded here for the parent.
-- The parent ends their series with end_family_series: the sessions after the change notice are
-- cancelled (the coach and the family are emailed, the audit trail records it), those inside it stay.

create or replace function private.book_family_series(child uuid, slot timestamptz)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c public.children;
  sc public.availability_schedules;
  rule public.meeting_rules;
  local_start timestamp;
  week timestamptz;
  created uuid;
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
  if (select a.sessions_per_week from private.family_session_allowance(c.parent_id, slot) a) = 0 then
    perform private.raise_allowance_error(c.parent_id, slot);
  end if;
  select * into sc from public.availability_schedules s where s.coach_id = c.coach_id;
  select * into rule from public.meeting_rules m where m.kind = 'coaching_session';
  perform private.lock_coach_bookings(c.coach_id);
  -- the first time, as one booking
  perform private.require_open_coach_slot(c.coach_id, slot, null);
  -- every later week the coach's booking window shows must be open at that time too
  local_start := slot at time zone sc.time_zone;
  for i in 1 .. 52 loop
    week := (local_start + pg_catalog.make_interval(weeks => i)) at time zone sc.time_zone;
    exit when week >= pg_catalog.now() + pg_catalog.make_interval(days => rule.booking_window_days);
    if not exists (
      select 1 from private.open_slots(sc.id, 'coaching_session', week, week + interval '1 minute', pg_catalog.now(), null) o
      where o.starts_at = week
    ) then
      raise exception 'Your coach is not free at that time on %',
        to_char(local_start + pg_catalog.make_interval(weeks => i), 'FMDay, FMMonth FMDD')
        using errcode = '23P01',
          hint = 'Book that time week by week, or choose a time that is free every week.';
    end if;
  end loop;
  begin
    insert into public.session_series
      (child_id, coach_id, parent_id, weekday, local_time, time_zone, duration_minutes, starts_on)
    values (
      c.id, c.coach_id, c.parent_id, extract(isodow from local_start)::smallint,
      local_start::time, sc.time_zone, rule.length_minutes, local_start::date
    )
    returning id into created;
  exception
    when exclusion_violation then
      raise exception '%', sqlerrm using errcode = '23P01', hint = 'Choose another time.';
    when check_violation then
      if sqlerrm like 'This booking is over the family''s weekly sessions%' then
        raise exception 'Not every week has room in your plan: %', substring(sqlerrm from ': (.*)$')
          using errcode = '23514',
            hint = 'Choose another time, cancel a session that week, or change your plan on the billing page.';
      end if;
      raise;
  end;
  return created;
end;
$$;
revoke execute on function private.book_family_series(uuid, timestamptz) from public;
grant execute on function private.book_family_series(uuid, timestamptz) to authenticated;

-- Ends the caller's series: the sessions after the change notice are cancelled; those inside it
-- (which the family can no longer change) stay, and the series stops on the last of them.
create or replace function private.end_family_series(series uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  s public.session_series;
  last_kept date;
begin
  select * into s from public.session_series x where x.id = series for update;
  if s.id is null or s.parent_id is distinct from auth.uid() then
    raise exception 'No such weekly booking in your family' using errcode = '42501';
  end if;
  select max(x.series_date) into last_kept from public.coaching_sessions x
  where x.series_id = s.id and x.status = 'scheduled'
    and x.starts_at <= pg_catalog.now() + private.family_change_notice();
  last_kept := greatest(
    coalesce(last_kept, s.starts_on - 1),
    (pg_catalog.now() at time zone s.time_zone)::date - 1,
    s.starts_on - 1
  );
  if s.ends_on is not null and s.ends_on <= last_kept then
    return; -- already ended
  end if;
  -- ends_on may not be before starts_on: a series with nothing kept ends on its first date, whose
  -- session (if still scheduled and outside the notice) is cancelled here
  if last_kept < s.starts_on then
    update public.coaching_sessions set status = 'cancelled'
    where series_id = s.id and series_date = s.starts_on and status = 'scheduled';
    update public.session_series set ends_on = s.starts_on where id = s.id;
  else
    update public.session_series set ends_on = last_kept where id = s.id;
  end if;
end;
$$;
revoke execute on function private.end_family_series(uuid) from public;
grant execute on function private.end_family_series(uuid) to authenticated;

create or replace function public.book_family_series(child_id uuid, starts_at timestamptz)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.book_family_series(book_family_series.child_id, book_family_series.starts_at)
$$;

create or replace function public.end_family_series(series_id uuid)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.end_family_series(end_family_series.series_id)
$$;
revoke execute on function public.book_family_series(uuid, timestamptz), public.end_family_series(uuid)
  from public, anon;
grant execute on function public.book_family_series(uuid, timestamptz), public.end_family_series(uuid)
  to authenticated;
