-- A parent's children (first names only: the product never stores a child's surname). A child may
-- get their own login (user_id), linked by an admin or the service role; a dedicated coach
-- (coach_id) is assigned by an admin.
create table public.children (
  id uuid primary key default gen_random_uuid(),
  parent_id uuid not null references auth.users (id) on delete cascade,
  user_id uuid unique references auth.users (id) on delete set null,
  coach_id uuid references public.coaches (id) on delete set null,
  first_name text not null check (char_length(btrim(first_name)) between 1 and 50),
  birth_year smallint check (birth_year between 1990 and 2100),
  age_band text check (char_length(age_band) <= 20),
  focus_areas text[] not null default '{}'::text[]
    check (focus_areas <@ array['emotions', 'confidence', 'focus', 'connection', 'other']::text[]),
  notes text check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.children enable row level security;
create index children_parent_idx on public.children (parent_id);
create index children_coach_idx on public.children (coach_id);

create trigger children_set_updated_at
  before update on public.children
  for each row execute function private.set_updated_at();

-- Only admins (or the service role, or the database owner) link a child login or assign a coach.
create or replace function private.guard_child_links()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or private.is_admin() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.user_id is not null or new.coach_id is not null then
      raise exception 'Only an admin links a child login or assigns a coach' using errcode = '42501';
    end if;
  elsif new.user_id is distinct from old.user_id
    or new.coach_id is distinct from old.coach_id
    or new.parent_id is distinct from old.parent_id then
    raise exception 'Only an admin links a child login, assigns a coach or moves a child'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger children_guard_links
  before insert or update on public.children
  for each row execute function private.guard_child_links();

-- Relationship helpers for policies on this and the following tables (security definer, so a
-- policy on one table can consult another without recursing through its policies).
create or replace function private.is_parent_of_child(child uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.children c where c.id = child and c.parent_id = auth.uid())
$$;

create or replace function private.is_child_user(child uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.children c where c.id = child and c.user_id = auth.uid())
$$;

grant execute on function private.is_parent_of_child(uuid), private.is_child_user(uuid)
  to authenticated, service_role;

revoke all on public.children from anon, authenticated;
grant select, delete on public.children to authenticated;
grant insert (id, parent_id, user_id, coach_id, first_name, birth_year, age_band, focus_areas, notes)
  on public.children to authenticated;
grant update (parent_id, user_id, coach_id, first_name, birth_year, age_band, focus_areas, notes)
  on public.children to authenticated;

create policy "Parents read their children"
  on public.children for select to authenticated
  using (parent_id = (select auth.uid()));

create policy "Children read their own record"
  on public.children for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Admins read all children"
  on public.children for select to authenticated
  using ((select private.is_admin()));

create policy "Parents add their children"
  on public.children for insert to authenticated
  with check (
    parent_id = (select auth.uid())
    and (select private.has_role(auth.uid(), 'parent'))
  );

create policy "Admins add children"
  on public.children for insert to authenticated
  with check ((select private.is_admin()));

create policy "Parents edit their children"
  on public.children for update to authenticated
  using (parent_id = (select auth.uid()))
  with check (parent_id = (select auth.uid()));

create policy "Admins edit children"
  on public.children for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Parents remove their children"
  on public.children for delete to authenticated
  using (parent_id = (select auth.uid()));

create policy "Admins remove children"
  on public.children for delete to authenticated
  using ((select private.is_admin()));
