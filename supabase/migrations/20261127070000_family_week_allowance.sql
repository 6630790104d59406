-- What the parent's booking screen shows of the plan's weekly allowance (docs/decisions/167): for the
-- week (Monday to Sunday in the family's time zone, as the weekly-allowance trigger of
-- 20261123007000_billing.sql counts it) that holds `week_of`, the plan's sessions a week (null: no
-- limit, a family that never subscribed; 0: a paused or ended plan books nothing), the reason in
-- words, the week's first day and the sessions already booked that week. The caller's own family only.
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
    select a.sessions_per_week, a.reason, monday::date,
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

create or replace function public.get_family_week_allowance(week_of timestamptz)
returns table (sessions_per_week integer, reason text, week_start date, booked integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.family_week_allowance(get_family_week_allowance.week_of)
$$;
revoke execute on function public.get_family_week_allowance(timestamptz) from public, anon;
grant execute on function public.get_family_week_allowance(timestamptz) to authenticated;
