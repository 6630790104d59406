-- The admin's users screen: every account with its email (which lives in auth.users, not exposed to
-- the API), names, roles and sign-in dates. Only an admin gets rows; anyone else gets an error.
create or replace function private.admin_users()
returns table (
  id uuid,
  email text,
  first_name text,
  last_name text,
  roles public.app_role[],
  created_at timestamptz,
  last_sign_in_at timestamptz,
  last_login_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins may list users' using errcode = '42501';
  end if;
  return query
    select
      u.id,
      u.email::text,
      p.first_name,
      p.last_name,
      coalesce(
        (select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = u.id),
        '{}'::public.app_role[]
      ),
      u.created_at,
      u.last_sign_in_at,
      p.last_login_at
    from auth.users u
    left join public.profiles p on p.id = u.id
    order by u.created_at desc, u.id;
end;
$$;
revoke execute on function private.admin_users() from public;
grant execute on function private.admin_users() to authenticated, service_role;

create or replace function public.admin_users()
returns table (
  id uuid,
  email text,
  first_name text,
  last_name text,
  roles public.app_role[],
  created_at timestamptz,
  last_sign_in_at timestamptz,
  last_login_at timestamptz
)
language sql
stable
set search_path = ''
as $$
  select * from private.admin_users()
$$;
revoke execute on function public.admin_users() from public, anon;
grant execute on function public.admin_users() to authenticated, service_role;
