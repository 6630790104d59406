-- Every time is stored in UTC (timestamptz). Each person's IANA time zone is kept with them: the
-- family's on the parent's profile, the coach's on the coaches row. Emails render a session in the
-- recipient's zone, and a weekly slot is computed in the family's zone (so 4:30 pm stays 4:30 pm
-- for the family when the clocks change).

-- Whether `zone` is a time zone name Postgres knows (pg_timezone_names: IANA names such as
-- 'America/New_York'). Abbreviations ('EST') and POSIX strings are not names and are refused.
create or replace function private.is_time_zone(zone text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from pg_catalog.pg_timezone_names z where z.name = zone)
$$;
grant execute on function private.is_time_zone(text) to authenticated, service_role;

-- A trigger rather than a check constraint: pg_timezone_names reads the zone files, so the test
-- runs only when the zone itself is written, not on every update of the row (e.g. each sign-in).
create or replace function private.check_time_zone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  return new;
end;
$$;

alter table public.profiles add column time_zone text not null default 'America/New_York';
alter table public.coaches add column time_zone text not null default 'America/New_York';

create trigger profiles_check_time_zone
  before insert or update of time_zone on public.profiles
  for each row execute function private.check_time_zone();

create trigger coaches_check_time_zone
  before insert or update of time_zone on public.coaches
  for each row execute function private.check_time_zone();

-- A user sets their own zone (the existing update policies decide whose row); admins set a coach's.
grant update (time_zone) on public.profiles to authenticated;
grant insert (time_zone), update (time_zone) on public.coaches to authenticated;
