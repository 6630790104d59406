-- The family's data: one definition that both the export and the deletion use (docs/decisions/092).
--
-- A family's data is
--   1. the parent's account and each child's login (auth users: the parent, children.user_id);
--   2. every row that a foreign key declared ON DELETE CASCADE ties to one of those accounts, or,
--      transitively, to such a row (children, sessions, notes, points, updates, consent, attendance,
--      preferences ... and whatever table is added later with such a key: it is covered without
--      editing this file);
--   3. what the family sent us before they had an account, found by the account's (confirmed)
--      email: waitlist and intro-call requests, contact messages, quiz assessments with an email,
--      newsletter sign-ups, the leads made from them or enrolled as this family, with their cascade.
-- Not the family's data: the audit log (the team's record of who did what, ids only: kept, its
-- actor set to null, emails in its details removed), anonymous page views (no link to anyone), and
-- rows a foreign key merely points at (the coach, the admin who assigned them).

-- The rows, as {table: [row, ...]}, plus "auth.users": [{id}, ...] for the accounts. Stable input,
-- so it runs in a read-only transaction; security definer: it reads across every family table.
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
  select lower(u.email) into account_email from auth.users u where u.id = account;
  if account_email is null then
    return '{}'::jsonb;
  end if;
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

-- Rewards the family chooses ("a trip to the park: 30 points"). The parent manages them; the child
-- (login) and the child's coach read them.
create table public.family_rewards (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 80),
  points_cost integer not null check (points_cost between 1 and 1000),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.family_rewards enable row level security;
create index family_rewards_child_idx on public.family_rewards (child_id, points_cost);
create index family_rewards_created_by_idx on public.family_rewards (created_by);

create trigger family_rewards_set_updated_at
  before update on public.family_rewards
  for each row execute function private.set_updated_at();

revoke all on public.family_rewards from anon, authenticated;
grant select, delete on public.family_rewards to authenticated;
grant insert (child_id, title, points_cost), update (title, points_cost) on public.family_rewards to authenticated;

create policy "The family and the child's coach read the family's rewards"
  on public.family_rewards for select to authenticated
  using (
    (select private.is_parent_of_child(child_id))
    or (select private.is_child_user(child_id))
    or (select private.is_coach_of_child(child_id))
  );

create policy "Parents add rewards for their children"
  on public.family_rewards for insert to authenticated
  with check ((select private.is_parent_of_child(child_id)));

create policy "Parents edit their children's rewards"
  on public.family_rewards for update to authenticated
  using ((select private.is_parent_of_child(child_id)))
  with check ((select private.is_parent_of_child(child_id)));

create policy "Parents remove their children's rewards"
  on public.family_rewards for delete to authenticated
  using ((select private.is_parent_of_child(child_id)));

-- The export: everything above as one JSON document, for the signed-in parent. The accounts
-- appear as the person would recognise them (email or username, dates), never a password hash.
-- Each export is audited (who, when; no data).
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
  select coalesce(jsonb_object_agg(key, value order by key), '{}'::jsonb) into tables
    from jsonb_each(rows) where key <> 'auth.users';
  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (account, 'FAMILY_DATA_EXPORTED', 'user', account::text, '{}'::jsonb);
  return jsonb_build_object(
    'format', 'ploom-family-data',
    'version', 1,
    'exported_at', now(),
    'account', (
      select jsonb_build_object('id', u.id, 'email', u.email, 'created_at', u.created_at,
                                'last_sign_in_at', u.last_sign_in_at)
        from auth.users u where u.id = account
    ),
    'child_logins', coalesce((
      select jsonb_agg(jsonb_build_object('id', u.id, 'child_id', c.id, 'login', u.email,
                                          'created_at', u.created_at, 'last_sign_in_at', u.last_sign_in_at)
                       order by c.created_at)
        from public.children c join auth.users u on u.id = c.user_id
       where c.parent_id = account
    ), '[]'::jsonb),
    'tables', tables
  );
end;
$$;
revoke execute on function private.export_family_data() from public;
grant execute on function private.export_family_data() to authenticated;

create or replace function public.export_family_data()
returns jsonb
language sql
volatile
set search_path = ''
as $$
  select private.export_family_data()
$$;
revoke execute on function public.export_family_data() from public, anon;
grant execute on function public.export_family_data() to authenticated;

-- The deletion's database half, called by the family-data function (service role) for the parent
-- whose session asked: removes the family's rows that no account deletion would reach (what they
-- sent before signing up, the leads), the children (which cascades through sessions, notes,
-- points, updates, rewards, consent ...), scrubs emails from the audit details about these
-- accounts, and writes the audit entry that outlives the family (ids and counts only). Returns the
-- child logins to delete; the function then deletes those auth users and the parent's, which
-- cascades through everything tied to the accounts. Running it again is harmless.
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
   where lower(a.recipient) = (select lower(u.email) from auth.users u where u.id = account);
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

-- The API entry point for the service role only (the family-data function); never the browser.
create or replace function public.delete_family_data(account uuid)
returns uuid[]
language sql
volatile
set search_path = ''
as $$
  select private.delete_family_data(account)
$$;
revoke execute on function public.delete_family_data(uuid) from public, anon, authenticated;
grant execute on function public.delete_family_data(uuid) to service_role;
