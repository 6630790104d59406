-- Availability, modelled as cal.com does: each host keeps one schedule in their own IANA time zone,
-- made of weekly hours (weekday + local start and end) and date overrides (a day off, or other hours
-- on a given local date, which replace that date's weekly hours). Open slots are computed from them
-- in Postgres (20261126170300_open_slots.sql). See docs/decisions/150-availability-and-open-slots.md.
--
-- A host is a coach (coach_id: the coaches row, with or without a login, so an admin keeps the hours
-- of a coach who never signs in) or a team member who is not a coach (user_id). A coach with a login
-- edits their own schedule; admins edit anyone's. Families never read these tables: they get open
-- slots through functions.

-- Minutes of the day [start, end) as a range, for the no-overlap constraints. '24:00' is the end of
-- the day.
create or replace function private.minutes_of_day(starts time, ends time)
returns int4range
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.int4range(
    (extract(epoch from starts) / 60)::integer,
    (extract(epoch from ends) / 60)::integer,
    '[)'
  )
$$;
grant execute on function private.minutes_of_day(time, time) to authenticated, service_role;

create table public.availability_schedules (
  id uuid primary key default gen_random_uuid(),
  coach_id uuid unique references public.coaches (id) on delete cascade,
  user_id uuid unique references auth.users (id) on delete cascade,
  -- filled in from the coach's (or the team member's profile) zone when left out
  time_zone text not null,
  -- whether this host takes intro calls (an admin decides)
  takes_intro_calls boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint availability_schedules_one_host check (num_nonnulls(coach_id, user_id) = 1)
);
alter table public.availability_schedules enable row level security;
create index availability_schedules_intro_calls_idx on public.availability_schedules (takes_intro_calls)
  where takes_intro_calls;

comment on table public.availability_schedules is
  'One availability schedule per host (a coach, or a team member who takes intro calls), in the host''s own time zone.';

create table public.availability_hours (
  id uuid primary key default gen_random_uuid(),
  schedule_id uuid not null references public.availability_schedules (id) on delete cascade,
  -- ISO day of the week in the schedule's zone, 1 = Monday … 7 = Sunday
  weekday smallint not null check (weekday between 1 and 7),
  start_time time not null check (start_time = date_trunc('minute', start_time)),
  end_time time not null check (end_time = date_trunc('minute', end_time)),
  created_at timestamptz not null default now(),
  constraint availability_hours_end_after_start check (end_time > start_time),
  constraint availability_hours_long_enough check (end_time - start_time >= interval '10 minutes'),
  constraint availability_hours_no_overlap exclude using gist (
    schedule_id with =,
    weekday with =,
    private.minutes_of_day(start_time, end_time) with &&
  )
);
alter table public.availability_hours enable row level security;
create index availability_hours_schedule_idx on public.availability_hours (schedule_id, weekday, start_time);

-- A date override: no times = not available that day; times = the hours of that date (all the rows of
-- a date together replace its weekly hours, so "extra hours" repeats the usual ones and adds some).
create table public.availability_overrides (
  id uuid primary key default gen_random_uuid(),
  schedule_id uuid not null references public.availability_schedules (id) on delete cascade,
  -- the local date in the schedule's zone
  on_date date not null check (on_date between date '2020-01-01' and date '2099-12-31'),
  start_time time check (start_time = date_trunc('minute', start_time)),
  end_time time check (end_time = date_trunc('minute', end_time)),
  created_at timestamptz not null default now(),
  constraint availability_overrides_both_times_or_none check ((start_time is null) = (end_time is null)),
  constraint availability_overrides_end_after_start check (end_time > start_time),
  constraint availability_overrides_long_enough check (end_time - start_time >= interval '10 minutes'),
  -- a day off covers the whole day, so it cannot sit beside hours on the same date
  constraint availability_overrides_no_overlap exclude using gist (
    schedule_id with =,
    on_date with =,
    private.minutes_of_day(coalesce(start_time, '00:00'), coalesce(end_time, '24:00')) with &&
  )
);
alter table public.availability_overrides enable row level security;
create index availability_overrides_schedule_idx on public.availability_overrides (schedule_id, on_date);

create trigger availability_schedules_set_updated_at
  before update on public.availability_schedules
  for each row execute function private.set_updated_at();

-- Before insert or update: the zone defaults to the coach's (or the team member's), must be a real
-- one, a team member's schedule belongs to staff, and only admins decide who takes intro calls.
create or replace function private.availability_schedule_rules()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.time_zone is null then
    select coalesce(
      (select c.time_zone from public.coaches c where c.id = new.coach_id),
      (select p.time_zone from public.profiles p where p.id = new.user_id),
      'America/New_York'
    ) into new.time_zone;
  end if;
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  if new.user_id is not null and not (
    private.has_role(new.user_id, 'admin') or private.has_role(new.user_id, 'coach')
  ) then
    raise exception 'Only coaches and team members keep a schedule' using errcode = '22023';
  end if;
  if new.user_id is not null and exists (select 1 from public.coaches c where c.user_id = new.user_id) then
    raise exception 'A coach keeps their hours on their coach schedule' using errcode = '22023';
  end if;
  if new.takes_intro_calls and new.coach_id is not null
     and (select c.user_id from public.coaches c where c.id = new.coach_id) is null then
    raise exception 'A coach without a login cannot take intro calls' using errcode = '22023';
  end if;
  if auth.uid() is not null and not private.is_admin()
     and new.takes_intro_calls is distinct from (case when tg_op = 'UPDATE' then old.takes_intro_calls else false end) then
    raise exception 'Only an admin decides who takes intro calls' using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger availability_schedules_rules
  before insert or update on public.availability_schedules
  for each row execute function private.availability_schedule_rules();

