-- Families and children: children, links, consents, notification preferences, family summaries
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.child_dashboard()
 RETURNS TABLE(child_id uuid, first_name text, points integer, next_session_id uuid, next_starts_at timestamp with time zone, next_ends_at timestamp with time zone, next_opens_at timestamp with time zone, next_closes_at timestamp with time zone, coach_first_name text, time_zone text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select
    c.id,
    c.first_name,
    coalesce((select sum(p.points) from public.ploom_points p where p.child_id = c.id), 0)::integer,
    s.id,
    s.starts_at,
    s.starts_at + make_interval(mins => s.duration_minutes),
    private.session_room_opens_at(s.starts_at),
    private.session_room_closes_at(s.starts_at, s.duration_minutes),
    split_part(btrim(co.display_name), ' ', 1),
    coalesce(pr.time_zone, 'America/New_York')
  from public.children c
  left join lateral (
    select x.*
    from public.coaching_sessions x
    where x.child_id = c.id
      and x.status = 'scheduled'
      and now() < private.session_room_closes_at(x.starts_at, x.duration_minutes)
    order by x.starts_at
    limit 1
  ) s on true
  left join public.coaches co on co.id = s.coach_id
  left join public.profiles pr on pr.id = c.parent_id
  where c.user_id = auth.uid()
    and auth.uid() is not null
$function$
;

revoke all on function private.child_dashboard() from "anon", "authenticated", public, "service_role";
grant execute on function private.child_dashboard() to "authenticated";
grant execute on function private.child_dashboard() to "service_role";

CREATE OR REPLACE FUNCTION private.child_day_end()
 RETURNS time without time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select time '20:30' $function$
;

revoke all on function private.child_day_end() from "anon", "authenticated", public, "service_role";
grant execute on function private.child_day_end() to public;

CREATE OR REPLACE FUNCTION private.child_day_start()
 RETURNS time without time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select time '07:00' $function$
;

revoke all on function private.child_day_start() from "anon", "authenticated", public, "service_role";
grant execute on function private.child_day_start() to public;

CREATE OR REPLACE FUNCTION private.child_plan_goals()
 RETURNS TABLE(goal text, milestones integer, done integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with mine as (
    select c.id from public.children c where c.user_id = auth.uid() and auth.uid() is not null
  ),
  plan as (
    select v.content, v.child_id from public.family_plan_versions v, mine
    where v.child_id = mine.id and v.status = 'shared'
    order by v.version desc limit 1
  )
  select g ->> 'child_words',
    jsonb_array_length(g -> 'milestones'),
    (select count(*)::integer from jsonb_array_elements(g -> 'milestones') m
      join public.family_plan_ticks t on t.child_id = plan.child_id and t.milestone_id::text = m ->> 'id')
  from plan, jsonb_array_elements(plan.content -> 'goals') with ordinality as goals(g, n)
  order by goals.n
$function$
;

revoke all on function private.child_plan_goals() from "anon", "authenticated", public, "service_role";
grant execute on function private.child_plan_goals() to "authenticated";

CREATE OR REPLACE FUNCTION private.children_matched_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.coach_id is null then
    new.matched_at := null;
  elsif tg_op = 'INSERT' or old.coach_id is distinct from new.coach_id then
    new.matched_at := pg_catalog.now();
  else
    new.matched_at := old.matched_at;
  end if;
  return new;
end;
$function$
;

revoke all on function private.children_matched_at() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.children_refresh_family_summaries()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.children_refresh_family_summaries() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.children_refresh_family_summaries_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  parent uuid;
begin
  for parent in select distinct o.parent_id from old_rows o loop
    perform private.refresh_family_summary(parent);
  end loop;
  return null;
end;
$function$
;

revoke all on function private.children_refresh_family_summaries_deleted() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.children_refresh_family_summaries_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  parent uuid;
begin
  for parent in select distinct n.parent_id from new_rows n loop
    perform private.refresh_family_summary(parent);
  end loop;
  return null;
end;
$function$
;

revoke all on function private.children_refresh_family_summaries_inserted() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.current_consent_notice_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select n.id from public.consent_notices n where n.effective_at <= now()
  order by n.effective_at desc, n.created_at desc limit 1
$function$
;

revoke all on function private.current_consent_notice_id() from "anon", "authenticated", public, "service_role";
grant execute on function private.current_consent_notice_id() to "authenticated";
grant execute on function private.current_consent_notice_id() to public;
grant execute on function private.current_consent_notice_id() to "service_role";

CREATE OR REPLACE FUNCTION private.delete_child_login()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if old.user_id is not null and private.has_role(old.user_id, 'child') then
    delete from auth.users where id = old.user_id;
  end if;
  return old;
end;
$function$
;

revoke all on function private.delete_child_login() from "anon", "authenticated", public, "service_role";
grant execute on function private.delete_child_login() to public;

CREATE OR REPLACE FUNCTION private.delete_family_data(account uuid)
 RETURNS uuid[]
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  -- The Stripe customer (already deleted at Stripe by the family-data function) is remembered, so
  -- the webhook acknowledges Stripe's last events about it (docs/decisions/131).
  insert into public.deleted_billing_customers (stripe_customer_id)
  select b.stripe_customer_id from public.billing_customers b where b.parent_id = account
  on conflict (stripe_customer_id) do nothing;
  delete from public.coaching_sessions s where s.parent_id = account;
  delete from public.children c where c.parent_id = account;

  update public.audit_logs a
     set metadata = a.metadata - 'email'
   where a.entity_type = 'user' and a.entity_id in (select x::text from unnest(array[account] || logins) x)
     and a.metadata ? 'email';
  -- A child's username is theirs: the entries about their login (created, renamed, removed, this
  -- deletion's own removal included) keep what happened and when, not the name.
  update public.audit_logs a
     set metadata = case
           when jsonb_typeof(a.metadata -> 'changes') = 'object'
             then jsonb_set(a.metadata - 'username', '{changes}', (a.metadata -> 'changes') - 'username')
           else a.metadata - 'username'
         end
   where a.entity_type = 'child' and a.entity_id in (select x::text from unnest(children) x)
     and a.action like 'CHILD\_LOGIN\_%'
     and (a.metadata ? 'username' or coalesce(a.metadata -> 'changes', '{}'::jsonb) ? 'username');

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
$function$
;

revoke all on function private.delete_family_data(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.delete_family_data(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.export_family_data()
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.export_family_data() from "anon", "authenticated", public, "service_role";
grant execute on function private.export_family_data() to "authenticated";

CREATE OR REPLACE FUNCTION private.export_leaves_out()
 RETURNS TABLE(table_name text, columns text[], what text)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  values
    ('lead_events', null::text[], 'The team''s history of your enquiry: status changes, assignments and internal notes.'),
    ('leads', array['status', 'assignee_id', 'first_response_at', 'search_text'],
     'The team''s workflow on your enquiry: its status, who works it, when we first replied.'),
    ('waitlist', array['status', 'notes'], 'The team''s status and internal notes on your request.'),
    ('contact_messages', array['status'], 'The team''s status on your message.')
$function$
;

revoke all on function private.export_leaves_out() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.families_waiting()
 RETURNS TABLE(child_id uuid, child_first_name text, parent_id uuid, parent_name text, waiting_since timestamp with time zone, plan text, plan_status text, preferred_times integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not private.is_admin() then
    raise exception 'Only admins see the families waiting for a coach' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    select c.id, c.first_name, c.parent_id,
      nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
      c.created_at,
      s.plan, s.status,
      (select count(*)::integer from public.preferred_session_times t where t.child_id = c.id)
    from public.children c
    left join public.profiles p on p.id = c.parent_id
    left join lateral (
      select x.plan, x.status from public.subscriptions x
      where x.parent_id = c.parent_id and x.status not in ('incomplete', 'incomplete_expired')
      order by x.stripe_created desc, x.id desc limit 1
    ) s on true
    where c.coach_id is null
    order by c.created_at, c.id;
end;
$function$
;

revoke all on function private.families_waiting() from "anon", "authenticated", public, "service_role";
grant execute on function private.families_waiting() to "authenticated";

CREATE OR REPLACE FUNCTION private.family_change_notice()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select interval '24 hours'
$function$
;

revoke all on function private.family_change_notice() from "anon", "authenticated", public, "service_role";
grant execute on function private.family_change_notice() to "authenticated";
grant execute on function private.family_change_notice() to public;
grant execute on function private.family_change_notice() to "service_role";

CREATE OR REPLACE FUNCTION private.family_has_priority(parent uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select x.plan in ('focused-progress', 'intensive-momentum') from public.subscriptions x
    where x.parent_id = parent and x.status not in ('incomplete', 'incomplete_expired', 'canceled')
    order by x.stripe_created desc, x.id desc limit 1
  ), false)
$function$
;

revoke all on function private.family_has_priority(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.family_rows(account uuid)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.family_rows(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.family_standing()
 RETURNS TABLE(lead_status text, beta_places_total integer, beta_places_taken integer, holds_beta_place boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.family_standing() from "anon", "authenticated", public, "service_role";
grant execute on function private.family_standing() to "authenticated";

CREATE OR REPLACE FUNCTION private.family_today(child uuid, now_at timestamp with time zone DEFAULT now())
 RETURNS date
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select (now_at at time zone coalesce(p.time_zone, 'UTC'))::date
    from public.children c
    left join public.profiles p on p.id = c.parent_id
   where c.id = child
$function$
;

revoke all on function private.family_today(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.family_today(uuid,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.guard_child_links()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.guard_child_links() from "anon", "authenticated", public, "service_role";
grant execute on function private.guard_child_links() to public;

CREATE OR REPLACE FUNCTION private.guard_child_login_account()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.user_id is not null
     and new.user_id is distinct from (case when tg_op = 'UPDATE' then old.user_id end)
     and exists (select 1 from public.user_roles r where r.user_id = new.user_id and r.role <> 'child') then
    raise exception 'A child''s login holds only the child role' using errcode = '42501';
  end if;
  return new;
end;
$function$
;

revoke all on function private.guard_child_login_account() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.has_enrolled_child()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.children c
     where (c.parent_id = auth.uid() or c.user_id = auth.uid())
       and private.is_enrolled_child(c.id)
  )
$function$
;

revoke all on function private.has_enrolled_child() from "anon", "authenticated", public, "service_role";
grant execute on function private.has_enrolled_child() to "authenticated";
grant execute on function private.has_enrolled_child() to public;
grant execute on function private.has_enrolled_child() to "service_role";

CREATE OR REPLACE FUNCTION private.is_enrolled_child(child uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.children c where c.id = child and c.coach_id is not null)
$function$
;

revoke all on function private.is_enrolled_child(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_enrolled_child(uuid) to "authenticated";
grant execute on function private.is_enrolled_child(uuid) to public;
grant execute on function private.is_enrolled_child(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.parental_consents_stamp()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  notice public.consent_notices;
begin
  if auth.uid() is not null then
    new.parent_id := auth.uid();
    new.given_at := now();
    new.method := 'in_app_signature';
    if new.notice_id is distinct from private.current_consent_notice_id() then
      raise exception 'This notice is no longer current: read the latest terms and privacy policy'
        using errcode = '22023';
    end if;
  end if;
  new.signed_name := btrim(new.signed_name);
  select * into notice from public.consent_notices n where n.id = new.notice_id;
  new.terms_version := notice.terms_version;
  new.privacy_version := notice.privacy_version;
  return new;
end;
$function$
;

revoke all on function private.parental_consents_stamp() from "anon", "authenticated", public, "service_role";
grant execute on function private.parental_consents_stamp() to public;

CREATE OR REPLACE FUNCTION private.queue_coach_match_notice()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.coach_id is not null and old.coach_id is distinct from new.coach_id then
    insert into public.outbox (kind, event, recipient, child_id, coach_id, recipient_user_id)
    values ('family_notice', 'coach_match', 'parent', new.id, new.coach_id, new.parent_id);
  end if;
  return null;
end;
$function$
;

revoke all on function private.queue_coach_match_notice() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_family_summaries()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.rebuild_family_summaries() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.refresh_family_summary(parent uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.refresh_family_summary(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION public.child_dashboard()
 RETURNS TABLE(child_id uuid, first_name text, points integer, next_session_id uuid, next_starts_at timestamp with time zone, next_ends_at timestamp with time zone, next_opens_at timestamp with time zone, next_closes_at timestamp with time zone, coach_first_name text, time_zone text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.child_dashboard()
$function$
;

revoke all on function public.child_dashboard() from "anon", "authenticated", public, "service_role";
grant execute on function public.child_dashboard() to "authenticated";
grant execute on function public.child_dashboard() to "service_role";

CREATE OR REPLACE FUNCTION public.child_plan_goals()
 RETURNS TABLE(goal text, milestones integer, done integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select * from private.child_plan_goals() $function$
;

revoke all on function public.child_plan_goals() from "anon", "authenticated", public, "service_role";
grant execute on function public.child_plan_goals() to "authenticated";
grant execute on function public.child_plan_goals() to "service_role";

CREATE OR REPLACE FUNCTION public.delete_family_data(account uuid)
 RETURNS uuid[]
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.delete_family_data(account)
$function$
;

revoke all on function public.delete_family_data(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.delete_family_data(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.export_family_data()
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.export_family_data()
$function$
;

revoke all on function public.export_family_data() from "anon", "authenticated", public, "service_role";
grant execute on function public.export_family_data() to "authenticated";
grant execute on function public.export_family_data() to "service_role";

CREATE OR REPLACE FUNCTION public.get_families_waiting()
 RETURNS TABLE(child_id uuid, child_first_name text, parent_id uuid, parent_name text, waiting_since timestamp with time zone, plan text, plan_status text, preferred_times integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select * from private.families_waiting() $function$
;

revoke all on function public.get_families_waiting() from "anon", "authenticated", public, "service_role";
grant execute on function public.get_families_waiting() to "authenticated";
grant execute on function public.get_families_waiting() to "service_role";

CREATE OR REPLACE FUNCTION public.get_family_dashboard()
 RETURNS TABLE(child_id uuid, first_name text, age smallint, coach_name text, next_session_id uuid, next_starts_at timestamp with time zone, next_ends_at timestamp with time zone, next_opens_at timestamp with time zone, next_closes_at timestamp with time zone, update_body text, update_shared_at timestamp with time zone, points_total bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select c.id, c.first_name, c.age,
    (select co.display_name from public.coaches co where co.id = c.coach_id),
    n.id, n.starts_at, n.starts_at + make_interval(mins => n.duration_minutes),
    private.session_room_opens_at(n.starts_at),
    private.session_room_closes_at(n.starts_at, n.duration_minutes),
    u.body, u.shared_at,
    coalesce((select sum(p.points) from public.ploom_points p where p.child_id = c.id), 0)
  from public.children c
  left join lateral (
    select s.* from public.coaching_sessions s
    where s.child_id = c.id and s.status = 'scheduled'
      and private.session_room_closes_at(s.starts_at, s.duration_minutes) > now()
    order by s.starts_at limit 1
  ) n on true
  left join lateral (
    select pu.body, pu.shared_at from public.parent_updates pu
    where pu.child_id = c.id and pu.shared_at is not null
    order by pu.shared_at desc limit 1
  ) u on true
  where c.parent_id = (select auth.uid())
  order by c.created_at, c.first_name
$function$
;

revoke all on function public.get_family_dashboard() from "anon", "authenticated", public, "service_role";
grant execute on function public.get_family_dashboard() to "authenticated";
grant execute on function public.get_family_dashboard() to "service_role";

CREATE OR REPLACE FUNCTION public.get_family_standing()
 RETURNS TABLE(lead_status text, beta_places_total integer, beta_places_taken integer, holds_beta_place boolean)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.family_standing()
$function$
;

revoke all on function public.get_family_standing() from "anon", "authenticated", public, "service_role";
grant execute on function public.get_family_standing() to "authenticated";
grant execute on function public.get_family_standing() to "service_role";

create table "public"."children" (
    "id" uuid not null default gen_random_uuid(),
    "parent_id" uuid not null,
    "user_id" uuid,
    "coach_id" uuid,
    "first_name" text not null,
    "birth_year" smallint,
    "age_band" text,
    "focus_areas" text[] not null default '{}'::text[],
    "notes" text,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "leaderboard_opt_in" boolean not null default false,
    "age" smallint,
    "hopes" text,
    "matched_at" timestamp with time zone
      );

create policy "Parents read their children's sign-in attempts and admins all"
  on "public"."child_login_attempts"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(child_login_attempts.child_id) AS is_parent_of_child) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Parents read their children's login locks and admins all"
  on "public"."child_login_locks"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(child_login_locks.child_id) AS is_parent_of_child) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Parents read their children's logins and admins all"
  on "public"."child_logins"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(child_logins.child_id) AS is_parent_of_child) OR ( SELECT private.is_admin() AS is_admin)));

CREATE INDEX children_coach_idx ON public.children USING btree (coach_id);

CREATE INDEX children_parent_idx ON public.children USING btree (parent_id);

CREATE UNIQUE INDEX children_pkey ON public.children USING btree (id);

CREATE UNIQUE INDEX children_user_id_key ON public.children USING btree (user_id);

alter table "public"."children" add constraint "children_pkey" PRIMARY KEY using index "children_pkey";

alter table "public"."children" add constraint "children_age_band_check" CHECK ((char_length(age_band) <= 20)) not valid;

alter table "public"."children" validate constraint "children_age_band_check";

alter table "public"."children" add constraint "children_age_check" CHECK (((age >= 7) AND (age <= 12))) not valid;

alter table "public"."children" validate constraint "children_age_check";

alter table "public"."children" add constraint "children_birth_year_check" CHECK (((birth_year >= 1990) AND (birth_year <= 2100))) not valid;

alter table "public"."children" validate constraint "children_birth_year_check";

alter table "public"."children" add constraint "children_first_name_check" CHECK (((char_length(btrim(first_name)) >= 1) AND (char_length(btrim(first_name)) <= 50))) not valid;

alter table "public"."children" validate constraint "children_first_name_check";

alter table "public"."children" add constraint "children_first_name_one_line" CHECK ((first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."children" validate constraint "children_first_name_one_line";

alter table "public"."children" add constraint "children_focus_areas_check" CHECK ((focus_areas <@ ARRAY['emotions'::text, 'confidence'::text, 'focus'::text, 'connection'::text, 'other'::text])) not valid;

alter table "public"."children" validate constraint "children_focus_areas_check";

alter table "public"."children" add constraint "children_hopes_check" CHECK ((char_length(hopes) <= 1000)) not valid;

alter table "public"."children" validate constraint "children_hopes_check";

alter table "public"."children" add constraint "children_notes_check" CHECK ((char_length(notes) <= 2000)) not valid;

alter table "public"."children" validate constraint "children_notes_check";

alter table "public"."children" add constraint "children_user_id_key" UNIQUE using index "children_user_id_key";

alter table "public"."children" enable row level security;

create policy "A child's login reads no children row directly"
  on "public"."children"
  as restrictive
  for select
  to authenticated
using ((user_id IS DISTINCT FROM ( SELECT auth.uid() AS uid)));

create policy "Parents add their own children and admins any"
  on "public"."children"
  as permissive
  for insert
  to authenticated
with check ((( SELECT private.is_admin() AS is_admin) OR ((parent_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.has_role(( SELECT auth.uid() AS uid), 'parent'::app_role) AS has_role))));

create policy "Parents edit their children and admins any"
  on "public"."children"
  as permissive
  for update
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)))
with check (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Parents remove their children and admins any"
  on "public"."children"
  as permissive
  for delete
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Parents, the child's login, its coach and admins read a child"
  on "public"."children"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR (user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin) OR (id = ANY (( SELECT private.coached_child_ids() AS coached_child_ids)::uuid[]))));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."children"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER children_delete_child_login AFTER DELETE ON public.children FOR EACH ROW EXECUTE FUNCTION private.delete_child_login();

CREATE TRIGGER children_family_summaries_deleted AFTER DELETE ON public.children REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.children_refresh_family_summaries_deleted();

CREATE TRIGGER children_family_summaries_inserted AFTER INSERT ON public.children REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.children_refresh_family_summaries_inserted();

CREATE TRIGGER children_family_summaries_updated AFTER UPDATE ON public.children REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.children_refresh_family_summaries();

CREATE TRIGGER children_guard_child_login_account BEFORE INSERT OR UPDATE OF user_id ON public.children FOR EACH ROW EXECUTE FUNCTION private.guard_child_login_account();

CREATE TRIGGER children_guard_links BEFORE INSERT OR UPDATE ON public.children FOR EACH ROW EXECUTE FUNCTION private.guard_child_links();

CREATE TRIGGER children_matched_at BEFORE INSERT OR UPDATE ON public.children FOR EACH ROW EXECUTE FUNCTION private.children_matched_at();

CREATE TRIGGER children_queue_coach_match_notice AFTER UPDATE OF coach_id ON public.children FOR EACH ROW EXECUTE FUNCTION private.queue_coach_match_notice();

CREATE TRIGGER children_set_updated_at BEFORE UPDATE ON public.children FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.children from "anon", "authenticated", public, "service_role";
grant delete, select on table public.children to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.children to "service_role";

grant insert (age) on table public.children to "authenticated";

grant update (age) on table public.children to "authenticated";

grant insert (age_band) on table public.children to "authenticated";

grant update (age_band) on table public.children to "authenticated";

grant insert (birth_year) on table public.children to "authenticated";

grant update (birth_year) on table public.children to "authenticated";

grant insert (coach_id) on table public.children to "authenticated";

grant update (coach_id) on table public.children to "authenticated";

grant insert (first_name) on table public.children to "authenticated";

grant update (first_name) on table public.children to "authenticated";

grant insert (focus_areas) on table public.children to "authenticated";

grant update (focus_areas) on table public.children to "authenticated";

grant insert (hopes) on table public.children to "authenticated";

grant update (hopes) on table public.children to "authenticated";

grant insert (id) on table public.children to "authenticated";

grant insert (leaderboard_opt_in) on table public.children to "authenticated";

grant update (leaderboard_opt_in) on table public.children to "authenticated";

grant insert (notes) on table public.children to "authenticated";

grant update (notes) on table public.children to "authenticated";

grant insert (parent_id) on table public.children to "authenticated";

grant update (parent_id) on table public.children to "authenticated";

grant insert (user_id) on table public.children to "authenticated";

grant update (user_id) on table public.children to "authenticated";

comment on column public.children.leaderboard_opt_in is 'The parent agreed to show this child''s first name and points on the leaderboard of enrolled families.';

comment on column public.children.age is 'The child''s age in years (7-12), as the parent gave it.';

comment on column public.children.hopes is 'What the family would like to change, in the parent''s words.';

create table "public"."consent_notices" (
    "id" uuid not null default gen_random_uuid(),
    "terms_version" text not null,
    "privacy_version" text not null,
    "summary" text,
    "effective_at" timestamp with time zone not null default now(),
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX consent_notices_effective_idx ON public.consent_notices USING btree (effective_at DESC);

CREATE UNIQUE INDEX consent_notices_pkey ON public.consent_notices USING btree (id);

CREATE UNIQUE INDEX consent_notices_terms_version_privacy_version_key ON public.consent_notices USING btree (terms_version, privacy_version);

alter table "public"."consent_notices" add constraint "consent_notices_pkey" PRIMARY KEY using index "consent_notices_pkey";

alter table "public"."consent_notices" add constraint "consent_notices_privacy_version_check" CHECK (((char_length(btrim(privacy_version)) >= 1) AND (char_length(btrim(privacy_version)) <= 40))) not valid;

alter table "public"."consent_notices" validate constraint "consent_notices_privacy_version_check";

alter table "public"."consent_notices" add constraint "consent_notices_summary_check" CHECK ((char_length(summary) <= 500)) not valid;

alter table "public"."consent_notices" validate constraint "consent_notices_summary_check";

alter table "public"."consent_notices" add constraint "consent_notices_terms_version_check" CHECK (((char_length(btrim(terms_version)) >= 1) AND (char_length(btrim(terms_version)) <= 40))) not valid;

alter table "public"."consent_notices" validate constraint "consent_notices_terms_version_check";

alter table "public"."consent_notices" add constraint "consent_notices_terms_version_privacy_version_key" UNIQUE using index "consent_notices_terms_version_privacy_version_key";

alter table "public"."consent_notices" enable row level security;

create policy "Admins publish notices"
  on "public"."consent_notices"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users read the notices"
  on "public"."consent_notices"
  as permissive
  for select
  to authenticated
using (true);

create policy "Staff delete only with two-factor sign-in"
  on "public"."consent_notices"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."consent_notices"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."consent_notices"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

revoke all on table public.consent_notices from "anon", "authenticated", public, "service_role";
grant select on table public.consent_notices to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.consent_notices to "service_role";

grant insert (effective_at) on table public.consent_notices to "authenticated";

grant insert (privacy_version) on table public.consent_notices to "authenticated";

grant insert (summary) on table public.consent_notices to "authenticated";

grant insert (terms_version) on table public.consent_notices to "authenticated";

create table "public"."family_summaries" (
    "parent_id" uuid not null,
    "parent_first_name" text,
    "children" jsonb not null default '[]'::jsonb,
    "coach_ids" uuid[] not null default '{}'::uuid[],
    "since" timestamp with time zone not null
      );

create or replace view "public"."family_list" as  SELECT parent_id,
    parent_first_name,
        CASE
            WHEN ( SELECT private.is_admin() AS is_admin) THEN children
            ELSE ( SELECT COALESCE(jsonb_agg(x.e ORDER BY x.n), '[]'::jsonb) AS "coalesce"
               FROM jsonb_array_elements(f.children) WITH ORDINALITY x(e, n)
              WHERE ((x.e ->> 'coach_id'::text) = (( SELECT private.current_coach_id() AS current_coach_id))::text))
        END AS children,
    coach_ids,
    since
   FROM family_summaries f
  WHERE (( SELECT private.is_admin() AS is_admin) OR (coach_ids @> ARRAY[( SELECT private.current_coach_id() AS current_coach_id)]));

alter view public.family_list set (security_invoker=true);

revoke all on table public.family_list from "anon", "authenticated", public, "service_role";
grant select on table public.family_list to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.family_list to "service_role";

CREATE INDEX family_summaries_coach_ids_idx ON public.family_summaries USING gin (coach_ids);

CREATE INDEX family_summaries_name_idx ON public.family_summaries USING btree (parent_first_name, parent_id) INCLUDE (coach_ids);

CREATE UNIQUE INDEX family_summaries_pkey ON public.family_summaries USING btree (parent_id);

alter table "public"."family_summaries" add constraint "family_summaries_pkey" PRIMARY KEY using index "family_summaries_pkey";

alter table "public"."family_summaries" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."family_summaries"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

revoke all on table public.family_summaries from "anon", "authenticated", public, "service_role";
grant select on table public.family_summaries to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.family_summaries to "service_role";

comment on table public.family_summaries is 'One row per family (a parent with children), kept by triggers on children, profiles and coaches; read through family_list.';

create table "public"."notification_preferences" (
    "user_id" uuid not null,
    "session_reminders" boolean not null default true,
    "parent_updates" boolean not null default true,
    "marketing" boolean not null default false,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "family_messages" boolean not null default true,
    "check_in_invitations" boolean not null default true
      );

CREATE UNIQUE INDEX notification_preferences_pkey ON public.notification_preferences USING btree (user_id);

alter table "public"."notification_preferences" add constraint "notification_preferences_pkey" PRIMARY KEY using index "notification_preferences_pkey";

alter table "public"."notification_preferences" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."notification_preferences"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Users change their own notification preferences"
  on "public"."notification_preferences"
  as permissive
  for update
  to authenticated
using ((user_id = ( SELECT auth.uid() AS uid)))
with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users read their own notification preferences"
  on "public"."notification_preferences"
  as permissive
  for select
  to authenticated
using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Users set their own notification preferences"
  on "public"."notification_preferences"
  as permissive
  for insert
  to authenticated
with check ((user_id = ( SELECT auth.uid() AS uid)));

CREATE TRIGGER notification_preferences_set_updated_at BEFORE UPDATE ON public.notification_preferences FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.notification_preferences from "anon", "authenticated", public, "service_role";
grant select on table public.notification_preferences to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.notification_preferences to "service_role";

grant insert (check_in_invitations) on table public.notification_preferences to "authenticated";

grant update (check_in_invitations) on table public.notification_preferences to "authenticated";

grant insert (family_messages) on table public.notification_preferences to "authenticated";

grant update (family_messages) on table public.notification_preferences to "authenticated";

grant insert (marketing) on table public.notification_preferences to "authenticated";

grant update (marketing) on table public.notification_preferences to "authenticated";

grant insert (parent_updates) on table public.notification_preferences to "authenticated";

grant update (parent_updates) on table public.notification_preferences to "authenticated";

grant insert (session_reminders) on table public.notification_preferences to "authenticated";

grant update (session_reminders) on table public.notification_preferences to "authenticated";

grant insert (user_id) on table public.notification_preferences to "authenticated";

grant update (user_id) on table public.notification_preferences to "authenticated";

create table "public"."parental_consents" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "parent_id" uuid not null default auth.uid(),
    "notice_id" uuid not null,
    "signed_name" text not null,
    "method" text not null default 'in_app_signature'::text,
    "terms_version" text not null default ''::text,
    "privacy_version" text not null default ''::text,
    "given_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX parental_consents_child_id_notice_id_key ON public.parental_consents USING btree (child_id, notice_id);

CREATE INDEX parental_consents_notice_idx ON public.parental_consents USING btree (notice_id);

CREATE INDEX parental_consents_parent_idx ON public.parental_consents USING btree (parent_id);

CREATE UNIQUE INDEX parental_consents_pkey ON public.parental_consents USING btree (id);

alter table "public"."parental_consents" add constraint "parental_consents_pkey" PRIMARY KEY using index "parental_consents_pkey";

alter table "public"."parental_consents" add constraint "parental_consents_child_id_notice_id_key" UNIQUE using index "parental_consents_child_id_notice_id_key";

alter table "public"."parental_consents" add constraint "parental_consents_method_check" CHECK ((method = 'in_app_signature'::text)) not valid;

alter table "public"."parental_consents" validate constraint "parental_consents_method_check";

alter table "public"."parental_consents" add constraint "parental_consents_signed_name_check" CHECK (((char_length(btrim(signed_name)) >= 2) AND (char_length(btrim(signed_name)) <= 120))) not valid;

alter table "public"."parental_consents" validate constraint "parental_consents_signed_name_check";

alter table "public"."parental_consents" enable row level security;

create policy "Parents consent for their own children"
  on "public"."parental_consents"
  as permissive
  for insert
  to authenticated
with check (((parent_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_parent_of_child(parental_consents.child_id) AS is_parent_of_child)));

create policy "Parents read their children's consents and admins all"
  on "public"."parental_consents"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."parental_consents"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER parental_consents_stamp BEFORE INSERT ON public.parental_consents FOR EACH ROW EXECUTE FUNCTION private.parental_consents_stamp();

revoke all on table public.parental_consents from "anon", "authenticated", public, "service_role";
grant select on table public.parental_consents to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.parental_consents to "service_role";

grant insert (child_id) on table public.parental_consents to "authenticated";

grant insert (notice_id) on table public.parental_consents to "authenticated";

grant insert (signed_name) on table public.parental_consents to "authenticated";

alter table "public"."child_logins" add constraint "child_logins_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."child_logins" validate constraint "child_logins_child_id_fkey";

alter table "public"."children" add constraint "children_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."children" validate constraint "children_parent_id_fkey";

alter table "public"."children" add constraint "children_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."children" validate constraint "children_user_id_fkey";

alter table "public"."family_summaries" add constraint "family_summaries_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."family_summaries" validate constraint "family_summaries_parent_id_fkey";

alter table "public"."notification_preferences" add constraint "notification_preferences_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."notification_preferences" validate constraint "notification_preferences_user_id_fkey";

alter table "public"."parental_consents" add constraint "parental_consents_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."parental_consents" validate constraint "parental_consents_child_id_fkey";

alter table "public"."parental_consents" add constraint "parental_consents_notice_id_fkey" FOREIGN KEY (notice_id) REFERENCES consent_notices(id) ON DELETE RESTRICT not valid;

alter table "public"."parental_consents" validate constraint "parental_consents_notice_id_fkey";

alter table "public"."parental_consents" add constraint "parental_consents_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."parental_consents" validate constraint "parental_consents_parent_id_fkey";
