-- Saving a schedule's week in one transaction: its zone and every weekly span together, so a save the
-- database refuses (spans that overlap, an end before its start) leaves the hours as they were instead
-- of half-deleted. The caller's rights apply (security invoker): the tables' RLS lets a host change
-- their own schedule and an admin anyone's, with two-factor sign-in (20261126170000). See
-- docs/decisions/166-availability-screen.md.
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
  update public.availability_schedules s
     set time_zone = save_availability_week.time_zone
   where s.id = save_availability_week.schedule_id
  returning s.id into found_schedule;
  if found_schedule is null then
    raise exception 'No schedule you may change' using errcode = '42501';
  end if;
  delete from public.availability_hours h where h.schedule_id = save_availability_week.schedule_id;
  insert into public.availability_hours (schedule_id, weekday, start_time, end_time)
  select save_availability_week.schedule_id, (span ->> 'weekday')::smallint,
         (span ->> 'start')::time, (span ->> 'end')::time
    from jsonb_array_elements(hours) span;
end;
$$;
revoke execute on function public.save_availability_week(uuid, text, jsonb) from public, anon;
grant execute on function public.save_availability_week(uuid, text, jsonb) to authenticated;