-- Whether the caller may edit a schedule: an admin, or its own host.
create or replace function private.can_edit_schedule(schedule uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_admin() or exists (
    select 1 from public.availability_schedules s
    where s.id = schedule
      and auth.uid() is not null
      and (s.user_id = auth.uid() or s.coach_id = private.current_coach_id())
  )
$$;
revoke execute on function private.can_edit_schedule(uuid) from public;
grant execute on function private.can_edit_schedule(uuid) to authenticated, service_role;

revoke all on public.availability_schedules, public.availability_hours, public.availability_overrides
  from anon, authenticated;
grant select, delete on public.availability_schedules to authenticated;
grant insert (id, coach_id, user_id, time_zone, takes_intro_calls) on public.availability_schedules to authenticated;
grant update (time_zone, takes_intro_calls) on public.availability_schedules to authenticated;
grant select, delete on public.availability_hours, public.availability_overrides to authenticated;
grant insert (id, schedule_id, weekday, start_time, end_time) on public.availability_hours to authenticated;
grant update (weekday, start_time, end_time) on public.availability_hours to authenticated;
grant insert (id, schedule_id, on_date, start_time, end_time) on public.availability_overrides to authenticated;
grant update (on_date, start_time, end_time) on public.availability_overrides to authenticated;

create policy "Hosts read their own schedule, admins every schedule"
  on public.availability_schedules for select to authenticated
  using (
    (select private.is_admin())
    or user_id = (select auth.uid())
    or coach_id = (select private.current_coach_id())
  );

create policy "Coaches create their own schedule, admins anyone's"
  on public.availability_schedules for insert to authenticated
  with check (
    (select private.is_admin())
    or coach_id = (select private.current_coach_id())
  );

create policy "Hosts edit their own schedule, admins every schedule"
  on public.availability_schedules for update to authenticated
  using (
    (select private.is_admin())
    or user_id = (select auth.uid())
    or coach_id = (select private.current_coach_id())
  )
  with check (
    (select private.is_admin())
    or user_id = (select auth.uid())
    or coach_id = (select private.current_coach_id())
  );

create policy "Admins remove schedules"
  on public.availability_schedules for delete to authenticated
  using ((select private.is_admin()));

create policy "Hosts read their own weekly hours, admins everyone's"
  on public.availability_hours for select to authenticated
  using (private.can_edit_schedule(schedule_id));
create policy "Hosts add their own weekly hours, admins anyone's"
  on public.availability_hours for insert to authenticated
  with check (private.can_edit_schedule(schedule_id));
create policy "Hosts change their own weekly hours, admins anyone's"
  on public.availability_hours for update to authenticated
  using (private.can_edit_schedule(schedule_id))
  with check (private.can_edit_schedule(schedule_id));
create policy "Hosts remove their own weekly hours, admins anyone's"
  on public.availability_hours for delete to authenticated
  using (private.can_edit_schedule(schedule_id));

create policy "Hosts read their own date overrides, admins everyone's"
  on public.availability_overrides for select to authenticated
  using (private.can_edit_schedule(schedule_id));
create policy "Hosts add their own date overrides, admins anyone's"
  on public.availability_overrides for insert to authenticated
  with check (private.can_edit_schedule(schedule_id));
create policy "Hosts change their own date overrides, admins anyone's"
  on public.availability_overrides for update to authenticated
  using (private.can_edit_schedule(schedule_id))
  with check (private.can_edit_schedule(schedule_id));
create policy "Hosts remove their own date overrides, admins anyone's"
  on public.availability_overrides for delete to authenticated
  using (private.can_edit_schedule(schedule_id));

-- Staff change hours only with two-factor sign-in, as they change the coach directory and the
-- settings (docs/decisions/113); reads are unchanged. The hours hold no family's data.
do $$
declare
  t text;
  action text;
begin
  foreach t in array array['availability_schedules', 'availability_hours', 'availability_overrides'] loop
    foreach action in array array['insert', 'update', 'delete'] loop
      execute format(
        'create policy %I on public.%I as restrictive for %s to authenticated %s',
        'Staff ' || action || ' only with two-factor sign-in',
        t,
        action,
        case action
          when 'insert' then 'with check ((select private.meets_staff_two_factor()))'
          when 'update' then
            'using ((select private.meets_staff_two_factor())) with check ((select private.meets_staff_two_factor()))'
          else 'using ((select private.meets_staff_two_factor()))'
        end
      );
    end loop;
  end loop;
end;
$$;
