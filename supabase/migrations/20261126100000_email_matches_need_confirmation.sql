-- An email address proves nothing until it is confirmed (docs/decisions/121): what someone sent
-- before they had an account (waitlist and intro-call requests, contact messages, quiz results,
-- newsletter sign-ups, the leads made from them) is matched to an account by its email only once
-- Auth has confirmed that address. Before, anyone who signed up with a lead's address read the lead
-- in the family export, and the family deletion erased it.
--
-- Redefined from their latest definitions: private.family_rows and private.delete_family_data
-- (20261123006700_family_data.sql), private.family_standing (20261123006200_family_sessions.sql),
-- private.my_recommended_plan (20261123007000_billing.sql).

-- The account's address in lower case, or null while Auth has not confirmed it.
create or replace function private.confirmed_email(account uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email::text) from auth.users u
   where u.id = account and u.email_confirmed_at is not null
$$;
revoke execute on function private.confirmed_email(uuid) from public;

create or replace function private.family_rows(account uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  account_email text;
  child_ids uuid[];
  login_ids uuid[];
  collected jsonb;
  rel record;
  fk record;
  conditions text[];
  found jsonb;
  seed text;
  before_count integer;
  after_count integer;
  pass integer := 0;
begin
  if not exists (select 1 from auth.users u where u.id = account) then
    return '{}'::jsonb;
  end if;
  -- Null until the address is confirmed: then nothing below matches by email.
  account_email := private.confirmed_email(account);
  select coalesce(array_agg(c.id), '{}'), coalesce(array_agg(c.user_id) filter (where c.user_id is not null), '{}')
    into child_ids, login_ids
    from public.children c where c.parent_id = account;

  collected := jsonb_build_object(
    'auth.users',
    (select jsonb_agg(jsonb_build_object('id', id)) from unnest(array[account] || login_ids) as id)
  );

  -- (3) the rows found by email or by the lead's enrolment (only tables that exist).
  collected := collected || jsonb_strip_nulls(jsonb_build_object(
    'waitlist', (select jsonb_agg(to_jsonb(w)) from public.waitlist w where lower(w.email) = account_email),
    'contact_messages', (select jsonb_agg(to_jsonb(m)) from public.contact_messages m where lower(m.email) = account_email),
    'quiz_assessments', (select jsonb_agg(to_jsonb(q)) from public.quiz_assessments q where lower(q.email) = account_email),
    'newsletter_subscribers', (select jsonb_agg(to_jsonb(n)) from public.newsletter_subscribers n where lower(n.email) = account_email),
    'leads', (select jsonb_agg(to_jsonb(l)) from public.leads l
               where lower(l.email) = account_email
                  or l.enrolled_parent_id = account
                  or l.enrolled_child_id = any(child_ids))
  ));

  -- (2) follow the cascading foreign keys until nothing new turns up. Each pass recomputes a
  -- table's rows from every cascading key into a table already collected (plus its seed rows).
  loop
    pass := pass + 1;
    select coalesce(sum(jsonb_array_length(value)), 0) into before_count from jsonb_each(collected);
    for rel in
      select distinct c.conrelid as relid, cl.relname::text as name
        from pg_catalog.pg_constraint c
        join pg_catalog.pg_class cl on cl.oid = c.conrelid
        join pg_catalog.pg_namespace n on n.oid = cl.relnamespace
       where c.contype = 'f' and c.confdeltype = 'c' and n.nspname = 'public'
         and cardinality(c.conkey) = 1
    loop
      conditions := '{}';
      for fk in
        select a.attname::text as col, fa.attname::text as ref_col,
               case when fn.nspname = 'auth' then 'auth.' || fcl.relname::text else fcl.relname::text end as ref_table
          from pg_catalog.pg_constraint c
          join pg_catalog.pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          join pg_catalog.pg_class fcl on fcl.oid = c.confrelid
          join pg_catalog.pg_namespace fn on fn.oid = fcl.relnamespace
          join pg_catalog.pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
         where c.conrelid = rel.relid and c.contype = 'f' and c.confdeltype = 'c'
           and cardinality(c.conkey) = 1
           and (fn.nspname = 'public' or (fn.nspname = 'auth' and fcl.relname = 'users'))
      loop
        if collected ? fk.ref_table then
          conditions := conditions || format(
            't.%I::text in (select r ->> %L from jsonb_array_elements($1 -> %L) r)',
            fk.col, fk.ref_col, fk.ref_table
          );
        end if;
      end loop;
      if cardinality(conditions) = 0 then
        continue;
      end if;
      seed := case
        when rel.name in ('waitlist', 'contact_messages', 'quiz_assessments', 'newsletter_subscribers', 'leads')
          then format(' or to_jsonb(t) in (select r from jsonb_array_elements($2 -> %L) r)', rel.name)
        else ''
      end;
      execute format(
        'select jsonb_agg(to_jsonb(t)) from public.%I t where %s%s',
        rel.name, array_to_string(conditions, ' or '), seed
      ) into found using collected, collected;
      if found is not null then
        collected := collected || jsonb_build_object(rel.name, found);
      end if;
    end loop;
    select coalesce(sum(jsonb_array_length(value)), 0) into after_count from jsonb_each(collected);
    exit when after_count = before_count or pass >= 10;
  end loop;
  return collected;
end;
$$;
revoke execute on function private.family_rows(uuid) from public;

create or replace function private.delete_family_data(account uuid)
returns uuid[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  rows jsonb := private.family_rows(account);
  logins uuid[];
  children uuid[];
  counts jsonb;
begin
  if rows = '{}'::jsonb then
    raise exception 'No such account.' using errcode = 'P0002';
  end if;
  if private.has_role(account, 'admin') or private.has_role(account, 'coach') then
    raise exception 'A team member''s account is removed by an admin, not from the family page.'
      using errcode = '42501';
  end if;
  select coalesce(array_agg(c.id), '{}'), coalesce(array_agg(c.user_id) filter (where c.user_id is not null), '{}')
    into children, logins
    from public.children c where c.parent_id = account;
  select coalesce(jsonb_object_agg(key, jsonb_array_length(value) order by key), '{}'::jsonb) into counts
    from jsonb_each(rows) where key <> 'auth.users';

  delete from public.leads l
   where l.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'leads') r);
  delete from public.waitlist w
   where w.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'waitlist') r);
  delete from public.contact_messages m
   where m.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'contact_messages') r);
  delete from public.quiz_assessments q
   where q.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'quiz_assessments') r);
  delete from public.newsletter_subscribers n
   where n.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'newsletter_subscribers') r);
  delete from private.mail_send_attempts a
   where lower(a.recipient) = private.confirmed_email(account);
  delete from public.coaching_sessions s where s.parent_id = account;
  delete from public.children c where c.parent_id = account;

  update public.audit_logs a
     set metadata = a.metadata - 'email'
   where a.entity_type = 'user' and a.entity_id in (select x::text from unnest(array[account] || logins) x)
     and a.metadata ? 'email';

  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (
    null, 'FAMILY_DELETED', 'user', account::text,
    jsonb_build_object(
      'requested_by', account,
      'children', to_jsonb(children),
      'child_logins', to_jsonb(logins),
      'rows', counts
    )
  );
  return logins;
