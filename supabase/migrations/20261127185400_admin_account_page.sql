-- /admin/users pages through every account (issue 25; docs/decisions/203). It called
-- public.admin_accounts(), a definer function that returns every account, and the REST layer
-- filtered, sorted and counted its result: twice over (the page and the exact count each ran the
-- function), every account each time, whatever the page. A function's result cannot take a filter
-- into its inside, and the accounts live in auth.users, which only a definer function may read.
--
-- public.admin_account_page takes the screen's search, role and page, and does the filtering,
-- ordering, paging and counting inside, once: the rows of one page, each with the exact count of
-- the accounts that match (`total`). The same columns and rules as admin_accounts (admins only,
-- with two-factor sign-in where required; a child login shows its username, never an address).
-- admin_accounts stays for the callers that want every account.

create function private.admin_account_page(
  search text,
  role public.app_role,
  page_size integer,
  page_offset integer
)
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
  banned_until timestamptz,
  child_username text,
  total bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  term text := nullif(btrim(search), '');
  pattern text;
  wanted public.app_role := role;
begin
  if not private.is_admin() then
    raise exception 'Only admins may list users' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if page_size is null or page_size < 1 or page_size > 1000 or page_offset is null or page_offset < 0 then
    raise exception 'page_size must be from 1 to 1000 and page_offset 0 or more' using errcode = '22023';
  end if;
  if length(term) > 200 then
    raise exception 'search must be at most 200 characters' using errcode = '22023';
  end if;
  -- A part of a name, an email or a username; the search's own % and _ are taken literally.
  pattern := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
    with matching as (
      select u.id, u.created_at
      from auth.users u
      left join public.profiles p on p.id = u.id
      left join public.child_logins l on l.user_id = u.id
      where (u.deleted_at is null or u.deleted_at > now())
        and (
          wanted is null
          or exists (select 1 from public.user_roles r where r.user_id = u.id and r.role = wanted)
        )
        and (
          term is null
          or nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), '') ilike pattern
          or (l.username is null and u.email::text ilike pattern)
          or l.username ilike pattern
        )
    ),
    page as (
      select m.id, m.created_at from matching m
      order by m.created_at desc, m.id
      limit page_size offset page_offset
    )
    select
      u.id,
      case when l.username is null then u.email::text end,
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
      case when u.banned_until > now() then u.banned_until end,
      l.username,
      (select count(*) from matching)
    from page pg
    join auth.users u on u.id = pg.id
    left join public.profiles p on p.id = u.id
    left join public.child_logins l on l.user_id = u.id
    order by pg.created_at desc, pg.id;
end;
$$;
revoke execute on function private.admin_account_page(text, public.app_role, integer, integer) from public;
grant execute on function private.admin_account_page(text, public.app_role, integer, integer)
  to authenticated, service_role;

create function public.admin_account_page(
  search text default null,
  role public.app_role default null,
  page_size integer default 25,
  page_offset integer default 0
)
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
  banned_until timestamptz,
  child_username text,
  total bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.admin_account_page(search, role, page_size, page_offset)
$$;
revoke execute on function public.admin_account_page(text, public.app_role, integer, integer) from public, anon;
grant execute on function public.admin_account_page(text, public.app_role, integer, integer)
  to authenticated, service_role;
