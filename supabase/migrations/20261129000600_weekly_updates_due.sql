-- Weekly parent updates, on every plan (docs/decisions/226): every family with a plan hears from
-- each child's coach once a week. A week (Monday to Sunday in the family's zone) that ended with no
-- update shared for a coached child of a family on a plan is due: the coach sees it on their
-- overview (an admin, every coach's) until an update is shared (a late one, shared since that
-- week began, settles it). Weeks that ended before the family's plan began are not due.

create or replace function private.updates_due(now_at timestamptz default pg_catalog.now())
returns table (
  child_id uuid,
  child_first_name text,
  parent_id uuid,
  coach_id uuid,
  coach_name text,
  week_start date,
  week_end date
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := private.current_coach_id();
  admin boolean := private.is_admin();
begin
  if not admin and me is null then
    raise exception 'Only coaches and admins see the updates due' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    with families as (
      select c.id, c.first_name, c.parent_id, c.coach_id, k.display_name,
        coalesce(pr.time_zone, 'America/New_York') as zone,
        (select min(y.stripe_created) from public.subscriptions y
          where y.parent_id = c.parent_id and y.status not in ('incomplete', 'incomplete_expired')) as since
      from public.children c
      join public.coaches k on k.id = c.coach_id
      left join public.profiles pr on pr.id = c.parent_id
      where (admin or c.coach_id = me)
        and exists (
          select 1 from public.subscriptions x
          where x.parent_id = c.parent_id and x.status in ('active', 'trialing', 'past_due')
        )
    ),
    weeks as (
      select f.*, (pg_catalog.date_trunc('week', now_at at time zone f.zone) - interval '7 days')::date as monday
      from families f
    )
    select w.id, w.first_name, w.parent_id, w.coach_id, w.display_name, w.monday, w.monday + 6
    from weeks w
    where ((w.monday + 7)::timestamp at time zone w.zone) > w.since
      and not exists (
        select 1 from public.parent_updates u
        where u.child_id = w.id and u.shared_at is not null
          and u.shared_at >= (w.monday::timestamp at time zone w.zone)
      )
    order by w.first_name, w.id;
end;
$$;
revoke execute on function private.updates_due(timestamptz) from public;
grant execute on function private.updates_due(timestamptz) to authenticated;

create or replace function public.get_updates_due()
returns table (
  child_id uuid,
  child_first_name text,
  parent_id uuid,
  coach_id uuid,
  coach_name text,
  week_start date,
  week_end date
)
language sql
stable
security invoker
set search_path = ''
as $$ select * from private.updates_due() $$;
revoke execute on function public.get_updates_due() from public, anon;
grant execute on function public.get_updates_due() to authenticated;