end;
$$;
revoke execute on function private.delete_family_data(uuid) from public;
grant execute on function private.delete_family_data(uuid) to service_role;

create or replace function private.family_standing()
returns table (lead_status text, beta_places_total integer, beta_places_taken integer, holds_beta_place boolean)
language sql
stable
security definer
set search_path = ''
as $$
  with me as (
    select u.id, private.confirmed_email(u.id) as email from auth.users u where u.id = auth.uid()
  ),
  placed as (
    select c.parent_id as family from public.children c where c.coach_id is not null
    union
    select l.enrolled_parent_id from public.leads l where l.status = 'enrolled' and l.enrolled_parent_id is not null
  )
  select
    (select l.status from public.leads l, me
      where l.enrolled_parent_id = me.id or lower(l.email) = me.email
      order by (l.status = 'enrolled') desc, l.created_at desc limit 1),
    25,
    (select count(*)::integer from placed),
    exists (select 1 from placed, me where placed.family = me.id)
  from me
$$;
revoke execute on function private.family_standing() from public;
grant execute on function private.family_standing() to authenticated;

create or replace function private.my_recommended_plan()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select q.recommended_plan
  from public.quiz_assessments q
  join auth.users u on u.id = auth.uid()
  where q.email is not null and lower(q.email) = private.confirmed_email(u.id)
  order by q.created_at desc
  limit 1
$$;
revoke execute on function private.my_recommended_plan() from public;
grant execute on function private.my_recommended_plan() to authenticated;
