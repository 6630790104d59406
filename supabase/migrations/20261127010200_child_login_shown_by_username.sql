-- A child login is shown by its username, never by its Auth address, which is now a random
-- identifier (docs/decisions/151-child-sign-in-function.md; 20261127010000).

-- The users screen (/admin/users): an account's row carries the child login's username, and no
-- address for a child login. private.admin_accounts of 20261124000000 with `child_username` added
-- (a new column changes the result type, so both functions are dropped and made again).
drop function if exists public.admin_accounts();
drop function if exists private.admin_accounts();

create function private.admin_accounts()
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
  child_username text
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
  perform private.require_staff_two_factor();
  return query
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
      l.username
    from auth.users u
    left join public.profiles p on p.id = u.id
    left join public.child_logins l on l.user_id = u.id
    where u.deleted_at is null or u.deleted_at > now();
end;
$$;
revoke execute on function private.admin_accounts() from public;
grant execute on function private.admin_accounts() to authenticated, service_role;

create function public.admin_accounts()
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
  child_username text
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

-- The audit log's actor address (public.audit_log_entries.actor_email): none for a child login; the
-- entry names the child by first name. private.account_email of 20261123003000.
create or replace function private.account_email(account uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text from auth.users u
   where u.id = account and private.is_admin()
     and not exists (select 1 from public.child_logins l where l.user_id = account)
$$;
revoke execute on function private.account_email(uuid) from public;
grant execute on function private.account_email(uuid) to authenticated, service_role;

-- A family's export names each child login by the username the parent gave (`login`), as the
-- parent knows it. private.export_family_data of 20261126100200 with that one change.
create or replace function private.export_family_data()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  account uuid := auth.uid();
  rows jsonb;
  tables jsonb;
begin
  if account is null or not private.has_role(account, 'parent') then
    raise exception 'Only a parent''s account can export the family''s data.' using errcode = '42501';
  end if;
  rows := private.family_rows(account);
  -- The family's rows, less the team's records of its own work (private.export_leaves_out).
  select coalesce(jsonb_object_agg(t.key, t.value order by t.key), '{}'::jsonb) into tables
    from (
      select r.key,
             (select coalesce(jsonb_agg(row_value - coalesce(o.columns, '{}'::text[])), '[]'::jsonb)
                from jsonb_array_elements(r.value) as row_value) as value
        from jsonb_each(rows) r
        left join private.export_leaves_out() o on o.table_name = r.key
       where r.key <> 'auth.users' and (o.table_name is null or o.columns is not null)
    ) t;
  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (account, 'FAMILY_DATA_EXPORTED', 'user', account::text, '{}'::jsonb);
  return jsonb_build_object(
    'format', 'ploom-family-data',
    'version', 2,
    'exported_at', now(),
    'account', (
      select jsonb_build_object('id', u.id, 'email', u.email, 'created_at', u.created_at,
                                'last_sign_in_at', u.last_sign_in_at)
        from auth.users u where u.id = account
    ),
    'child_logins', coalesce((
      select jsonb_agg(jsonb_build_object('id', u.id, 'child_id', c.id, 'login', l.username,
                                          'created_at', u.created_at, 'last_sign_in_at', u.last_sign_in_at)
                       order by c.created_at)
        from public.children c
        join auth.users u on u.id = c.user_id
        left join public.child_logins l on l.child_id = c.id
       where c.parent_id = account
    ), '[]'::jsonb),
    'tables', tables,
    'not_included', (
      select coalesce(jsonb_agg(jsonb_build_object('table', o.table_name, 'columns', to_jsonb(o.columns),
                                                   'what', o.what) order by o.table_name), '[]'::jsonb)
        from private.export_leaves_out() o
    ),
    'more', 'The team''s own records of your enquiry (its status, assignments, notes and history) are not '
            || 'in this file. To see them too, choose "Privacy or my data" on our contact form, or email us '
            || 'from the address of this account.'
  );
end;
$$;
revoke execute on function private.export_family_data() from public;
grant execute on function private.export_family_data() to authenticated;
