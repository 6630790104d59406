-- The users screen: every account with its names, email, roles, status and sign-in dates, one row
-- each, so the screen can search (name or email), filter by role (`roles @> '{coach}'`), sort and
-- page on the server through ordinary REST filters on the function's result. Only an admin gets rows.
-- status: 'deactivated' (banned now), 'invited' (invited, invitation not accepted yet) or 'active'.
create or replace function private.admin_accounts()
returns table (
  id uuid,
  email text,
  first_name text,
  last_name text,
  full_name text,
  roles public.app_role[],
  status text,
  created_at timestamptz,
  last_login_at timestamptz,
  last_sign_in_at timestamptz,
  invited_at timestamptz,
  banned_until timestamptz
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
      nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
      coalesce(
        (select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = u.id),
        '{}'::public.app_role[]
      ),
      case
        when u.banned_until is not null and u.banned_until > now() then 'deactivated'
        when u.invited_at is not null and u.email_confirmed_at is null then 'invited'
        else 'active'
      end,
      u.created_at,
      coalesce(p.last_login_at, u.last_sign_in_at),
      u.last_sign_in_at,
      u.invited_at,
      case when u.banned_until > now() then u.banned_until end
    from auth.users u
    left join public.profiles p on p.id = u.id
    where u.deleted_at is null or u.deleted_at > now();
end;
$$;
revoke execute on function private.admin_accounts() from public;
grant execute on function private.admin_accounts() to authenticated, service_role;

create or replace function public.admin_accounts()
returns table (
  id uuid,
  email text,
  first_name text,
  last_name text,
  full_name text,
  roles public.app_role[],
  status text,
  created_at timestamptz,
  last_login_at timestamptz,
  last_sign_in_at timestamptz,
  invited_at timestamptz,
  banned_until timestamptz
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.admin_accounts()
$$;
revoke execute on function public.admin_accounts() from public, anon;
grant execute on function public.admin_accounts() to authenticated, service_role;
