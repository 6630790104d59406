-- Who may do what: one row per (user, role). The SPA reads the signed-in user's roles; admins manage
-- everyone's. Nobody, admins included, can grant or change their own roles through the API.
create type public.app_role as enum ('admin', 'coach', 'parent', 'child');

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  unique (user_id, role)
);
alter table public.user_roles enable row level security;
create index user_roles_role_idx on public.user_roles (role);

-- Whether a user holds a role. Security definer so that policies on user_roles (and every other
-- table) can ask without recursing through user_roles' own policies.
create or replace function private.has_role(uid uuid, wanted public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.user_roles r where r.user_id = uid and r.role = wanted
  )
$$;

-- Whether the caller (the request's JWT subject) is an admin.
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(private.has_role(auth.uid(), 'admin'), false)
$$;

grant execute on function private.has_role(uuid, public.app_role), private.is_admin()
  to authenticated, service_role;

revoke all on public.user_roles from anon, authenticated;
grant select, insert, delete on public.user_roles to authenticated;
grant update (user_id, role) on public.user_roles to authenticated;

create policy "Users read their own roles and admins read all roles"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Admins grant roles to other users"
  on public.user_roles for insert to authenticated
  with check ((select private.is_admin()) and user_id <> (select auth.uid()));

create policy "Admins change other users' roles"
  on public.user_roles for update to authenticated
  using ((select private.is_admin()) and user_id <> (select auth.uid()))
  with check ((select private.is_admin()) and user_id <> (select auth.uid()));

create policy "Admins remove roles"
  on public.user_roles for delete to authenticated
  using ((select private.is_admin()));

-- The product must always keep one admin: an API request may not remove or change the last admin
-- role. (Requests without a JWT subject, such as maintenance as the database owner, are not limited.)
create or replace function private.keep_last_admin()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or old.role <> 'admin' then
    return coalesce(new, old);
  end if;
  if tg_op = 'UPDATE' and new.role = 'admin' and new.user_id = old.user_id then
    return new;
  end if;
  if not exists (
    select 1 from public.user_roles r where r.role = 'admin' and r.id <> old.id
  ) then
    raise exception 'The last admin role cannot be removed'
      using errcode = '42501', hint = 'Grant the admin role to another user first.';
  end if;
  return coalesce(new, old);
end;
$$;

create trigger user_roles_keep_last_admin
  before update or delete on public.user_roles
  for each row execute function private.keep_last_admin();
