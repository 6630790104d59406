-- /admin/families: a coach's own families (and every family for an admin), one row per family:
-- the parent's first name (never the surname), the children with first name, age and focus areas,
-- and their coaches. Security invoker, so the tables' row level security still applies underneath;
-- on top of it the view keeps, for a coach, only the children assigned to them (children.coach_id),
-- and for anyone else who is not an admin nothing (a parent has the family pages, not this list).
create view public.family_list
with (security_invoker = true) as
select
  c.parent_id,
  p.first_name as parent_first_name,
  jsonb_agg(
    jsonb_build_object(
      'id', c.id,
      'first_name', c.first_name,
      'age', coalesce((extract(year from current_date)::int - c.birth_year)::text, c.age_band),
      'focus_areas', to_jsonb(c.focus_areas),
      'coach_id', c.coach_id,
      'coach_name', co.display_name
    )
    order by c.first_name, c.id
  ) as children,
  coalesce(array_agg(distinct c.coach_id) filter (where c.coach_id is not null), '{}') as coach_ids,
  min(c.created_at) as since
from public.children c
left join public.profiles p on p.id = c.parent_id
left join public.coaches co on co.id = c.coach_id
where (select private.is_admin())
  or c.coach_id = (select private.current_coach_id())
group by c.parent_id, p.first_name;

revoke all on public.family_list from anon, authenticated;
grant select on public.family_list to authenticated, service_role;
