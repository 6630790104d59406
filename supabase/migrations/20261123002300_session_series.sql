-- A family's recurring weekly slot: "Mia with Jordan, Tuesdays at 4:30 pm, New York time". The
-- slot keeps the family's IANA zone, so each session is computed from the local date and time in
-- that zone: 4:30 pm stays 4:30 pm for the family when the clocks change (its UTC time moves).
-- Creating a series books its first weeks at once; an hourly job keeps the next weeks booked.
-- Each session of a series remembers its local date (series_date), so a session moved or cancelled
-- on its own is never booked again by the series (the date stays when the series is deleted).
create table public.session_series (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  coach_id uuid not null references public.coaches (id) on delete cascade,
  parent_id uuid not null references auth.users (id) on delete cascade,
  -- ISO day of the week, 1 = Monday … 7 = Sunday; the weekday of starts_on
  weekday smallint not null check (weekday between 1 and 7),
  local_time time not null check (local_time = date_trunc('minute', local_time)),
  time_zone text not null,
  duration_minutes integer not null default 30 check (duration_minutes between 10 and 120),
  starts_on date not null,
  ends_on date,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (extract(isodow from starts_on) = weekday),
  check (ends_on is null or ends_on >= starts_on)
);
alter table public.session_series enable row level security;
create index session_series_child_idx on public.session_series (child_id);
create index session_series_coach_idx on public.session_series (coach_id);
create index session_series_parent_idx on public.session_series (parent_id);
create index session_series_created_by_idx on public.session_series (created_by);

alter table public.coaching_sessions
  add column series_id uuid references public.session_series (id) on delete set null,
  add column series_date date,
  add constraint coaching_sessions_series_date_unique unique (series_id, series_date);

create trigger session_series_set_updated_at
  before update on public.session_series
  for each row execute function private.set_updated_at();

-- How far ahead a series keeps its sessions booked.
create or replace function private.series_horizon_weeks()
returns integer
language sql
immutable
set search_path = ''
as $$ select 8 $$;

-- Before insert: the parent follows the child, the zone defaults to the family's (the parent's
-- profile), the weekday to the first date's, and the zone must be a real one.
create or replace function private.session_series_defaults()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select c.parent_id into new.parent_id from public.children c where c.id = new.child_id;
  if new.time_zone is null then
    select p.time_zone into new.time_zone from public.profiles p where p.id = new.parent_id;
  end if;
  new.time_zone := coalesce(new.time_zone, 'America/New_York');
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  new.weekday := coalesce(new.weekday, extract(isodow from new.starts_on)::smallint);
  return new;
end;
$$;

create trigger session_series_defaults
  before insert on public.session_series
  for each row execute function private.session_series_defaults();

-- Books the series' sessions from its first date (or today in its zone, if later) up to `horizon`
-- (a local date), skipping the dates it already booked and the times already past. With `strict`,
-- a clash with another booking stops everything with a message naming the date; otherwise that
-- date is skipped (the hourly job must not fail for one clash). Returns how many were booked.
create or replace function private.book_series_sessions(series uuid, horizon date, strict boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.session_series;
  occurrence date;
  last_date date;
  slot timestamptz;
  booked integer := 0;
begin
  select * into s from public.session_series where id = series for update;
  if not found then
    return 0;
  end if;
  occurrence := greatest(s.starts_on, (pg_catalog.now() at time zone s.time_zone)::date);
  occurrence := occurrence + ((s.weekday - extract(isodow from occurrence)::integer + 7) % 7);
  last_date := least(horizon, coalesce(s.ends_on, horizon));
  while occurrence <= last_date loop
    -- The local wall-clock time on that date, in the family's zone, as an instant.
    slot := (occurrence + s.local_time) at time zone s.time_zone;
    if slot > pg_catalog.now() and not exists (
      select 1 from public.coaching_sessions x where x.series_id = s.id and x.series_date = occurrence
    ) then
      begin
        insert into public.coaching_sessions
          (child_id, coach_id, parent_id, starts_at, duration_minutes, series_id, series_date)
        values (s.child_id, s.coach_id, s.parent_id, slot, s.duration_minutes, s.id, occurrence);
        booked := booked + 1;
      exception when exclusion_violation then
        if strict then
          raise exception '% is already booked on % at % (%)',
            case when sqlerrm like '%coach_no_overlap%' then 'The coach' else 'The child' end,
            to_char(occurrence, 'FMDay FMMonth FMDD, YYYY'),
            to_char(s.local_time, 'FMHH12:MI am'),
            s.time_zone
            using errcode = '23P01',
              hint = 'Choose another time, or cancel the other session first.';
        end if;
      end;
    end if;
    occurrence := occurrence + 7;
  end loop;
  return booked;
end;
$$;

-- After insert: the first weeks are booked at once (a clash refuses the whole series).
create or replace function private.session_series_book_first_weeks()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.book_series_sessions(
    new.id,
    greatest(new.starts_on, (pg_catalog.now() at time zone new.time_zone)::date)
      + 7 * private.series_horizon_weeks() - 1,
    true
  );
  return null;
end;
$$;

create trigger session_series_book_first_weeks
  after insert on public.session_series
  for each row execute function private.session_series_book_first_weeks();

-- After ends_on is set or moved earlier: the series' later sessions still scheduled are cancelled.
create or replace function private.session_series_end()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.ends_on is not null and (old.ends_on is null or new.ends_on < old.ends_on) then
    update public.coaching_sessions
    set status = 'cancelled'
    where series_id = new.id and series_date > new.ends_on and status = 'scheduled';
  end if;
  return null;
end;
$$;

create trigger session_series_end
  after update of ends_on on public.session_series
  for each row execute function private.session_series_end();

-- The hourly job: every series still running keeps its next weeks booked.
create or replace function private.extend_session_series()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  s record;
  booked integer := 0;
begin
  for s in
    select id, time_zone from public.session_series
    where ends_on is null or ends_on >= (pg_catalog.now() at time zone time_zone)::date
  loop
    booked := booked + private.book_series_sessions(
      s.id,
      (pg_catalog.now() at time zone s.time_zone)::date + 7 * private.series_horizon_weeks() - 1,
      false
    );
  end loop;
  return booked;
end;
$$;

revoke all on public.session_series from anon, authenticated;
grant select on public.session_series to authenticated;
-- parent_id is accepted but always replaced by the child's parent (the defaults trigger).
grant insert (id, child_id, coach_id, parent_id, weekday, local_time, time_zone, duration_minutes, starts_on, ends_on)
  on public.session_series to authenticated;
grant update (ends_on) on public.session_series to authenticated;

create policy "Admins read every series, coaches theirs, parents their children's"
  on public.session_series for select to authenticated
  using (
    (select private.is_admin())
    or coach_id = (select private.current_coach_id())
    or parent_id = (select auth.uid())
  );

create policy "Admins create series"
  on public.session_series for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins end any series, coaches their own"
  on public.session_series for update to authenticated
  using ((select private.is_admin()) or coach_id = (select private.current_coach_id()))
  with check ((select private.is_admin()) or coach_id = (select private.current_coach_id()));
