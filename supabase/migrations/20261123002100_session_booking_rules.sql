-- Booking rules checked by Postgres, whoever writes: a coach is never in two sessions at once and a
-- child never has two sessions at once (cancelled sessions free their time). Exclusion constraints
-- on the session's period make this hold even for two bookings committed at the same moment.
create extension if not exists btree_gist with schema extensions;

-- The period a session occupies, [start, end). Declared immutable for the index: adding a number
-- of minutes to a timestamptz does not depend on the time zone setting (only day/month units do).
create or replace function private.session_period(starts_at timestamptz, minutes integer)
returns tstzrange
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.tstzrange(starts_at, starts_at + pg_catalog.make_interval(mins => minutes), '[)')
$$;
grant execute on function private.session_period(timestamptz, integer) to authenticated, service_role;

alter table public.coaching_sessions
  add constraint coaching_sessions_coach_no_overlap
  exclude using gist (
    coach_id with =,
    private.session_period(starts_at, duration_minutes) with &&
  ) where (status <> 'cancelled' and coach_id is not null);

alter table public.coaching_sessions
  add constraint coaching_sessions_child_no_overlap
  exclude using gist (
    child_id with =,
    private.session_period(starts_at, duration_minutes) with &&
  ) where (status <> 'cancelled');
