-- The audit log's page at the scale seed (issue 25; docs/decisions/204): `audit_log_entries` works
-- out an email, an entity name and the names in the details for each row it shows, through definer
-- helpers. Each helper called other definer helpers (private.is_admin -> private.has_role,
-- private.person_name, private.audit_name_of, private.as_uuid), and each such call with its own
-- `set search_path` cost about 0.1 ms: 50 rows took 15-25 ms per column. The helpers keep their
-- meaning and their checks (admins only, child logins without an email) but do their lookups in one
-- statement, with no call to another function that sets its own configuration.
--
-- Redefines private.account_email (latest: 20261127010200_child_login_shown_by_username.sql),
-- private.audit_entity_name and private.audit_names (20261126140200_audit_leads_and_names.sql).

create or replace function private.account_email(account uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text from auth.users u
   where u.id = account
     and exists (select 1 from public.user_roles r where r.user_id = auth.uid() and r.role = 'admin')
     and not exists (select 1 from public.child_logins l where l.user_id = account)
$$;

create or replace function private.audit_entity_name(entity_type text, entity_id text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case entity_type
    -- private.person_name: the profile's full name, else the account's email
    when 'user' then coalesce(
      (select nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), '') from public.profiles p where p.id = t.id),
      (select u.email::text from auth.users u where u.id = t.id)
    )
    when 'child' then (select c.first_name from public.children c where c.id = t.id)
    when 'lead' then (select l.name from public.leads l where l.id = t.id)
    when 'waitlist' then (select w.name from public.waitlist w where w.id = t.id)
    when 'coaching_session' then (
      select concat_ws(' with ', c.first_name, co.display_name)
      from public.coaching_sessions s
      left join public.children c on c.id = s.child_id
      left join public.coaches co on co.id = s.coach_id
      where s.id = t.id
    )
    when 'feature_flag' then entity_id
  end
  from (
    select case
      when entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then entity_id::uuid
    end as id
  ) as t
  where exists (select 1 from public.user_roles r where r.user_id = auth.uid() and r.role = 'admin')
$$;

create or replace function private.audit_names(metadata jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(ids.value, ids.name), '{}'::jsonb)
  from (
    select distinct v.value,
      -- private.audit_name_of: a person (full name, else email), a child, or a coach listing
      coalesce(
        (select nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), '') from public.profiles p where p.id = x.id),
        (select u.email::text from auth.users u where u.id = x.id),
        (select c.first_name from public.children c where c.id = x.id),
        (select co.display_name from public.coaches co where co.id = x.id)
      ) as name
    from jsonb_path_query(coalesce(metadata, '{}'::jsonb), 'strict $.**') as j (node)
    cross join lateral (select j.node #>> '{}' as value) as v
    cross join lateral (
      select case
        when jsonb_typeof(j.node) = 'string'
         and v.value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then v.value::uuid
      end as id
    ) as x
    where x.id is not null
  ) as ids
  where ids.name is not null
    and exists (select 1 from public.user_roles r where r.user_id = auth.uid() and r.role = 'admin')
$$;
