-- A family books its own sessions only on a plan (docs/decisions/221). A family that never
-- subscribed booked without limit (decision 100 kept the families coached before billing began
-- unlimited), and the demo family booked 8 sessions in one week on no plan at all.
--
-- The rule is in the calls a family books with: book_family_session, book_family_series and
-- move_family_session first ask private.require_family_plan(), so a family that has never had a plan
-- is refused with the reason, whatever the time chosen. A paused, ended or unpaid plan is refused
-- as before (the weekly-allowance trigger of 20261123007000_billing.sql stays the last word on the
-- plan's weekly sessions for every writer). The team's own bookings for a family without a plan
-- stay possible (a family coached before billing began, a make-up session); each is in the audit
-- trail as the admin's.
--
-- What the parent's booking screen reads (get_family_week_allowance) now says 0 a week and why for a
-- family with no plan, so the picker shows the coach's times and leads to the plans first.

-- Raises the family's reason when the caller's family has never had a plan.
create or replace function private.require_family_plan()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null
     and (select a.sessions_per_week from private.family_session_allowance(auth.uid(), pg_catalog.now()) a) is null then
    raise exception 'No new sessions can be booked: your family has no plan yet'
      using errcode = '23514', hint = 'Choose a plan on the billing page, then book.';
  end if;
end;
$$;
revoke execute on function private.require_family_plan() from public;
grant execute on function private.require_family_plan() to authenticated;

-- What the parent's screens call (supabase-js `rpc`): the plan first, then the booking as before.
create or replace function public.book_family_session(child_id uuid, starts_at timestamptz)
returns uuid
language plpgsql
volatile
security invoker
set search_path = ''
as $$
begin
  perform private.require_family_plan();
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
  perform private.move_family_session(move_family_session.session_id, move_family_session.starts_at);
end;
$$;
revoke execute on function public.book_family_session(uuid, timestamptz), public.book_family_series(uuid, timestamptz),
  public.move_family_session(uuid, timestamptz) from public, anon;
grant execute on function public.book_family_session(uuid, timestamptz), public.book_family_series(uuid, timestamptz),
  public.move_family_session(uuid, timestamptz) to authenticated;

-- The parent's own week: a family with no plan books nothing, and is told so.
create or replace function private.family_week_allowance(week_of timestamptz)
returns table (sessions_per_week integer, reason text, week_start date, booked integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parent uuid := auth.uid();
  zone text;
  monday timestamp;
begin
  if parent is null then
    raise exception 'Sign in to see your plan' using errcode = '42501';
  end if;
  if week_of is null then
    raise exception 'Give a date in the week' using errcode = '22023';
  end if;
  select p.time_zone into zone from public.profiles p where p.id = parent;
  zone := coalesce(zone, 'America/New_York');
  monday := pg_catalog.date_trunc('week', week_of at time zone zone);
  return query
    select coalesce(a.sessions_per_week, 0),
      coalesce(a.reason, 'the family has no plan yet'),
      monday::date,
      (
        select count(*)::integer from public.coaching_sessions x
        where x.parent_id = parent
          and x.status <> 'cancelled'
          and x.starts_at >= (monday at time zone zone)
          and x.starts_at < ((monday + interval '7 days') at time zone zone)
      )
    from private.family_session_allowance(parent, greatest(week_of, pg_catalog.now())) a;
end;
$$;
revoke execute on function private.family_week_allowance(timestamptz) from public;
grant execute on function private.family_week_allowance(timestamptz) to authenticated;

-- The parent's booking and weekly series check "the plan books nothing" before the slot, so the
-- reason comes first whatever the time chosen: a family with no plan is now one of those.
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
  if allowance.sessions_per_week is null then
    raise exception 'No new sessions can be booked: your family has no plan yet'
      using errcode = '23514', hint = 'Choose a plan on the billing page, then book.';
  end if;
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
