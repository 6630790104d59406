-- A date override is for a date to come. A day that has passed has no open times left to change, so
-- a coach who picks one is told that, in words: before, the insert went through when the date was
-- free, and when it already held an override the no-overlap constraint answered that two spans
-- overlap, which named the wrong problem. "Today" is the schedule's own, as the availability screen
-- counts it. Only the API's callers are held to it (auth.uid() set): the seed and the team's own SQL
-- may write any date the table's check allows. A change of times on an existing past row is left
-- alone; only a new date is judged.
create function private.availability_override_date_rules()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null
     and (tg_op = 'INSERT' or new.on_date is distinct from old.on_date)
     and new.on_date < (
       select (now() at time zone s.time_zone)::date
       from public.availability_schedules s
       where s.id = new.schedule_id
     ) then
    raise exception 'That date has passed: choose today or a later date'
      using errcode = '22023';
  end if;
  return new;
end;
$$;
revoke all on function private.availability_override_date_rules() from public, anon, authenticated;

-- Before the row is written, so it answers ahead of the no-overlap constraint.
create trigger availability_overrides_date_rules
  before insert or update of on_date on public.availability_overrides
  for each row execute function private.availability_override_date_rules();
