-- /admin/families pages through families (issue 25; docs/decisions/203). `family_list` grouped every
-- child before the page was cut: at 10,000 families a page took seconds. A family's row is now kept
-- up to date as its children change (one row per parent with at least one child: the parent's first
-- name, the children as the list shows them, their coaches, the first child's arrival), so a page is
-- an index range: by the parent's first name, or for one coach the GIN index of `coach_ids`.
--
-- A child's age is not stored (it changes with the year): the row keeps the birth year and the age
-- band given, and the screen works the age out as it shows it.

create table public.family_summaries (
  parent_id uuid primary key references auth.users (id) on delete cascade,
  parent_first_name text,
  -- [{id, first_name, birth_year, age_band, focus_areas, coach_id, coach_name}] by first name, id
  children jsonb not null default '[]',
  coach_ids uuid[] not null default '{}',
  since timestamptz not null
);

comment on table public.family_summaries is
  'One row per family (a parent with children), kept by triggers on children, profiles and coaches; read through family_list.';

-- The list's order; with the coaches included, the exact count (whose filter reads `coach_ids`) is
-- an index-only scan.
create index family_summaries_name_idx on public.family_summaries (parent_first_name, parent_id)
  include (coach_ids);
create index family_summaries_coach_ids_idx on public.family_summaries using gin (coach_ids);

alter table public.family_summaries enable row level security;

create policy "Admins read every family, coaches the families they coach"
  on public.family_summaries for select to authenticated
  using (
    (select private.is_admin())
    or coach_ids @> array[(select private.current_coach_id())]
  );

create policy "Staff reach families' data only with two-factor sign-in"
  on public.family_summaries as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

revoke all on public.family_summaries from anon, authenticated;
grant select on public.family_summaries to authenticated;
grant all on public.family_summaries to service_role;

-- The family's row from its children now (none left: no row).
create function private.refresh_family_summary(parent uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if parent is null then
    return;
  end if;
  if not exists (select 1 from public.children c where c.parent_id = parent) then
    delete from public.family_summaries f where f.parent_id = parent;
    return;
  end if;
  insert into public.family_summaries as f (parent_id, parent_first_name, children, coach_ids, since)
  select
    parent,
    (select p.first_name from public.profiles p where p.id = parent),
    jsonb_agg(
      jsonb_build_object(
        'id', c.id,
        'first_name', c.first_name,
        'birth_year', c.birth_year,
        'age_band', c.age_band,
        'focus_areas', to_jsonb(c.focus_areas),
        'coach_id', c.coach_id,
        'coach_name', co.display_name
      )
      order by c.first_name, c.id
    ),
    coalesce(array_agg(distinct c.coach_id) filter (where c.coach_id is not null), '{}'),
    min(c.created_at)
  from public.children c
  left join public.coaches co on co.id = c.coach_id
  where c.parent_id = parent
  on conflict (parent_id) do update
    set parent_first_name = excluded.parent_first_name,
        children = excluded.children,
        coach_ids = excluded.coach_ids,
        since = excluded.since;
end;
$$;

-- Every family again (after a bulk load with the triggers off, and once here).
create function private.rebuild_family_summaries()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.family_summaries;
  insert into public.family_summaries (parent_id, parent_first_name, children, coach_ids, since)
  select
    c.parent_id,
    p.first_name,
    jsonb_agg(
      jsonb_build_object(
        'id', c.id,
        'first_name', c.first_name,
        'birth_year', c.birth_year,
        'age_band', c.age_band,
        'focus_areas', to_jsonb(c.focus_areas),
        'coach_id', c.coach_id,
        'coach_name', co.display_name
      )
      order by c.first_name, c.id
    ),
    coalesce(array_agg(distinct c.coach_id) filter (where c.coach_id is not null), '{}'),
    min(c.created_at)
  from public.children c
  left join public.profiles p on p.id = c.parent_id
  left join public.coaches co on co.id = c.coach_id
  group by c.parent_id, p.first_name;
$$;

revoke all on function private.refresh_family_summary(uuid) from public, anon, authenticated;
revoke all on function private.rebuild_family_summaries() from public, anon, authenticated;

-- Children: the old and the new family of each changed row.
create function private.children_refresh_family_summaries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  parent uuid;
begin
  for parent in
    select distinct t.parent_id from (
      select o.parent_id from old_rows o
      union all
      select n.parent_id from new_rows n
    ) t
  loop
    perform private.refresh_family_summary(parent);
  end loop;
  return null;
end;
$$;

create function private.children_refresh_family_summaries_inserted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  parent uuid;
begin
  for parent in select distinct n.parent_id from new_rows n loop
    perform private.refresh_family_summary(parent);
  end loop;
  return null;
end;
$$;

create function private.children_refresh_family_summaries_deleted()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  parent uuid;
begin
  for parent in select distinct o.parent_id from old_rows o loop
    perform private.refresh_family_summary(parent);
  end loop;
  return null;
end;
$$;

create trigger children_family_summaries_inserted
  after insert on public.children
  referencing new table as new_rows
  for each statement execute function private.children_refresh_family_summaries_inserted();
create trigger children_family_summaries_updated
  after update on public.children
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.children_refresh_family_summaries();
create trigger children_family_summaries_deleted
  after delete on public.children
  referencing old table as old_rows
  for each statement execute function private.children_refresh_family_summaries_deleted();

-- The parent's first name.
create function private.profiles_refresh_family_summary()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.family_summaries f
     set parent_first_name = new.first_name
   where f.parent_id = new.id and f.parent_first_name is distinct from new.first_name;
  return null;
end;
$$;

create trigger profiles_family_summary
  after update of first_name on public.profiles
  for each row execute function private.profiles_refresh_family_summary();

-- A coach's shown name, in every family they coach a child of.
create function private.coaches_refresh_family_summaries()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  parent uuid;
begin
  for parent in
    select f.parent_id from public.family_summaries f where f.coach_ids @> array[new.id]
  loop
    perform private.refresh_family_summary(parent);
  end loop;
  return null;
end;
$$;

create trigger coaches_family_summaries
  after update of display_name on public.coaches
  for each row when (old.display_name is distinct from new.display_name)
  execute function private.coaches_refresh_family_summaries();

revoke all on function private.children_refresh_family_summaries() from public, anon, authenticated;
revoke all on function private.children_refresh_family_summaries_inserted() from public, anon, authenticated;
revoke all on function private.children_refresh_family_summaries_deleted() from public, anon, authenticated;
revoke all on function private.profiles_refresh_family_summary() from public, anon, authenticated;
revoke all on function private.coaches_refresh_family_summaries() from public, anon, authenticated;

select private.rebuild_family_summaries();

-- The list reads the kept rows: for an admin every family, for a coach those with a child assigned
-- to them and only those children (as before). Same columns as before; a child carries its birth
-- year and age band instead of an age.
create or replace view public.family_list
with (security_invoker = true) as
select
  f.parent_id,
  f.parent_first_name,
  case
    when (select private.is_admin()) then f.children
    else (
      select coalesce(jsonb_agg(e order by n), '[]')
      from jsonb_array_elements(f.children) with ordinality as x (e, n)
      where e ->> 'coach_id' = (select private.current_coach_id())::text
    )
  end as children,
  f.coach_ids,
  f.since
from public.family_summaries f
where (select private.is_admin())
  or f.coach_ids @> array[(select private.current_coach_id())];
