-- One list of staff, from the accounts that exist (issue 21). The coaches table is the public
-- listing of coaches (landing pages) and what children and sessions point at; who is a coach is the
-- account's role in user_roles. The two now agree:
-- 1. An account given the coach role gets its coaches row (unlisted until an admin lists it), so an
--    invited coach can be given families and sessions, not only leads.
-- 2. public.staff_coaches: the coaches rows of accounts that have the coach role, with their name
--    and zone. The staff screens (sessions, families) choose coaches from it, as the leads screen
--    chooses assignees from user_roles (lead_assignees): the same people in both.

create or replace function private.coach_row_for_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.role = 'coach' then
    insert into public.coaches (user_id, display_name, is_active, sort_order)
    values (
      new.user_id,
      left(coalesce(nullif(btrim(private.person_name(new.user_id)), ''), 'New coach'), 100),
      false,
      1000
    )
    on conflict (user_id) do nothing;
  end if;
  return null;
end;
$$;
revoke execute on function private.coach_row_for_role() from public;
grant execute on function private.coach_row_for_role() to authenticated, service_role;

create trigger user_roles_coach_row after insert on public.user_roles
  for each row when (new.role = 'coach')
  execute function private.coach_row_for_role();

-- Every coach account that has no row yet (an invited coach) gets one.
insert into public.coaches (user_id, display_name, is_active, sort_order)
select r.user_id, left(coalesce(nullif(btrim(private.person_name(r.user_id)), ''), 'New coach'), 100), false, 1000
from public.user_roles r
where r.role = 'coach'
  and not exists (select 1 from public.coaches c where c.user_id = r.user_id)
on conflict (user_id) do nothing;

create view public.staff_coaches
with (security_invoker = true) as
select co.id, co.user_id, co.display_name, co.time_zone, co.is_active
from public.coaches co
where co.user_id is not null and private.has_role(co.user_id, 'coach');

comment on view public.staff_coaches is
  'The coaches who are staff: coaches rows of accounts with the coach role (user_roles). The staff screens choose coaches from it; the coaches table''s row level security still applies.';

revoke all on public.staff_coaches from anon, authenticated;
grant select on public.staff_coaches to authenticated, service_role;
