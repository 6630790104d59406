-- A family books its own sessions only on a plan (docs/decisions/221). A family that never
-- subscribed booked without limit (decision 100 kept the families coached before billing began
-- unlimited), and the demo family booked 8 sessions in one week on no plan at all.
--
-- The rule lives in the weekly-allowance trigger, the last word for every writer: a booking, a move
-- to another week or an un-cancelled session that the family makes itself (auth.uid() is the
-- session's parent) needs a plan that books, under the grace rule of 20261123007000_billing.sql. The
-- team's own bookings for a family without a plan stay possible (a family coached before billing
-- began, a make-up session); every such booking is in the audit trail.
--
-- What the parent's booking screen reads (get_family_week_allowance) now says 0 a week and why for a
-- family with no plan, so the picker shows the coach's times and leads to the plans first.

create or replace function private.coaching_sessions_weekly_allowance()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  zone text;
  allowance record;
  week_start timestamp;
  booked integer;
begin
  if new.status = 'cancelled' then
    return new;
  end if;
  select coalesce(p.time_zone, 'America/New_York') into zone from public.profiles p where p.id = new.parent_id;
  zone := coalesce(zone, 'America/New_York');
  week_start := pg_catalog.date_trunc('week', new.starts_at at time zone zone);
  if tg_op = 'UPDATE' and old.status <> 'cancelled' and old.parent_id = new.parent_id
     and pg_catalog.date_trunc('week', old.starts_at at time zone zone) = week_start then
    return new; -- already counted in this week
  end if;
  select * into allowance from private.family_session_allowance(new.parent_id, new.starts_at);
  if allowance.sessions_per_week is null then
    if new.parent_id is not distinct from auth.uid() then
      raise exception 'No new sessions can be booked: your family has no plan yet'
        using errcode = '23514', hint = 'Choose a plan on the billing page, then book.';
    end if;
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('weekly-allowance:' || new.parent_id::text, 0));
  select count(*) into booked from public.coaching_sessions x
  where x.parent_id = new.parent_id
    and x.status <> 'cancelled'
    and x.id <> new.id
    and x.starts_at >= (week_start at time zone zone)
    and x.starts_at < ((week_start + interval '7 days') at time zone zone);
  if booked + 1 > allowance.sessions_per_week then
    raise exception 'This booking is over the family''s weekly sessions: %, and the week of % has % booked',
      allowance.reason, to_char(week_start, 'FMMonth FMDD, YYYY'), booked
      using errcode = '23514',
        hint = 'Cancel another session that week, or the family changes its plan on the billing page.';
  end if;
  return new;
end;
$$;
revoke execute on function private.coaching_sessions_weekly_allowance() from public;

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
