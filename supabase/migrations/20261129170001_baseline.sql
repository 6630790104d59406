-- The 149 migrations before it, squashed: generated from supabase/schemas.

-- supabase/schemas/00_foundation.sql
-- Schemas, extensions, types, default privileges, roles
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

create schema if not exists "private";

create extension if not exists "btree_gist" with schema "extensions" version '1.7';

create extension if not exists "pg_trgm" with schema "extensions" version '1.6';

create type "public"."app_role" as enum ('admin', 'coach', 'parent', 'child');

alter role "authenticator" set pgrst.db_pre_request = 'private.check_request';

revoke all on schema private from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant usage on schema private to "anon";
grant usage on schema private to "authenticated";
grant usage on schema private to "service_role";
grant usage on schema private to "supabase_auth_admin";

revoke all on schema public from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant usage on schema public to "anon";
grant usage on schema public to "authenticated";
grant usage on schema public to public;
grant usage on schema public to "service_role";
grant usage on schema public to "supabase_auth_admin";

-- supabase/schemas/01_shared_functions.sql
-- Functions used by objects in earlier files than their own domain
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.audit_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  action text := tg_argv[0];
  entity text := tg_argv[1];
  id_column text := coalesce(nullif(tg_argv[2], ''), 'id');
  tracked text[] := coalesce(tg_argv[3:tg_nargs - 1], '{}'::text[]);
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  subject jsonb := coalesce(new_row, old_row);
  details jsonb := '{}'::jsonb;
  changes jsonb := '{}'::jsonb;
  actor uuid := private.audit_actor();
  col text;
begin
  if right(action, 2) = '_*' then
    action := left(action, -1)
      || case tg_op when 'INSERT' then 'CREATED' when 'UPDATE' then 'UPDATED' else 'DELETED' end;
  end if;

  if tg_op = 'UPDATE' then
    for col in select key from jsonb_each(new_row) order by key loop
      continue when col in ('created_at', 'updated_at');
      continue when cardinality(tracked) > 0 and not col = any(tracked);
      if new_row -> col is distinct from old_row -> col then
        changes := changes || jsonb_build_object(
          col, jsonb_build_object('from', private.audit_value(old_row -> col), 'to', private.audit_value(new_row -> col))
        );
      end if;
    end loop;
    if changes = '{}'::jsonb then
      return null;
    end if;
    details := jsonb_build_object('changes', changes);
  else
    foreach col in array tracked loop
      if subject ? col then
        details := details || jsonb_build_object(col, private.audit_value(subject -> col));
      end if;
    end loop;
  end if;

  if actor is null then
    details := details || jsonb_build_object('via', coalesce(nullif(auth.role(), ''), 'database'));
  end if;
  if octet_length(details::text) > 8000 then
    details := jsonb_build_object(
      'changed', (select jsonb_agg(k) from jsonb_object_keys(changes) as k), 'truncated', true
    );
  end if;

  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (actor, action, entity, left(subject ->> id_column, 128), details);
  return null;
end;
$function$
;

revoke all on function private.audit_change() from "anon", "authenticated", public, "service_role";
grant execute on function private.audit_change() to public;

CREATE OR REPLACE FUNCTION private.check_time_zone()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.check_time_zone() from "anon", "authenticated", public, "service_role";
grant execute on function private.check_time_zone() to public;

CREATE OR REPLACE FUNCTION private.coached_child_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(distinct t.id), '{}')
  from (
    select c.id
      from public.coaches me
      join public.children c on c.coach_id = me.id
     where me.user_id = auth.uid()
    union all
    select s.child_id
      from public.coaches me
      join public.coaching_sessions s on s.coach_id = me.id
     where me.user_id = auth.uid() and s.status <> 'cancelled'
  ) t
$function$
;

revoke all on function private.coached_child_ids() from "anon", "authenticated", public, "service_role";
grant execute on function private.coached_child_ids() to "authenticated";
grant execute on function private.coached_child_ids() to "service_role";

CREATE OR REPLACE FUNCTION private.coached_family_ids()
 RETURNS uuid[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(array_agg(distinct t.id), '{}')
  from public.children c
  cross join lateral (values (c.parent_id), (c.user_id)) as t (id)
  where c.id = any ((select private.coached_child_ids())::uuid[]) and t.id is not null
$function$
;

revoke all on function private.coached_family_ids() from "anon", "authenticated", public, "service_role";
grant execute on function private.coached_family_ids() to "authenticated";
grant execute on function private.coached_family_ids() to "service_role";

CREATE OR REPLACE FUNCTION private.current_coach_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id from public.coaches c where c.user_id = auth.uid()
$function$
;

revoke all on function private.current_coach_id() from "anon", "authenticated", public, "service_role";
grant execute on function private.current_coach_id() to "authenticated";
grant execute on function private.current_coach_id() to public;
grant execute on function private.current_coach_id() to "service_role";

CREATE OR REPLACE FUNCTION private.is_parent_of_child(child uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.children c where c.id = child and c.parent_id = auth.uid())
$function$
;

revoke all on function private.is_parent_of_child(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_parent_of_child(uuid) to "authenticated";
grant execute on function private.is_parent_of_child(uuid) to public;
grant execute on function private.is_parent_of_child(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.session_period(starts_at timestamp with time zone, minutes integer)
 RETURNS tstzrange
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select pg_catalog.tstzrange(starts_at, starts_at + pg_catalog.make_interval(mins => minutes), '[)')
$function$
;

revoke all on function private.session_period(timestamp with time zone,integer) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_period(timestamp with time zone,integer) to "authenticated";
grant execute on function private.session_period(timestamp with time zone,integer) to public;
grant execute on function private.session_period(timestamp with time zone,integer) to "service_role";

CREATE OR REPLACE FUNCTION private.set_updated_at()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_at := now();
  return new;
end;
$function$
;

revoke all on function private.set_updated_at() from "anon", "authenticated", public, "service_role";
grant execute on function private.set_updated_at() to public;

-- supabase/schemas/10_auth_and_roles.sql
-- Accounts, roles and sign-in: roles, profiles, child logins, MFA, the Auth hooks
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.account_email(account uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.email::text from auth.users u
   where u.id = account
     and exists (select 1 from public.user_roles r where r.user_id = auth.uid() and r.role = 'admin')
     and not exists (select 1 from public.child_logins l where l.user_id = account)
$function$
;

revoke all on function private.account_email(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.account_email(uuid) to "authenticated";
grant execute on function private.account_email(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.admin_account_page(search text, role app_role, page_size integer, page_offset integer)
 RETURNS TABLE(id uuid, email text, first_name text, last_name text, full_name text, roles app_role[], status text, created_at timestamp with time zone, last_login_at timestamp with time zone, last_sign_in_at timestamp with time zone, invited_at timestamp with time zone, banned_until timestamp with time zone, child_username text, total bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.admin_account_page(text,public.app_role,integer,integer) from "anon", "authenticated", public, "service_role";
grant execute on function private.admin_account_page(text,public.app_role,integer,integer) to "authenticated";
grant execute on function private.admin_account_page(text,public.app_role,integer,integer) to "service_role";

CREATE OR REPLACE FUNCTION private.admin_accounts()
 RETURNS TABLE(id uuid, email text, first_name text, last_name text, full_name text, roles app_role[], status text, created_at timestamp with time zone, last_login_at timestamp with time zone, last_sign_in_at timestamp with time zone, invited_at timestamp with time zone, banned_until timestamp with time zone, child_username text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.admin_accounts() from "anon", "authenticated", public, "service_role";
grant execute on function private.admin_accounts() to "authenticated";
grant execute on function private.admin_accounts() to "service_role";

CREATE OR REPLACE FUNCTION private.audit_account_change()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  was_banned boolean := old.banned_until is not null and old.banned_until > now();
  is_banned boolean := new.banned_until is not null and new.banned_until > now();
  request jsonb := new.raw_app_meta_data -> 'admin_action';
  fresh boolean := jsonb_typeof(new.raw_app_meta_data -> 'admin_action') = 'object'
    and (new.raw_app_meta_data -> 'admin_action') is distinct from (old.raw_app_meta_data -> 'admin_action');
  actor uuid;
  action text;
begin
  if fresh and coalesce(request ->> 'by', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select u.id into actor from auth.users u where u.id = (request ->> 'by')::uuid;
  end if;
  if was_banned <> is_banned then
    action := case when is_banned then 'USER_DEACTIVATED' else 'USER_REACTIVATED' end;
  elsif fresh and request ->> 'action' = 'invite' then
    action := 'USER_INVITED';
  else
    return null;
  end if;
  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (
    actor, action, 'user', new.id::text,
    jsonb_build_object('email', new.email)
      || case when actor is null then jsonb_build_object('via', 'auth') else '{}'::jsonb end
      || case when request ? 'role' and action = 'USER_INVITED'
           then jsonb_build_object('role', request -> 'role') else '{}'::jsonb end
  );
  return null;
end;
$function$
;

revoke all on function private.audit_account_change() from "anon", "authenticated", public, "service_role";
grant execute on function private.audit_account_change() to public;

CREATE OR REPLACE FUNCTION private.begin_child_sign_in(login_username text, client_address text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  wanted text := lower(btrim(coalesce(login_username, '')));
  from_client text := private.child_sign_in_client_key(client_address);
  limits record;
  child uuid;
  try_subject bytea;
  state record;
  wrong_tries integer;
  last_success timestamptz;
  recent timestamptz[];
  try_id bigint;
begin
  select * into limits from private.child_sign_in_limits();
  select l.child_id into child from public.child_logins l where l.username = wanted;
  try_subject := coalesce(uuid_send(child), sha256(convert_to(wanted, 'UTF8')));
  -- One subject's tries, and one address's, are judged one at a time (subject first: no deadlock),
  -- so tries sent at once cannot slip past a count.
  perform pg_advisory_xact_lock(hashtextextended('child_sign_in:' || encode(try_subject, 'hex'), 0));
  perform pg_advisory_xact_lock(hashtextextended('child_sign_in_client:' || from_client, 0));
  -- What the rule no longer needs goes (rows another call is removing are left to it).
  delete from private.child_sign_in_tries t
   where t.id in (select o.id from private.child_sign_in_tries o
                   where o.tried_at < now() - limits.name_window
                   for update skip locked);
  delete from private.child_sign_in_name_locks k where k.locked_until < now();

  select * into state from private.child_sign_in_lock_state(child, try_subject);
  if state.locked_until > now() then
    return jsonb_build_object('refused', 'locked', 'message', private.child_login_locked_message());
  end if;
  -- Tries still waiting for Auth's answer count as wrong ones: the day's ceiling holds for tries sent at once.
  select count(*) into wrong_tries from private.child_sign_in_tries t
   where t.subject = try_subject
     and t.outcome is distinct from 'succeeded'
     and t.tried_at > state.counts_since;
  if wrong_tries >= limits.per_name then
    perform private.lock_child_sign_in(child, try_subject, wrong_tries);
    return jsonb_build_object('refused', 'locked', 'message', private.child_login_locked_message());
  end if;

  -- This address on this name: its wrong tries since its last success, the parent's unlock, and
  -- within the window; refused until the oldest of the last few is out of the window.
  select max(t.tried_at) into last_success
    from private.child_sign_in_tries t
   where t.subject = try_subject and t.client = from_client
     and t.outcome = 'succeeded';
  recent := array(
    select t.tried_at from private.child_sign_in_tries t
     where t.subject = try_subject and t.client = from_client
       and t.outcome is distinct from 'succeeded'
       and t.tried_at > greatest(
         now() - limits.address_and_name_window,
         coalesce(last_success, '-infinity'),
         state.counts_since
       )
     order by t.tried_at desc
     limit limits.per_address_and_name
  );
  if cardinality(recent) >= limits.per_address_and_name then
    return jsonb_build_object(
      'refused', 'address',
      'retry_after', greatest(1, ceil(extract(epoch from
        recent[limits.per_address_and_name] + limits.address_and_name_window - now())))::integer
    );
  end if;

  -- This address on any name: its wrong tries within the window.
  recent := array(
    select t.tried_at from private.child_sign_in_tries t
     where t.client = from_client
       and t.outcome is distinct from 'succeeded'
       and t.tried_at > now() - limits.address_window
     order by t.tried_at desc
     limit limits.per_address
  );
  if cardinality(recent) >= limits.per_address then
    return jsonb_build_object(
      'refused', 'address',
      'retry_after', greatest(1, ceil(extract(epoch from
        recent[limits.per_address] + limits.address_window - now())))::integer
    );
  end if;

  insert into private.child_sign_in_tries (subject, child_id, client)
  values (try_subject, child, from_client)
  returning id into try_id;
  return jsonb_build_object('try', try_id);
end;
$function$
;

revoke all on function private.begin_child_sign_in(text,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.begin_child_sign_in(text,text) to "service_role";

CREATE OR REPLACE FUNCTION private.check_request()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  session_id text := claims ->> 'session_id';
  form text;
begin
  if session_id is not null then
    if session_id !~ '^[0-9a-fA-F-]{36}$'
      or not exists (select 1 from auth.sessions s where s.id = session_id::uuid) then
      raise sqlstate 'PT401'
        using message = 'Your session has ended',
              hint = 'Sign in again.';
    end if;
  end if;

  -- A public form's save: POST to its table (a row, or a few in one request).
  if current_setting('request.method', true) = 'POST'
    and (claims ->> 'role') is distinct from 'service_role' then
    form := case current_setting('request.path', true)
      when '/waitlist' then 'waitlist'
      when '/newsletter_subscribers' then 'newsletter'
      when '/contact_messages' then 'contact'
      when '/quiz_assessments' then 'quiz'
    end;
    if form is not null then
      perform private.reserve_form_save(form, private.request_client());
    end if;
  end if;
end;
$function$
;

revoke all on function private.check_request() from "anon", "authenticated", public, "service_role";
grant execute on function private.check_request() to "anon";
grant execute on function private.check_request() to "authenticated";
grant execute on function private.check_request() to "service_role";

CREATE OR REPLACE FUNCTION private.child_login_locked_message()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select 'This login is locked after too many wrong tries today. A parent can unlock it from their account; otherwise it unlocks by itself after a day.'
$function$
;

revoke all on function private.child_login_locked_message() from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant execute on function private.child_login_locked_message() to public;
grant execute on function private.child_login_locked_message() to "supabase_auth_admin";

CREATE OR REPLACE FUNCTION private.child_sign_in_client_key(client_address text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  ip inet;
begin
  begin
    ip := btrim(client_address)::inet;
  exception when others then
    return left(coalesce(nullif(btrim(client_address), ''), 'unknown'), 64);
  end;
  if ip is null then
    return 'unknown';
  end if;
  if family(ip) = 6 and not ip <<= '::ffff:0:0/96'::inet then
    return host(network(set_masklen(ip, 64))) || '/64';
  end if;
  return host(ip);
end;
$function$
;

revoke all on function private.child_sign_in_client_key(text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.child_sign_in_email(login_username text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.email::text
    from public.child_logins l
    join auth.users u on u.id = l.user_id
   where l.username = lower(btrim(login_username))
$function$
;

revoke all on function private.child_sign_in_email(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.child_sign_in_email(text) to "service_role";

CREATE OR REPLACE FUNCTION private.child_sign_in_limits()
 RETURNS TABLE(per_address_and_name integer, address_and_name_window interval, per_address integer, address_window interval, per_name integer, name_window interval)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select 5, interval '15 minutes', 30, interval '1 hour', 30, interval '24 hours'
$function$
;

revoke all on function private.child_sign_in_limits() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.child_sign_in_lock_state(child uuid, subject bytea, OUT locked_until timestamp with time zone, OUT counts_since timestamp with time zone)
 RETURNS record
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  unlocked_at timestamptz;
begin
  if child is not null then
    select k.locked_until, k.unlocked_at into locked_until, unlocked_at
      from public.child_login_locks k where k.child_id = child;
  else
    select k.locked_until into locked_until
      from private.child_sign_in_name_locks k where k.subject = child_sign_in_lock_state.subject;
  end if;
  counts_since := greatest(
    now() - (select l.name_window from private.child_sign_in_limits() l),
    coalesce(unlocked_at, '-infinity'),
    coalesce(locked_until, '-infinity')
  );
end;
$function$
;

revoke all on function private.child_sign_in_lock_state(uuid,bytea) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.coach_row_for_role()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.role = 'coach' then
    insert into public.coaches (user_id, display_name, is_active, sort_order)
    values (
      new.user_id,
      left(coalesce(nullif(btrim(private.person_name(new.user_id)), ''), 'New coach'), 100),
      false,
      1000
    )
    on conflict (user_id) do nothing;
  end if;
  return null;
end;
$function$
;

revoke all on function private.coach_row_for_role() from "anon", "authenticated", public, "service_role";
grant execute on function private.coach_row_for_role() to "authenticated";
grant execute on function private.coach_row_for_role() to "service_role";

CREATE OR REPLACE FUNCTION private.confirmed_email(account uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select lower(u.email::text) from auth.users u
   where u.id = account and u.email_confirmed_at is not null
$function$
;

revoke all on function private.confirmed_email(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.current_child_id()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.id from public.children c where c.user_id = auth.uid()
$function$
;

revoke all on function private.current_child_id() from "anon", "authenticated", public, "service_role";
grant execute on function private.current_child_id() to "authenticated";
grant execute on function private.current_child_id() to "service_role";

CREATE OR REPLACE FUNCTION private.finish_child_sign_in(try_id bigint, outcome text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  limits record;
  try private.child_sign_in_tries%rowtype;
  result text;
  state record;
  wrong_tries integer;
begin
  if outcome is null or outcome not in ('succeeded', 'failed', 'unchecked') then
    raise exception 'outcome must be succeeded, failed or unchecked' using errcode = '22023';
  end if;
  select * into limits from private.child_sign_in_limits();
  select * into try from private.child_sign_in_tries t where t.id = try_id;
  if try.id is null or try.outcome is not null then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('child_sign_in:' || encode(try.subject, 'hex'), 0));
  if outcome = 'unchecked' then
    delete from private.child_sign_in_tries t where t.id = try.id and t.outcome is null;
    return null;
  end if;
  -- Only a child's login can be signed in to.
  result := case when outcome = 'succeeded' and try.child_id is not null then 'succeeded' else 'failed' end;
  update private.child_sign_in_tries t set outcome = result where t.id = try.id and t.outcome is null;
  if not found then
    return null;
  end if;
  if try.child_id is not null then
    delete from public.child_login_attempts a
     where a.child_id = try.child_id and a.attempted_at < now() - interval '30 days';
    insert into public.child_login_attempts (child_id, outcome) values (try.child_id, result);
  end if;
  if result = 'succeeded' then
    return null;
  end if;
  select * into state from private.child_sign_in_lock_state(try.child_id, try.subject);
  if state.locked_until > now() then
    return private.child_login_locked_message();
  end if;
  select count(*) into wrong_tries from private.child_sign_in_tries t
   where t.subject = try.subject
     and t.outcome is distinct from 'succeeded'
     and t.tried_at > state.counts_since;
  if wrong_tries >= limits.per_name then
    perform private.lock_child_sign_in(try.child_id, try.subject, wrong_tries);
    return private.child_login_locked_message();
  end if;
  return null;
end;
$function$
;

revoke all on function private.finish_child_sign_in(bigint,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.finish_child_sign_in(bigint,text) to "service_role";

CREATE OR REPLACE FUNCTION private.guard_admin_roles()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  -- Without a JWT subject (service role, account deletion, maintenance) only rule 2 via keep_last_admin.
  if auth.uid() is null or old.role <> 'admin' then
    return coalesce(new, old);
  end if;
  if tg_op = 'UPDATE' and new.role = 'admin' and new.user_id = old.user_id then
    return new;
  end if;
  if old.user_id = auth.uid() then
    raise exception 'You cannot remove your own admin role'
      using errcode = '42501', hint = 'Ask another admin to do it.';
  end if;
  if not private.other_active_admin_exists(old.user_id) then
    raise exception 'The last admin role cannot be removed'
      using errcode = '42501', hint = 'Grant the admin role to another user first.';
  end if;
  return coalesce(new, old);
end;
$function$
;

revoke all on function private.guard_admin_roles() from "anon", "authenticated", public, "service_role";
grant execute on function private.guard_admin_roles() to public;

CREATE OR REPLACE FUNCTION private.guard_child_password()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if (coalesce(new.raw_app_meta_data ->> 'child_login', '') = 'true'
      or exists (select 1 from public.child_logins l where l.user_id = new.id))
    and coalesce(current_setting('ploom.child_secret_change', true), '') <> 'parent' then
    raise exception 'A child''s password or PIN is changed by their parent'
      using errcode = '42501',
        hint = 'The parent changes it at /app/account/children.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.guard_child_password() from "anon", "authenticated", public, "service_role";
grant execute on function private.guard_child_password() to public;

CREATE OR REPLACE FUNCTION private.guard_child_role()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.role = 'child' then
    if auth.uid() is not null then
      raise exception 'The child role comes only with a child login, made from the family''s page'
        using errcode = '42501', hint = 'A parent gives their child a login on the family page.';
    end if;
    if exists (
      select 1 from public.user_roles r
       where r.user_id = new.user_id and r.role <> 'child' and r.id is distinct from new.id
    ) then
      raise exception 'A child''s login holds only the child role' using errcode = '42501';
    end if;
  elsif exists (
    select 1 from public.user_roles r where r.user_id = new.user_id and r.role = 'child' and r.id is distinct from new.id
  ) or exists (
    select 1 from public.children c where c.user_id = new.user_id
  ) then
    raise exception 'A child''s login holds only the child role' using errcode = '42501',
      hint = 'Staff and parents need an account of their own.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.guard_child_role() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.guard_last_admin_ban()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.banned_until is not null and new.banned_until > now()
    and (old.banned_until is null or old.banned_until <= now())
    and private.has_role(new.id, 'admin')
    and not private.other_active_admin_exists(new.id) then
    raise exception 'The last admin cannot be deactivated'
      using errcode = '42501', hint = 'Grant the admin role to another user first.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.guard_last_admin_ban() from "anon", "authenticated", public, "service_role";
grant execute on function private.guard_last_admin_ban() to public;

CREATE OR REPLACE FUNCTION private.handle_new_user()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  initial public.app_role := 'parent';
begin
  insert into public.profiles (id, first_name, last_name)
  values (
    new.id,
    nullif(left(private.one_line(coalesce(new.raw_user_meta_data ->> 'first_name', '')), 100), ''),
    nullif(left(private.one_line(coalesce(new.raw_user_meta_data ->> 'last_name', '')), 100), '')
  )
  on conflict (id) do nothing;

  if coalesce(new.raw_app_meta_data ->> 'initial_role', '') in ('coach', 'child') then
    initial := (new.raw_app_meta_data ->> 'initial_role')::public.app_role;
  end if;
  insert into public.user_roles (user_id, role)
  values (new.id, initial)
  on conflict (user_id, role) do nothing;
  return new;
end;
$function$
;

revoke all on function private.handle_new_user() from "anon", "authenticated", public, "service_role";
grant execute on function private.handle_new_user() to public;

CREATE OR REPLACE FUNCTION private.has_role(uid uuid, wanted app_role)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1 from public.user_roles r where r.user_id = uid and r.role = wanted
  )
$function$
;

revoke all on function private.has_role(uuid,public.app_role) from "anon", "authenticated", public, "service_role";
grant execute on function private.has_role(uuid,public.app_role) to "authenticated";
grant execute on function private.has_role(uuid,public.app_role) to public;
grant execute on function private.has_role(uuid,public.app_role) to "service_role";

CREATE OR REPLACE FUNCTION private.is_admin()
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(private.has_role(auth.uid(), 'admin'), false)
$function$
;

revoke all on function private.is_admin() from "anon", "authenticated", public, "service_role";
grant execute on function private.is_admin() to "authenticated";
grant execute on function private.is_admin() to public;
grant execute on function private.is_admin() to "service_role";

CREATE OR REPLACE FUNCTION private.is_child_user(child uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.children c where c.id = child and c.user_id = auth.uid())
$function$
;

revoke all on function private.is_child_user(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_child_user(uuid) to "authenticated";
grant execute on function private.is_child_user(uuid) to public;
grant execute on function private.is_child_user(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.judge_mfa_attempt(login_user uuid, factor uuid, valid boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  recent integer;
begin
  -- One factor's codes are judged one at a time.
  perform pg_advisory_xact_lock(hashtextextended('mfa_failed_verifications:' || factor::text, 0));
  delete from private.mfa_failed_verifications f
    where f.user_id = login_user and f.factor_id = factor and f.failed_at < now() - interval '15 minutes';
  select count(*) into recent
    from private.mfa_failed_verifications f where f.factor_id = factor and f.user_id = login_user;
  if not valid then
    insert into private.mfa_failed_verifications (user_id, factor_id) values (login_user, factor);
  end if;
  if recent >= 5 then
    return jsonb_build_object(
      'decision', 'reject',
      'message', 'Too many wrong codes. Wait 15 minutes, then sign in again and enter a new code.'
    );
  end if;
  if valid then
    delete from private.mfa_failed_verifications f where f.user_id = login_user and f.factor_id = factor;
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$function$
;

revoke all on function private.judge_mfa_attempt(uuid,uuid,boolean) from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant execute on function private.judge_mfa_attempt(uuid,uuid,boolean) to "supabase_auth_admin";

CREATE OR REPLACE FUNCTION private.judge_password_attempt(login_user uuid, valid boolean)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when exists (
      select 1 from public.child_logins l
        join public.child_login_locks k on k.child_id = l.child_id
       where l.user_id = login_user and k.locked_until > now()
    ) then jsonb_build_object(
      'decision', 'reject',
      'message', private.child_login_locked_message(),
      'should_logout_user', false
    )
    else jsonb_build_object('decision', 'continue')
  end
$function$
;

revoke all on function private.judge_password_attempt(uuid,boolean) from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant execute on function private.judge_password_attempt(uuid,boolean) to "supabase_auth_admin";

CREATE OR REPLACE FUNCTION private.keep_last_admin()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.keep_last_admin() from "anon", "authenticated", public, "service_role";
grant execute on function private.keep_last_admin() to public;

CREATE OR REPLACE FUNCTION private.lock_child_sign_in(child uuid, subject bytea, wrong_tries integer)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  lock_end timestamptz := now() + (select l.name_window from private.child_sign_in_limits() l);
begin
  if child is null then
    insert into private.child_sign_in_name_locks as k (subject, locked_until)
    values (lock_child_sign_in.subject, lock_end)
    on conflict on constraint child_sign_in_name_locks_pkey do update set locked_until = excluded.locked_until
      where k.locked_until <= now();
    return;
  end if;
  insert into public.child_login_locks as k (child_id, locked_until)
  values (child, lock_end)
  on conflict (child_id) do update set locked_until = excluded.locked_until
    where k.locked_until is null or k.locked_until <= now();
  if found then
    insert into public.outbox (kind, event, recipient, child_id, recipient_user_id, wrong_tries)
    select 'family_notice', 'child_login_locked', 'parent', c.id, c.parent_id, greatest(lock_child_sign_in.wrong_tries, 1)
      from public.children c where c.id = child;
  end if;
end;
$function$
;

revoke all on function private.lock_child_sign_in(uuid,bytea,integer) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.meets_staff_two_factor()
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    return true;
  end if;
  if not (private.has_role(caller, 'admin') or private.has_role(caller, 'coach')) then
    return true;
  end if;
  if coalesce(auth.jwt() ->> 'aal', '') = 'aal2' then
    return true;
  end if;
  if to_regclass('auth.mfa_factors') is not null
     and exists (
       select 1 from auth.mfa_factors f where f.user_id = caller and f.status::text = 'verified'
     ) then
    return false;
  end if;
  return not coalesce(
    (select f.enabled from public.feature_flags f where f.key = 'require_staff_two_factor'),
    false
  );
end;
$function$
;

revoke all on function private.meets_staff_two_factor() from "anon", "authenticated", public, "service_role";
grant execute on function private.meets_staff_two_factor() to "authenticated";
grant execute on function private.meets_staff_two_factor() to "service_role";

CREATE OR REPLACE FUNCTION private.other_active_admin_exists(except_user uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
    from public.user_roles r
    join auth.users u on u.id = r.user_id
    where r.role = 'admin'
      and r.user_id <> except_user
      and (u.banned_until is null or u.banned_until <= now())
  )
$function$
;

revoke all on function private.other_active_admin_exists(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.other_active_admin_exists(uuid) to public;

CREATE OR REPLACE FUNCTION private.person_name(uid uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
    (select u.email::text from auth.users u where u.id = uid)
  )
  from (select uid) as me
  left join public.profiles p on p.id = me.uid
  where uid is not null
$function$
;

revoke all on function private.person_name(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.person_name(uuid) to "authenticated";
grant execute on function private.person_name(uuid) to public;
grant execute on function private.person_name(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.profiles_normalize_phone()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.phone := nullif(btrim(new.phone), '');
  return new;
end;
$function$
;

revoke all on function private.profiles_normalize_phone() from "anon", "authenticated", public, "service_role";
grant execute on function private.profiles_normalize_phone() to public;

CREATE OR REPLACE FUNCTION private.profiles_refresh_family_summary()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  update public.family_summaries f
     set parent_first_name = new.first_name
   where f.parent_id = new.id and f.parent_first_name is distinct from new.first_name;
  return null;
end;
$function$
;

revoke all on function private.profiles_refresh_family_summary() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.request_client()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(
    (
      select lower(a)
      from pg_catalog.btrim(
        (pg_catalog.regexp_match(
          coalesce(nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ''),
          '([^,]*)$'
        ))[1]
      ) as a
      where a ~ '^[0-9A-Fa-f:.]{1,64}$'
    ),
    'unknown'
  )
$function$
;

revoke all on function private.request_client() from "anon", "authenticated", public, "service_role";
grant execute on function private.request_client() to "anon";
grant execute on function private.request_client() to "authenticated";
grant execute on function private.request_client() to "service_role";

CREATE OR REPLACE FUNCTION private.require_staff_two_factor()
 RETURNS void
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if private.meets_staff_two_factor() then
    return;
  end if;
  if private.staff_two_factor_step() = 'enrol' then
    raise exception 'Two-factor sign-in is required: set up an authenticator app at /admin/account before reaching families'' data'
      using errcode = '42501', hint = 'enrol';
  end if;
  raise exception 'Two-factor sign-in is required: enter the code from your authenticator app to reach families'' data'
    using errcode = '42501', hint = 'verify';
end;
$function$
;

revoke all on function private.require_staff_two_factor() from "anon", "authenticated", public, "service_role";
grant execute on function private.require_staff_two_factor() to "authenticated";
grant execute on function private.require_staff_two_factor() to "service_role";

CREATE OR REPLACE FUNCTION private.set_child_login_secret(login_user uuid, secret text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if secret is null or char_length(secret) < 8 or octet_length(secret) > 72 then
    raise exception 'A password or PIN has 8 to 72 characters' using errcode = '22023';
  end if;
  if not exists (select 1 from public.child_logins l where l.user_id = login_user) then
    raise exception 'No such child login' using errcode = 'P0002';
  end if;
  perform set_config('ploom.child_secret_change', 'parent', true);
  update auth.users
    set encrypted_password = extensions.crypt(secret, extensions.gen_salt('bf', 10)),
        updated_at = now()
    where id = login_user;
  perform set_config('ploom.child_secret_change', '', true);
end;
$function$
;

revoke all on function private.set_child_login_secret(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.set_child_login_secret(uuid,text) to "service_role";

CREATE OR REPLACE FUNCTION private.staff_two_factor_step()
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := auth.uid();
begin
  if caller is null or not (private.has_role(caller, 'admin') or private.has_role(caller, 'coach')) then
    return 'none';
  end if;
  if to_regclass('auth.mfa_factors') is not null
     and exists (
       select 1 from auth.mfa_factors f where f.user_id = caller and f.status::text = 'verified'
     ) then
    return case when coalesce(auth.jwt() ->> 'aal', '') = 'aal2' then 'none' else 'verify' end;
  end if;
  if coalesce((select f.enabled from public.feature_flags f where f.key = 'require_staff_two_factor'), false) then
    return 'enrol';
  end if;
  return 'none';
end;
$function$
;

revoke all on function private.staff_two_factor_step() from "anon", "authenticated", public, "service_role";
grant execute on function private.staff_two_factor_step() to "authenticated";

CREATE OR REPLACE FUNCTION private.take_child_username_try(parent uuid)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  recent integer;
begin
  -- One parent's tries are counted one at a time.
  perform pg_advisory_xact_lock(hashtextextended('child_username_tries:' || parent::text, 0));
  delete from private.child_username_tries t
    where t.parent_id = parent and t.tried_at < now() - interval '1 hour';
  select count(*) into recent from private.child_username_tries t where t.parent_id = parent;
  if recent >= 10 then
    return false;
  end if;
  insert into private.child_username_tries (parent_id) values (parent);
  return true;
end;
$function$
;

revoke all on function private.take_child_username_try(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.take_child_username_try(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.unconfirmed_sign_up_for(address text)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.id from auth.users u
   where lower(u.email) = lower(btrim(address))
     and u.email_confirmed_at is null
     and coalesce(u.encrypted_password, '') <> ''
$function$
;

revoke all on function private.unconfirmed_sign_up_for(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.unconfirmed_sign_up_for(text) to "service_role";

CREATE OR REPLACE FUNCTION private.unlock_child_login(child uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff_two_factor();
  if child is null or not (private.is_parent_of_child(child) or private.is_admin())
    or not exists (select 1 from public.child_logins l where l.child_id = child) then
    raise exception 'No such child login' using errcode = 'PT404';
  end if;
  insert into public.child_login_locks (child_id, locked_until, unlocked_at)
  values (child, null, now())
  on conflict (child_id) do update set locked_until = null, unlocked_at = now();
end;
$function$
;

revoke all on function private.unlock_child_login(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.unlock_child_login(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION public.admin_account_page(search text DEFAULT NULL::text, role app_role DEFAULT NULL::app_role, page_size integer DEFAULT 25, page_offset integer DEFAULT 0)
 RETURNS TABLE(id uuid, email text, first_name text, last_name text, full_name text, roles app_role[], status text, created_at timestamp with time zone, last_login_at timestamp with time zone, last_sign_in_at timestamp with time zone, invited_at timestamp with time zone, banned_until timestamp with time zone, child_username text, total bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.admin_account_page(search, role, page_size, page_offset)
$function$
;

revoke all on function public.admin_account_page(text,public.app_role,integer,integer) from "anon", "authenticated", public, "service_role";
grant execute on function public.admin_account_page(text,public.app_role,integer,integer) to "authenticated";
grant execute on function public.admin_account_page(text,public.app_role,integer,integer) to "service_role";

CREATE OR REPLACE FUNCTION public.admin_accounts()
 RETURNS TABLE(id uuid, email text, first_name text, last_name text, full_name text, roles app_role[], status text, created_at timestamp with time zone, last_login_at timestamp with time zone, last_sign_in_at timestamp with time zone, invited_at timestamp with time zone, banned_until timestamp with time zone, child_username text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.admin_accounts()
$function$
;

revoke all on function public.admin_accounts() from "anon", "authenticated", public, "service_role";
grant execute on function public.admin_accounts() to "authenticated";
grant execute on function public.admin_accounts() to "service_role";

CREATE OR REPLACE FUNCTION public.begin_child_sign_in(login_username text, client_address text)
 RETURNS jsonb
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.begin_child_sign_in(login_username, client_address)
$function$
;

revoke all on function public.begin_child_sign_in(text,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.begin_child_sign_in(text,text) to "service_role";

CREATE OR REPLACE FUNCTION public.child_sign_in_email(login_username text)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.child_sign_in_email(login_username)
$function$
;

revoke all on function public.child_sign_in_email(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.child_sign_in_email(text) to "service_role";

CREATE OR REPLACE FUNCTION public.finish_child_sign_in(try_id bigint, outcome text)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.finish_child_sign_in(try_id, outcome)
$function$
;

revoke all on function public.finish_child_sign_in(bigint,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.finish_child_sign_in(bigint,text) to "service_role";

CREATE OR REPLACE FUNCTION public.hook_before_user_created(event jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if lower(coalesce(event #>> '{user,email}', '')) like '%@child.ploom.invalid'
    and coalesce(event #>> '{user,app_metadata,child_login}', '') <> 'true' then
    return jsonb_build_object(
      'error', jsonb_build_object(
        'http_code', 403,
        'message', 'A child''s login is given by their parent from the parent''s account.'
      )
    );
  end if;
  if coalesce((select f.enabled from public.feature_flags f where f.key = 'signup_enabled'), false) then
    return '{}'::jsonb;
  end if;
  return jsonb_build_object(
    'error', jsonb_build_object('http_code', 403, 'message', 'Sign-ups are closed at the moment.')
  );
end;
$function$
;

revoke all on function public.hook_before_user_created(jsonb) from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant execute on function public.hook_before_user_created(jsonb) to "service_role";
grant execute on function public.hook_before_user_created(jsonb) to "supabase_auth_admin";

CREATE OR REPLACE FUNCTION public.hook_mfa_verification_attempt(event jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if jsonb_typeof(event -> 'user_id') <> 'string' or jsonb_typeof(event -> 'factor_id') <> 'string'
    or jsonb_typeof(event -> 'valid') <> 'boolean' then
    return jsonb_build_object('decision', 'continue');
  end if;
  return private.judge_mfa_attempt(
    (event ->> 'user_id')::uuid, (event ->> 'factor_id')::uuid, (event ->> 'valid')::boolean
  );
end;
$function$
;

revoke all on function public.hook_mfa_verification_attempt(jsonb) from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant execute on function public.hook_mfa_verification_attempt(jsonb) to "service_role";
grant execute on function public.hook_mfa_verification_attempt(jsonb) to "supabase_auth_admin";

CREATE OR REPLACE FUNCTION public.hook_password_verification_attempt(event jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if jsonb_typeof(event -> 'user_id') <> 'string' or jsonb_typeof(event -> 'valid') <> 'boolean' then
    return jsonb_build_object('decision', 'continue');
  end if;
  return private.judge_password_attempt((event ->> 'user_id')::uuid, (event ->> 'valid')::boolean);
end;
$function$
;

revoke all on function public.hook_password_verification_attempt(jsonb) from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant execute on function public.hook_password_verification_attempt(jsonb) to "service_role";
grant execute on function public.hook_password_verification_attempt(jsonb) to "supabase_auth_admin";

CREATE OR REPLACE FUNCTION public.link_child_login(child uuid, login_user uuid, login_username text, login_secret_kind text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  update public.children set user_id = login_user where id = child;
  if not found then
    raise exception 'No such child' using errcode = 'P0002';
  end if;
  insert into public.child_logins (child_id, user_id, username, secret_kind)
  values (child, login_user, login_username, login_secret_kind)
  on conflict (child_id) do update
    set user_id = excluded.user_id, username = excluded.username, secret_kind = excluded.secret_kind;
end;
$function$
;

revoke all on function public.link_child_login(uuid,uuid,text,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.link_child_login(uuid,uuid,text,text) to "service_role";

CREATE OR REPLACE FUNCTION public.set_child_login_secret(login_user uuid, secret text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.set_child_login_secret(login_user, secret)
$function$
;

revoke all on function public.set_child_login_secret(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.set_child_login_secret(uuid,text) to "service_role";

CREATE OR REPLACE FUNCTION public.staff_two_factor_step()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.staff_two_factor_step()
$function$
;

revoke all on function public.staff_two_factor_step() from "anon", "authenticated", public, "service_role";
grant execute on function public.staff_two_factor_step() to "authenticated";
grant execute on function public.staff_two_factor_step() to "service_role";

CREATE OR REPLACE FUNCTION public.take_child_username_try(parent uuid)
 RETURNS boolean
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.take_child_username_try(parent)
$function$
;

revoke all on function public.take_child_username_try(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.take_child_username_try(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.unconfirmed_sign_up_for(address text)
 RETURNS uuid
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.unconfirmed_sign_up_for(address)
$function$
;

revoke all on function public.unconfirmed_sign_up_for(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.unconfirmed_sign_up_for(text) to "service_role";

CREATE OR REPLACE FUNCTION public.unlock_child_login(child uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.unlock_child_login(child)
$function$
;

revoke all on function public.unlock_child_login(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.unlock_child_login(uuid) to "authenticated";
grant execute on function public.unlock_child_login(uuid) to "service_role";

CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION private.handle_new_user();

CREATE TRIGGER users_audit_account_changes AFTER UPDATE ON auth.users FOR EACH ROW EXECUTE FUNCTION private.audit_account_change();

CREATE TRIGGER users_guard_child_password BEFORE UPDATE OF encrypted_password ON auth.users FOR EACH ROW WHEN (((old.encrypted_password)::text IS DISTINCT FROM (new.encrypted_password)::text)) EXECUTE FUNCTION private.guard_child_password();

CREATE TRIGGER users_guard_last_admin_ban BEFORE UPDATE OF banned_until ON auth.users FOR EACH ROW EXECUTE FUNCTION private.guard_last_admin_ban();

create table "private"."child_sign_in_name_locks" (
    "subject" bytea not null,
    "locked_until" timestamp with time zone not null
      );

CREATE UNIQUE INDEX child_sign_in_name_locks_pkey ON private.child_sign_in_name_locks USING btree (subject);

alter table "private"."child_sign_in_name_locks" add constraint "child_sign_in_name_locks_pkey" PRIMARY KEY using index "child_sign_in_name_locks_pkey";

alter table "private"."child_sign_in_name_locks" enable row level security;

revoke all on table private.child_sign_in_name_locks from "anon", "authenticated", public, "service_role";

create table "private"."child_sign_in_tries" (
    "id" bigint generated always as identity not null,
    "subject" bytea not null,
    "child_id" uuid,
    "client" text not null,
    "outcome" text,
    "tried_at" timestamp with time zone not null default now()
      );

CREATE INDEX child_sign_in_tries_child ON private.child_sign_in_tries USING btree (child_id);

CREATE INDEX child_sign_in_tries_client_time ON private.child_sign_in_tries USING btree (client, tried_at);

CREATE UNIQUE INDEX child_sign_in_tries_pkey ON private.child_sign_in_tries USING btree (id);

CREATE INDEX child_sign_in_tries_subject_time ON private.child_sign_in_tries USING btree (subject, tried_at);

CREATE INDEX child_sign_in_tries_time ON private.child_sign_in_tries USING btree (tried_at);

alter table "private"."child_sign_in_tries" add constraint "child_sign_in_tries_pkey" PRIMARY KEY using index "child_sign_in_tries_pkey";

alter table "private"."child_sign_in_tries" add constraint "child_sign_in_tries_client_check" CHECK ((char_length(client) <= 64)) not valid;

alter table "private"."child_sign_in_tries" validate constraint "child_sign_in_tries_client_check";

alter table "private"."child_sign_in_tries" add constraint "child_sign_in_tries_outcome_check" CHECK ((outcome = ANY (ARRAY['failed'::text, 'succeeded'::text]))) not valid;

alter table "private"."child_sign_in_tries" validate constraint "child_sign_in_tries_outcome_check";

alter table "private"."child_sign_in_tries" add constraint "child_sign_in_tries_subject_of_child" CHECK (((child_id IS NULL) OR (subject = uuid_send(child_id)))) not valid;

alter table "private"."child_sign_in_tries" validate constraint "child_sign_in_tries_subject_of_child";

alter table "private"."child_sign_in_tries" enable row level security;

revoke all on sequence private.child_sign_in_tries_id_seq from "anon", "authenticated", public, "service_role";

revoke all on table private.child_sign_in_tries from "anon", "authenticated", public, "service_role";

create table "private"."child_username_tries" (
    "parent_id" uuid not null,
    "tried_at" timestamp with time zone not null default now()
      );

CREATE INDEX child_username_tries_parent_time ON private.child_username_tries USING btree (parent_id, tried_at);

alter table "private"."child_username_tries" enable row level security;

revoke all on table private.child_username_tries from "anon", "authenticated", public, "service_role";

create table "private"."mfa_failed_verifications" (
    "user_id" uuid not null,
    "factor_id" uuid not null,
    "failed_at" timestamp with time zone not null default now()
      );

CREATE INDEX mfa_failed_verifications_user_factor_time ON private.mfa_failed_verifications USING btree (user_id, factor_id, failed_at);

alter table "private"."mfa_failed_verifications" enable row level security;

revoke all on table private.mfa_failed_verifications from "anon", "authenticated", public, "service_role";

create table "public"."child_login_attempts" (
    "id" bigint generated always as identity not null,
    "child_id" uuid not null,
    "outcome" text not null,
    "attempted_at" timestamp with time zone not null default now()
      );

CREATE INDEX child_login_attempts_child_time ON public.child_login_attempts USING btree (child_id, attempted_at DESC);

CREATE UNIQUE INDEX child_login_attempts_pkey ON public.child_login_attempts USING btree (id);

alter table "public"."child_login_attempts" add constraint "child_login_attempts_pkey" PRIMARY KEY using index "child_login_attempts_pkey";

alter table "public"."child_login_attempts" add constraint "child_login_attempts_outcome_check" CHECK ((outcome = ANY (ARRAY['succeeded'::text, 'failed'::text, 'refused_locked'::text]))) not valid;

alter table "public"."child_login_attempts" validate constraint "child_login_attempts_outcome_check";

alter table "public"."child_login_attempts" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."child_login_attempts"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

revoke all on sequence public.child_login_attempts_id_seq from "anon", "authenticated", public, "service_role";
grant select, update, usage on sequence public.child_login_attempts_id_seq to "anon";
grant select, update, usage on sequence public.child_login_attempts_id_seq to "authenticated";
grant select, update, usage on sequence public.child_login_attempts_id_seq to "service_role";

revoke all on table public.child_login_attempts from "anon", "authenticated", public, "service_role";
grant select on table public.child_login_attempts to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.child_login_attempts to "service_role";

create table "public"."child_login_locks" (
    "child_id" uuid not null,
    "locked_until" timestamp with time zone,
    "unlocked_at" timestamp with time zone
      );

CREATE UNIQUE INDEX child_login_locks_pkey ON public.child_login_locks USING btree (child_id);

alter table "public"."child_login_locks" add constraint "child_login_locks_pkey" PRIMARY KEY using index "child_login_locks_pkey";

alter table "public"."child_login_locks" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."child_login_locks"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER child_login_locks_audit_unlock AFTER UPDATE ON public.child_login_locks FOR EACH ROW WHEN (((new.unlocked_at IS DISTINCT FROM old.unlocked_at) AND (new.unlocked_at IS NOT NULL))) EXECUTE FUNCTION private.audit_change('CHILD_LOGIN_UNLOCKED', 'child', 'child_id', 'unlocked_at');

CREATE TRIGGER child_login_locks_audit_unlock_new AFTER INSERT ON public.child_login_locks FOR EACH ROW WHEN ((new.unlocked_at IS NOT NULL)) EXECUTE FUNCTION private.audit_change('CHILD_LOGIN_UNLOCKED', 'child', 'child_id', 'unlocked_at');

revoke all on table public.child_login_locks from "anon", "authenticated", public, "service_role";
grant select on table public.child_login_locks to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.child_login_locks to "service_role";

create table "public"."child_logins" (
    "child_id" uuid not null,
    "user_id" uuid not null,
    "username" text not null,
    "secret_kind" text not null,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX child_logins_pkey ON public.child_logins USING btree (child_id);

CREATE UNIQUE INDEX child_logins_user_id_key ON public.child_logins USING btree (user_id);

CREATE UNIQUE INDEX child_logins_username_key ON public.child_logins USING btree (username);

alter table "public"."child_logins" add constraint "child_logins_pkey" PRIMARY KEY using index "child_logins_pkey";

alter table "public"."child_logins" add constraint "child_logins_secret_kind_check" CHECK ((secret_kind = ANY (ARRAY['password'::text, 'pin'::text]))) not valid;

alter table "public"."child_logins" validate constraint "child_logins_secret_kind_check";

alter table "public"."child_logins" add constraint "child_logins_user_id_key" UNIQUE using index "child_logins_user_id_key";

alter table "public"."child_logins" add constraint "child_logins_username_check" CHECK (((username ~ '^[a-z0-9](?:[a-z0-9]|[.-](?=[a-z0-9])){2,29}$'::text) AND (char_length(username) <= 30))) not valid;

alter table "public"."child_logins" validate constraint "child_logins_username_check";

alter table "public"."child_logins" add constraint "child_logins_username_key" UNIQUE using index "child_logins_username_key";

alter table "public"."child_logins" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."child_logins"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER child_logins_audit AFTER INSERT OR DELETE OR UPDATE ON public.child_logins FOR EACH ROW EXECUTE FUNCTION private.audit_change('CHILD_LOGIN_*', 'child', 'child_id', 'username', 'secret_kind');

CREATE TRIGGER child_logins_set_updated_at BEFORE UPDATE ON public.child_logins FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.child_logins from "anon", "authenticated", public, "service_role";
grant select on table public.child_logins to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.child_logins to "service_role";

create table "public"."profiles" (
    "id" uuid not null,
    "first_name" text,
    "last_name" text,
    "last_login_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "time_zone" text not null default 'America/New_York'::text,
    "phone" text
      );

CREATE UNIQUE INDEX profiles_pkey ON public.profiles USING btree (id);

alter table "public"."profiles" add constraint "profiles_pkey" PRIMARY KEY using index "profiles_pkey";

alter table "public"."profiles" add constraint "profiles_first_name_check" CHECK ((char_length(first_name) <= 100)) not valid;

alter table "public"."profiles" validate constraint "profiles_first_name_check";

alter table "public"."profiles" add constraint "profiles_first_name_one_line" CHECK ((first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."profiles" validate constraint "profiles_first_name_one_line";

alter table "public"."profiles" add constraint "profiles_last_name_check" CHECK ((char_length(last_name) <= 100)) not valid;

alter table "public"."profiles" validate constraint "profiles_last_name_check";

alter table "public"."profiles" add constraint "profiles_last_name_one_line" CHECK ((last_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."profiles" validate constraint "profiles_last_name_one_line";

alter table "public"."profiles" add constraint "profiles_phone_format" CHECK ((phone ~ '^[0-9+()\-. ]{7,25}$'::text)) not valid;

alter table "public"."profiles" validate constraint "profiles_phone_format";

alter table "public"."profiles" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."profiles"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Users update their own profile and admins any"
  on "public"."profiles"
  as permissive
  for update
  to authenticated
using (((id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)))
with check (((id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

CREATE TRIGGER profiles_check_time_zone BEFORE INSERT OR UPDATE OF time_zone ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.check_time_zone();

CREATE TRIGGER profiles_family_summary AFTER UPDATE OF first_name ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.profiles_refresh_family_summary();

CREATE TRIGGER profiles_normalize_phone BEFORE INSERT OR UPDATE OF phone ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.profiles_normalize_phone();

CREATE TRIGGER profiles_set_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.profiles from "anon", "authenticated", public, "service_role";
grant select on table public.profiles to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.profiles to "service_role";

grant update (first_name) on table public.profiles to "authenticated";

grant update (last_login_at) on table public.profiles to "authenticated";

grant update (last_name) on table public.profiles to "authenticated";

grant update (phone) on table public.profiles to "authenticated";

grant update (time_zone) on table public.profiles to "authenticated";

create table "public"."user_roles" (
    "id" uuid not null default gen_random_uuid(),
    "user_id" uuid not null,
    "role" app_role not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX user_roles_pkey ON public.user_roles USING btree (id);

CREATE INDEX user_roles_role_idx ON public.user_roles USING btree (role);

CREATE UNIQUE INDEX user_roles_user_id_role_key ON public.user_roles USING btree (user_id, role);

alter table "public"."user_roles" add constraint "user_roles_pkey" PRIMARY KEY using index "user_roles_pkey";

alter table "public"."user_roles" add constraint "user_roles_user_id_role_key" UNIQUE using index "user_roles_user_id_role_key";

alter table "public"."user_roles" enable row level security;

create policy "Admins change other users' roles"
  on "public"."user_roles"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) AND (user_id <> ( SELECT auth.uid() AS uid))))
with check ((( SELECT private.is_admin() AS is_admin) AND (user_id <> ( SELECT auth.uid() AS uid))));

create policy "Admins grant roles to other users"
  on "public"."user_roles"
  as permissive
  for insert
  to authenticated
with check ((( SELECT private.is_admin() AS is_admin) AND (user_id <> ( SELECT auth.uid() AS uid))));

create policy "Admins remove roles"
  on "public"."user_roles"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Staff delete only with two-factor sign-in"
  on "public"."user_roles"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."user_roles"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."user_roles"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Users read their own roles and admins read all roles"
  on "public"."user_roles"
  as permissive
  for select
  to authenticated
using (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

CREATE TRIGGER user_roles_audit_change AFTER UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.audit_change('ROLE_CHANGED', 'user', 'user_id', 'role');

CREATE TRIGGER user_roles_audit_grant AFTER INSERT ON public.user_roles FOR EACH ROW WHEN ((auth.uid() IS NOT NULL)) EXECUTE FUNCTION private.audit_change('ROLE_GRANTED', 'user', 'user_id', 'role');

CREATE TRIGGER user_roles_audit_revoke AFTER DELETE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.audit_change('ROLE_REVOKED', 'user', 'user_id', 'role');

CREATE TRIGGER user_roles_coach_row AFTER INSERT ON public.user_roles FOR EACH ROW WHEN ((new.role = 'coach'::app_role)) EXECUTE FUNCTION private.coach_row_for_role();

CREATE TRIGGER user_roles_guard_admin_roles BEFORE DELETE OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.guard_admin_roles();

CREATE TRIGGER user_roles_guard_child_role BEFORE INSERT OR UPDATE OF user_id, role ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.guard_child_role();

CREATE TRIGGER user_roles_keep_last_admin BEFORE DELETE OR UPDATE ON public.user_roles FOR EACH ROW EXECUTE FUNCTION private.keep_last_admin();

revoke all on table public.user_roles from "anon", "authenticated", public, "service_role";
grant delete, insert, select on table public.user_roles to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.user_roles to "service_role";

grant update (role) on table public.user_roles to "authenticated";

grant update (user_id) on table public.user_roles to "authenticated";

alter table "private"."child_sign_in_tries" add constraint "child_sign_in_tries_child_id_fkey" FOREIGN KEY (child_id) REFERENCES child_logins(child_id) ON DELETE CASCADE not valid;

alter table "private"."child_sign_in_tries" validate constraint "child_sign_in_tries_child_id_fkey";

alter table "private"."child_username_tries" add constraint "child_username_tries_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "private"."child_username_tries" validate constraint "child_username_tries_parent_id_fkey";

alter table "private"."mfa_failed_verifications" add constraint "mfa_failed_verifications_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "private"."mfa_failed_verifications" validate constraint "mfa_failed_verifications_user_id_fkey";

alter table "public"."child_login_attempts" add constraint "child_login_attempts_child_id_fkey" FOREIGN KEY (child_id) REFERENCES child_logins(child_id) ON DELETE CASCADE not valid;

alter table "public"."child_login_attempts" validate constraint "child_login_attempts_child_id_fkey";

alter table "public"."child_login_locks" add constraint "child_login_locks_child_id_fkey" FOREIGN KEY (child_id) REFERENCES child_logins(child_id) ON DELETE CASCADE not valid;

alter table "public"."child_login_locks" validate constraint "child_login_locks_child_id_fkey";

alter table "public"."child_logins" add constraint "child_logins_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."child_logins" validate constraint "child_logins_user_id_fkey";

alter table "public"."profiles" add constraint "profiles_id_fkey" FOREIGN KEY (id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."profiles" validate constraint "profiles_id_fkey";

alter table "public"."user_roles" add constraint "user_roles_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."user_roles" validate constraint "user_roles_user_id_fkey";

-- supabase/schemas/12_families_and_children.sql
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

-- supabase/schemas/14_leads.sql
-- Leads: the pipeline, waitlist, newsletter, contact messages, the quiz, intro calls
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.attach_quiz_results_email(p_assessment_id uuid, p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_email is null or char_length(p_email) > 254 or p_email !~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  update public.quiz_assessments
     set email = lower(btrim(p_email)), email_consent_at = now()
   where id = p_assessment_id
     and email is null
     and created_at > now() - interval '1 hour';
  if not found then
    raise exception 'These results can no longer be emailed.'
      using errcode = 'PT404',
            hint = 'Results can be emailed once, within an hour of taking the assessment. Please take the quiz again.';
  end if;
end;
$function$
;

revoke all on function private.attach_quiz_results_email(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.attach_quiz_results_email(uuid,text) to "anon";
grant execute on function private.attach_quiz_results_email(uuid,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.book_intro_call(token text, slot timestamp with time zone, time_zone text)
 RETURNS TABLE(call_id uuid, starts_at timestamp with time zone, host_name text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  lead_row public.leads;
  current_call public.intro_calls;
  chosen uuid;
  chosen_host uuid;
  len integer;
  booked uuid;
  sc record;
begin
  select * into lead_row from public.leads l where l.id = private.lead_of_intro_call_token(token) for update;
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  if time_zone is null or not private.is_time_zone(time_zone) then
    raise exception 'Unknown time zone: %', coalesce(time_zone, 'none')
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  if lead_row.status = 'enrolled' then
    raise exception 'Your family is already enrolled: your coach schedules with you directly' using errcode = '22023';
  end if;
  select * into current_call from public.intro_calls c where c.lead_id = lead_row.id and c.status = 'scheduled';
  if current_call.id is not null and current_call.starts_at = slot then
    return query select current_call.id, current_call.starts_at,
      (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = current_call.host_id);
    return;
  end if;
  if current_call.id is not null and current_call.starts_at <= now() then
    raise exception 'This intro call has already started' using errcode = '22023';
  end if;

  -- every host who offers that time at all (bookings aside), locked in one order
  for sc in
    select distinct s.id as schedule_id
    from public.availability_schedules s
    cross join lateral private.open_slots(s.id, 'intro_call', slot, slot + interval '1 minute', now(), null, false) o
    where s.takes_intro_calls and o.starts_at = slot
    order by s.id
  loop
    perform private.lock_host_bookings(sc.schedule_id);
  end loop;
  if not found then
    raise exception 'That time is not one of the open times' using errcode = '22023',
      hint = 'Choose one of the times offered.';
  end if;

  -- after the locks: who still has it open, the fewest upcoming calls first (then at random)
  -- (the call being moved blocks no time of its own)
  select s.id, private.schedule_host(s.id) into chosen, chosen_host
  from public.availability_schedules s
  cross join lateral private.open_slots(s.id, 'intro_call', slot, slot + interval '1 minute', now(), current_call.id) o
  where s.takes_intro_calls and o.starts_at = slot
  order by (
    select count(*) from public.intro_calls x
    where x.host_id = private.schedule_host(s.id) and x.status = 'scheduled' and x.starts_at > now()
      and x.id is distinct from current_call.id
  ), random()
  limit 1;
  if chosen is null then
    raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
  end if;

  select m.length_minutes into len from public.meeting_rules m where m.kind = 'intro_call';
  begin
    if current_call.id is null then
      insert into public.intro_calls (lead_id, host_id, starts_at, duration_minutes, parent_time_zone)
      values (lead_row.id, chosen_host, slot, len, time_zone)
      returning id into booked;
    else
      update public.intro_calls c
         set starts_at = slot, host_id = chosen_host, duration_minutes = len, parent_time_zone = time_zone
       where c.id = current_call.id
      returning c.id into booked;
    end if;
  exception
    when exclusion_violation then
      raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
  end;

  update public.leads l
     set status = 'call_scheduled',
         assignee_id = coalesce(l.assignee_id, chosen_host)
   where l.id = lead_row.id;

  return query select booked, slot,
    (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = chosen_host);
end;
$function$
;

revoke all on function private.book_intro_call(text,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.book_intro_call(text,timestamp with time zone,text) to "anon";
grant execute on function private.book_intro_call(text,timestamp with time zone,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.can_work_lead(lead uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.is_admin()
    or exists (select 1 from public.leads l where l.id = lead and l.assignee_id = auth.uid())
$function$
;

revoke all on function private.can_work_lead(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.can_work_lead(uuid) to "authenticated";
grant execute on function private.can_work_lead(uuid) to public;
grant execute on function private.can_work_lead(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.cancel_intro_call(token text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  lead uuid := private.lead_of_intro_call_token(token);
  call public.intro_calls;
begin
  select * into call from public.intro_calls c where c.lead_id = lead and c.status = 'scheduled' for update;
  if call.id is null then
    raise exception 'There is no intro call to cancel' using errcode = 'PT404';
  end if;
  if call.starts_at <= now() then
    raise exception 'This intro call has already started' using errcode = '22023';
  end if;
  update public.intro_calls c set status = 'cancelled' where c.id = call.id;
  update public.leads l set status = 'new' where l.id = lead and l.status = 'call_scheduled';
end;
$function$
;

revoke all on function private.cancel_intro_call(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.cancel_intro_call(text) to "anon";
grant execute on function private.cancel_intro_call(text) to "authenticated";

CREATE OR REPLACE FUNCTION private.conversion_attribution_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_kind text;
  v_landing text;
  v_session text;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from private.conversion_attributions c where c.conversion_id = old.id::text;
  end if;
  if tg_op = 'DELETE' then
    return null;
  end if;
  v_session := new.analytics_session_id;
  if tg_table_name = 'waitlist' then
    v_kind := case new.source when 'fit-call' then 'fit_call' when 'contact-v2' then 'contact' else 'waitlist' end;
    v_landing := new.landing_path;
  elsif tg_table_name = 'quiz_assessments' then
    v_kind := 'quiz';
    v_landing := new.landing_path;
  elsif tg_table_name = 'newsletter_subscribers' then
    v_kind := 'newsletter';
  else
    v_kind := 'contact';
  end if;
  insert into private.conversion_attributions (conversion_id, session_key, session_id, kind, created_at, path, utm_campaign)
  select new.id::text, coalesce(v_session, 'conversion:' || new.id::text), v_session, v_kind, new.created_at,
         a.path, a.utm_campaign
  from private.conversion_attribution(v_session, v_landing) a;
  return null;
end;
$function$
;

revoke all on function private.conversion_attribution_changed() from "anon", "authenticated", public, "service_role";
grant execute on function private.conversion_attribution_changed() to "anon";
grant execute on function private.conversion_attribution_changed() to "authenticated";
grant execute on function private.conversion_attribution_changed() to "service_role";

CREATE OR REPLACE FUNCTION private.conversion_hourly_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update private.conversion_hourly h set conversions = h.conversions - 1
    where h.hour = date_trunc('hour', old.created_at, 'UTC');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.conversion_hourly as h (hour, conversions)
    values (date_trunc('hour', new.created_at, 'UTC'), 1)
    on conflict (hour) do update set conversions = h.conversions + 1;
  end if;
  return null;
end;
$function$
;

revoke all on function private.conversion_hourly_changed() from "anon", "authenticated", public, "service_role";
grant execute on function private.conversion_hourly_changed() to "anon";
grant execute on function private.conversion_hourly_changed() to "authenticated";
grant execute on function private.conversion_hourly_changed() to "service_role";

CREATE OR REPLACE FUNCTION private.enrol_lead(lead_id uuid, child_first_name text, child_age smallint)
 RETURNS TABLE(parent_id uuid, child_id uuid, already_enrolled boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  lead public.leads%rowtype;
  parent uuid;
  child uuid;
  wanted_name text := btrim(coalesce(child_first_name, ''));
begin
  if not private.is_admin() then
    raise exception 'Only admins enrol leads' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select * into lead from public.leads l where l.id = enrol_lead.lead_id for update;
  if not found then
    raise exception 'Lead not found' using errcode = 'PT404';
  end if;
  if lead.enrolled_child_id is not null then
    return query select lead.enrolled_parent_id, lead.enrolled_child_id, true;
    return;
  end if;
  if char_length(wanted_name) not between 1 and 50 then
    raise exception 'The child''s first name is required (at most 50 characters).' using errcode = '22023';
  end if;
  if child_age is not null and child_age not between 3 and 18 then
    raise exception 'The child''s age must be between 3 and 18.' using errcode = '22023';
  end if;
  -- Only an account that the address's owner holds: confirmed, or our invitation not yet accepted
  -- (no password: only the emailed link opens it). A sign-up that never confirmed may be anyone's.
  select u.id into parent from auth.users u
   where lower(u.email) = lower(lead.email)
     and (u.email_confirmed_at is not null
          or (u.invited_at is not null and coalesce(u.encrypted_password, '') = ''));
  if parent is null then
    raise exception 'No account for this address yet: invite the parent first.'
      using errcode = 'PT409', detail = lead.email;
  end if;
  insert into public.user_roles (user_id, role) values (parent, 'parent')
  on conflict (user_id, role) do nothing;
  select c.id into child
  from public.children c
  where c.parent_id = parent and lower(c.first_name) = lower(wanted_name)
  limit 1;
  if child is null then
    insert into public.children (parent_id, first_name, age_band, birth_year, focus_areas)
    values (
      parent, wanted_name, child_age::text,
      case when child_age is not null then (extract(year from now())::int - child_age)::smallint end,
      case when lead.focus_area in ('emotions', 'confidence', 'focus', 'connection', 'other')
        then array[lead.focus_area] else '{}'::text[] end
    )
    returning id into child;
  end if;
  update public.leads l
     set status = 'enrolled', enrolled_parent_id = parent, enrolled_child_id = child
   where l.id = lead.id;
  return query select parent, child, false;
end;
$function$
;

revoke all on function private.enrol_lead(uuid,text,smallint) from "anon", "authenticated", public, "service_role";
grant execute on function private.enrol_lead(uuid,text,smallint) to "authenticated";
grant execute on function private.enrol_lead(uuid,text,smallint) to "service_role";

CREATE OR REPLACE FUNCTION private.intro_call_caps()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  claims jsonb := nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb;
  from_client text := private.request_client();
  family_email text;
  other public.intro_calls;
  held integer;
begin
  -- the team's own bookings, and statements run inside the database, are not a visitor's
  if claims is null or claims ->> 'role' = 'service_role' or private.is_admin() or private.current_coach_id() is not null then
    return new;
  end if;

  select lower(btrim(l.email)) into family_email from public.leads l where l.id = new.lead_id;
  select c.* into other
    from public.intro_calls c
    join public.leads l on l.id = c.lead_id
   where lower(btrim(l.email)) = family_email and c.lead_id <> new.lead_id
     and c.status = 'scheduled' and c.starts_at > now()
   order by c.starts_at
   limit 1;
  if other.id is not null then
    raise exception 'This email already has an intro call booked'
      using errcode = '22023',
            hint = 'Use the link in the email that confirmed it to move or cancel that call.';
  end if;

  perform pg_catalog.pg_advisory_xact_lock(7304, pg_catalog.hashtext(from_client));
  select count(*) into held
    from private.intro_call_clients k
    join public.intro_calls c on c.id = k.intro_call_id
   where k.client = from_client and c.status = 'scheduled' and c.starts_at > now();
  if held >= 2 then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', 'Too many intro calls booked from this device.',
        'hint', 'Each family needs one: move or cancel a call you have with the link in its email.'
      )::text,
      detail = json_build_object('status', 429)::text;
  end if;

  insert into private.intro_call_clients (intro_call_id, client) values (new.id, from_client);
  return new;
end;
$function$
;

revoke all on function private.intro_call_caps() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.intro_call_for_token(token text)
 RETURNS TABLE(parent_name text, call_id uuid, starts_at timestamp with time zone, duration_minutes integer, host_name text, parent_time_zone text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  lead uuid := private.lead_of_intro_call_token(token);
begin
  return query
    select l.name::text, c.id, c.starts_at,
      coalesce(c.duration_minutes, (select r.length_minutes from public.meeting_rules r where r.kind = 'intro_call')),
      (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = c.host_id),
      c.parent_time_zone
    from public.leads l
    left join public.intro_calls c on c.lead_id = l.id and c.status = 'scheduled'
    where l.id = lead;
end;
$function$
;

revoke all on function private.intro_call_for_token(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.intro_call_for_token(text) to "anon";
grant execute on function private.intro_call_for_token(text) to "authenticated";

CREATE OR REPLACE FUNCTION private.intro_call_open_slots(range_start timestamp with time zone, range_end timestamp with time zone, now_at timestamp with time zone DEFAULT now())
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone, schedule_id uuid)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select o.starts_at, o.ends_at, sc.id
  from public.availability_schedules sc
  cross join lateral private.open_slots(sc.id, 'intro_call', range_start, range_end, now_at) o
  where sc.takes_intro_calls
  order by o.starts_at, sc.id
$function$
;

revoke all on function private.intro_call_open_slots(timestamp with time zone,timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.intro_call_open_times(range_start timestamp with time zone, range_end timestamp with time zone)
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.check_slot_range(range_start, range_end);
  return query
    select distinct o.starts_at, o.ends_at
    from private.intro_call_open_slots(range_start, range_end) o
    order by 1;
end;
$function$
;

revoke all on function private.intro_call_open_times(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.intro_call_open_times(timestamp with time zone,timestamp with time zone) to "anon";
grant execute on function private.intro_call_open_times(timestamp with time zone,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.intro_call_token_hash(token text)
 RETURNS bytea
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8'))
$function$
;

revoke all on function private.intro_call_token_hash(text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.issue_intro_call_token(lead uuid, valid interval)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if not exists (select 1 from public.leads l where l.id = lead) then
    raise exception 'Lead not found' using errcode = 'P0002';
  end if;
  delete from private.intro_call_tokens t where t.expires_at < now() - interval '1 day';
  insert into private.intro_call_tokens (token_hash, lead_id, expires_at)
  values (private.intro_call_token_hash(token), lead, now() + valid);
  return token;
end;
$function$
;

revoke all on function private.issue_intro_call_token(uuid,interval) from "anon", "authenticated", public, "service_role";
grant execute on function private.issue_intro_call_token(uuid,interval) to "service_role";

CREATE OR REPLACE FUNCTION private.lead_assignees()
 RETURNS TABLE(id uuid, name text, role app_role)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (private.is_admin() or private.has_role(auth.uid(), 'coach')) then
    raise exception 'Only the team may list assignees' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    select r.user_id, private.person_name(r.user_id), min(r.role)
    from public.user_roles r
    where r.role in ('admin', 'coach')
    group by r.user_id
    order by 2;
end;
$function$
;

revoke all on function private.lead_assignees() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_assignees() to "authenticated";
grant execute on function private.lead_assignees() to "service_role";

CREATE OR REPLACE FUNCTION private.lead_events_stamp()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null then
    new.actor_id := auth.uid();
    new.actor_name := private.person_name(auth.uid());
    new.created_at := now();
    new.body := btrim(new.body);
  end if;
  return new;
end;
$function$
;

revoke all on function private.lead_events_stamp() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_events_stamp() to public;

CREATE OR REPLACE FUNCTION private.lead_from_contact_message()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  landing text;
begin
  if new.analytics_session_id is not null then
    select w.page_path into landing
    from public.web_analytics w
    where w.session_id = new.analytics_session_id and w.event_type = 'page_view'
    order by w.created_at
    limit 1;
  end if;
  insert into public.leads (
    source, contact_message_id, name, email, message, landing_path,
    utm_source, utm_medium, utm_campaign, status, created_at
  ) values (
    'contact', new.id, new.name, new.email, left(new.topic || ': ' || new.message, 5200), landing,
    left(private.query_param(landing, 'utm_source'), 200),
    left(private.query_param(landing, 'utm_medium'), 200),
    left(private.query_param(landing, 'utm_campaign'), 200),
    case new.status when 'replied' then 'contacted' when 'closed' then 'closed' else 'new' end,
    new.created_at
  )
  on conflict (contact_message_id) do nothing;
  return null;
end;
$function$
;

revoke all on function private.lead_from_contact_message() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_from_contact_message() to public;

CREATE OR REPLACE FUNCTION private.lead_from_quiz()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.email is null or (tg_op = 'UPDATE' and old.email is not null) then
    return null;
  end if;
  insert into public.leads (
    source, quiz_assessment_id, email, child_name, child_age, focus_area, message, landing_path,
    utm_source, utm_medium, utm_campaign, created_at
  ) values (
    'quiz', new.id, new.email, new.child_first_name, new.child_age::text, new.top_focus_area,
    'Recommended plan: ' || new.recommended_plan, new.landing_path,
    new.utm_source, new.utm_medium, new.utm_campaign, new.created_at
  )
  on conflict (quiz_assessment_id) do nothing;
  return null;
end;
$function$
;

revoke all on function private.lead_from_quiz() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_from_quiz() to public;

CREATE OR REPLACE FUNCTION private.lead_from_waitlist()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.leads (
    source, waitlist_id, name, email, phone, child_name, child_age, focus_area, landing_path,
    utm_source, utm_medium, utm_campaign, status, created_at
  ) values (
    new.source, new.id, new.name, new.email, new.phone, new.child_name, new.age_band, new.challenge,
    new.landing_path, new.utm_source, new.utm_medium, new.utm_campaign, new.status, new.created_at
  )
  on conflict (waitlist_id) do nothing;
  return null;
end;
$function$
;

revoke all on function private.lead_from_waitlist() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_from_waitlist() to public;

CREATE OR REPLACE FUNCTION private.lead_of_intro_call_token(token text)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  lead uuid;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    raise exception 'This link is not valid or has expired' using errcode = '42501',
      hint = 'Open the link in your latest email from Ploom, or request an intro call again.';
  end if;
  select t.lead_id into lead
  from private.intro_call_tokens t
  where t.token_hash = private.intro_call_token_hash(token) and t.expires_at > now();
  if lead is null then
    raise exception 'This link is not valid or has expired' using errcode = '42501',
      hint = 'Open the link in your latest email from Ploom, or request an intro call again.';
  end if;
  return lead;
end;
$function$
;

revoke all on function private.lead_of_intro_call_token(text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.lead_reply_window()
 RETURNS interval
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    (select make_interval(hours => s.reply_within_hours) from public.app_settings s where s.id = 'team'),
    interval '24 hours'
  )
$function$
;

revoke all on function private.lead_reply_window() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_reply_window() to "authenticated";
grant execute on function private.lead_reply_window() to public;
grant execute on function private.lead_reply_window() to "service_role";

CREATE OR REPLACE FUNCTION private.leaderboard(max_rows integer)
 RETURNS TABLE(rank bigint, first_name text, total_points bigint, is_mine boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with board as (
    select c.id, c.first_name, c.parent_id, c.user_id, sum(p.points)::bigint as total_points
      from public.children c
      join public.ploom_points p on p.child_id = c.id
     where c.leaderboard_opt_in and private.is_enrolled_child(c.id)
     group by c.id, c.first_name, c.parent_id, c.user_id
  )
  select
    rank() over (order by b.total_points desc) as rank,
    b.first_name,
    b.total_points,
    coalesce(b.parent_id = auth.uid() or b.user_id = auth.uid(), false) as is_mine
  from board b
  where auth.uid() is not null and private.has_enrolled_child() and private.meets_staff_two_factor()
  order by b.total_points desc, b.first_name
  limit least(greatest(coalesce(max_rows, 10), 1), 100)
$function$
;

revoke all on function private.leaderboard(integer) from "anon", "authenticated", public, "service_role";
grant execute on function private.leaderboard(integer) to "authenticated";
grant execute on function private.leaderboard(integer) to "service_role";

CREATE OR REPLACE FUNCTION private.leads_guard_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.status <> 'new' and old.status = 'new' and new.first_response_at is null then
    new.first_response_at := now();
  end if;
  if auth.uid() is null then
    return new;
  end if;
  if new.status = 'enrolled' and old.status <> 'enrolled' and new.enrolled_child_id is null then
    raise exception 'A lead is enrolled with Enrol, which creates the family''s account and child.'
      using errcode = '23514';
  end if;
  if new.assignee_id is distinct from old.assignee_id and new.assignee_id is not null
    and not (private.has_role(new.assignee_id, 'admin') or private.has_role(new.assignee_id, 'coach')) then
    raise exception 'A lead can only be assigned to an admin or a coach.' using errcode = '23514';
  end if;
  return new;
end;
$function$
;

revoke all on function private.leads_guard_update() from "anon", "authenticated", public, "service_role";
grant execute on function private.leads_guard_update() to public;

CREATE OR REPLACE FUNCTION private.leads_record_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor uuid := auth.uid();
  actor_label text := private.person_name(auth.uid());
begin
  if tg_op = 'INSERT' then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, to_value, created_at)
    values (new.id, actor, actor_label, 'created', new.source, new.created_at);
    return null;
  end if;
  if new.status is distinct from old.status then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
    values (new.id, actor, actor_label, 'status', old.status, new.status);
    -- The waitlist row keeps the same status, so anything reading it agrees with the pipeline.
    if new.waitlist_id is not null then
      update public.waitlist set status = new.status where id = new.waitlist_id;
    end if;
  end if;
  if new.assignee_id is distinct from old.assignee_id then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
    values (
      new.id, actor, actor_label, 'assignment',
      private.person_name(old.assignee_id), private.person_name(new.assignee_id)
    );
  end if;
  return null;
end;
$function$
;

revoke all on function private.leads_record_events() from "anon", "authenticated", public, "service_role";
grant execute on function private.leads_record_events() to public;

CREATE OR REPLACE FUNCTION private.limit_rows_per_email()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  recent integer;
begin
  if new.email is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(
    7303,
    hashtext(tg_table_schema || '.' || tg_table_name || ':' || lower(btrim(new.email)))
  );
  -- Rows inserted earlier by the same statement are visible here, so a bulk insert is capped too.
  -- (Stored addresses carry no surrounding spaces: trimmed by waitlist_normalize, refused by the
  -- contact_messages format check.)
  execute format(
    'select count(*) from %I.%I where lower(email) = lower(btrim($1)) and created_at > now() - interval ''1 hour''',
    tg_table_schema, tg_table_name
  ) into recent using new.email;
  if recent >= 10 then
    raise exception 'Too many requests for this email address. Please try again later.'
      using errcode = 'P0001', hint = 'At most 10 an hour for one email address.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.limit_rows_per_email() from "anon", "authenticated", public, "service_role";
grant execute on function private.limit_rows_per_email() to public;

CREATE OR REPLACE FUNCTION private.newsletter_subscribers_normalize()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.email := btrim(new.email);
  new.first_name := nullif(btrim(new.first_name), '');
  return new;
end;
$function$
;

revoke all on function private.newsletter_subscribers_normalize() from "anon", "authenticated", public, "service_role";
grant execute on function private.newsletter_subscribers_normalize() to public;

CREATE OR REPLACE FUNCTION private.queue_intro_call_change_emails()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if new.status = 'scheduled' and new.starts_at > now() then
      perform private.queue_intro_call_email(new.id, 'booked', 'parent', null, new.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'booked', 'host', new.host_id, new.starts_at, null);
    end if;
    return null;
  end if;
  if old.status = 'scheduled' and new.status = 'cancelled' then
    if old.starts_at > now() then
      perform private.queue_intro_call_email(new.id, 'cancelled', 'parent', null, old.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'cancelled', 'host', old.host_id, old.starts_at, null);
    end if;
  elsif old.status <> 'scheduled' and new.status = 'scheduled' then
    if new.starts_at > now() then
      perform private.queue_intro_call_email(new.id, 'booked', 'parent', null, new.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'booked', 'host', new.host_id, new.starts_at, null);
    end if;
  elsif new.status = 'scheduled' and new.starts_at > now() then
    if new.starts_at <> old.starts_at then
      perform private.queue_intro_call_email(new.id, 'moved', 'parent', null, new.starts_at, old.starts_at);
    end if;
    if new.host_id is distinct from old.host_id then
      -- the new host learns of the call; the former host that it left their calendar
      perform private.queue_intro_call_email(new.id, 'booked', 'host', new.host_id, new.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'cancelled', 'host', old.host_id, old.starts_at, null);
    elsif new.starts_at <> old.starts_at then
      perform private.queue_intro_call_email(new.id, 'moved', 'host', new.host_id, new.starts_at, old.starts_at);
    end if;
  end if;
  return null;
end;
$function$
;

revoke all on function private.queue_intro_call_change_emails() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.queue_intro_call_email(call uuid, kind text, recipient text, host uuid, starts_at timestamp with time zone, previous timestamp with time zone)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into public.outbox (kind, event, intro_call_id, recipient, recipient_user_id, starts_at, previous_starts_at)
  select 'intro_call_email', kind, call, recipient, case when recipient = 'host' then host end, starts_at, previous
  -- (a host whose account is being deleted is told nothing)
  where recipient = 'parent' or exists (select 1 from auth.users u where u.id = host)
$function$
;

revoke all on function private.queue_intro_call_email(uuid,text,text,uuid,timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.reserve_form_save(form text, client text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  recent integer;
  oldest timestamptz;
  wait_seconds integer;
begin
  perform pg_catalog.pg_advisory_xact_lock(7303, pg_catalog.hashtext(client));
  delete from private.form_save_attempts a where a.created_at < now() - interval '1 day';

  select count(*), min(a.created_at) into recent, oldest
    from private.form_save_attempts a
   where a.client = reserve_form_save.client and a.form = reserve_form_save.form
     and a.created_at > now() - interval '1 hour';
  if recent >= 10 then
    wait_seconds := greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
  else
    select count(*), min(a.created_at) into recent, oldest
      from private.form_save_attempts a
     where a.client = reserve_form_save.client and a.created_at > now() - interval '1 day';
    if recent >= 30 then
      wait_seconds := greatest(1, ceil(extract(epoch from oldest + interval '1 day' - now())))::integer;
    end if;
  end if;

  if wait_seconds is not null then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', 'Too many forms sent from this device. Please try again later.',
        'hint', 'Try again in ' || ceil(wait_seconds / 60.0)::integer || ' minutes.'
      )::text,
      detail = json_build_object(
        'status', 429,
        'headers', json_build_object('Retry-After', wait_seconds::text)
      )::text;
  end if;

  insert into private.form_save_attempts (form, client) values (reserve_form_save.form, reserve_form_save.client);
end;
$function$
;

revoke all on function private.reserve_form_save(text,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.reserve_form_save(text,text) to "anon";
grant execute on function private.reserve_form_save(text,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.waitlist_attribute()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.landing_path is not null
    and new.utm_source is null and new.utm_medium is null and new.utm_campaign is null
    and new.utm_term is null and new.utm_content is null then
    new.utm_source := left(private.query_param(new.landing_path, 'utm_source'), 200);
    new.utm_medium := left(private.query_param(new.landing_path, 'utm_medium'), 200);
    new.utm_campaign := left(private.query_param(new.landing_path, 'utm_campaign'), 200);
    new.utm_term := left(private.query_param(new.landing_path, 'utm_term'), 200);
    new.utm_content := left(private.query_param(new.landing_path, 'utm_content'), 200);
  end if;
  return new;
end;
$function$
;

revoke all on function private.waitlist_attribute() from "anon", "authenticated", public, "service_role";
grant execute on function private.waitlist_attribute() to public;

CREATE OR REPLACE FUNCTION private.waitlist_normalize()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.name := btrim(new.name);
  new.email := btrim(new.email);
  new.phone := nullif(btrim(new.phone), '');
  new.child_name := nullif(btrim(new.child_name), '');
  new.age_band := nullif(btrim(new.age_band), '');
  new.challenge := nullif(btrim(new.challenge), '');
  new.notes := nullif(btrim(new.notes), '');
  return new;
end;
$function$
;

revoke all on function private.waitlist_normalize() from "anon", "authenticated", public, "service_role";
grant execute on function private.waitlist_normalize() to public;

CREATE OR REPLACE FUNCTION public.book_intro_call(token text, starts_at timestamp with time zone, time_zone text)
 RETURNS TABLE(call_id uuid, starts_at timestamp with time zone, host_name text)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.book_intro_call(book_intro_call.token, book_intro_call.starts_at, book_intro_call.time_zone)
$function$
;

revoke all on function public.book_intro_call(text,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.book_intro_call(text,timestamp with time zone,text) to "anon";
grant execute on function public.book_intro_call(text,timestamp with time zone,text) to "authenticated";
grant execute on function public.book_intro_call(text,timestamp with time zone,text) to "service_role";

CREATE OR REPLACE FUNCTION public.cancel_intro_call(token text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.cancel_intro_call(cancel_intro_call.token)
$function$
;

revoke all on function public.cancel_intro_call(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.cancel_intro_call(text) to "anon";
grant execute on function public.cancel_intro_call(text) to "authenticated";
grant execute on function public.cancel_intro_call(text) to "service_role";

CREATE OR REPLACE FUNCTION public.email_me_quiz_results(assessment_id uuid, email text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.attach_quiz_results_email(assessment_id, email);
$function$
;

revoke all on function public.email_me_quiz_results(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.email_me_quiz_results(uuid,text) to "anon";
grant execute on function public.email_me_quiz_results(uuid,text) to "authenticated";
grant execute on function public.email_me_quiz_results(uuid,text) to "service_role";

CREATE OR REPLACE FUNCTION public.enrol_lead(lead_id uuid, child_first_name text, child_age smallint DEFAULT NULL::smallint)
 RETURNS TABLE(parent_id uuid, child_id uuid, already_enrolled boolean)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.enrol_lead(lead_id, child_first_name, child_age)
$function$
;

revoke all on function public.enrol_lead(uuid,text,smallint) from "anon", "authenticated", public, "service_role";
grant execute on function public.enrol_lead(uuid,text,smallint) to "authenticated";
grant execute on function public.enrol_lead(uuid,text,smallint) to "service_role";

CREATE OR REPLACE FUNCTION public.get_intro_call_booking(token text)
 RETURNS TABLE(parent_name text, call_id uuid, starts_at timestamp with time zone, duration_minutes integer, host_name text, parent_time_zone text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.intro_call_for_token(get_intro_call_booking.token)
$function$
;

revoke all on function public.get_intro_call_booking(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_intro_call_booking(text) to "anon";
grant execute on function public.get_intro_call_booking(text) to "authenticated";
grant execute on function public.get_intro_call_booking(text) to "service_role";

CREATE OR REPLACE FUNCTION public.get_intro_call_slots(range_start timestamp with time zone, range_end timestamp with time zone)
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.intro_call_open_times(get_intro_call_slots.range_start, get_intro_call_slots.range_end)
$function$
;

revoke all on function public.get_intro_call_slots(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_intro_call_slots(timestamp with time zone,timestamp with time zone) to "anon";
grant execute on function public.get_intro_call_slots(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.get_intro_call_slots(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.issue_intro_call_token(waitlist_id uuid)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.issue_intro_call_token(l.id, interval '14 days')
  from public.leads l
  where l.waitlist_id = issue_intro_call_token.waitlist_id and l.source = 'fit-call'
$function$
;

revoke all on function public.issue_intro_call_token(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.issue_intro_call_token(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.lead_assignees()
 RETURNS TABLE(id uuid, name text, role app_role)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.lead_assignees()
$function$
;

revoke all on function public.lead_assignees() from "anon", "authenticated", public, "service_role";
grant execute on function public.lead_assignees() to "authenticated";
grant execute on function public.lead_assignees() to "service_role";

CREATE OR REPLACE FUNCTION public.leaderboard(max_rows integer DEFAULT 10)
 RETURNS TABLE(rank bigint, first_name text, total_points bigint, is_mine boolean)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.leaderboard(max_rows)
$function$
;

revoke all on function public.leaderboard(integer) from "anon", "authenticated", public, "service_role";
grant execute on function public.leaderboard(integer) to "authenticated";
grant execute on function public.leaderboard(integer) to "service_role";

create table "private"."intro_call_clients" (
    "intro_call_id" uuid not null,
    "client" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX intro_call_clients_client_idx ON private.intro_call_clients USING btree (client);

CREATE UNIQUE INDEX intro_call_clients_pkey ON private.intro_call_clients USING btree (intro_call_id);

alter table "private"."intro_call_clients" add constraint "intro_call_clients_pkey" PRIMARY KEY using index "intro_call_clients_pkey";

alter table "private"."intro_call_clients" add constraint "intro_call_clients_client_check" CHECK (((char_length(client) >= 1) AND (char_length(client) <= 64))) not valid;

alter table "private"."intro_call_clients" validate constraint "intro_call_clients_client_check";

alter table "private"."intro_call_clients" enable row level security;

revoke all on table private.intro_call_clients from "anon", "authenticated", public, "service_role";

create table "private"."intro_call_tokens" (
    "token_hash" bytea not null,
    "lead_id" uuid not null,
    "expires_at" timestamp with time zone not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX intro_call_tokens_expires_idx ON private.intro_call_tokens USING btree (expires_at);

CREATE INDEX intro_call_tokens_lead_idx ON private.intro_call_tokens USING btree (lead_id);

CREATE UNIQUE INDEX intro_call_tokens_pkey ON private.intro_call_tokens USING btree (token_hash);

alter table "private"."intro_call_tokens" add constraint "intro_call_tokens_pkey" PRIMARY KEY using index "intro_call_tokens_pkey";

alter table "private"."intro_call_tokens" add constraint "intro_call_tokens_token_hash_check" CHECK ((octet_length(token_hash) = 32)) not valid;

alter table "private"."intro_call_tokens" validate constraint "intro_call_tokens_token_hash_check";

alter table "private"."intro_call_tokens" enable row level security;

revoke all on table private.intro_call_tokens from "anon", "authenticated", public, "service_role";

create table "public"."contact_messages" (
    "id" uuid not null default gen_random_uuid(),
    "name" text not null,
    "email" text not null,
    "topic" text not null,
    "message" text not null,
    "analytics_session_id" text,
    "status" text not null default 'new'::text,
    "notified_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX contact_messages_analytics_session_idx ON public.contact_messages USING btree (analytics_session_id) WHERE (analytics_session_id IS NOT NULL);

CREATE INDEX contact_messages_created_at_idx ON public.contact_messages USING btree (created_at DESC);

CREATE INDEX contact_messages_email_idx ON public.contact_messages USING btree (lower(email), created_at DESC);

CREATE UNIQUE INDEX contact_messages_pkey ON public.contact_messages USING btree (id);

alter table "public"."contact_messages" add constraint "contact_messages_pkey" PRIMARY KEY using index "contact_messages_pkey";

alter table "public"."contact_messages" add constraint "contact_messages_email_format" CHECK (((char_length(email) <= 254) AND (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_email_format";

alter table "public"."contact_messages" add constraint "contact_messages_message_length" CHECK (((char_length(btrim(message)) >= 10) AND (char_length(btrim(message)) <= 5000))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_message_length";

alter table "public"."contact_messages" add constraint "contact_messages_name_length" CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 100))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_name_length";

alter table "public"."contact_messages" add constraint "contact_messages_name_one_line" CHECK ((name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_name_one_line";

alter table "public"."contact_messages" add constraint "contact_messages_session_id_length" CHECK (((analytics_session_id IS NULL) OR (char_length(analytics_session_id) <= 100))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_session_id_length";

alter table "public"."contact_messages" add constraint "contact_messages_status_known" CHECK ((status = ANY (ARRAY['new'::text, 'replied'::text, 'closed'::text]))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_status_known";

alter table "public"."contact_messages" add constraint "contact_messages_topic_known" CHECK ((topic = ANY (ARRAY['general'::text, 'program'::text, 'enrollment'::text, 'billing'::text, 'privacy'::text, 'partnership'::text, 'other'::text]))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_topic_known";

alter table "public"."contact_messages" enable row level security;

create policy "Admins can delete messages"
  on "public"."contact_messages"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins can read messages"
  on "public"."contact_messages"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins can update a message's status"
  on "public"."contact_messages"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users can send a message"
  on "public"."contact_messages"
  as permissive
  for insert
  to authenticated
with check (((status = 'new'::text) AND (notified_at IS NULL)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."contact_messages"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors can send a message"
  on "public"."contact_messages"
  as permissive
  for insert
  to anon
with check (((status = 'new'::text) AND (notified_at IS NULL)));

CREATE TRIGGER contact_messages_limit_per_email BEFORE INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.limit_rows_per_email();

CREATE TRIGGER contact_messages_set_updated_at BEFORE UPDATE ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER contact_messages_to_leads AFTER INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.lead_from_contact_message();

CREATE TRIGGER conversion_attribution AFTER INSERT OR DELETE OR UPDATE OF created_at, analytics_session_id ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.conversion_attribution_changed();

CREATE TRIGGER conversion_hourly AFTER INSERT OR DELETE OR UPDATE OF created_at ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.conversion_hourly_changed();

revoke all on table public.contact_messages from "anon", "authenticated", public, "service_role";
grant delete, select on table public.contact_messages to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.contact_messages to "service_role";

grant insert (analytics_session_id) on table public.contact_messages to "anon";

grant insert (analytics_session_id) on table public.contact_messages to "authenticated";

grant insert (email) on table public.contact_messages to "anon";

grant insert (email) on table public.contact_messages to "authenticated";

grant insert (id) on table public.contact_messages to "anon";

grant insert (id) on table public.contact_messages to "authenticated";

grant insert (message) on table public.contact_messages to "anon";

grant insert (message) on table public.contact_messages to "authenticated";

grant insert (name) on table public.contact_messages to "anon";

grant insert (name) on table public.contact_messages to "authenticated";

grant update (status) on table public.contact_messages to "authenticated";

grant insert (topic) on table public.contact_messages to "anon";

grant insert (topic) on table public.contact_messages to "authenticated";

comment on table public.contact_messages is 'Messages sent through the contact form. Anon insert-only; admins read and update.';

create table "public"."intro_calls" (
    "id" uuid not null default gen_random_uuid(),
    "lead_id" uuid not null,
    "host_id" uuid,
    "starts_at" timestamp with time zone not null,
    "duration_minutes" integer not null default 15,
    "status" text not null default 'scheduled'::text,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "parent_time_zone" text not null default 'UTC'::text
      );

CREATE INDEX intro_calls_host_starts_idx ON public.intro_calls USING btree (host_id, starts_at);

CREATE INDEX intro_calls_lead_idx ON public.intro_calls USING btree (lead_id);

CREATE UNIQUE INDEX intro_calls_one_scheduled_per_lead_idx ON public.intro_calls USING btree (lead_id) WHERE (status = 'scheduled'::text);

CREATE UNIQUE INDEX intro_calls_pkey ON public.intro_calls USING btree (id);

alter table "public"."intro_calls" add constraint "intro_calls_pkey" PRIMARY KEY using index "intro_calls_pkey";

alter table "public"."intro_calls" add constraint "intro_calls_duration_minutes_check" CHECK (((duration_minutes >= 10) AND (duration_minutes <= 120))) not valid;

alter table "public"."intro_calls" validate constraint "intro_calls_duration_minutes_check";

alter table "public"."intro_calls" add constraint "intro_calls_host_no_overlap" EXCLUDE USING gist (host_id WITH =, private.session_period(starts_at, duration_minutes) WITH &&) WHERE (((status <> 'cancelled'::text) AND (host_id IS NOT NULL)));

alter table "public"."intro_calls" add constraint "intro_calls_status_check" CHECK ((status = ANY (ARRAY['scheduled'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text]))) not valid;

alter table "public"."intro_calls" validate constraint "intro_calls_status_check";

alter table "public"."intro_calls" enable row level security;

create policy "Admins read every intro call, hosts theirs"
  on "public"."intro_calls"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (host_id = ( SELECT auth.uid() AS uid))));

create policy "Admins settle every intro call, hosts theirs"
  on "public"."intro_calls"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (host_id = ( SELECT auth.uid() AS uid))))
with check ((( SELECT private.is_admin() AS is_admin) OR (host_id = ( SELECT auth.uid() AS uid))));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."intro_calls"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER intro_calls_caps AFTER INSERT ON public.intro_calls FOR EACH ROW EXECUTE FUNCTION private.intro_call_caps();

CREATE TRIGGER intro_calls_queue_emails AFTER INSERT OR UPDATE OF starts_at, status, host_id ON public.intro_calls FOR EACH ROW EXECUTE FUNCTION private.queue_intro_call_change_emails();

CREATE TRIGGER intro_calls_set_updated_at BEFORE UPDATE ON public.intro_calls FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.intro_calls from "anon", "authenticated", public, "service_role";
grant select on table public.intro_calls to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.intro_calls to "service_role";

grant update (status) on table public.intro_calls to "authenticated";

create table "public"."lead_events" (
    "id" uuid not null default gen_random_uuid(),
    "lead_id" uuid not null,
    "actor_id" uuid,
    "actor_name" text,
    "kind" text not null default 'note'::text,
    "from_value" text,
    "to_value" text,
    "body" text,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX lead_events_actor_idx ON public.lead_events USING btree (actor_id);

CREATE INDEX lead_events_lead_created_at_idx ON public.lead_events USING btree (lead_id, created_at);

CREATE UNIQUE INDEX lead_events_pkey ON public.lead_events USING btree (id);

alter table "public"."lead_events" add constraint "lead_events_pkey" PRIMARY KEY using index "lead_events_pkey";

alter table "public"."lead_events" add constraint "lead_events_actor_name_check" CHECK ((char_length(actor_name) <= 201)) not valid;

alter table "public"."lead_events" validate constraint "lead_events_actor_name_check";

alter table "public"."lead_events" add constraint "lead_events_body_check" CHECK (((char_length(btrim(body)) >= 1) AND (char_length(btrim(body)) <= 2000))) not valid;

alter table "public"."lead_events" validate constraint "lead_events_body_check";

alter table "public"."lead_events" add constraint "lead_events_from_value_check" CHECK ((char_length(from_value) <= 201)) not valid;

alter table "public"."lead_events" validate constraint "lead_events_from_value_check";

alter table "public"."lead_events" add constraint "lead_events_kind_check" CHECK ((kind = ANY (ARRAY['created'::text, 'status'::text, 'assignment'::text, 'note'::text]))) not valid;

alter table "public"."lead_events" validate constraint "lead_events_kind_check";

alter table "public"."lead_events" add constraint "lead_events_note_has_body" CHECK (((kind = 'note'::text) = (body IS NOT NULL))) not valid;

alter table "public"."lead_events" validate constraint "lead_events_note_has_body";

alter table "public"."lead_events" add constraint "lead_events_to_value_check" CHECK ((char_length(to_value) <= 201)) not valid;

alter table "public"."lead_events" validate constraint "lead_events_to_value_check";

alter table "public"."lead_events" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."lead_events"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER lead_events_audit_note AFTER INSERT ON public.lead_events FOR EACH ROW WHEN ((new.kind = 'note'::text)) EXECUTE FUNCTION private.audit_change('LEAD_NOTE_ADDED', 'lead', 'lead_id', 'body');

CREATE TRIGGER lead_events_stamp BEFORE INSERT ON public.lead_events FOR EACH ROW EXECUTE FUNCTION private.lead_events_stamp();

revoke all on table public.lead_events from "anon", "authenticated", public, "service_role";
grant select on table public.lead_events to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.lead_events to "service_role";

grant insert (body) on table public.lead_events to "authenticated";

grant insert (lead_id) on table public.lead_events to "authenticated";

create or replace view "public"."lead_intro_calls" as  SELECT id,
    lead_id,
    host_id,
    private.person_name(host_id) AS host_name,
    starts_at,
    duration_minutes,
    status,
    parent_time_zone,
    created_at,
    updated_at
   FROM intro_calls c;

alter view public.lead_intro_calls set (security_invoker=true);

revoke all on table public.lead_intro_calls from "anon", "authenticated", public, "service_role";
grant select on table public.lead_intro_calls to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.lead_intro_calls to "service_role";

create table "public"."leads" (
    "id" uuid not null default gen_random_uuid(),
    "source" text not null,
    "waitlist_id" uuid,
    "contact_message_id" uuid,
    "quiz_assessment_id" uuid,
    "name" text collate pg_catalog."und-x-icu",
    "email" text not null,
    "phone" text,
    "child_name" text,
    "child_age" text,
    "focus_area" text,
    "message" text,
    "landing_path" text,
    "landing_variant" text generated always as (NULLIF(split_part(split_part(landing_path, '#'::text, 1), '?'::text, 1), ''::text)) stored,
    "utm_source" text,
    "utm_medium" text,
    "utm_campaign" text,
    "status" text not null default 'new'::text,
    "assignee_id" uuid,
    "enrolled_parent_id" uuid,
    "enrolled_child_id" uuid,
    "first_response_at" timestamp with time zone,
    "search_text" text generated always as (lower(((((COALESCE(name, ''::text) || ' '::text) || email) || ' '::text) || COALESCE(child_name, ''::text)))) stored,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

create or replace view "public"."lead_list" as  SELECT id,
    source,
    name,
    email,
    phone,
    child_name,
    child_age,
    focus_area,
    message,
    landing_path,
    landing_variant,
    utm_source,
    utm_medium,
    utm_campaign,
    status,
    assignee_id,
        CASE
            WHEN (assignee_id IS NOT NULL) THEN COALESCE(( SELECT NULLIF(btrim(concat_ws(' '::text, p.first_name, p.last_name)), ''::text) AS "nullif"
               FROM profiles p
              WHERE (p.id = l.assignee_id)), private.person_name(assignee_id))
            ELSE NULL::text
        END AS assignee_name,
    enrolled_parent_id,
    enrolled_child_id,
    first_response_at,
    search_text,
    created_at,
    updated_at,
    ((status = 'new'::text) AND (created_at < (now() - ( SELECT private.lead_reply_window() AS lead_reply_window)))) AS overdue
   FROM leads l;

alter view public.lead_list set (security_invoker=true);

revoke all on table public.lead_list from "anon", "authenticated", public, "service_role";
grant select on table public.lead_list to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.lead_list to "service_role";

CREATE INDEX leads_assignee_created_at_idx ON public.leads USING btree (assignee_id, created_at DESC);

CREATE INDEX leads_campaign_created_at_idx ON public.leads USING btree (utm_campaign, created_at DESC, id DESC) INCLUDE (assignee_id) WHERE (utm_campaign IS NOT NULL);

CREATE UNIQUE INDEX leads_contact_message_id_key ON public.leads USING btree (contact_message_id);

CREATE INDEX leads_created_at_idx ON public.leads USING btree (created_at DESC, id DESC) INCLUDE (assignee_id);

CREATE INDEX leads_email_id_idx ON public.leads USING btree (email, id);

CREATE INDEX leads_enrolled_child_idx ON public.leads USING btree (enrolled_child_id);

CREATE INDEX leads_enrolled_parent_idx ON public.leads USING btree (enrolled_parent_id);

CREATE INDEX leads_name_desc_id_idx ON public.leads USING btree (name DESC NULLS LAST, id DESC);

CREATE INDEX leads_name_id_idx ON public.leads USING btree (name, id);

CREATE UNIQUE INDEX leads_pkey ON public.leads USING btree (id);

CREATE UNIQUE INDEX leads_quiz_assessment_id_key ON public.leads USING btree (quiz_assessment_id);

CREATE INDEX leads_search_trgm_idx ON public.leads USING gin (search_text gin_trgm_ops);

CREATE INDEX leads_source_created_at_idx ON public.leads USING btree (source, created_at DESC, id DESC) INCLUDE (assignee_id);

CREATE INDEX leads_source_id_idx ON public.leads USING btree (source, id);

CREATE INDEX leads_status_created_at_idx ON public.leads USING btree (status, created_at DESC, id DESC) INCLUDE (assignee_id);

CREATE INDEX leads_status_id_idx ON public.leads USING btree (status, id);

CREATE INDEX leads_variant_created_at_idx ON public.leads USING btree (landing_variant, created_at DESC, id DESC) INCLUDE (assignee_id);

CREATE UNIQUE INDEX leads_waitlist_id_key ON public.leads USING btree (waitlist_id);

alter table "public"."leads" add constraint "leads_pkey" PRIMARY KEY using index "leads_pkey";

alter table "public"."leads" add constraint "leads_child_age_check" CHECK ((char_length(child_age) <= 20)) not valid;

alter table "public"."leads" validate constraint "leads_child_age_check";

alter table "public"."leads" add constraint "leads_child_name_check" CHECK ((char_length(child_name) <= 100)) not valid;

alter table "public"."leads" validate constraint "leads_child_name_check";

alter table "public"."leads" add constraint "leads_child_name_one_line" CHECK ((child_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."leads" validate constraint "leads_child_name_one_line";

alter table "public"."leads" add constraint "leads_contact_message_id_key" UNIQUE using index "leads_contact_message_id_key";

alter table "public"."leads" add constraint "leads_email_check" CHECK ((char_length(email) <= 254)) not valid;

alter table "public"."leads" validate constraint "leads_email_check";

alter table "public"."leads" add constraint "leads_focus_area_check" CHECK ((char_length(focus_area) <= 20)) not valid;

alter table "public"."leads" validate constraint "leads_focus_area_check";

alter table "public"."leads" add constraint "leads_landing_path_check" CHECK ((char_length(landing_path) <= 2048)) not valid;

alter table "public"."leads" validate constraint "leads_landing_path_check";

alter table "public"."leads" add constraint "leads_message_check" CHECK ((char_length(message) <= 5200)) not valid;

alter table "public"."leads" validate constraint "leads_message_check";

alter table "public"."leads" add constraint "leads_name_check" CHECK ((char_length(name) <= 100)) not valid;

alter table "public"."leads" validate constraint "leads_name_check";

alter table "public"."leads" add constraint "leads_name_one_line" CHECK ((name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."leads" validate constraint "leads_name_one_line";

alter table "public"."leads" add constraint "leads_one_origin" CHECK ((num_nonnulls(waitlist_id, contact_message_id, quiz_assessment_id) <= 1)) not valid;

alter table "public"."leads" validate constraint "leads_one_origin";

alter table "public"."leads" add constraint "leads_phone_check" CHECK ((char_length(phone) <= 25)) not valid;

alter table "public"."leads" validate constraint "leads_phone_check";

alter table "public"."leads" add constraint "leads_quiz_assessment_id_key" UNIQUE using index "leads_quiz_assessment_id_key";

alter table "public"."leads" add constraint "leads_status_check" CHECK ((status = ANY (ARRAY['new'::text, 'contacted'::text, 'call_scheduled'::text, 'enrolled'::text, 'not_a_fit'::text, 'closed'::text]))) not valid;

alter table "public"."leads" validate constraint "leads_status_check";

alter table "public"."leads" add constraint "leads_utm_campaign_check" CHECK ((char_length(utm_campaign) <= 200)) not valid;

alter table "public"."leads" validate constraint "leads_utm_campaign_check";

alter table "public"."leads" add constraint "leads_utm_medium_check" CHECK ((char_length(utm_medium) <= 200)) not valid;

alter table "public"."leads" validate constraint "leads_utm_medium_check";

alter table "public"."leads" add constraint "leads_utm_source_check" CHECK ((char_length(utm_source) <= 200)) not valid;

alter table "public"."leads" validate constraint "leads_utm_source_check";

alter table "public"."leads" add constraint "leads_waitlist_id_key" UNIQUE using index "leads_waitlist_id_key";

alter table "public"."leads" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."leads"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER leads_audit_assignee AFTER UPDATE OF assignee_id ON public.leads FOR EACH ROW WHEN ((old.assignee_id IS DISTINCT FROM new.assignee_id)) EXECUTE FUNCTION private.audit_change('LEAD_ASSIGNED', 'lead', 'id', 'assignee_id');

CREATE TRIGGER leads_guard_update BEFORE UPDATE ON public.leads FOR EACH ROW EXECUTE FUNCTION private.leads_guard_update();

CREATE TRIGGER leads_record_events AFTER INSERT OR UPDATE OF status, assignee_id ON public.leads FOR EACH ROW EXECUTE FUNCTION private.leads_record_events();

CREATE TRIGGER leads_set_updated_at BEFORE UPDATE ON public.leads FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.leads from "anon", "authenticated", public, "service_role";
grant select on table public.leads to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.leads to "service_role";

grant update (assignee_id) on table public.leads to "authenticated";

grant update (status) on table public.leads to "authenticated";

comment on table public.leads is 'The leads pipeline: one row per form submission that reached the team. Created by triggers; admins work every lead, coaches the ones assigned to them.';

create table "public"."newsletter_subscribers" (
    "id" uuid not null default gen_random_uuid(),
    "email" text not null,
    "first_name" text,
    "source" text,
    "confirmation_sent_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "analytics_session_id" text
      );

CREATE INDEX newsletter_subscribers_analytics_session_idx ON public.newsletter_subscribers USING btree (analytics_session_id) WHERE (analytics_session_id IS NOT NULL);

CREATE INDEX newsletter_subscribers_created_at_idx ON public.newsletter_subscribers USING btree (created_at DESC);

CREATE UNIQUE INDEX newsletter_subscribers_email_key ON public.newsletter_subscribers USING btree (lower(email));

CREATE INDEX newsletter_subscribers_email_trgm_idx ON public.newsletter_subscribers USING gin (email gin_trgm_ops);

CREATE INDEX newsletter_subscribers_first_name_trgm_idx ON public.newsletter_subscribers USING gin (first_name gin_trgm_ops);

CREATE UNIQUE INDEX newsletter_subscribers_pkey ON public.newsletter_subscribers USING btree (id);

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_pkey" PRIMARY KEY using index "newsletter_subscribers_pkey";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_analytics_session_id_check" CHECK ((char_length(analytics_session_id) <= 100)) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_analytics_session_id_check";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_email_check" CHECK (((char_length(email) <= 254) AND (email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'::text))) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_email_check";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_first_name_check" CHECK (((char_length(first_name) >= 1) AND (char_length(first_name) <= 100))) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_first_name_check";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_first_name_one_line" CHECK ((first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_first_name_one_line";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_source_check" CHECK ((source ~ '^[a-z0-9][a-z0-9_/-]{0,63}$'::text)) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_source_check";

alter table "public"."newsletter_subscribers" enable row level security;

create policy "Admins read subscribers"
  on "public"."newsletter_subscribers"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins remove subscribers"
  on "public"."newsletter_subscribers"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users subscribe to the newsletter"
  on "public"."newsletter_subscribers"
  as permissive
  for insert
  to authenticated
with check ((confirmation_sent_at IS NULL));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."newsletter_subscribers"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors subscribe to the newsletter"
  on "public"."newsletter_subscribers"
  as permissive
  for insert
  to anon
with check ((confirmation_sent_at IS NULL));

CREATE TRIGGER conversion_attribution AFTER INSERT OR DELETE OR UPDATE OF created_at, analytics_session_id ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION private.conversion_attribution_changed();

CREATE TRIGGER conversion_hourly AFTER INSERT OR DELETE OR UPDATE OF created_at ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION private.conversion_hourly_changed();

CREATE TRIGGER newsletter_subscribers_normalize BEFORE INSERT OR UPDATE ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION private.newsletter_subscribers_normalize();

revoke all on table public.newsletter_subscribers from "anon", "authenticated", public, "service_role";
grant delete, select on table public.newsletter_subscribers to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.newsletter_subscribers to "service_role";

grant insert (analytics_session_id) on table public.newsletter_subscribers to "anon";

grant insert (analytics_session_id) on table public.newsletter_subscribers to "authenticated";

grant insert (email) on table public.newsletter_subscribers to "anon";

grant insert (email) on table public.newsletter_subscribers to "authenticated";

grant insert (first_name) on table public.newsletter_subscribers to "anon";

grant insert (first_name) on table public.newsletter_subscribers to "authenticated";

grant insert (id) on table public.newsletter_subscribers to "anon";

grant insert (id) on table public.newsletter_subscribers to "authenticated";

grant insert (source) on table public.newsletter_subscribers to "anon";

grant insert (source) on table public.newsletter_subscribers to "authenticated";

create table "public"."quiz_assessments" (
    "id" uuid not null default gen_random_uuid(),
    "answers" jsonb not null,
    "scores" jsonb not null,
    "recommended_plan" text not null,
    "top_focus_area" text,
    "child_first_name" text,
    "child_age" smallint,
    "email" text,
    "email_consent_at" timestamp with time zone,
    "analytics_session_id" text,
    "landing_path" text,
    "utm_source" text,
    "utm_medium" text,
    "utm_campaign" text,
    "utm_term" text,
    "utm_content" text,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX quiz_assessments_analytics_session_idx ON public.quiz_assessments USING btree (analytics_session_id) WHERE (analytics_session_id IS NOT NULL);

CREATE INDEX quiz_assessments_created_at_idx ON public.quiz_assessments USING btree (created_at DESC);

CREATE UNIQUE INDEX quiz_assessments_pkey ON public.quiz_assessments USING btree (id);

alter table "public"."quiz_assessments" add constraint "quiz_assessments_pkey" PRIMARY KEY using index "quiz_assessments_pkey";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_answers_is_object" CHECK ((jsonb_typeof(answers) = 'object'::text)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_answers_is_object";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_answers_size" CHECK ((pg_column_size(answers) <= 4096)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_answers_size";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_child_age_range" CHECK (((child_age IS NULL) OR ((child_age >= 7) AND (child_age <= 12)))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_child_age_range";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_child_first_name_length" CHECK (((child_first_name IS NULL) OR ((char_length(btrim(child_first_name)) >= 1) AND (char_length(btrim(child_first_name)) <= 50)))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_child_first_name_length";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_child_first_name_one_line" CHECK ((child_first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_child_first_name_one_line";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_email_format" CHECK (((email IS NULL) OR ((char_length(email) <= 254) AND (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_email_format";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_email_needs_consent" CHECK (((email IS NULL) = (email_consent_at IS NULL))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_email_needs_consent";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_landing_path_length" CHECK (((landing_path IS NULL) OR (char_length(landing_path) <= 2048))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_landing_path_length";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_recommended_plan_known" CHECK ((recommended_plan = ANY (ARRAY['steady-growth'::text, 'focused-progress'::text, 'intensive-momentum'::text]))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_recommended_plan_known";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_scores_is_object" CHECK ((jsonb_typeof(scores) = 'object'::text)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_scores_is_object";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_scores_size" CHECK ((pg_column_size(scores) <= 1024)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_scores_size";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_session_id_length" CHECK (((analytics_session_id IS NULL) OR (char_length(analytics_session_id) <= 100))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_session_id_length";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_top_focus_area_known" CHECK (((top_focus_area IS NULL) OR (top_focus_area = ANY (ARRAY['emotions'::text, 'confidence'::text, 'focus'::text, 'connection'::text])))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_top_focus_area_known";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_utm_length" CHECK (((COALESCE(char_length(utm_source), 0) <= 200) AND (COALESCE(char_length(utm_medium), 0) <= 200) AND (COALESCE(char_length(utm_campaign), 0) <= 200) AND (COALESCE(char_length(utm_term), 0) <= 200) AND (COALESCE(char_length(utm_content), 0) <= 200))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_utm_length";

alter table "public"."quiz_assessments" enable row level security;

create policy "Admins can delete assessments"
  on "public"."quiz_assessments"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins can read assessments"
  on "public"."quiz_assessments"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users can submit an assessment"
  on "public"."quiz_assessments"
  as permissive
  for insert
  to authenticated
with check (((email IS NULL) AND (email_consent_at IS NULL)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."quiz_assessments"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors can submit an assessment"
  on "public"."quiz_assessments"
  as permissive
  for insert
  to anon
with check (((email IS NULL) AND (email_consent_at IS NULL)));

CREATE TRIGGER conversion_attribution AFTER INSERT OR DELETE OR UPDATE OF created_at, analytics_session_id, landing_path ON public.quiz_assessments FOR EACH ROW EXECUTE FUNCTION private.conversion_attribution_changed();

CREATE TRIGGER conversion_hourly AFTER INSERT OR DELETE OR UPDATE OF created_at ON public.quiz_assessments FOR EACH ROW EXECUTE FUNCTION private.conversion_hourly_changed();

CREATE TRIGGER quiz_assessments_to_leads AFTER INSERT OR UPDATE OF email ON public.quiz_assessments FOR EACH ROW EXECUTE FUNCTION private.lead_from_quiz();

revoke all on table public.quiz_assessments from "anon", "authenticated", public, "service_role";
grant delete, select on table public.quiz_assessments to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.quiz_assessments to "service_role";

grant insert (analytics_session_id) on table public.quiz_assessments to "anon";

grant insert (analytics_session_id) on table public.quiz_assessments to "authenticated";

grant insert (answers) on table public.quiz_assessments to "anon";

grant insert (answers) on table public.quiz_assessments to "authenticated";

grant insert (child_age) on table public.quiz_assessments to "anon";

grant insert (child_age) on table public.quiz_assessments to "authenticated";

grant insert (child_first_name) on table public.quiz_assessments to "anon";

grant insert (child_first_name) on table public.quiz_assessments to "authenticated";

grant insert (id) on table public.quiz_assessments to "anon";

grant insert (id) on table public.quiz_assessments to "authenticated";

grant insert (landing_path) on table public.quiz_assessments to "anon";

grant insert (landing_path) on table public.quiz_assessments to "authenticated";

grant insert (recommended_plan) on table public.quiz_assessments to "anon";

grant insert (recommended_plan) on table public.quiz_assessments to "authenticated";

grant insert (scores) on table public.quiz_assessments to "anon";

grant insert (scores) on table public.quiz_assessments to "authenticated";

grant insert (top_focus_area) on table public.quiz_assessments to "anon";

grant insert (top_focus_area) on table public.quiz_assessments to "authenticated";

grant insert (utm_campaign) on table public.quiz_assessments to "anon";

grant insert (utm_campaign) on table public.quiz_assessments to "authenticated";

grant insert (utm_content) on table public.quiz_assessments to "anon";

grant insert (utm_content) on table public.quiz_assessments to "authenticated";

grant insert (utm_medium) on table public.quiz_assessments to "anon";

grant insert (utm_medium) on table public.quiz_assessments to "authenticated";

grant insert (utm_source) on table public.quiz_assessments to "anon";

grant insert (utm_source) on table public.quiz_assessments to "authenticated";

grant insert (utm_term) on table public.quiz_assessments to "anon";

grant insert (utm_term) on table public.quiz_assessments to "authenticated";

comment on table public.quiz_assessments is 'Completed assessment quizzes (answers 1-5 per question, scores 0-100 per skill). Anon insert-only; admins read.';

create table "public"."waitlist" (
    "id" uuid not null default gen_random_uuid(),
    "name" text not null,
    "email" text not null,
    "phone" text,
    "child_name" text,
    "age_band" text,
    "challenge" text,
    "consent" boolean not null,
    "source" text not null default 'waitlist'::text,
    "landing_path" text,
    "analytics_session_id" text,
    "utm_source" text,
    "utm_medium" text,
    "utm_campaign" text,
    "utm_term" text,
    "utm_content" text,
    "status" text not null default 'new'::text,
    "notes" text,
    "notified_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

alter table "public"."leads" add constraint "leads_source_check" CHECK ((source = ANY (ARRAY['fit-call'::text, 'contact-v2'::text, 'waitlist'::text, 'contact'::text, 'quiz'::text]))) not valid;

alter table "public"."leads" validate constraint "leads_source_check";

CREATE INDEX waitlist_analytics_session_idx ON public.waitlist USING btree (analytics_session_id) WHERE (analytics_session_id IS NOT NULL);

CREATE INDEX waitlist_attribution_idx ON public.waitlist USING btree (created_at, utm_campaign) WHERE (landing_path IS NOT NULL);

CREATE INDEX waitlist_created_at_idx ON public.waitlist USING btree (created_at DESC);

CREATE INDEX waitlist_email_idx ON public.waitlist USING btree (lower(email), created_at DESC);

CREATE UNIQUE INDEX waitlist_pkey ON public.waitlist USING btree (id);

CREATE INDEX waitlist_status_created_at_idx ON public.waitlist USING btree (status, created_at DESC);

alter table "public"."waitlist" add constraint "waitlist_pkey" PRIMARY KEY using index "waitlist_pkey";

alter table "public"."waitlist" add constraint "waitlist_age_band_check" CHECK ((char_length(age_band) <= 20)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_age_band_check";

alter table "public"."waitlist" add constraint "waitlist_analytics_session_id_check" CHECK ((char_length(analytics_session_id) <= 100)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_analytics_session_id_check";

alter table "public"."waitlist" add constraint "waitlist_challenge_check" CHECK ((challenge = ANY (ARRAY['emotions'::text, 'confidence'::text, 'focus'::text, 'connection'::text, 'other'::text]))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_challenge_check";

alter table "public"."waitlist" add constraint "waitlist_child_name_check" CHECK ((char_length(child_name) <= 100)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_child_name_check";

alter table "public"."waitlist" add constraint "waitlist_child_name_one_line" CHECK ((child_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_child_name_one_line";

alter table "public"."waitlist" add constraint "waitlist_consent_check" CHECK (consent) not valid;

alter table "public"."waitlist" validate constraint "waitlist_consent_check";

alter table "public"."waitlist" add constraint "waitlist_email_check" CHECK (((char_length(email) <= 254) AND (email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'::text))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_email_check";

alter table "public"."waitlist" add constraint "waitlist_landing_path_check" CHECK ((char_length(landing_path) <= 2048)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_landing_path_check";

alter table "public"."waitlist" add constraint "waitlist_name_check" CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 100))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_name_check";

alter table "public"."waitlist" add constraint "waitlist_name_one_line" CHECK ((name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_name_one_line";

alter table "public"."waitlist" add constraint "waitlist_notes_check" CHECK ((char_length(notes) <= 2000)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_notes_check";

alter table "public"."waitlist" add constraint "waitlist_phone_check" CHECK ((phone ~ '^[0-9+()\-. ]{7,25}$'::text)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_phone_check";

alter table "public"."waitlist" add constraint "waitlist_source_check" CHECK ((source = ANY (ARRAY['fit-call'::text, 'contact-v2'::text, 'waitlist'::text]))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_source_check";

alter table "public"."waitlist" add constraint "waitlist_status_check" CHECK ((status = ANY (ARRAY['new'::text, 'contacted'::text, 'call_scheduled'::text, 'enrolled'::text, 'not_a_fit'::text, 'closed'::text]))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_status_check";

alter table "public"."waitlist" add constraint "waitlist_utm_campaign_check" CHECK ((char_length(utm_campaign) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_campaign_check";

alter table "public"."waitlist" add constraint "waitlist_utm_content_check" CHECK ((char_length(utm_content) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_content_check";

alter table "public"."waitlist" add constraint "waitlist_utm_medium_check" CHECK ((char_length(utm_medium) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_medium_check";

alter table "public"."waitlist" add constraint "waitlist_utm_source_check" CHECK ((char_length(utm_source) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_source_check";

alter table "public"."waitlist" add constraint "waitlist_utm_term_check" CHECK ((char_length(utm_term) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_term_check";

alter table "public"."waitlist" enable row level security;

create policy "Admins delete leads"
  on "public"."waitlist"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins read leads"
  on "public"."waitlist"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins update leads"
  on "public"."waitlist"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users join the waitlist or request an intro call"
  on "public"."waitlist"
  as permissive
  for insert
  to authenticated
with check (((status = 'new'::text) AND (notes IS NULL) AND (notified_at IS NULL)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."waitlist"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors join the waitlist or request an intro call"
  on "public"."waitlist"
  as permissive
  for insert
  to anon
with check (((status = 'new'::text) AND (notes IS NULL) AND (notified_at IS NULL)));

CREATE TRIGGER conversion_attribution AFTER INSERT OR DELETE OR UPDATE OF created_at, analytics_session_id, landing_path, source ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.conversion_attribution_changed();

CREATE TRIGGER conversion_hourly AFTER INSERT OR DELETE OR UPDATE OF created_at ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.conversion_hourly_changed();

CREATE TRIGGER waitlist_attribute BEFORE INSERT ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.waitlist_attribute();

CREATE TRIGGER waitlist_audit_status AFTER UPDATE OF status ON public.waitlist FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION private.audit_change('LEAD_STATUS_CHANGED', 'waitlist', 'id', 'status');

CREATE TRIGGER waitlist_limit_per_email BEFORE INSERT ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.limit_rows_per_email();

CREATE TRIGGER waitlist_normalize BEFORE INSERT OR UPDATE ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.waitlist_normalize();

CREATE TRIGGER waitlist_set_updated_at BEFORE UPDATE ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER waitlist_to_leads AFTER INSERT ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.lead_from_waitlist();

revoke all on table public.waitlist from "anon", "authenticated", public, "service_role";
grant delete, select on table public.waitlist to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.waitlist to "service_role";

grant insert (age_band) on table public.waitlist to "anon";

grant insert (age_band) on table public.waitlist to "authenticated";

grant update (age_band) on table public.waitlist to "authenticated";

grant insert (analytics_session_id) on table public.waitlist to "anon";

grant insert (analytics_session_id) on table public.waitlist to "authenticated";

grant insert (challenge) on table public.waitlist to "anon";

grant insert (challenge) on table public.waitlist to "authenticated";

grant update (challenge) on table public.waitlist to "authenticated";

grant insert (child_name) on table public.waitlist to "anon";

grant insert (child_name) on table public.waitlist to "authenticated";

grant update (child_name) on table public.waitlist to "authenticated";

grant insert (consent) on table public.waitlist to "anon";

grant insert (consent) on table public.waitlist to "authenticated";

grant insert (email) on table public.waitlist to "anon";

grant insert (email) on table public.waitlist to "authenticated";

grant update (email) on table public.waitlist to "authenticated";

grant insert (id) on table public.waitlist to "anon";

grant insert (id) on table public.waitlist to "authenticated";

grant insert (landing_path) on table public.waitlist to "anon";

grant insert (landing_path) on table public.waitlist to "authenticated";

grant insert (name) on table public.waitlist to "anon";

grant insert (name) on table public.waitlist to "authenticated";

grant update (name) on table public.waitlist to "authenticated";

grant update (notes) on table public.waitlist to "authenticated";

grant insert (phone) on table public.waitlist to "anon";

grant insert (phone) on table public.waitlist to "authenticated";

grant update (phone) on table public.waitlist to "authenticated";

grant insert (source) on table public.waitlist to "anon";

grant insert (source) on table public.waitlist to "authenticated";

grant update (status) on table public.waitlist to "authenticated";

grant insert (utm_campaign) on table public.waitlist to "anon";

grant insert (utm_campaign) on table public.waitlist to "authenticated";

grant insert (utm_content) on table public.waitlist to "anon";

grant insert (utm_content) on table public.waitlist to "authenticated";

grant insert (utm_medium) on table public.waitlist to "anon";

grant insert (utm_medium) on table public.waitlist to "authenticated";

grant insert (utm_source) on table public.waitlist to "anon";

grant insert (utm_source) on table public.waitlist to "authenticated";

grant insert (utm_term) on table public.waitlist to "anon";

grant insert (utm_term) on table public.waitlist to "authenticated";

CREATE OR REPLACE FUNCTION private.lead_list_search(q text)
 RETURNS SETOF lead_list
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  term text := lower(btrim(coalesce(q, '')));
  admin boolean := private.is_admin();
  me uuid := auth.uid();
begin
  if me is null or not (admin or private.has_role(me, 'coach')) then
    raise exception 'Only the team may search leads' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if length(term) > 200 then
    raise exception 'q must be at most 200 characters' using errcode = '22023';
  end if;
  return query
    select v.*
    from public.lead_list v
    where v.search_text ilike '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%'
      and (admin or v.assignee_id = me);
end;
$function$
;

revoke all on function private.lead_list_search(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_list_search(text) to "authenticated";
grant execute on function private.lead_list_search(text) to "service_role";

CREATE OR REPLACE FUNCTION private.newsletter_search(q text)
 RETURNS SETOF newsletter_subscribers
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  term text := btrim(coalesce(q, ''));
  pattern text;
begin
  if not private.is_admin() then
    raise exception 'Only admins may search subscribers' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if length(term) > 200 then
    raise exception 'q must be at most 200 characters' using errcode = '22023';
  end if;
  pattern := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
    select s.* from public.newsletter_subscribers s
    where s.email ilike pattern or s.first_name ilike pattern;
end;
$function$
;

revoke all on function private.newsletter_search(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.newsletter_search(text) to "authenticated";
grant execute on function private.newsletter_search(text) to "service_role";

CREATE OR REPLACE FUNCTION public.lead_list_search(q text)
 RETURNS SETOF lead_list
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.lead_list_search(q)
$function$
;

revoke all on function public.lead_list_search(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.lead_list_search(text) to "authenticated";
grant execute on function public.lead_list_search(text) to "service_role";

CREATE OR REPLACE FUNCTION public.newsletter_search(q text)
 RETURNS SETOF newsletter_subscribers
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.newsletter_search(q)
$function$
;

revoke all on function public.newsletter_search(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.newsletter_search(text) to "authenticated";
grant execute on function public.newsletter_search(text) to "service_role";

alter table "private"."intro_call_clients" add constraint "intro_call_clients_intro_call_id_fkey" FOREIGN KEY (intro_call_id) REFERENCES intro_calls(id) ON DELETE CASCADE not valid;

alter table "private"."intro_call_clients" validate constraint "intro_call_clients_intro_call_id_fkey";

alter table "private"."intro_call_tokens" add constraint "intro_call_tokens_lead_id_fkey" FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE not valid;

alter table "private"."intro_call_tokens" validate constraint "intro_call_tokens_lead_id_fkey";

alter table "public"."intro_calls" add constraint "intro_calls_host_id_fkey" FOREIGN KEY (host_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."intro_calls" validate constraint "intro_calls_host_id_fkey";

alter table "public"."intro_calls" add constraint "intro_calls_lead_id_fkey" FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE not valid;

alter table "public"."intro_calls" validate constraint "intro_calls_lead_id_fkey";

alter table "public"."lead_events" add constraint "lead_events_actor_id_fkey" FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."lead_events" validate constraint "lead_events_actor_id_fkey";

alter table "public"."lead_events" add constraint "lead_events_lead_id_fkey" FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE not valid;

alter table "public"."lead_events" validate constraint "lead_events_lead_id_fkey";

alter table "public"."leads" add constraint "leads_assignee_id_fkey" FOREIGN KEY (assignee_id) REFERENCES profiles(id) ON DELETE SET NULL not valid;

alter table "public"."leads" validate constraint "leads_assignee_id_fkey";

alter table "public"."leads" add constraint "leads_contact_message_id_fkey" FOREIGN KEY (contact_message_id) REFERENCES contact_messages(id) ON DELETE CASCADE not valid;

alter table "public"."leads" validate constraint "leads_contact_message_id_fkey";

alter table "public"."leads" add constraint "leads_enrolled_child_id_fkey" FOREIGN KEY (enrolled_child_id) REFERENCES children(id) ON DELETE SET NULL not valid;

alter table "public"."leads" validate constraint "leads_enrolled_child_id_fkey";

alter table "public"."leads" add constraint "leads_enrolled_parent_id_fkey" FOREIGN KEY (enrolled_parent_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."leads" validate constraint "leads_enrolled_parent_id_fkey";

alter table "public"."leads" add constraint "leads_quiz_assessment_id_fkey" FOREIGN KEY (quiz_assessment_id) REFERENCES quiz_assessments(id) ON DELETE CASCADE not valid;

alter table "public"."leads" validate constraint "leads_quiz_assessment_id_fkey";

alter table "public"."leads" add constraint "leads_waitlist_id_fkey" FOREIGN KEY (waitlist_id) REFERENCES waitlist(id) ON DELETE CASCADE not valid;

alter table "public"."leads" validate constraint "leads_waitlist_id_fkey";

-- supabase/schemas/16_coaches.sql
-- Coaches and matching
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.coach_match_choices(child uuid)
 RETURNS TABLE(coach_id uuid, coach_name text, time_zone text, caseload integer, open_times integer, preferred_open_times integer, is_current boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  zone text;
begin
  if not private.is_admin() then
    raise exception 'Only admins match a child with a coach' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select * into c from public.children x where x.id = child;
  if c.id is null then
    raise exception 'No such child' using errcode = 'PT404';
  end if;
  select coalesce(p.time_zone, 'America/New_York') into zone from public.profiles p where p.id = c.parent_id;
  zone := coalesce(zone, 'America/New_York');
  return query
    select k.id, k.display_name, k.time_zone,
      (select count(*)::integer from public.children y where y.coach_id = k.id),
      coalesce(o.open_times, 0),
      coalesce(o.preferred, 0),
      k.id is not distinct from c.coach_id
    from public.coaches k
    join public.user_roles r on r.user_id = k.user_id and r.role = 'coach'
    left join public.availability_schedules sc on sc.coach_id = k.id
    left join lateral (
      select count(*)::integer as open_times,
        count(*) filter (
          where exists (
            select 1 from public.preferred_session_times t
            where t.child_id = c.id
              and t.weekday = extract(isodow from (s.starts_at at time zone zone))::integer
              and t.day_part = private.day_part_of((s.starts_at at time zone zone)::time)
          )
        )::integer as preferred
      from private.open_slots(sc.id, 'coaching_session', pg_catalog.now(), pg_catalog.now() + interval '14 days') s
      where sc.id is not null
    ) o on true
    where k.is_active
    order by coalesce(o.preferred, 0) desc,
      (select count(*) from public.children y where y.coach_id = k.id),
      k.display_name;
end;
$function$
;

revoke all on function private.coach_match_choices(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.coach_match_choices(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.coach_open_slots(coach uuid, range_start timestamp with time zone, range_end timestamp with time zone)
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  staff boolean;
begin
  perform private.check_slot_range(range_start, range_end);
  staff := coalesce(private.is_admin() or coach = private.current_coach_id(), false);
  if not staff and not exists (
    select 1 from public.children c where c.coach_id = coach and c.parent_id = auth.uid()
  ) then
    raise exception 'No such coach for your family' using errcode = '42501';
  end if;
  return query
    select o.starts_at, o.ends_at
    from public.availability_schedules sc
    join public.coaches co on co.id = sc.coach_id
    cross join lateral private.open_slots(sc.id, 'coaching_session', range_start, range_end) o
    where sc.coach_id = coach
      and (staff or private.family_slot_refusal(auth.uid(), sc.id, o.starts_at, o.ends_at - o.starts_at) is null);
end;
$function$
;

revoke all on function private.coach_open_slots(uuid,timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.coach_open_slots(uuid,timestamp with time zone,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.coaches_family_of(profile_id uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
    from public.children c
    where (c.parent_id = profile_id or c.user_id = profile_id)
      and private.is_coach_of_child(c.id)
  )
$function$
;

revoke all on function private.coaches_family_of(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.coaches_family_of(uuid) to "authenticated";
grant execute on function private.coaches_family_of(uuid) to public;
grant execute on function private.coaches_family_of(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.coaches_refresh_family_summaries()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  parent uuid;
begin
  for parent in
    select f.parent_id from public.family_summaries f where f.coach_ids @> array[new.id]
  loop
    perform private.refresh_family_summary(parent);
  end loop;
  return null;
end;
$function$
;

revoke all on function private.coaches_refresh_family_summaries() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.is_coach_of_child(child uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
    from public.coaches me
    where me.user_id = auth.uid()
      and (
        exists (select 1 from public.children c where c.id = child and c.coach_id = me.id)
        or exists (
          select 1 from public.coaching_sessions s
           where s.child_id = child and s.coach_id = me.id and s.status <> 'cancelled'
        )
      )
  )
$function$
;

revoke all on function private.is_coach_of_child(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_coach_of_child(uuid) to "authenticated";
grant execute on function private.is_coach_of_child(uuid) to public;
grant execute on function private.is_coach_of_child(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.is_current_coach_of_child(child uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
    from public.coaches me
    join public.children c on c.coach_id = me.id
    where me.user_id = auth.uid() and c.id = child
  )
$function$
;

revoke all on function private.is_current_coach_of_child(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_current_coach_of_child(uuid) to "authenticated";
grant execute on function private.is_current_coach_of_child(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.match_child_coach(child uuid, coach uuid)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  matched timestamptz;
begin
  if not private.is_admin() then
    raise exception 'Only admins match a child with a coach' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select * into c from public.children x where x.id = child for update;
  if c.id is null then
    raise exception 'No such child' using errcode = 'PT404';
  end if;
  if coach is null or not exists (
    select 1 from public.coaches k
    join public.user_roles r on r.user_id = k.user_id and r.role = 'coach'
    where k.id = coach and k.is_active
  ) then
    raise exception 'Choose one of the active coaches' using errcode = '22023';
  end if;
  if c.coach_id = coach then
    raise exception '% already has that coach', c.first_name using errcode = '22023';
  end if;
  update public.children set coach_id = coach where id = c.id returning matched_at into matched;
  return matched;
end;
$function$
;

revoke all on function private.match_child_coach(uuid,uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.match_child_coach(uuid,uuid) to "authenticated";

CREATE OR REPLACE FUNCTION public.get_coach_match_choices(child_id uuid)
 RETURNS TABLE(coach_id uuid, coach_name text, time_zone text, caseload integer, open_times integer, preferred_open_times integer, is_current boolean)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select * from private.coach_match_choices(get_coach_match_choices.child_id) $function$
;

revoke all on function public.get_coach_match_choices(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_coach_match_choices(uuid) to "authenticated";
grant execute on function public.get_coach_match_choices(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.match_child_coach(child_id uuid, coach_id uuid)
 RETURNS timestamp with time zone
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select private.match_child_coach(match_child_coach.child_id, match_child_coach.coach_id) $function$
;

revoke all on function public.match_child_coach(uuid,uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.match_child_coach(uuid,uuid) to "authenticated";
grant execute on function public.match_child_coach(uuid,uuid) to "service_role";

create table "public"."coaches" (
    "id" uuid not null default gen_random_uuid(),
    "user_id" uuid,
    "display_name" text not null,
    "title" text,
    "bio" text,
    "specialties" text[] not null default '{}'::text[],
    "photo_url" text,
    "is_active" boolean not null default true,
    "sort_order" integer not null default 0,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "time_zone" text not null default 'America/New_York'::text
      );

CREATE INDEX coaches_active_sort_idx ON public.coaches USING btree (is_active, sort_order);

CREATE UNIQUE INDEX coaches_pkey ON public.coaches USING btree (id);

CREATE UNIQUE INDEX coaches_user_id_key ON public.coaches USING btree (user_id);

alter table "public"."coaches" add constraint "coaches_pkey" PRIMARY KEY using index "coaches_pkey";

alter table "public"."coaches" add constraint "coaches_bio_check" CHECK ((char_length(bio) <= 2000)) not valid;

alter table "public"."coaches" validate constraint "coaches_bio_check";

alter table "public"."coaches" add constraint "coaches_display_name_check" CHECK (((char_length(btrim(display_name)) >= 1) AND (char_length(btrim(display_name)) <= 100))) not valid;

alter table "public"."coaches" validate constraint "coaches_display_name_check";

alter table "public"."coaches" add constraint "coaches_display_name_one_line" CHECK ((display_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."coaches" validate constraint "coaches_display_name_one_line";

alter table "public"."coaches" add constraint "coaches_photo_url_check" CHECK ((char_length(photo_url) <= 2048)) not valid;

alter table "public"."coaches" validate constraint "coaches_photo_url_check";

alter table "public"."coaches" add constraint "coaches_specialties_check" CHECK ((cardinality(specialties) <= 12)) not valid;

alter table "public"."coaches" validate constraint "coaches_specialties_check";

alter table "public"."coaches" add constraint "coaches_title_check" CHECK ((char_length(title) <= 100)) not valid;

alter table "public"."coaches" validate constraint "coaches_title_check";

alter table "public"."coaches" add constraint "coaches_user_id_key" UNIQUE using index "coaches_user_id_key";

alter table "public"."coaches" enable row level security;

create policy "Admins add coaches"
  on "public"."coaches"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins edit coaches"
  on "public"."coaches"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins remove coaches"
  on "public"."coaches"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users read active coaches, coaches their own row, adm"
  on "public"."coaches"
  as permissive
  for select
  to authenticated
using ((is_active OR (user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff delete only with two-factor sign-in"
  on "public"."coaches"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."coaches"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."coaches"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors read active coaches"
  on "public"."coaches"
  as permissive
  for select
  to anon
using (is_active);

CREATE TRIGGER coaches_check_time_zone BEFORE INSERT OR UPDATE OF time_zone ON public.coaches FOR EACH ROW EXECUTE FUNCTION private.check_time_zone();

CREATE TRIGGER coaches_family_summaries AFTER UPDATE OF display_name ON public.coaches FOR EACH ROW WHEN ((old.display_name IS DISTINCT FROM new.display_name)) EXECUTE FUNCTION private.coaches_refresh_family_summaries();

CREATE TRIGGER coaches_set_updated_at BEFORE UPDATE ON public.coaches FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.coaches from "anon", "authenticated", public, "service_role";
grant select on table public.coaches to "anon";
grant delete, select on table public.coaches to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.coaches to "service_role";

grant insert (bio) on table public.coaches to "authenticated";

grant update (bio) on table public.coaches to "authenticated";

grant insert (display_name) on table public.coaches to "authenticated";

grant update (display_name) on table public.coaches to "authenticated";

grant insert (id) on table public.coaches to "authenticated";

grant insert (is_active) on table public.coaches to "authenticated";

grant update (is_active) on table public.coaches to "authenticated";

grant insert (photo_url) on table public.coaches to "authenticated";

grant update (photo_url) on table public.coaches to "authenticated";

grant insert (sort_order) on table public.coaches to "authenticated";

grant update (sort_order) on table public.coaches to "authenticated";

grant insert (specialties) on table public.coaches to "authenticated";

grant update (specialties) on table public.coaches to "authenticated";

grant insert (time_zone) on table public.coaches to "authenticated";

grant update (time_zone) on table public.coaches to "authenticated";

grant insert (title) on table public.coaches to "authenticated";

grant update (title) on table public.coaches to "authenticated";

grant insert (user_id) on table public.coaches to "authenticated";

grant update (user_id) on table public.coaches to "authenticated";

create policy "Admins read every family, coaches the families they coach"
  on "public"."family_summaries"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (coach_ids @> ARRAY[( SELECT private.current_coach_id() AS current_coach_id)])));

create policy "Admins and assigned coaches add notes to a lead"
  on "public"."lead_events"
  as permissive
  for insert
  to authenticated
with check (((kind = 'note'::text) AND private.can_work_lead(lead_id)));

create policy "Admins and assigned coaches read a lead's history"
  on "public"."lead_events"
  as permissive
  for select
  to authenticated
using (private.can_work_lead(lead_id));

create policy "Admins read every lead, coaches the leads assigned to them"
  on "public"."leads"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (assignee_id = ( SELECT auth.uid() AS uid))));

create policy "Admins update every lead, coaches the leads assigned to them"
  on "public"."leads"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (assignee_id = ( SELECT auth.uid() AS uid))))
with check ((( SELECT private.is_admin() AS is_admin) OR (assignee_id = ( SELECT auth.uid() AS uid))));

create policy "Users read their own profile, coaches their families', admins a"
  on "public"."profiles"
  as permissive
  for select
  to authenticated
using (((id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin) OR (id = ANY (( SELECT private.coached_family_ids() AS coached_family_ids)::uuid[]))));

create or replace view "public"."staff_coaches" as  SELECT id,
    user_id,
    display_name,
    time_zone,
    is_active
   FROM coaches co
  WHERE ((user_id IS NOT NULL) AND private.has_role(user_id, 'coach'::app_role));

alter view public.staff_coaches set (security_invoker=true);

revoke all on table public.staff_coaches from "anon", "authenticated", public, "service_role";
grant select on table public.staff_coaches to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.staff_coaches to "service_role";

comment on view public.staff_coaches is 'The coaches who are staff: coaches rows of accounts with the coach role (user_roles). The staff screens choose coaches from it; the coaches table''s row level security still applies.';

alter table "public"."children" add constraint "children_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE SET NULL not valid;

alter table "public"."children" validate constraint "children_coach_id_fkey";

alter table "public"."coaches" add constraint "coaches_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."coaches" validate constraint "coaches_user_id_fkey";

-- supabase/schemas/18_availability.sql
-- Availability: schedules, hours, overrides, meeting rules, open slots
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.availability_hours_meeting()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from public.availability_schedules s where s.id = new.schedule_id and s.coach_id is null) then
    new.meeting := 'intro_call';
  end if;
  return new;
end;
$function$
;

revoke all on function private.availability_hours_meeting() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.availability_override_date_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null
     and (tg_op = 'INSERT' or new.on_date is distinct from old.on_date)
     and new.on_date < (
       select (now() at time zone s.time_zone)::date
       from public.availability_schedules s
       where s.id = new.schedule_id
     ) then
    raise exception 'That date has passed: choose today or a later date'
      using errcode = '22023';
  end if;
  return new;
end;
$function$
;

revoke all on function private.availability_override_date_rules() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.availability_schedule_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.time_zone is null then
    select coalesce(
      (select c.time_zone from public.coaches c where c.id = new.coach_id),
      (select p.time_zone from public.profiles p where p.id = new.user_id),
      'America/New_York'
    ) into new.time_zone;
  end if;
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  if new.user_id is not null and not (
    private.has_role(new.user_id, 'admin') or private.has_role(new.user_id, 'coach')
  ) then
    raise exception 'Only coaches and team members keep a schedule' using errcode = '22023';
  end if;
  if new.user_id is not null and exists (select 1 from public.coaches c where c.user_id = new.user_id) then
    raise exception 'A coach keeps their hours on their coach schedule' using errcode = '22023';
  end if;
  if new.takes_intro_calls and new.coach_id is not null
     and (select c.user_id from public.coaches c where c.id = new.coach_id) is null then
    raise exception 'A coach without a login cannot take intro calls' using errcode = '22023';
  end if;
  if auth.uid() is not null and not private.is_admin()
     and new.takes_intro_calls is distinct from (case when tg_op = 'UPDATE' then old.takes_intro_calls else false end) then
    raise exception 'Only an admin decides who takes intro calls' using errcode = '42501';
  end if;
  return new;
end;
$function$
;

revoke all on function private.availability_schedule_rules() from "anon", "authenticated", public, "service_role";
grant execute on function private.availability_schedule_rules() to public;

CREATE OR REPLACE FUNCTION private.can_edit_schedule(schedule uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.is_admin() or exists (
    select 1 from public.availability_schedules s
    where s.id = schedule
      and auth.uid() is not null
      and (s.user_id = auth.uid() or s.coach_id = private.current_coach_id())
  )
$function$
;

revoke all on function private.can_edit_schedule(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.can_edit_schedule(uuid) to "authenticated";
grant execute on function private.can_edit_schedule(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.check_slot_range(range_start timestamp with time zone, range_end timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if range_start is null or range_end is null or range_end <= range_start then
    raise exception 'Give a range whose end is after its start' using errcode = '22023';
  end if;
  if range_end - range_start > interval '62 days' then
    raise exception 'Ask for at most 62 days of open times at once' using errcode = '22023';
  end if;
end;
$function$
;

revoke all on function private.check_slot_range(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.hour_blocks(h1 bigint, h2 bigint)
 RETURNS TABLE(level smallint, block bigint)
 LANGUAGE plpgsql
 IMMUTABLE ROWS 24
 SET search_path TO ''
AS $function$
declare
  lo bigint := h1;
  l integer;
begin
  while lo < h2 loop
    l := 11;
    while l > 0 and (lo % (1::bigint << l) <> 0 or lo + (1::bigint << l) > h2) loop
      l := l - 1;
    end loop;
    level := l;
    block := lo >> l;
    return next;
    lo := lo + (1::bigint << l);
  end loop;
end;
$function$
;

revoke all on function private.hour_blocks(bigint,bigint) from "anon", "authenticated", public, "service_role";
grant execute on function private.hour_blocks(bigint,bigint) to public;

CREATE OR REPLACE FUNCTION private.meeting_rules_set_updated_by()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_by := auth.uid();
  return new;
end;
$function$
;

revoke all on function private.meeting_rules_set_updated_by() from "anon", "authenticated", public, "service_role";
grant execute on function private.meeting_rules_set_updated_by() to public;

CREATE OR REPLACE FUNCTION private.minutes_of_day(starts time without time zone, ends time without time zone)
 RETURNS int4range
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select pg_catalog.int4range(
    (extract(epoch from starts) / 60)::integer,
    (extract(epoch from ends) / 60)::integer,
    '[)'
  )
$function$
;

revoke all on function private.minutes_of_day(time without time zone,time without time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.minutes_of_day(time without time zone,time without time zone) to "authenticated";
grant execute on function private.minutes_of_day(time without time zone,time without time zone) to public;
grant execute on function private.minutes_of_day(time without time zone,time without time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.open_slots(schedule uuid, meeting text, range_start timestamp with time zone, range_end timestamp with time zone, now_at timestamp with time zone DEFAULT now(), ignore_session uuid DEFAULT NULL::uuid, with_bookings boolean DEFAULT true)
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with
  host as (
    select sc.id, sc.time_zone,
      coalesce(sc.coach_id, (select c.id from public.coaches c where c.user_id = sc.user_id)) as coach_id,
      coalesce(sc.user_id, (select c.user_id from public.coaches c where c.id = sc.coach_id)) as user_id,
      -- a team member's hours are all for intro calls; a coach's are each for one kind of meeting
      sc.coach_id is null as team
    from public.availability_schedules sc
    where sc.id = open_slots.schedule
  ),
  rules as (
    select m.daily_maximum,
      pg_catalog.make_interval(mins => m.length_minutes) as len,
      pg_catalog.make_interval(mins => m.buffer_minutes) as buf,
      pg_catalog.make_interval(mins => m.slot_step_minutes) as step,
      greatest(open_slots.range_start, open_slots.now_at + pg_catalog.make_interval(mins => m.minimum_notice_minutes)) as lo,
      -- the window in whole days of 24 hours, whatever the session's time zone setting
      least(open_slots.range_end, open_slots.now_at + pg_catalog.make_interval(mins => m.booking_window_days * 1440)) as hi
    from public.meeting_rules m
    where m.kind = open_slots.meeting
  ),
  days as (
    select (rules.lo at time zone host.time_zone)::date + i as day
    from host, rules,
      pg_catalog.generate_series(
        0,
        (rules.hi at time zone host.time_zone)::date - (rules.lo at time zone host.time_zone)::date
      ) as i
    where rules.lo < rules.hi
  ),
  hours as (
    -- a date override gives a coach's family-session hours that day (none for intro calls)
    select d.day, o.start_time, o.end_time
    from days d, host
    join public.availability_overrides o on o.schedule_id = open_slots.schedule
    where o.on_date = d.day and o.start_time is not null
      and (host.team or open_slots.meeting = 'coaching_session')
    union all
    select d.day, h.start_time, h.end_time
    from days d, host
    join public.availability_hours h on h.schedule_id = open_slots.schedule
    where h.weekday = extract(isodow from d.day)
      and (host.team or h.meeting = open_slots.meeting)
      and not exists (
      select 1 from public.availability_overrides o
      where o.schedule_id = open_slots.schedule and o.on_date = d.day
    )
  ),
  candidates as (
    select distinct h.day, t.t as starts_at
    from hours h, host, rules,
      pg_catalog.generate_series(
        private.first_instant(h.day + h.start_time, host.time_zone),
        ((h.day + h.end_time) at time zone host.time_zone) - rules.len,
        rules.step
      ) as t (t)
    where t.t >= rules.lo and t.t < rules.hi
      -- a coach's intro call keeps its buffer off the family-session hours beside it
      and not (
        not host.team and open_slots.meeting = 'intro_call'
        and exists (
          select 1 from public.availability_hours s
          where s.schedule_id = open_slots.schedule and s.meeting = 'coaching_session'
            and s.weekday = extract(isodow from h.day)
            and pg_catalog.tstzrange(
                  private.first_instant(h.day + s.start_time, host.time_zone),
                  (h.day + s.end_time) at time zone host.time_zone, '[)')
                && pg_catalog.tstzrange(t.t - rules.buf, t.t + rules.len + rules.buf, '[)')
        )
      )
  ),
  -- meetings of this kind per local date of the host, for the daily maximum
  daily as materialized (
    select (x.starts_at at time zone host.time_zone)::date as day, count(*) as booked
    from host, rules, public.coaching_sessions x
    where open_slots.meeting = 'coaching_session' and open_slots.with_bookings
      and x.coach_id = host.coach_id and x.status <> 'cancelled'
      and x.id is distinct from open_slots.ignore_session
      and x.starts_at >= rules.lo - interval '2 days' and x.starts_at < rules.hi + interval '2 days'
    group by 1
    union all
    select (x.starts_at at time zone host.time_zone)::date, count(*)
    from host, rules, public.intro_calls x
    where open_slots.meeting = 'intro_call' and open_slots.with_bookings
      and x.host_id = host.user_id and x.status <> 'cancelled'
      and x.id is distinct from open_slots.ignore_session
      and x.starts_at >= rules.lo - interval '2 days' and x.starts_at < rules.hi + interval '2 days'
    group by 1
  )
  select c.starts_at, c.starts_at + rules.len
  from candidates c, rules, host
  where (
      not open_slots.with_bookings
      or (
        not exists (
          select 1 from public.coaching_sessions x
          where x.coach_id = host.coach_id and x.status <> 'cancelled'
            and x.id is distinct from open_slots.ignore_session
            and private.session_period(x.starts_at, x.duration_minutes)
              && pg_catalog.tstzrange(c.starts_at - rules.buf, c.starts_at + rules.len + rules.buf, '[)')
        )
        and not exists (
          select 1 from public.intro_calls x
          where x.host_id = host.user_id and x.status <> 'cancelled'
            and x.id is distinct from open_slots.ignore_session
            and private.session_period(x.starts_at, x.duration_minutes)
              && pg_catalog.tstzrange(c.starts_at - rules.buf, c.starts_at + rules.len + rules.buf, '[)')
        )
      )
    )
    and (
      rules.daily_maximum is null
      or coalesce((select sum(d.booked) from daily d where d.day = c.day), 0) < rules.daily_maximum
    )
  order by c.starts_at
$function$
;

revoke all on function private.open_slots(uuid,text,timestamp with time zone,timestamp with time zone,timestamp with time zone,uuid,boolean) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.schedule_host(schedule uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(s.user_id, (select c.user_id from public.coaches c where c.id = s.coach_id))
  from public.availability_schedules s
  where s.id = schedule
$function$
;

revoke all on function private.schedule_host(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION public.get_coach_open_slots(coach_id uuid, range_start timestamp with time zone, range_end timestamp with time zone)
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.coach_open_slots(
    get_coach_open_slots.coach_id, get_coach_open_slots.range_start, get_coach_open_slots.range_end
  )
$function$
;

revoke all on function public.get_coach_open_slots(uuid,timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_coach_open_slots(uuid,timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.get_coach_open_slots(uuid,timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.save_availability_week(schedule_id uuid, time_zone text, hours jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  found_schedule uuid;
begin
  if hours is null or jsonb_typeof(hours) <> 'array' then
    raise exception 'The hours must be a list of weekday spans' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(hours) span
    where jsonb_typeof(span) <> 'object'
       or coalesce(span ->> 'meeting', 'coaching_session') not in ('coaching_session', 'intro_call')
  ) then
    raise exception 'Each span is a weekday, a start, an end, and what it is for (coaching_session or intro_call)'
      using errcode = '22023';
  end if;
  update public.availability_schedules s
     set time_zone = save_availability_week.time_zone
   where s.id = save_availability_week.schedule_id
  returning s.id into found_schedule;
  if found_schedule is null then
    raise exception 'No schedule you may change' using errcode = '42501';
  end if;
  delete from public.availability_hours h where h.schedule_id = save_availability_week.schedule_id;
  insert into public.availability_hours (schedule_id, weekday, start_time, end_time, meeting)
  select save_availability_week.schedule_id, (span ->> 'weekday')::smallint,
         (span ->> 'start')::time, (span ->> 'end')::time,
         coalesce(span ->> 'meeting', 'coaching_session')
    from jsonb_array_elements(hours) span;
end;
$function$
;

revoke all on function public.save_availability_week(uuid,text,jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function public.save_availability_week(uuid,text,jsonb) to "authenticated";
grant execute on function public.save_availability_week(uuid,text,jsonb) to "service_role";

create table "public"."availability_hours" (
    "id" uuid not null default gen_random_uuid(),
    "schedule_id" uuid not null,
    "weekday" smallint not null,
    "start_time" time without time zone not null,
    "end_time" time without time zone not null,
    "created_at" timestamp with time zone not null default now(),
    "meeting" text not null default 'coaching_session'::text
      );

CREATE UNIQUE INDEX availability_hours_pkey ON public.availability_hours USING btree (id);

CREATE INDEX availability_hours_schedule_idx ON public.availability_hours USING btree (schedule_id, weekday, start_time);

alter table "public"."availability_hours" add constraint "availability_hours_pkey" PRIMARY KEY using index "availability_hours_pkey";

alter table "public"."availability_hours" add constraint "availability_hours_end_after_start" CHECK ((end_time > start_time)) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_end_after_start";

alter table "public"."availability_hours" add constraint "availability_hours_end_time_check" CHECK (((end_time)::interval = date_trunc('minute'::text, (end_time)::interval))) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_end_time_check";

alter table "public"."availability_hours" add constraint "availability_hours_long_enough" CHECK (((end_time - start_time) >= '00:10:00'::interval)) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_long_enough";

alter table "public"."availability_hours" add constraint "availability_hours_meeting_check" CHECK ((meeting = ANY (ARRAY['coaching_session'::text, 'intro_call'::text]))) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_meeting_check";

alter table "public"."availability_hours" add constraint "availability_hours_no_overlap" EXCLUDE USING gist (schedule_id WITH =, weekday WITH =, private.minutes_of_day(start_time, end_time) WITH &&);

alter table "public"."availability_hours" add constraint "availability_hours_start_time_check" CHECK (((start_time)::interval = date_trunc('minute'::text, (start_time)::interval))) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_start_time_check";

alter table "public"."availability_hours" add constraint "availability_hours_weekday_check" CHECK (((weekday >= 1) AND (weekday <= 7))) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_weekday_check";

alter table "public"."availability_hours" enable row level security;

create policy "Hosts add their own weekly hours, admins anyone's"
  on "public"."availability_hours"
  as permissive
  for insert
  to authenticated
with check (private.can_edit_schedule(schedule_id));

create policy "Hosts change their own weekly hours, admins anyone's"
  on "public"."availability_hours"
  as permissive
  for update
  to authenticated
using (private.can_edit_schedule(schedule_id))
with check (private.can_edit_schedule(schedule_id));

create policy "Hosts read their own weekly hours, admins everyone's"
  on "public"."availability_hours"
  as permissive
  for select
  to authenticated
using (private.can_edit_schedule(schedule_id));

create policy "Hosts remove their own weekly hours, admins anyone's"
  on "public"."availability_hours"
  as permissive
  for delete
  to authenticated
using (private.can_edit_schedule(schedule_id));

create policy "Staff delete only with two-factor sign-in"
  on "public"."availability_hours"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."availability_hours"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."availability_hours"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER availability_hours_meeting BEFORE INSERT OR UPDATE ON public.availability_hours FOR EACH ROW EXECUTE FUNCTION private.availability_hours_meeting();

revoke all on table public.availability_hours from "anon", "authenticated", public, "service_role";
grant delete, select on table public.availability_hours to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.availability_hours to "service_role";

grant insert (end_time) on table public.availability_hours to "authenticated";

grant update (end_time) on table public.availability_hours to "authenticated";

grant insert (id) on table public.availability_hours to "authenticated";

grant insert (meeting) on table public.availability_hours to "authenticated";

grant update (meeting) on table public.availability_hours to "authenticated";

grant insert (schedule_id) on table public.availability_hours to "authenticated";

grant insert (start_time) on table public.availability_hours to "authenticated";

grant update (start_time) on table public.availability_hours to "authenticated";

grant insert (weekday) on table public.availability_hours to "authenticated";

grant update (weekday) on table public.availability_hours to "authenticated";

comment on column public.availability_hours.meeting is 'What the hours are for on a coach''s schedule: family sessions or intro calls (a team member''s are all intro calls)';

create table "public"."availability_overrides" (
    "id" uuid not null default gen_random_uuid(),
    "schedule_id" uuid not null,
    "on_date" date not null,
    "start_time" time without time zone,
    "end_time" time without time zone,
    "created_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX availability_overrides_pkey ON public.availability_overrides USING btree (id);

CREATE INDEX availability_overrides_schedule_idx ON public.availability_overrides USING btree (schedule_id, on_date);

alter table "public"."availability_overrides" add constraint "availability_overrides_pkey" PRIMARY KEY using index "availability_overrides_pkey";

alter table "public"."availability_overrides" add constraint "availability_overrides_both_times_or_none" CHECK (((start_time IS NULL) = (end_time IS NULL))) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_both_times_or_none";

alter table "public"."availability_overrides" add constraint "availability_overrides_end_after_start" CHECK ((end_time > start_time)) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_end_after_start";

alter table "public"."availability_overrides" add constraint "availability_overrides_end_time_check" CHECK (((end_time)::interval = date_trunc('minute'::text, (end_time)::interval))) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_end_time_check";

alter table "public"."availability_overrides" add constraint "availability_overrides_long_enough" CHECK (((end_time - start_time) >= '00:10:00'::interval)) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_long_enough";

alter table "public"."availability_overrides" add constraint "availability_overrides_no_overlap" EXCLUDE USING gist (schedule_id WITH =, on_date WITH =, private.minutes_of_day(COALESCE(start_time, '00:00:00'::time without time zone), COALESCE(end_time, '24:00:00'::time without time zone)) WITH &&);

alter table "public"."availability_overrides" add constraint "availability_overrides_on_date_check" CHECK (((on_date >= '2020-01-01'::date) AND (on_date <= '2099-12-31'::date))) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_on_date_check";

alter table "public"."availability_overrides" add constraint "availability_overrides_start_time_check" CHECK (((start_time)::interval = date_trunc('minute'::text, (start_time)::interval))) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_start_time_check";

alter table "public"."availability_overrides" enable row level security;

create policy "Hosts add their own date overrides, admins anyone's"
  on "public"."availability_overrides"
  as permissive
  for insert
  to authenticated
with check (private.can_edit_schedule(schedule_id));

create policy "Hosts change their own date overrides, admins anyone's"
  on "public"."availability_overrides"
  as permissive
  for update
  to authenticated
using (private.can_edit_schedule(schedule_id))
with check (private.can_edit_schedule(schedule_id));

create policy "Hosts read their own date overrides, admins everyone's"
  on "public"."availability_overrides"
  as permissive
  for select
  to authenticated
using (private.can_edit_schedule(schedule_id));

create policy "Hosts remove their own date overrides, admins anyone's"
  on "public"."availability_overrides"
  as permissive
  for delete
  to authenticated
using (private.can_edit_schedule(schedule_id));

create policy "Staff delete only with two-factor sign-in"
  on "public"."availability_overrides"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."availability_overrides"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."availability_overrides"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER availability_overrides_date_rules BEFORE INSERT OR UPDATE OF on_date ON public.availability_overrides FOR EACH ROW EXECUTE FUNCTION private.availability_override_date_rules();

revoke all on table public.availability_overrides from "anon", "authenticated", public, "service_role";
grant delete, select on table public.availability_overrides to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.availability_overrides to "service_role";

grant insert (end_time) on table public.availability_overrides to "authenticated";

grant update (end_time) on table public.availability_overrides to "authenticated";

grant insert (id) on table public.availability_overrides to "authenticated";

grant insert (on_date) on table public.availability_overrides to "authenticated";

grant update (on_date) on table public.availability_overrides to "authenticated";

grant insert (schedule_id) on table public.availability_overrides to "authenticated";

grant insert (start_time) on table public.availability_overrides to "authenticated";

grant update (start_time) on table public.availability_overrides to "authenticated";

create table "public"."availability_schedules" (
    "id" uuid not null default gen_random_uuid(),
    "coach_id" uuid,
    "user_id" uuid,
    "time_zone" text not null,
    "takes_intro_calls" boolean not null default false,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX availability_schedules_coach_id_key ON public.availability_schedules USING btree (coach_id);

CREATE INDEX availability_schedules_intro_calls_idx ON public.availability_schedules USING btree (takes_intro_calls) WHERE takes_intro_calls;

CREATE UNIQUE INDEX availability_schedules_pkey ON public.availability_schedules USING btree (id);

CREATE UNIQUE INDEX availability_schedules_user_id_key ON public.availability_schedules USING btree (user_id);

alter table "public"."availability_schedules" add constraint "availability_schedules_pkey" PRIMARY KEY using index "availability_schedules_pkey";

alter table "public"."availability_schedules" add constraint "availability_schedules_coach_id_key" UNIQUE using index "availability_schedules_coach_id_key";

alter table "public"."availability_schedules" add constraint "availability_schedules_one_host" CHECK ((num_nonnulls(coach_id, user_id) = 1)) not valid;

alter table "public"."availability_schedules" validate constraint "availability_schedules_one_host";

alter table "public"."availability_schedules" add constraint "availability_schedules_user_id_key" UNIQUE using index "availability_schedules_user_id_key";

alter table "public"."availability_schedules" enable row level security;

create policy "Admins remove schedules"
  on "public"."availability_schedules"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Coaches create their own schedule, admins anyone's"
  on "public"."availability_schedules"
  as permissive
  for insert
  to authenticated
with check ((( SELECT private.is_admin() AS is_admin) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))));

create policy "Hosts edit their own schedule, admins every schedule"
  on "public"."availability_schedules"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (user_id = ( SELECT auth.uid() AS uid)) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))))
with check ((( SELECT private.is_admin() AS is_admin) OR (user_id = ( SELECT auth.uid() AS uid)) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))));

create policy "Hosts read their own schedule, admins every schedule"
  on "public"."availability_schedules"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (user_id = ( SELECT auth.uid() AS uid)) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))));

create policy "Staff delete only with two-factor sign-in"
  on "public"."availability_schedules"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."availability_schedules"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."availability_schedules"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER availability_schedules_rules BEFORE INSERT OR UPDATE ON public.availability_schedules FOR EACH ROW EXECUTE FUNCTION private.availability_schedule_rules();

CREATE TRIGGER availability_schedules_set_updated_at BEFORE UPDATE ON public.availability_schedules FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.availability_schedules from "anon", "authenticated", public, "service_role";
grant delete, select on table public.availability_schedules to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.availability_schedules to "service_role";

grant insert (coach_id) on table public.availability_schedules to "authenticated";

grant insert (id) on table public.availability_schedules to "authenticated";

grant insert (takes_intro_calls) on table public.availability_schedules to "authenticated";

grant update (takes_intro_calls) on table public.availability_schedules to "authenticated";

grant insert (time_zone) on table public.availability_schedules to "authenticated";

grant update (time_zone) on table public.availability_schedules to "authenticated";

grant insert (user_id) on table public.availability_schedules to "authenticated";

comment on table public.availability_schedules is 'One availability schedule per host (a coach, or a team member who takes intro calls), in the host''s own time zone.';

create table "public"."meeting_rules" (
    "kind" text not null,
    "length_minutes" integer not null,
    "buffer_minutes" integer not null default 0,
    "minimum_notice_minutes" integer not null,
    "booking_window_days" integer not null,
    "daily_maximum" integer,
    "slot_step_minutes" integer not null,
    "updated_at" timestamp with time zone not null default now(),
    "updated_by" uuid default auth.uid()
      );

CREATE UNIQUE INDEX meeting_rules_pkey ON public.meeting_rules USING btree (kind);

CREATE INDEX meeting_rules_updated_by_idx ON public.meeting_rules USING btree (updated_by);

alter table "public"."meeting_rules" add constraint "meeting_rules_pkey" PRIMARY KEY using index "meeting_rules_pkey";

alter table "public"."meeting_rules" add constraint "meeting_rules_booking_window_days_check" CHECK (((booking_window_days >= 1) AND (booking_window_days <= 365))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_booking_window_days_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_buffer_minutes_check" CHECK (((buffer_minutes >= 0) AND (buffer_minutes <= 120))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_buffer_minutes_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_daily_maximum_check" CHECK (((daily_maximum >= 1) AND (daily_maximum <= 48))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_daily_maximum_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_kind_check" CHECK ((kind = ANY (ARRAY['coaching_session'::text, 'intro_call'::text]))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_kind_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_length_minutes_check" CHECK (((length_minutes >= 10) AND (length_minutes <= 120))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_length_minutes_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_minimum_notice_minutes_check" CHECK (((minimum_notice_minutes >= 0) AND (minimum_notice_minutes <= 43200))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_minimum_notice_minutes_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_slot_step_minutes_check" CHECK (((slot_step_minutes >= 5) AND (slot_step_minutes <= 120))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_slot_step_minutes_check";

alter table "public"."meeting_rules" enable row level security;

create policy "Admins change the meeting rules"
  on "public"."meeting_rules"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Staff read the meeting rules"
  on "public"."meeting_rules"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.has_role(( SELECT auth.uid() AS uid), 'coach'::app_role) AS has_role)));

create policy "Staff update only with two-factor sign-in"
  on "public"."meeting_rules"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER meeting_rules_audit AFTER UPDATE ON public.meeting_rules FOR EACH ROW EXECUTE FUNCTION private.audit_change('MEETING_RULES_*', 'meeting_rules', 'kind', 'length_minutes', 'buffer_minutes', 'minimum_notice_minutes', 'booking_window_days', 'daily_maximum', 'slot_step_minutes');

CREATE TRIGGER meeting_rules_set_updated_at BEFORE UPDATE ON public.meeting_rules FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER meeting_rules_set_updated_by BEFORE UPDATE ON public.meeting_rules FOR EACH ROW EXECUTE FUNCTION private.meeting_rules_set_updated_by();

revoke all on table public.meeting_rules from "anon", "authenticated", public, "service_role";
grant select on table public.meeting_rules to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.meeting_rules to "service_role";

grant update (booking_window_days) on table public.meeting_rules to "authenticated";

grant update (buffer_minutes) on table public.meeting_rules to "authenticated";

grant update (daily_maximum) on table public.meeting_rules to "authenticated";

grant update (length_minutes) on table public.meeting_rules to "authenticated";

grant update (minimum_notice_minutes) on table public.meeting_rules to "authenticated";

grant update (slot_step_minutes) on table public.meeting_rules to "authenticated";

comment on table public.meeting_rules is 'Rules per kind of meeting (length, buffer, minimum notice, booking window, daily maximum), set by admins.';

alter table "public"."availability_hours" add constraint "availability_hours_schedule_id_fkey" FOREIGN KEY (schedule_id) REFERENCES availability_schedules(id) ON DELETE CASCADE not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_schedule_id_fkey";

alter table "public"."availability_overrides" add constraint "availability_overrides_schedule_id_fkey" FOREIGN KEY (schedule_id) REFERENCES availability_schedules(id) ON DELETE CASCADE not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_schedule_id_fkey";

alter table "public"."availability_schedules" add constraint "availability_schedules_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE CASCADE not valid;

alter table "public"."availability_schedules" validate constraint "availability_schedules_coach_id_fkey";

alter table "public"."availability_schedules" add constraint "availability_schedules_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."availability_schedules" validate constraint "availability_schedules_user_id_fkey";

alter table "public"."meeting_rules" add constraint "meeting_rules_updated_by_fkey" FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_updated_by_fkey";

-- supabase/schemas/20_sessions_and_scheduling.sql
-- Sessions and scheduling: sessions, series, attendance, notes, change requests, calendar feeds, the room
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.book_family_series(child uuid, slot timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  sc public.availability_schedules;
  rule public.meeting_rules;
  local_start timestamp;
  week timestamptz;
  created uuid;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null or c.parent_id is distinct from auth.uid() then
    raise exception 'No such child in your family' using errcode = '42501';
  end if;
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  if c.coach_id is null then
    raise exception 'Your child has no coach yet' using errcode = '22023';
  end if;
  if (select a.sessions_per_week from private.family_session_allowance(c.parent_id, slot) a) = 0 then
    perform private.raise_allowance_error(c.parent_id, slot);
  end if;
  select * into sc from public.availability_schedules s where s.coach_id = c.coach_id;
  select * into rule from public.meeting_rules m where m.kind = 'coaching_session';
  perform private.lock_coach_bookings(c.coach_id);
  -- the first time, as one booking
  perform private.require_open_coach_slot(c.coach_id, slot, null);
  -- every later week the coach's booking window shows must be open at that time too
  local_start := slot at time zone sc.time_zone;
  for i in 1 .. 52 loop
    week := (local_start + pg_catalog.make_interval(weeks => i)) at time zone sc.time_zone;
    exit when week >= pg_catalog.now() + pg_catalog.make_interval(days => rule.booking_window_days);
    if not exists (
      select 1 from private.open_slots(sc.id, 'coaching_session', week, week + interval '1 minute', pg_catalog.now(), null) o
      where o.starts_at = week
    ) then
      raise exception 'Your coach is not free at that time on %',
        to_char(local_start + pg_catalog.make_interval(weeks => i), 'FMDay, FMMonth FMDD')
        using errcode = '23P01',
          hint = 'Book that time week by week, or choose a time that is free every week.';
    end if;
  end loop;
  begin
    insert into public.session_series
      (child_id, coach_id, parent_id, weekday, local_time, time_zone, duration_minutes, starts_on)
    values (
      c.id, c.coach_id, c.parent_id, extract(isodow from local_start)::smallint,
      local_start::time, sc.time_zone, rule.length_minutes, local_start::date
    )
    returning id into created;
  exception
    when exclusion_violation then
      raise exception '%', sqlerrm using errcode = '23P01', hint = 'Choose another time.';
    when check_violation then
      if sqlerrm like 'This booking is over the family''s weekly sessions%' then
        raise exception 'Not every week has room in your plan: %', substring(sqlerrm from ': (.*)$')
          using errcode = '23514',
            hint = 'Choose another time, cancel a session that week, or change your plan on the billing page.';
      end if;
      raise;
  end;
  return created;
end;
$function$
;

revoke all on function private.book_family_series(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.book_family_series(uuid,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.book_family_session(child uuid, slot timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  len integer;
  booked uuid;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null or c.parent_id is distinct from auth.uid() then
    raise exception 'No such child in your family' using errcode = '42501';
  end if;
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  if c.coach_id is null then
    raise exception 'Your child has no coach yet' using errcode = '22023';
  end if;
  -- a paused or ended plan books nothing (checked first: it is the reason, whatever the slot)
  if (select a.sessions_per_week from private.family_session_allowance(c.parent_id, slot) a) = 0 then
    perform private.raise_allowance_error(c.parent_id, slot);
  end if;
  perform private.lock_coach_bookings(c.coach_id);
  perform private.require_open_coach_slot(c.coach_id, slot, null);
  select m.length_minutes into len from public.meeting_rules m where m.kind = 'coaching_session';
  begin
    insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at, duration_minutes)
    values (c.id, c.coach_id, c.parent_id, slot, len)
    returning id into booked;
  exception
    when exclusion_violation then
      if sqlerrm like '%child_no_overlap%' then
        raise exception '% already has a session at that time', c.first_name
          using errcode = '23P01', hint = 'Choose another time.';
      end if;
      raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
    when check_violation then
      if sqlerrm like 'This booking is over the family''s weekly sessions%' then
        perform private.raise_allowance_error(c.parent_id, slot);
      end if;
      raise;
  end;
  return booked;
end;
$function$
;

revoke all on function private.book_family_session(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.book_family_session(uuid,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.book_series_sessions(series uuid, horizon date, strict boolean)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.session_series;
  occurrence date;
  last_date date;
  slot timestamptz;
  booked integer := 0;
begin
  select * into s from public.session_series where id = series for update;
  if not found then
    return 0;
  end if;
  occurrence := greatest(s.starts_on, (pg_catalog.now() at time zone s.time_zone)::date);
  occurrence := occurrence + ((s.weekday - extract(isodow from occurrence)::integer + 7) % 7);
  last_date := least(horizon, coalesce(s.ends_on, horizon));
  while occurrence <= last_date loop
    slot := (occurrence + s.local_time) at time zone s.time_zone;
    if slot > pg_catalog.now() and not exists (
      select 1 from public.coaching_sessions x where x.series_id = s.id and x.series_date = occurrence
    ) then
      begin
        insert into public.coaching_sessions
          (child_id, coach_id, parent_id, starts_at, duration_minutes, series_id, series_date)
        values (s.child_id, s.coach_id, s.parent_id, slot, s.duration_minutes, s.id, occurrence);
        booked := booked + 1;
      exception
        when exclusion_violation then
          if strict then
            raise exception '% is already booked on % at % (%)',
              case when sqlerrm like '%coach_no_overlap%' then 'The coach' else 'The child' end,
              to_char(occurrence, 'FMDay FMMonth FMDD, YYYY'),
              to_char(s.local_time, 'FMHH12:MI am'),
              s.time_zone
              using errcode = '23P01',
                hint = 'Choose another time, or cancel the other session first.';
          end if;
        when check_violation then
          if strict then
            raise;
          end if;
      end;
    end if;
    occurrence := occurrence + 7;
  end loop;
  return booked;
end;
$function$
;

revoke all on function private.book_series_sessions(uuid,date,boolean) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.calendar_feed_events(feed_token text)
 RETURNS TABLE(owner_kind text, meeting text, id uuid, starts_at timestamp with time zone, duration_minutes integer, child_first_name text, coach_name text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with feed as (
    select f.user_id, f.kind
    from private.calendar_feeds f
    join auth.users u on u.id = f.user_id
    where f.token_hash = sha256(convert_to(feed_token, 'UTF8'))
      and (u.banned_until is null or u.banned_until <= now())
      and case f.kind
        when 'family' then private.has_role(f.user_id, 'parent')
        else private.has_role(f.user_id, 'coach') or private.has_role(f.user_id, 'admin')
      end
  ),
  meetings as (
    select 'session'::text as meeting, s.id, s.starts_at, s.duration_minutes, ch.first_name, co.display_name
    from feed
    join public.coaching_sessions s on s.parent_id = feed.user_id
    join public.children ch on ch.id = s.child_id
    left join public.coaches co on co.id = s.coach_id
    where feed.kind = 'family'
      and s.status <> 'cancelled'
      and s.starts_at >= now() - interval '30 days'
      and s.starts_at < now() + interval '183 days'
    union all
    select 'session', s.id, s.starts_at, s.duration_minutes, ch.first_name, co.display_name
    from feed
    join public.coaches co on co.user_id = feed.user_id
    join public.coaching_sessions s on s.coach_id = co.id
    join public.children ch on ch.id = s.child_id
    where feed.kind = 'staff'
      and s.status <> 'cancelled'
      and s.starts_at >= now() - interval '30 days'
      and s.starts_at < now() + interval '183 days'
    union all
    select 'intro_call', c.id, c.starts_at, c.duration_minutes, null, null
    from feed
    join public.intro_calls c on c.host_id = feed.user_id
    where feed.kind = 'staff'
      and c.status <> 'cancelled'
      and c.starts_at >= now() - interval '30 days'
      and c.starts_at < now() + interval '183 days'
  )
  select feed.kind, m.meeting, m.id, m.starts_at, m.duration_minutes, m.first_name, m.display_name
  from feed
  left join lateral (select * from meetings order by meetings.starts_at limit 2000) m on true
$function$
;

revoke all on function private.calendar_feed_events(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.calendar_feed_events(text) to "service_role";

CREATE OR REPLACE FUNCTION private.cancel_family_session(session uuid, reason text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.coaching_sessions;
begin
  if char_length(reason) > 500 then
    raise exception 'The reason is too long (500 characters at most)' using errcode = '22023';
  end if;
  s := private.family_session_to_change(session);
  -- the session_emails trigger mails the family and the coach "cancelled"
  update public.coaching_sessions set status = 'cancelled' where id = s.id;
  insert into public.session_change_requests (session_id, parent_id, kind, message, status, settled_at)
  values (s.id, s.parent_id, 'cancel', nullif(btrim(reason), ''), 'done', now());
end;
$function$
;

revoke all on function private.cancel_family_session(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.cancel_family_session(uuid,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.coaching_sessions_count_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    insert into private.session_status_counts (status, sessions)
    select n.status, count(*) from new_rows n group by n.status;
  elsif tg_op = 'DELETE' then
    insert into private.session_status_counts (status, sessions)
    select o.status, -count(*) from old_rows o group by o.status;
  elsif tg_op = 'UPDATE' then
    insert into private.session_status_counts (status, sessions)
    select t.status, sum(t.change)
      from (
        select n.status, 1 as change from new_rows n
        union all
        select o.status, -1 from old_rows o
      ) t
     group by t.status
    having sum(t.change) <> 0;
  elsif tg_op = 'TRUNCATE' then
    delete from private.session_status_counts;
  end if;
  return null;
end;
$function$
;

revoke all on function private.coaching_sessions_count_changes() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.coaching_sessions_set_parent()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  select c.parent_id into new.parent_id from public.children c where c.id = new.child_id;
  return new;
end;
$function$
;

revoke all on function private.coaching_sessions_set_parent() from "anon", "authenticated", public, "service_role";
grant execute on function private.coaching_sessions_set_parent() to public;

CREATE OR REPLACE FUNCTION private.coaching_sessions_weekly_allowance()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  zone text;
  allowance record;
  week_start timestamp;
  booked integer;
begin
  if new.status = 'cancelled' then
    return new;
  end if;
  select coalesce(p.time_zone, 'America/New_York') into zone from public.profiles p where p.id = new.parent_id;
  zone := coalesce(zone, 'America/New_York');
  week_start := pg_catalog.date_trunc('week', new.starts_at at time zone zone);
  if tg_op = 'UPDATE' and old.status <> 'cancelled' and old.parent_id = new.parent_id
     and pg_catalog.date_trunc('week', old.starts_at at time zone zone) = week_start then
    return new; -- already counted in this week
  end if;
  select * into allowance from private.family_session_allowance(new.parent_id, new.starts_at);
  if allowance.sessions_per_week is null then
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('weekly-allowance:' || new.parent_id::text, 0));
  select count(*) into booked from public.coaching_sessions x
  where x.parent_id = new.parent_id
    and x.status <> 'cancelled'
    and x.id <> new.id
    and x.starts_at >= (week_start at time zone zone)
    and x.starts_at < ((week_start + interval '7 days') at time zone zone);
  if booked + 1 > allowance.sessions_per_week then
    raise exception 'This booking is over the family''s weekly sessions: %, and the week of % has % booked',
      allowance.reason, to_char(week_start, 'FMMonth FMDD, YYYY'), booked
      using errcode = '23514',
        hint = 'Cancel another session that week, or the family changes its plan on the billing page.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.coaching_sessions_weekly_allowance() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.create_calendar_feed()
 RETURNS TABLE(token text, kind text, created_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := auth.uid();
  feed_kind text;
  new_token text;
begin
  if caller is null then
    raise exception 'Sign in to make a calendar feed' using errcode = '42501';
  end if;
  if private.has_role(caller, 'coach') or private.has_role(caller, 'admin') then
    perform private.require_staff_two_factor();
    feed_kind := 'staff';
  elsif private.has_role(caller, 'parent') then
    feed_kind := 'family';
  else
    raise exception 'Calendar feeds are for parents and the team' using errcode = '42501';
  end if;
  -- 244 random bits (two version-4 UUIDs), as 64 hex characters
  new_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  return query
    insert into private.calendar_feeds as f (user_id, kind, token_hash, created_at)
    values (caller, feed_kind, sha256(convert_to(new_token, 'UTF8')), clock_timestamp())
    on conflict (user_id) do update
      set kind = excluded.kind, token_hash = excluded.token_hash, created_at = excluded.created_at
    returning new_token, f.kind, f.created_at;
end;
$function$
;

revoke all on function private.create_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function private.create_calendar_feed() to "authenticated";

CREATE OR REPLACE FUNCTION private.day_part_of(local_time time without time zone)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when local_time < time '12:00' then 'morning'
    when local_time < time '17:00' then 'afternoon'
    else 'evening'
  end
$function$
;

revoke all on function private.day_part_of(time without time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.delete_calendar_feed()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.calendar_feeds f where f.user_id = auth.uid()
$function$
;

revoke all on function private.delete_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function private.delete_calendar_feed() to "authenticated";

CREATE OR REPLACE FUNCTION private.end_family_series(series uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.session_series;
  last_kept date;
begin
  select * into s from public.session_series x where x.id = series for update;
  if s.id is null or s.parent_id is distinct from auth.uid() then
    raise exception 'No such weekly booking in your family' using errcode = '42501';
  end if;
  select max(x.series_date) into last_kept from public.coaching_sessions x
  where x.series_id = s.id and x.status = 'scheduled'
    and x.starts_at <= pg_catalog.now() + private.family_change_notice();
  last_kept := greatest(
    coalesce(last_kept, s.starts_on - 1),
    (pg_catalog.now() at time zone s.time_zone)::date - 1,
    s.starts_on - 1
  );
  if s.ends_on is not null and s.ends_on <= last_kept then
    return; -- already ended
  end if;
  -- ends_on may not be before starts_on: a series with nothing kept ends on its first date, whose
  -- session (if still scheduled and outside the notice) is cancelled here
  if last_kept < s.starts_on then
    update public.coaching_sessions set status = 'cancelled'
    where series_id = s.id and series_date = s.starts_on and status = 'scheduled';
    update public.session_series set ends_on = s.starts_on where id = s.id;
  else
    update public.session_series set ends_on = last_kept where id = s.id;
  end if;
end;
$function$
;

revoke all on function private.end_family_series(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.end_family_series(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.extend_session_series()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s record;
  booked integer := 0;
begin
  for s in
    select id, time_zone from public.session_series
    where ends_on is null or ends_on >= (pg_catalog.now() at time zone time_zone)::date
  loop
    booked := booked + private.book_series_sessions(
      s.id,
      (pg_catalog.now() at time zone s.time_zone)::date + 7 * private.series_horizon_weeks() - 1,
      false
    );
  end loop;
  return booked;
end;
$function$
;

revoke all on function private.extend_session_series() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.family_session_allowance(parent uuid, at timestamp with time zone)
 RETURNS TABLE(sessions_per_week integer, reason text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.subscriptions;
begin
  select * into s from public.subscriptions
  where parent_id = parent and status not in ('incomplete', 'incomplete_expired')
  order by stripe_created desc, id desc
  limit 1;
  if not found then
    return query select null::integer, null::text;
    return;
  end if;
  if s.status in ('canceled', 'unpaid')
     or (s.cancel_at_period_end and s.current_period_end is not null and at >= s.current_period_end) then
    return query select 0, 'the family''s subscription has ended';
  elsif s.status = 'paused' then
    return query select 0, 'the family''s subscription is paused';
  elsif s.pause_behavior is not null and (s.pause_resumes_at is null or at < s.pause_resumes_at) then
    return query select 0, 'the family''s subscription is paused';
  elsif s.status in ('past_due', 'active')
     and (
       select min(i.payment_failed_at) from public.invoices i
       where i.subscription_id = s.id and i.status = 'open' and i.payment_failed_at is not null
     ) + private.payment_grace_period() < pg_catalog.now() then
    return query select 0, 'the family''s payment has failed and its grace period is over';
  else
    return query select private.plan_weekly_sessions(s.plan),
      'the family''s plan includes ' || private.plan_weekly_sessions(s.plan)
        || case when private.plan_weekly_sessions(s.plan) = 1 then ' session' else ' sessions' end || ' a week';
  end if;
end;
$function$
;

revoke all on function private.family_session_allowance(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.family_slot_refusal(parent uuid, schedule uuid, slot timestamp with time zone, len interval)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  zone text;
  coach_zone text;
  local_start time;
  local_end time;
begin
  select coalesce(p.time_zone, 'America/New_York') into zone from public.profiles p where p.id = parent;
  zone := coalesce(zone, 'America/New_York');
  if private.is_after_school(slot at time zone zone)
     and slot > pg_catalog.now() + private.priority_hold()
     and not private.family_has_priority(parent) then
    return 'held';
  end if;
  local_start := (slot at time zone zone)::time;
  local_end := ((slot + len) at time zone zone)::time;
  if local_start >= private.child_day_start()
     and local_end <= private.child_day_end()
     and local_end > local_start then
    return null;
  end if;
  -- outside a child's day: only a date the coach opened on purpose
  select sc.time_zone into coach_zone from public.availability_schedules sc where sc.id = schedule;
  if exists (
    select 1 from public.availability_overrides o
    where o.schedule_id = schedule and o.start_time is not null
      and o.on_date = (slot at time zone coach_zone)::date
  ) then
    return null;
  end if;
  return 'child-day';
end;
$function$
;

revoke all on function private.family_slot_refusal(uuid,uuid,timestamp with time zone,interval) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.family_week_allowance(week_of timestamp with time zone)
 RETURNS TABLE(sessions_per_week integer, reason text, week_start date, booked integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  parent uuid := auth.uid();
  zone text;
  monday timestamp;
begin
  if parent is null then
    raise exception 'Sign in to see your plan' using errcode = '42501';
  end if;
  if week_of is null then
    raise exception 'Give a date in the week' using errcode = '22023';
  end if;
  select p.time_zone into zone from public.profiles p where p.id = parent;
  zone := coalesce(zone, 'America/New_York');
  monday := pg_catalog.date_trunc('week', week_of at time zone zone);
  return query
    select coalesce(a.sessions_per_week, 0),
      coalesce(a.reason, 'the family has no plan yet'),
      monday::date,
      (
        select count(*)::integer from public.coaching_sessions x
        where x.parent_id = parent
          and x.status <> 'cancelled'
          and x.starts_at >= (monday at time zone zone)
          and x.starts_at < ((monday + interval '7 days') at time zone zone)
      )
    from private.family_session_allowance(parent, greatest(week_of, pg_catalog.now())) a;
end;
$function$
;

revoke all on function private.family_week_allowance(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.family_week_allowance(timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.first_instant(wall timestamp without time zone, tz text)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when (e.earlier at time zone tz) = wall then least(e.earlier, wall at time zone tz)
    else wall at time zone tz
  end
  from (select ((wall - interval '1 hour') at time zone tz) + interval '1 hour' as earlier) as e
$function$
;

revoke all on function private.first_instant(timestamp without time zone,text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.guard_session_child()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null
    and new.child_id is distinct from old.child_id
    and not private.is_admin() then
    raise exception 'Only an admin can move a session to another child.' using errcode = '42501';
  end if;
  return new;
end;
$function$
;

revoke all on function private.guard_session_child() from "anon", "authenticated", public, "service_role";
grant execute on function private.guard_session_child() to public;

CREATE OR REPLACE FUNCTION private.is_after_school(local_at timestamp without time zone)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select extract(isodow from local_at) between 1 and 5
    and local_at::time >= time '15:00' and local_at::time < time '18:00'
$function$
;

revoke all on function private.is_after_school(timestamp without time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.is_night_in(zone text, at timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select extract(hour from (at at time zone coalesce(zone, 'UTC'))) not between 8 and 20
$function$
;

revoke all on function private.is_night_in(text,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.is_session_coach(session uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
    from public.coaching_sessions s
    join public.coaches c on c.id = s.coach_id
    where s.id = session and c.user_id = auth.uid()
  )
$function$
;

revoke all on function private.is_session_coach(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_session_coach(uuid) to "authenticated";
grant execute on function private.is_session_coach(uuid) to public;
grant execute on function private.is_session_coach(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.is_time_zone(zone text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from pg_catalog.pg_timezone_names z where z.name = zone)
$function$
;

revoke all on function private.is_time_zone(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_time_zone(text) to "authenticated";
grant execute on function private.is_time_zone(text) to public;
grant execute on function private.is_time_zone(text) to "service_role";

CREATE OR REPLACE FUNCTION private.lock_coach_bookings(coach uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('coach-bookings:' || coach::text, 0))
$function$
;

revoke all on function private.lock_coach_bookings(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.lock_host_bookings(schedule uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  sc public.availability_schedules;
begin
  select * into sc from public.availability_schedules s where s.id = schedule;
  if sc.coach_id is not null then
    perform private.lock_coach_bookings(sc.coach_id);
  elsif sc.user_id is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('host-bookings:' || sc.user_id::text, 0));
  end if;
end;
$function$
;

revoke all on function private.lock_host_bookings(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.match_child_with_session_coach()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.coach_id is not null and new.status = 'scheduled' then
    update public.children c
    set coach_id = new.coach_id
    where c.id = new.child_id and c.coach_id is null;
  end if;
  return new;
end;
$function$
;

revoke all on function private.match_child_with_session_coach() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.may_enter_session(session uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select private.session_room_role(s.id) is not null
      and s.status = 'scheduled'
      and now() >= private.session_room_opens_at(s.starts_at)
      and now() < private.session_room_closes_at(s.starts_at, s.duration_minutes)
      and private.meets_staff_two_factor()
    from public.coaching_sessions s
    where s.id = session
  ), false)
$function$
;

revoke all on function private.may_enter_session(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.may_enter_session(uuid) to "authenticated";
grant execute on function private.may_enter_session(uuid) to public;
grant execute on function private.may_enter_session(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.may_enter_session_room(topic text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select private.may_enter_session(s.id)
    from public.coaching_sessions s
    where topic like 'session-room:%' and s.room_id = substr(topic, char_length('session-room:') + 1)
  ), false)
$function$
;

revoke all on function private.may_enter_session_room(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.may_enter_session_room(text) to "authenticated";
grant execute on function private.may_enter_session_room(text) to public;
grant execute on function private.may_enter_session_room(text) to "service_role";

CREATE OR REPLACE FUNCTION private.move_family_session(session uuid, slot timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.coaching_sessions;
  c public.children;
begin
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  -- theirs, still scheduled, and outside the change notice
  s := private.family_session_to_change(session);
  select * into c from public.children x where x.id = s.child_id;
  if c.coach_id is distinct from s.coach_id then
    raise exception 'This session is not with your child''s coach: ask to reschedule it instead'
      using errcode = '22023';
  end if;
  if slot = s.starts_at then
    return;
  end if;
  perform private.lock_coach_bookings(s.coach_id);
  perform private.require_open_coach_slot(s.coach_id, slot, s.id);
  begin
    update public.coaching_sessions set starts_at = slot where id = s.id;
  exception
    when exclusion_violation then
      if sqlerrm like '%child_no_overlap%' then
        raise exception '% already has a session at that time', c.first_name
          using errcode = '23P01', hint = 'Choose another time.';
      end if;
      raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
    when check_violation then
      if sqlerrm like 'This booking is over the family''s weekly sessions%' then
        perform private.raise_allowance_error(s.parent_id, slot);
      end if;
      raise;
  end;
end;
$function$
;

revoke all on function private.move_family_session(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.move_family_session(uuid,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.my_calendar_feed()
 RETURNS TABLE(kind text, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select f.kind, f.created_at from private.calendar_feeds f where f.user_id = auth.uid()
$function$
;

revoke all on function private.my_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function private.my_calendar_feed() to "authenticated";

CREATE OR REPLACE FUNCTION private.priority_hold()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '7 days' $function$
;

revoke all on function private.priority_hold() from "anon", "authenticated", public, "service_role";
grant execute on function private.priority_hold() to public;

CREATE OR REPLACE FUNCTION private.queue_session_change_emails()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  coach_user uuid;
  old_coach_user uuid;
begin
  select c.user_id into coach_user from public.coaches c where c.id = new.coach_id;
  if tg_op = 'INSERT' then
    if new.status = 'scheduled' and new.starts_at > now() then
      perform private.queue_session_email(new.id, 'booked', 'family', new.parent_id, new.starts_at, null);
      perform private.queue_session_email(new.id, 'booked', 'coach', coach_user, new.starts_at, null);
    end if;
    return null;
  end if;

  select c.user_id into old_coach_user from public.coaches c where c.id = old.coach_id;
  if old.status = 'scheduled' and new.status = 'cancelled' then
    if old.starts_at > now() then
      perform private.queue_session_email(new.id, 'cancelled', 'family', new.parent_id, old.starts_at, null);
      perform private.queue_session_email(new.id, 'cancelled', 'coach', old_coach_user, old.starts_at, null);
    end if;
  elsif old.status <> 'scheduled' and new.status = 'scheduled' then
    if new.starts_at > now() then
      perform private.queue_session_email(new.id, 'booked', 'family', new.parent_id, new.starts_at, null);
      perform private.queue_session_email(new.id, 'booked', 'coach', coach_user, new.starts_at, null);
    end if;
  elsif new.status = 'scheduled' and new.starts_at > now() then
    if new.starts_at <> old.starts_at then
      perform private.queue_session_email(new.id, 'moved', 'family', new.parent_id, new.starts_at, old.starts_at);
    end if;
    if new.coach_id is distinct from old.coach_id then
      -- the new coach learns of the session; the former coach that it left their calendar
      perform private.queue_session_email(new.id, 'booked', 'coach', coach_user, new.starts_at, null);
      perform private.queue_session_email(new.id, 'cancelled', 'coach', old_coach_user, old.starts_at, null);
    elsif new.starts_at <> old.starts_at then
      perform private.queue_session_email(new.id, 'moved', 'coach', coach_user, new.starts_at, old.starts_at);
    end if;
  end if;
  return null;
end;
$function$
;

revoke all on function private.queue_session_change_emails() from "anon", "authenticated", public, "service_role";
grant execute on function private.queue_session_change_emails() to public;

CREATE OR REPLACE FUNCTION private.queue_session_email(session uuid, kind text, recipient text, user_id uuid, starts_at timestamp with time zone, previous timestamp with time zone)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at, previous_starts_at)
  select 'session_email', kind, session, recipient, user_id, starts_at, previous
  where user_id is not null
$function$
;

revoke all on function private.queue_session_email(uuid,text,text,uuid,timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.raise_allowance_error(parent uuid, slot timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  allowance record;
begin
  select * into allowance from private.family_session_allowance(parent, slot);
  if allowance.sessions_per_week is null then
    raise exception 'No new sessions can be booked: your family has no plan yet'
      using errcode = '23514', hint = 'Choose a plan on the billing page, then book.';
  end if;
  if allowance.sessions_per_week = 0 then
    raise exception 'No new sessions can be booked: %', allowance.reason
      using errcode = '23514', hint = 'See your plan on the billing page.';
  end if;
  raise exception 'That week is full: your plan includes % a week',
    allowance.sessions_per_week || case when allowance.sessions_per_week = 1 then ' session' else ' sessions' end
    using errcode = '23514',
      hint = 'Choose a time in another week, cancel a session that week, or change your plan on the billing page.';
end;
$function$
;

revoke all on function private.raise_allowance_error(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.read_session_note(session_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := auth.uid();
  note text;
  -- when someone other than the caller last changed the note
  changed_at timestamptz;
begin
  if caller is null
     or not ((select private.is_admin()) or (select private.is_session_coach(read_session_note.session_id))) then
    raise exception 'Only the session''s coach and admins read its notes' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select n.body,
         case when n.updated_by = caller then '-infinity'::timestamptz else n.updated_at end
    into note, changed_at
    from public.session_notes n
   where n.session_id = read_session_note.session_id;
  if note is not null then
    -- Two opens at once (two tabs, a double click) wait for each other, so they keep one entry.
    perform pg_catalog.pg_advisory_xact_lock(
      pg_catalog.hashtextextended('session_note_read:' || caller::text || ':' || read_session_note.session_id::text, 0)
    );
    if not exists (
      select 1 from public.audit_logs a
       where a.actor_user_id = caller
         and a.created_at > pg_catalog.now() - interval '10 minutes'
         and a.created_at >= changed_at
         and a.action = 'SESSION_NOTE_READ'
         and a.entity_type = 'coaching_session'
         and a.entity_id = read_session_note.session_id::text
    ) then
      insert into public.audit_logs (actor_user_id, action, entity_type, entity_id)
      values (caller, 'SESSION_NOTE_READ', 'coaching_session', read_session_note.session_id::text);
    end if;
  end if;
  return note;
end;
$function$
;

revoke all on function private.read_session_note(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.read_session_note(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.request_session_reschedule(session uuid, message text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.coaching_sessions;
  coach_user uuid;
begin
  if message is null or char_length(btrim(message)) = 0 then
    raise exception 'Tell your coach which times suit you' using errcode = '22023';
  end if;
  if char_length(message) > 500 then
    raise exception 'The message is too long (500 characters at most)' using errcode = '22023';
  end if;
  s := private.family_session_to_change(session);
  if exists (select 1 from public.session_change_requests r where r.session_id = s.id and r.status = 'open') then
    raise exception 'You have already asked to reschedule this session' using errcode = '23505';
  end if;
  insert into public.session_change_requests (session_id, parent_id, kind, message)
  values (s.id, s.parent_id, 'reschedule', btrim(message));
  select c.user_id into coach_user from public.coaches c where c.id = s.coach_id;
  insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at, message)
  select 'session_email', 'reschedule_requested', s.id, 'coach', coach_user, s.starts_at, btrim(message)
  where coach_user is not null;
end;
$function$
;

revoke all on function private.request_session_reschedule(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.request_session_reschedule(uuid,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.require_family_slot(child uuid, slot timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  schedule uuid;
  len interval;
  refusal text;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null or c.parent_id is distinct from auth.uid() or c.coach_id is null or slot is null then
    return; -- the booking itself says what is wrong
  end if;
  -- a plan that books nothing, or a time the coach never offered: the booking says so first
  if (select a.sessions_per_week from private.family_session_allowance(c.parent_id, slot) a) = 0 then
    return;
  end if;
  select sc.id into schedule from public.availability_schedules sc where sc.coach_id = c.coach_id;
  if schedule is null or not exists (
    select 1 from private.open_slots(schedule, 'coaching_session', slot, slot + interval '1 minute', pg_catalog.now(), null, false) o
    where o.starts_at = slot
  ) then
    return;
  end if;
  select pg_catalog.make_interval(mins => m.length_minutes) into len
  from public.meeting_rules m where m.kind = 'coaching_session';
  refusal := private.family_slot_refusal(auth.uid(), schedule, slot, len);
  if refusal = 'held' then
    raise exception 'After-school times more than a week ahead are held for families with priority scheduling'
      using errcode = '22023',
        hint = 'Choose it within a week of the day, or another time of day. Focused Progress and Intensive Momentum include priority scheduling.';
  elsif refusal = 'child-day' then
    raise exception 'That time is outside a child''s day in your time zone'
      using errcode = '22023', hint = 'Sessions run from 7:00 AM to 8:30 PM in your time zone. Choose one of the times offered.';
  end if;
end;
$function$
;

revoke all on function private.require_family_slot(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.require_family_slot(uuid,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.require_open_coach_slot(coach uuid, slot timestamp with time zone, moving uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  schedule uuid;
begin
  select sc.id into schedule
  from public.availability_schedules sc
  join public.coaches co on co.id = sc.coach_id
  where sc.coach_id = coach;
  if schedule is null then
    raise exception 'Your child''s coach has no open times to book' using errcode = '22023';
  end if;
  if exists (
    select 1 from private.open_slots(schedule, 'coaching_session', slot, slot + interval '1 minute', now(), moving) o
    where o.starts_at = slot
  ) then
    return;
  end if;
  if exists (
    select 1 from private.open_slots(schedule, 'coaching_session', slot, slot + interval '1 minute', now(), moving, false) o
    where o.starts_at = slot
  ) then
    raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
  end if;
  raise exception 'That time is not one of the coach''s open times' using errcode = '22023',
    hint = 'Choose one of the times offered.';
end;
$function$
;

revoke all on function private.require_open_coach_slot(uuid,timestamp with time zone,uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.send_due_reminders()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  queued integer;
  calls integer;
begin
  insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at)
  select 'session_email', r.kind, s.id, who.recipient, who.user_id, s.starts_at
  from public.coaching_sessions s
  cross join (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour'))
    as r (kind, lead)
  cross join lateral (
    values
      ('family', s.parent_id),
      ('coach', (select c.user_id from public.coaches c where c.id = s.coach_id))
  ) as who (recipient, user_id)
  where s.status = 'scheduled'
    and s.starts_at > now()
    and s.starts_at < now() + interval '24 hours'
    and s.starts_at - r.lead <= now()
    and (r.kind = 'reminder_1h' or s.starts_at - interval '1 hour' > now())
    and who.user_id is not null
    and private.wants_session_reminders(who.user_id)
    and not exists (
      select 1
      from public.outbox told
      where told.kind = 'session_email'
        and told.session_id = s.id
        and told.recipient_user_id = who.user_id
        and told.event in ('booked', 'moved')
        and told.starts_at = s.starts_at
        and told.created_at > s.starts_at - r.lead
    )
  on conflict (session_id, event, recipient_user_id, starts_at)
    where kind = 'session_email' and event in ('reminder_24h', 'reminder_1h')
    do nothing;
  get diagnostics queued = row_count;

  insert into public.outbox (kind, event, intro_call_id, recipient, recipient_user_id, starts_at)
  select 'intro_call_email', r.kind, c.id, who.recipient, who.user_id, c.starts_at
  from public.intro_calls c
  cross join (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour'))
    as r (kind, lead)
  cross join lateral (values ('parent', null::uuid), ('host', c.host_id)) as who (recipient, user_id)
  where c.status = 'scheduled'
    and c.starts_at > now()
    and c.starts_at < now() + interval '24 hours'
    and c.starts_at - r.lead <= now()
    and (r.kind = 'reminder_1h' or c.starts_at - interval '1 hour' > now())
    and (who.recipient = 'parent' or (who.user_id is not null and private.wants_session_reminders(who.user_id)))
    and not exists (
      select 1
      from public.outbox told
      where told.kind = 'intro_call_email'
        and told.intro_call_id = c.id
        and told.recipient = who.recipient
        and told.event in ('booked', 'moved')
        and told.starts_at = c.starts_at
        and told.created_at > c.starts_at - r.lead
    )
  on conflict (intro_call_id, event, recipient, starts_at)
    where kind = 'intro_call_email' and event in ('reminder_24h', 'reminder_1h')
    do nothing;
  get diagnostics calls = row_count;
  return queued + calls;
end;
$function$
;

revoke all on function private.send_due_reminders() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.series_horizon_weeks()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 8 $function$
;

revoke all on function private.series_horizon_weeks() from "anon", "authenticated", public, "service_role";
grant execute on function private.series_horizon_weeks() to public;

CREATE OR REPLACE FUNCTION private.session_attendance_stamp()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if auth.uid() is not null then
      new.user_id := auth.uid();
      new.role := private.session_room_role(new.session_id);
      new.joined_at := now();
      new.last_seen_at := now();
      new.left_at := null;
    end if;
    return new;
  end if;
  if auth.uid() is not null then
    if old.left_at is not null then
      raise exception 'This visit to the room has already ended' using errcode = '42501';
    end if;
    new.last_seen_at := greatest(now(), old.joined_at);
    new.left_at := case when new.left_at is not null then greatest(now(), old.joined_at) end;
  end if;
  return new;
end;
$function$
;

revoke all on function private.session_attendance_stamp() from "anon", "authenticated", public, "service_role";
grant execute on function private.session_attendance_stamp() to public;

CREATE OR REPLACE FUNCTION private.session_child_first_name(session_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.first_name
  from public.coaching_sessions s
  join public.children c on c.id = s.child_id
  where s.id = session_child_first_name.session_id
    and private.session_room_role(s.id) is not null
    and private.meets_staff_two_factor()
$function$
;

revoke all on function private.session_child_first_name(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_child_first_name(uuid) to "authenticated";
grant execute on function private.session_child_first_name(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.session_landings(sessions text[])
 RETURNS TABLE(session_id text, landing_path text, landing_campaign text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select a.session_id, a.landing_path, a.landing_campaign
  from private.analytics_sessions a
  where a.session_id = any (sessions) and a.landing_path is not null
$function$
;

revoke all on function private.session_landings(text[]) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_landings(text[]) to "authenticated";
grant execute on function private.session_landings(text[]) to "service_role";

CREATE OR REPLACE FUNCTION private.session_room_closes_at(starts_at timestamp with time zone, duration_minutes integer)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select starts_at + make_interval(mins => duration_minutes) + interval '15 minutes'
$function$
;

revoke all on function private.session_room_closes_at(timestamp with time zone,integer) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_room_closes_at(timestamp with time zone,integer) to "authenticated";
grant execute on function private.session_room_closes_at(timestamp with time zone,integer) to public;
grant execute on function private.session_room_closes_at(timestamp with time zone,integer) to "service_role";

CREATE OR REPLACE FUNCTION private.session_room_opens_at(starts_at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select starts_at - interval '10 minutes'
$function$
;

revoke all on function private.session_room_opens_at(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_room_opens_at(timestamp with time zone) to "authenticated";
grant execute on function private.session_room_opens_at(timestamp with time zone) to public;
grant execute on function private.session_room_opens_at(timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.session_room_role(session uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when s.coach_id is not null and s.coach_id = private.current_coach_id() then 'coach'
    when s.parent_id = auth.uid() then 'parent'
    when private.is_child_user(s.child_id) then 'child'
    when private.is_admin() then 'admin'
  end
  from public.coaching_sessions s
  where s.id = session
$function$
;

revoke all on function private.session_room_role(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_room_role(uuid) to "authenticated";
grant execute on function private.session_room_role(uuid) to public;
grant execute on function private.session_room_role(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.session_series_book_first_weeks()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.book_series_sessions(
    new.id,
    greatest(new.starts_on, (pg_catalog.now() at time zone new.time_zone)::date)
      + 7 * private.series_horizon_weeks() - 1,
    true
  );
  return null;
end;
$function$
;

revoke all on function private.session_series_book_first_weeks() from "anon", "authenticated", public, "service_role";
grant execute on function private.session_series_book_first_weeks() to public;

CREATE OR REPLACE FUNCTION private.session_series_defaults()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  select c.parent_id into new.parent_id from public.children c where c.id = new.child_id;
  if new.time_zone is null then
    select p.time_zone into new.time_zone from public.profiles p where p.id = new.parent_id;
  end if;
  new.time_zone := coalesce(new.time_zone, 'America/New_York');
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  new.weekday := coalesce(new.weekday, extract(isodow from new.starts_on)::smallint);
  return new;
end;
$function$
;

revoke all on function private.session_series_defaults() from "anon", "authenticated", public, "service_role";
grant execute on function private.session_series_defaults() to public;

CREATE OR REPLACE FUNCTION private.session_series_end()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.ends_on is not null and (old.ends_on is null or new.ends_on < old.ends_on) then
    update public.coaching_sessions
    set status = 'cancelled'
    where series_id = new.id and series_date > new.ends_on and status = 'scheduled';
  end if;
  return null;
end;
$function$
;

revoke all on function private.session_series_end() from "anon", "authenticated", public, "service_role";
grant execute on function private.session_series_end() to public;

CREATE OR REPLACE FUNCTION private.settle_session_change_requests()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.starts_at <> old.starts_at or new.status <> old.status then
    update public.session_change_requests r
    set status = 'done', settled_at = now()
    where r.session_id = new.id and r.status = 'open';
  end if;
  return null;
end;
$function$
;

revoke all on function private.settle_session_change_requests() from "anon", "authenticated", public, "service_role";
grant execute on function private.settle_session_change_requests() to public;

CREATE OR REPLACE FUNCTION private.wants_session_reminders(account uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    (select n.session_reminders from public.notification_preferences n where n.user_id = account),
    true
  )
$function$
;

revoke all on function private.wants_session_reminders(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.wants_session_reminders(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.book_family_series(child_id uuid, starts_at timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.require_family_plan();
  perform private.require_family_slot(book_family_series.child_id, book_family_series.starts_at);
  return private.book_family_series(book_family_series.child_id, book_family_series.starts_at);
end;
$function$
;

revoke all on function public.book_family_series(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.book_family_series(uuid,timestamp with time zone) to "authenticated";
grant execute on function public.book_family_series(uuid,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.book_family_session(child_id uuid, starts_at timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.require_family_plan();
  perform private.require_family_slot(book_family_session.child_id, book_family_session.starts_at);
  return private.book_family_session(book_family_session.child_id, book_family_session.starts_at);
end;
$function$
;

revoke all on function public.book_family_session(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.book_family_session(uuid,timestamp with time zone) to "authenticated";
grant execute on function public.book_family_session(uuid,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.calendar_feed_events(feed_token text)
 RETURNS TABLE(owner_kind text, meeting text, id uuid, starts_at timestamp with time zone, duration_minutes integer, child_first_name text, coach_name text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.calendar_feed_events(calendar_feed_events.feed_token)
$function$
;

revoke all on function public.calendar_feed_events(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.calendar_feed_events(text) to "service_role";

CREATE OR REPLACE FUNCTION public.cancel_family_session(session_id uuid, reason text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.cancel_family_session(cancel_family_session.session_id, cancel_family_session.reason)
$function$
;

revoke all on function public.cancel_family_session(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.cancel_family_session(uuid,text) to "authenticated";
grant execute on function public.cancel_family_session(uuid,text) to "service_role";

CREATE OR REPLACE FUNCTION public.create_calendar_feed()
 RETURNS TABLE(token text, kind text, created_at timestamp with time zone)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.create_calendar_feed()
$function$
;

revoke all on function public.create_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function public.create_calendar_feed() to "authenticated";
grant execute on function public.create_calendar_feed() to "service_role";

CREATE OR REPLACE FUNCTION public.delete_calendar_feed()
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.delete_calendar_feed()
$function$
;

revoke all on function public.delete_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function public.delete_calendar_feed() to "authenticated";
grant execute on function public.delete_calendar_feed() to "service_role";

CREATE OR REPLACE FUNCTION public.end_family_series(series_id uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.end_family_series(end_family_series.series_id)
$function$
;

revoke all on function public.end_family_series(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.end_family_series(uuid) to "authenticated";
grant execute on function public.end_family_series(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.get_calendar_feed()
 RETURNS TABLE(kind text, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.my_calendar_feed()
$function$
;

revoke all on function public.get_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function public.get_calendar_feed() to "authenticated";
grant execute on function public.get_calendar_feed() to "service_role";

CREATE OR REPLACE FUNCTION public.get_child_schedule(child_id uuid)
 RETURNS TABLE(id uuid, starts_at timestamp with time zone, ends_at timestamp with time zone, status text, coach_name text, opens_at timestamp with time zone, closes_at timestamp with time zone, change_deadline timestamp with time zone, notice_hours integer, open_request text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select s.id, s.starts_at, s.starts_at + make_interval(mins => s.duration_minutes), s.status,
    (select co.display_name from public.coaches co where co.id = s.coach_id),
    private.session_room_opens_at(s.starts_at),
    private.session_room_closes_at(s.starts_at, s.duration_minutes),
    s.starts_at - private.family_change_notice(),
    (extract(epoch from private.family_change_notice()) / 3600)::integer,
    (select r.kind from public.session_change_requests r where r.session_id = s.id and r.status = 'open' limit 1)
  from public.coaching_sessions s
  where s.child_id = get_child_schedule.child_id
    and s.parent_id = (select auth.uid())
  order by s.starts_at
$function$
;

revoke all on function public.get_child_schedule(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_child_schedule(uuid) to "authenticated";
grant execute on function public.get_child_schedule(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.get_family_week_allowance(week_of timestamp with time zone)
 RETURNS TABLE(sessions_per_week integer, reason text, week_start date, booked integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.family_week_allowance(get_family_week_allowance.week_of)
$function$
;

revoke all on function public.get_family_week_allowance(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_family_week_allowance(timestamp with time zone) to "authenticated";
grant execute on function public.get_family_week_allowance(timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.get_session_room(session_id uuid)
 RETURNS TABLE(id uuid, room_id text, topic text, status text, starts_at timestamp with time zone, ends_at timestamp with time zone, opens_at timestamp with time zone, closes_at timestamp with time zone, child_first_name text, coach_name text, viewer_role text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select s.id, s.room_id, 'session-room:' || s.room_id, s.status, s.starts_at,
    s.starts_at + make_interval(mins => s.duration_minutes),
    private.session_room_opens_at(s.starts_at),
    private.session_room_closes_at(s.starts_at, s.duration_minutes),
    private.session_child_first_name(s.id),
    (select co.display_name from public.coaches co where co.id = s.coach_id),
    private.session_room_role(s.id)
  from public.coaching_sessions s
  where s.id = get_session_room.session_id
$function$
;

revoke all on function public.get_session_room(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_session_room(uuid) to "authenticated";
grant execute on function public.get_session_room(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.move_family_session(session_id uuid, starts_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.require_family_plan();
  perform private.require_family_slot(
    (select s.child_id from public.coaching_sessions s where s.id = move_family_session.session_id),
    move_family_session.starts_at
  );
  perform private.move_family_session(move_family_session.session_id, move_family_session.starts_at);
end;
$function$
;

revoke all on function public.move_family_session(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.move_family_session(uuid,timestamp with time zone) to "authenticated";
grant execute on function public.move_family_session(uuid,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.read_session_note(session_id uuid)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.read_session_note(read_session_note.session_id)
$function$
;

revoke all on function public.read_session_note(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.read_session_note(uuid) to "authenticated";
grant execute on function public.read_session_note(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.request_session_reschedule(session_id uuid, message text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.request_session_reschedule(request_session_reschedule.session_id, request_session_reschedule.message)
$function$
;

revoke all on function public.request_session_reschedule(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.request_session_reschedule(uuid,text) to "authenticated";
grant execute on function public.request_session_reschedule(uuid,text) to "service_role";

CREATE OR REPLACE FUNCTION public.session_list_count(status text DEFAULT NULL::text)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(
    private.kept_session_count(session_list_count.status),
    case
      when (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user) then
        (select count(*) from public.coaching_sessions s
          where session_list_count.status is null
             or (session_list_count.status = 'active' and s.status <> 'cancelled')
             or s.status = session_list_count.status)
      else
        (select count(*) from public.coaching_sessions s
          where (session_list_count.status is null
                 or (session_list_count.status = 'active' and s.status <> 'cancelled')
                 or s.status = session_list_count.status)
            and (s.parent_id = (select auth.uid())
                 or s.coach_id = (select private.current_coach_id())
                 or s.child_id = (select private.current_child_id())))
    end
  )
$function$
;

revoke all on function public.session_list_count(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.session_list_count(text) to "authenticated";
grant execute on function public.session_list_count(text) to "service_role";

create table "private"."calendar_feeds" (
    "user_id" uuid not null,
    "kind" text not null,
    "token_hash" bytea not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX calendar_feeds_pkey ON private.calendar_feeds USING btree (user_id);

CREATE UNIQUE INDEX calendar_feeds_token_hash_key ON private.calendar_feeds USING btree (token_hash);

alter table "private"."calendar_feeds" add constraint "calendar_feeds_pkey" PRIMARY KEY using index "calendar_feeds_pkey";

alter table "private"."calendar_feeds" add constraint "calendar_feeds_kind_check" CHECK ((kind = ANY (ARRAY['family'::text, 'staff'::text]))) not valid;

alter table "private"."calendar_feeds" validate constraint "calendar_feeds_kind_check";

alter table "private"."calendar_feeds" add constraint "calendar_feeds_token_hash_check" CHECK ((octet_length(token_hash) = 32)) not valid;

alter table "private"."calendar_feeds" validate constraint "calendar_feeds_token_hash_check";

alter table "private"."calendar_feeds" add constraint "calendar_feeds_token_hash_key" UNIQUE using index "calendar_feeds_token_hash_key";

alter table "private"."calendar_feeds" enable row level security;

revoke all on table private.calendar_feeds from "anon", "authenticated", public, "service_role";

create table "private"."session_status_counts" (
    "status" text not null,
    "sessions" bigint not null
      );

alter table "private"."session_status_counts" enable row level security;

revoke all on table private.session_status_counts from "anon", "authenticated", public, "service_role";

comment on table private.session_status_counts is 'Changes to the number of coaching_sessions in each status (sum them); kept by triggers on coaching_sessions.';

create table "public"."coaching_sessions" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "coach_id" uuid,
    "parent_id" uuid not null,
    "starts_at" timestamp with time zone not null,
    "duration_minutes" integer not null default 30,
    "status" text not null default 'scheduled'::text,
    "room_id" text not null default replace((gen_random_uuid())::text, '-'::text, ''::text),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "series_id" uuid,
    "series_date" date
      );

CREATE INDEX coaching_sessions_child_starts_idx ON public.coaching_sessions USING btree (child_id, starts_at);

CREATE INDEX coaching_sessions_coach_starts_idx ON public.coaching_sessions USING btree (coach_id, starts_at, id) INCLUDE (parent_id, child_id, status);

CREATE INDEX coaching_sessions_parent_starts_idx ON public.coaching_sessions USING btree (parent_id, starts_at);

CREATE UNIQUE INDEX coaching_sessions_pkey ON public.coaching_sessions USING btree (id);

CREATE UNIQUE INDEX coaching_sessions_room_id_key ON public.coaching_sessions USING btree (room_id);

CREATE UNIQUE INDEX coaching_sessions_series_date_unique ON public.coaching_sessions USING btree (series_id, series_date);

CREATE INDEX coaching_sessions_starts_idx ON public.coaching_sessions USING btree (starts_at, id) INCLUDE (parent_id, coach_id, child_id, status);

CREATE INDEX coaching_sessions_status_starts_idx ON public.coaching_sessions USING btree (status, starts_at, id) INCLUDE (parent_id, coach_id, child_id);

alter table "public"."coaching_sessions" add constraint "coaching_sessions_pkey" PRIMARY KEY using index "coaching_sessions_pkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_child_no_overlap" EXCLUDE USING gist (child_id WITH =, private.session_period(starts_at, duration_minutes) WITH &&) WHERE ((status <> 'cancelled'::text));

alter table "public"."coaching_sessions" add constraint "coaching_sessions_coach_no_overlap" EXCLUDE USING gist (coach_id WITH =, private.session_period(starts_at, duration_minutes) WITH &&) WHERE (((status <> 'cancelled'::text) AND (coach_id IS NOT NULL)));

alter table "public"."coaching_sessions" add constraint "coaching_sessions_duration_minutes_check" CHECK (((duration_minutes >= 10) AND (duration_minutes <= 120))) not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_duration_minutes_check";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_room_id_check" CHECK ((room_id ~ '^[A-Za-z0-9_-]{16,64}$'::text)) not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_room_id_check";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_room_id_key" UNIQUE using index "coaching_sessions_room_id_key";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_series_date_unique" UNIQUE using index "coaching_sessions_series_date_unique";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_status_check" CHECK ((status = ANY (ARRAY['scheduled'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text]))) not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_status_check";

alter table "public"."coaching_sessions" enable row level security;

create policy "Admins delete sessions"
  on "public"."coaching_sessions"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins schedule sessions"
  on "public"."coaching_sessions"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."coaching_sessions"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The assigned coach and admins update a session"
  on "public"."coaching_sessions"
  as permissive
  for update
  to authenticated
using (((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin)))
with check (((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "The family, the assigned coach and admins read a session"
  on "public"."coaching_sessions"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin) OR (child_id = ( SELECT private.current_child_id() AS current_child_id))));

CREATE TRIGGER coaching_sessions_audit AFTER INSERT OR DELETE OR UPDATE ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.audit_change('SESSION_*', 'coaching_session', 'id', 'child_id', 'coach_id', 'starts_at', 'duration_minutes', 'status');

CREATE TRIGGER coaching_sessions_count_deletes AFTER DELETE ON public.coaching_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.coaching_sessions_count_changes();

CREATE TRIGGER coaching_sessions_count_inserts AFTER INSERT ON public.coaching_sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.coaching_sessions_count_changes();

CREATE TRIGGER coaching_sessions_count_truncates AFTER TRUNCATE ON public.coaching_sessions FOR EACH STATEMENT EXECUTE FUNCTION private.coaching_sessions_count_changes();

CREATE TRIGGER coaching_sessions_count_updates AFTER UPDATE ON public.coaching_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.coaching_sessions_count_changes();

CREATE TRIGGER coaching_sessions_guard_child BEFORE UPDATE OF child_id ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.guard_session_child();

CREATE TRIGGER coaching_sessions_match_child_coach AFTER INSERT ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.match_child_with_session_coach();

CREATE TRIGGER coaching_sessions_queue_emails AFTER INSERT OR UPDATE OF starts_at, status, coach_id ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.queue_session_change_emails();

CREATE TRIGGER coaching_sessions_set_parent BEFORE INSERT OR UPDATE OF child_id ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.coaching_sessions_set_parent();

CREATE TRIGGER coaching_sessions_set_updated_at BEFORE UPDATE ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER coaching_sessions_settle_change_requests AFTER UPDATE OF starts_at, status ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.settle_session_change_requests();

CREATE TRIGGER coaching_sessions_weekly_allowance BEFORE INSERT OR UPDATE OF starts_at, status, child_id ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.coaching_sessions_weekly_allowance();

revoke all on table public.coaching_sessions from "anon", "authenticated", public, "service_role";
grant delete, select on table public.coaching_sessions to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.coaching_sessions to "service_role";

grant insert (child_id) on table public.coaching_sessions to "authenticated";

grant update (child_id) on table public.coaching_sessions to "authenticated";

grant insert (coach_id) on table public.coaching_sessions to "authenticated";

grant update (coach_id) on table public.coaching_sessions to "authenticated";

grant insert (duration_minutes) on table public.coaching_sessions to "authenticated";

grant update (duration_minutes) on table public.coaching_sessions to "authenticated";

grant insert (id) on table public.coaching_sessions to "authenticated";

grant insert (parent_id) on table public.coaching_sessions to "authenticated";

grant insert (starts_at) on table public.coaching_sessions to "authenticated";

grant update (starts_at) on table public.coaching_sessions to "authenticated";

grant insert (status) on table public.coaching_sessions to "authenticated";

grant update (status) on table public.coaching_sessions to "authenticated";

create table "public"."preferred_session_times" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "weekday" smallint not null,
    "day_part" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX preferred_session_times_child_id_weekday_day_part_key ON public.preferred_session_times USING btree (child_id, weekday, day_part);

CREATE UNIQUE INDEX preferred_session_times_pkey ON public.preferred_session_times USING btree (id);

alter table "public"."preferred_session_times" add constraint "preferred_session_times_pkey" PRIMARY KEY using index "preferred_session_times_pkey";

alter table "public"."preferred_session_times" add constraint "preferred_session_times_child_id_weekday_day_part_key" UNIQUE using index "preferred_session_times_child_id_weekday_day_part_key";

alter table "public"."preferred_session_times" add constraint "preferred_session_times_day_part_check" CHECK ((day_part = ANY (ARRAY['morning'::text, 'afternoon'::text, 'evening'::text]))) not valid;

alter table "public"."preferred_session_times" validate constraint "preferred_session_times_day_part_check";

alter table "public"."preferred_session_times" add constraint "preferred_session_times_weekday_check" CHECK (((weekday >= 1) AND (weekday <= 7))) not valid;

alter table "public"."preferred_session_times" validate constraint "preferred_session_times_weekday_check";

alter table "public"."preferred_session_times" enable row level security;

create policy "Parents add preferred times for their children"
  on "public"."preferred_session_times"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_parent_of_child(preferred_session_times.child_id) AS is_parent_of_child));

create policy "Parents remove preferred times of their children"
  on "public"."preferred_session_times"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_parent_of_child(preferred_session_times.child_id) AS is_parent_of_child));

create policy "Parents, the child's coach and admins read preferred times"
  on "public"."preferred_session_times"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(preferred_session_times.child_id) AS is_parent_of_child) OR ( SELECT private.is_coach_of_child(preferred_session_times.child_id) AS is_coach_of_child) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."preferred_session_times"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

revoke all on table public.preferred_session_times from "anon", "authenticated", public, "service_role";
grant delete, select on table public.preferred_session_times to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.preferred_session_times to "service_role";

grant insert (child_id) on table public.preferred_session_times to "authenticated";

grant insert (day_part) on table public.preferred_session_times to "authenticated";

grant insert (weekday) on table public.preferred_session_times to "authenticated";

create table "public"."session_attendance" (
    "id" uuid not null default gen_random_uuid(),
    "session_id" uuid not null,
    "user_id" uuid not null default auth.uid(),
    "role" text not null,
    "joined_at" timestamp with time zone not null default now(),
    "last_seen_at" timestamp with time zone not null default now(),
    "left_at" timestamp with time zone
      );

CREATE UNIQUE INDEX session_attendance_pkey ON public.session_attendance USING btree (id);

CREATE INDEX session_attendance_session_idx ON public.session_attendance USING btree (session_id, joined_at);

CREATE INDEX session_attendance_user_idx ON public.session_attendance USING btree (user_id);

alter table "public"."session_attendance" add constraint "session_attendance_pkey" PRIMARY KEY using index "session_attendance_pkey";

alter table "public"."session_attendance" add constraint "session_attendance_check" CHECK ((last_seen_at >= joined_at)) not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_check";

alter table "public"."session_attendance" add constraint "session_attendance_check1" CHECK (((left_at IS NULL) OR (left_at >= joined_at))) not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_check1";

alter table "public"."session_attendance" add constraint "session_attendance_role_check" CHECK ((role = ANY (ARRAY['admin'::text, 'coach'::text, 'parent'::text, 'child'::text]))) not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_role_check";

alter table "public"."session_attendance" enable row level security;

create policy "Participants record their own arrival in an open room"
  on "public"."session_attendance"
  as permissive
  for insert
  to authenticated
with check (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.may_enter_session(session_attendance.session_id) AS may_enter_session)));

create policy "Participants record their own presence and departure"
  on "public"."session_attendance"
  as permissive
  for update
  to authenticated
using ((user_id = ( SELECT auth.uid() AS uid)))
with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Participants, the session's coach and parents, and admins read "
  on "public"."session_attendance"
  as permissive
  for select
  to authenticated
using (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin) OR (( SELECT private.session_room_role(session_attendance.session_id) AS session_room_role) = ANY (ARRAY['coach'::text, 'parent'::text]))));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."session_attendance"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER session_attendance_stamp BEFORE INSERT OR UPDATE ON public.session_attendance FOR EACH ROW EXECUTE FUNCTION private.session_attendance_stamp();

revoke all on table public.session_attendance from "anon", "authenticated", public, "service_role";
grant select on table public.session_attendance to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.session_attendance to "service_role";

grant update (last_seen_at) on table public.session_attendance to "authenticated";

grant update (left_at) on table public.session_attendance to "authenticated";

grant insert (session_id) on table public.session_attendance to "authenticated";

create table "public"."session_change_requests" (
    "id" uuid not null default gen_random_uuid(),
    "session_id" uuid not null,
    "parent_id" uuid not null,
    "kind" text not null,
    "message" text,
    "status" text not null default 'open'::text,
    "created_at" timestamp with time zone not null default now(),
    "settled_at" timestamp with time zone
      );

CREATE UNIQUE INDEX session_change_requests_one_open_idx ON public.session_change_requests USING btree (session_id) WHERE (status = 'open'::text);

CREATE INDEX session_change_requests_parent_idx ON public.session_change_requests USING btree (parent_id);

CREATE UNIQUE INDEX session_change_requests_pkey ON public.session_change_requests USING btree (id);

CREATE INDEX session_change_requests_session_idx ON public.session_change_requests USING btree (session_id, created_at DESC);

alter table "public"."session_change_requests" add constraint "session_change_requests_pkey" PRIMARY KEY using index "session_change_requests_pkey";

alter table "public"."session_change_requests" add constraint "session_change_requests_kind_check" CHECK ((kind = ANY (ARRAY['reschedule'::text, 'cancel'::text]))) not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_kind_check";

alter table "public"."session_change_requests" add constraint "session_change_requests_message_check" CHECK ((char_length(message) <= 500)) not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_message_check";

alter table "public"."session_change_requests" add constraint "session_change_requests_status_check" CHECK ((status = ANY (ARRAY['open'::text, 'done'::text]))) not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_status_check";

alter table "public"."session_change_requests" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."session_change_requests"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The family, the session's coach and admins read change requests"
  on "public"."session_change_requests"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin) OR (( SELECT private.session_room_role(session_change_requests.session_id) AS session_room_role) = 'coach'::text)));

revoke all on table public.session_change_requests from "anon", "authenticated", public, "service_role";
grant select on table public.session_change_requests to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.session_change_requests to "service_role";

create table "public"."session_notes" (
    "session_id" uuid not null,
    "body" text not null,
    "updated_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX session_notes_pkey ON public.session_notes USING btree (session_id);

CREATE INDEX session_notes_updated_by_idx ON public.session_notes USING btree (updated_by);

alter table "public"."session_notes" add constraint "session_notes_pkey" PRIMARY KEY using index "session_notes_pkey";

alter table "public"."session_notes" add constraint "session_notes_body_check" CHECK (((char_length(btrim(body)) >= 1) AND (char_length(btrim(body)) <= 4000))) not valid;

alter table "public"."session_notes" validate constraint "session_notes_body_check";

alter table "public"."session_notes" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."session_notes"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The session's coach and admins delete session notes"
  on "public"."session_notes"
  as permissive
  for delete
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach)));

create policy "The session's coach and admins edit session notes"
  on "public"."session_notes"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach)))
with check (((updated_by = ( SELECT auth.uid() AS uid)) AND (( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach))));

create policy "The session's coach and admins read session notes"
  on "public"."session_notes"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach)));

create policy "The session's coach and admins write session notes"
  on "public"."session_notes"
  as permissive
  for insert
  to authenticated
with check (((updated_by = ( SELECT auth.uid() AS uid)) AND (( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach))));

CREATE TRIGGER session_notes_set_updated_at BEFORE UPDATE ON public.session_notes FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.session_notes from "anon", "authenticated", public, "service_role";
grant delete on table public.session_notes to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.session_notes to "service_role";

grant insert (body) on table public.session_notes to "authenticated";

grant update (body) on table public.session_notes to "authenticated";

grant select (created_at) on table public.session_notes to "authenticated";

grant insert (session_id) on table public.session_notes to "authenticated";

grant select (session_id) on table public.session_notes to "authenticated";

grant select (updated_at) on table public.session_notes to "authenticated";

grant insert (updated_by) on table public.session_notes to "authenticated";

grant select (updated_by) on table public.session_notes to "authenticated";

grant update (updated_by) on table public.session_notes to "authenticated";

create table "public"."session_series" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "coach_id" uuid not null,
    "parent_id" uuid not null,
    "weekday" smallint not null,
    "local_time" time without time zone not null,
    "time_zone" text not null,
    "duration_minutes" integer not null default 30,
    "starts_on" date not null,
    "ends_on" date,
    "created_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX session_series_child_idx ON public.session_series USING btree (child_id);

CREATE INDEX session_series_coach_idx ON public.session_series USING btree (coach_id);

CREATE INDEX session_series_created_by_idx ON public.session_series USING btree (created_by);

CREATE INDEX session_series_parent_idx ON public.session_series USING btree (parent_id);

CREATE UNIQUE INDEX session_series_pkey ON public.session_series USING btree (id);

alter table "public"."session_series" add constraint "session_series_pkey" PRIMARY KEY using index "session_series_pkey";

alter table "public"."session_series" add constraint "session_series_check" CHECK ((EXTRACT(isodow FROM starts_on) = (weekday)::numeric)) not valid;

alter table "public"."session_series" validate constraint "session_series_check";

alter table "public"."session_series" add constraint "session_series_check1" CHECK (((ends_on IS NULL) OR (ends_on >= starts_on))) not valid;

alter table "public"."session_series" validate constraint "session_series_check1";

alter table "public"."session_series" add constraint "session_series_duration_minutes_check" CHECK (((duration_minutes >= 10) AND (duration_minutes <= 120))) not valid;

alter table "public"."session_series" validate constraint "session_series_duration_minutes_check";

alter table "public"."session_series" add constraint "session_series_local_time_check" CHECK (((local_time)::interval = date_trunc('minute'::text, (local_time)::interval))) not valid;

alter table "public"."session_series" validate constraint "session_series_local_time_check";

alter table "public"."session_series" add constraint "session_series_weekday_check" CHECK (((weekday >= 1) AND (weekday <= 7))) not valid;

alter table "public"."session_series" validate constraint "session_series_weekday_check";

alter table "public"."session_series" enable row level security;

create policy "Admins create series"
  on "public"."session_series"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins end any series, coaches their own"
  on "public"."session_series"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))))
with check ((( SELECT private.is_admin() AS is_admin) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))));

create policy "Admins read every series, coaches theirs, parents their childre"
  on "public"."session_series"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR (parent_id = ( SELECT auth.uid() AS uid))));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."session_series"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER session_series_book_first_weeks AFTER INSERT ON public.session_series FOR EACH ROW EXECUTE FUNCTION private.session_series_book_first_weeks();

CREATE TRIGGER session_series_defaults BEFORE INSERT ON public.session_series FOR EACH ROW EXECUTE FUNCTION private.session_series_defaults();

CREATE TRIGGER session_series_end AFTER UPDATE OF ends_on ON public.session_series FOR EACH ROW EXECUTE FUNCTION private.session_series_end();

CREATE TRIGGER session_series_set_updated_at BEFORE UPDATE ON public.session_series FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.session_series from "anon", "authenticated", public, "service_role";
grant select on table public.session_series to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.session_series to "service_role";

grant insert (child_id) on table public.session_series to "authenticated";

grant insert (coach_id) on table public.session_series to "authenticated";

grant insert (duration_minutes) on table public.session_series to "authenticated";

grant insert (ends_on) on table public.session_series to "authenticated";

grant update (ends_on) on table public.session_series to "authenticated";

grant insert (id) on table public.session_series to "authenticated";

grant insert (local_time) on table public.session_series to "authenticated";

grant insert (parent_id) on table public.session_series to "authenticated";

grant insert (starts_on) on table public.session_series to "authenticated";

grant insert (time_zone) on table public.session_series to "authenticated";

grant insert (weekday) on table public.session_series to "authenticated";

CREATE OR REPLACE FUNCTION private.family_session_to_change(session uuid)
 RETURNS coaching_sessions
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.coaching_sessions;
begin
  select * into s from public.coaching_sessions x where x.id = session;
  if s.id is null or s.parent_id is distinct from auth.uid() then
    raise exception 'No such session in your family' using errcode = '42501';
  end if;
  if s.status <> 'scheduled' then
    raise exception 'This session is no longer scheduled' using errcode = '22023';
  end if;
  if now() > s.starts_at - private.family_change_notice() then
    raise exception 'Sessions can be changed up to 24 hours before they start. Please reply to your coach''s email instead.'
      using errcode = '22023';
  end if;
  return s;
end;
$function$
;

revoke all on function private.family_session_to_change(uuid) from "anon", "authenticated", public, "service_role";

alter table "private"."calendar_feeds" add constraint "calendar_feeds_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "private"."calendar_feeds" validate constraint "calendar_feeds_user_id_fkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_child_id_fkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE SET NULL not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_coach_id_fkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_parent_id_fkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_series_id_fkey" FOREIGN KEY (series_id) REFERENCES session_series(id) ON DELETE SET NULL not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_series_id_fkey";

alter table "public"."preferred_session_times" add constraint "preferred_session_times_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."preferred_session_times" validate constraint "preferred_session_times_child_id_fkey";

alter table "public"."session_attendance" add constraint "session_attendance_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE CASCADE not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_session_id_fkey";

alter table "public"."session_attendance" add constraint "session_attendance_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_user_id_fkey";

alter table "public"."session_change_requests" add constraint "session_change_requests_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_parent_id_fkey";

alter table "public"."session_change_requests" add constraint "session_change_requests_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE CASCADE not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_session_id_fkey";

alter table "public"."session_notes" add constraint "session_notes_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE CASCADE not valid;

alter table "public"."session_notes" validate constraint "session_notes_session_id_fkey";

alter table "public"."session_notes" add constraint "session_notes_updated_by_fkey" FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."session_notes" validate constraint "session_notes_updated_by_fkey";

alter table "public"."session_series" add constraint "session_series_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."session_series" validate constraint "session_series_child_id_fkey";

alter table "public"."session_series" add constraint "session_series_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE CASCADE not valid;

alter table "public"."session_series" validate constraint "session_series_coach_id_fkey";

alter table "public"."session_series" add constraint "session_series_created_by_fkey" FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."session_series" validate constraint "session_series_created_by_fkey";

alter table "public"."session_series" add constraint "session_series_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."session_series" validate constraint "session_series_parent_id_fkey";

-- supabase/schemas/22_billing.sql
-- Billing: Stripe customers, subscriptions, invoices, plans and allowances
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.family_plan_kind(parent uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case x.plan when 'focused-progress' then 'plan' when 'intensive-momentum' then 'reviewed' end
  from public.subscriptions x
  where x.parent_id = parent and x.status not in ('incomplete', 'incomplete_expired', 'canceled')
  order by x.stripe_created desc, x.id desc
  limit 1
$function$
;

revoke all on function private.family_plan_kind(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.my_family_plan_kind(child uuid)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_staff_two_factor();
  return (
    select private.family_plan_kind(c.parent_id) from public.children c
    where c.id = child
      and (c.parent_id = auth.uid() or private.is_admin() or private.is_current_coach_of_child(c.id))
  );
end;
$function$
;

revoke all on function private.my_family_plan_kind(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.my_family_plan_kind(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.my_recommended_plan()
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select q.recommended_plan
  from public.quiz_assessments q
  join auth.users u on u.id = auth.uid()
  where q.email is not null and lower(q.email) = private.confirmed_email(u.id)
  order by q.created_at desc
  limit 1
$function$
;

revoke all on function private.my_recommended_plan() from "anon", "authenticated", public, "service_role";
grant execute on function private.my_recommended_plan() to "authenticated";

CREATE OR REPLACE FUNCTION private.payment_grace_period()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '7 days' $function$
;

revoke all on function private.payment_grace_period() from "anon", "authenticated", public, "service_role";
grant execute on function private.payment_grace_period() to public;

CREATE OR REPLACE FUNCTION private.plan_weekly_sessions(plan text)
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case plan
    when 'steady-growth' then 1
    when 'focused-progress' then 2
    when 'intensive-momentum' then 3
  end
$function$
;

revoke all on function private.plan_weekly_sessions(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.plan_weekly_sessions(text) to public;

CREATE OR REPLACE FUNCTION public.get_family_plan_kind(child_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.my_family_plan_kind(get_family_plan_kind.child_id) $function$
;

revoke all on function public.get_family_plan_kind(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_family_plan_kind(uuid) to "authenticated";
grant execute on function public.get_family_plan_kind(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.my_recommended_plan()
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select private.my_recommended_plan() $function$
;

revoke all on function public.my_recommended_plan() from "anon", "authenticated", public, "service_role";
grant execute on function public.my_recommended_plan() to "authenticated";
grant execute on function public.my_recommended_plan() to "service_role";

create table "public"."billing_customers" (
    "parent_id" uuid not null,
    "stripe_customer_id" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX billing_customers_pkey ON public.billing_customers USING btree (parent_id);

CREATE UNIQUE INDEX billing_customers_stripe_customer_id_key ON public.billing_customers USING btree (stripe_customer_id);

alter table "public"."billing_customers" add constraint "billing_customers_pkey" PRIMARY KEY using index "billing_customers_pkey";

alter table "public"."billing_customers" add constraint "billing_customers_stripe_customer_id_check" CHECK ((stripe_customer_id ~ '^cus_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."billing_customers" validate constraint "billing_customers_stripe_customer_id_check";

alter table "public"."billing_customers" add constraint "billing_customers_stripe_customer_id_key" UNIQUE using index "billing_customers_stripe_customer_id_key";

alter table "public"."billing_customers" enable row level security;

create policy "Parents read their own customer record, admins every family's"
  on "public"."billing_customers"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."billing_customers"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

revoke all on table public.billing_customers from "anon", "authenticated", public, "service_role";
grant select on table public.billing_customers to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.billing_customers to "service_role";

create table "public"."deleted_billing_customers" (
    "stripe_customer_id" text not null,
    "deleted_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX deleted_billing_customers_pkey ON public.deleted_billing_customers USING btree (stripe_customer_id);

alter table "public"."deleted_billing_customers" add constraint "deleted_billing_customers_pkey" PRIMARY KEY using index "deleted_billing_customers_pkey";

alter table "public"."deleted_billing_customers" add constraint "deleted_billing_customers_stripe_customer_id_check" CHECK ((stripe_customer_id ~ '^cus_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."deleted_billing_customers" validate constraint "deleted_billing_customers_stripe_customer_id_check";

alter table "public"."deleted_billing_customers" enable row level security;

revoke all on table public.deleted_billing_customers from "anon", "authenticated", public, "service_role";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.deleted_billing_customers to "service_role";

create table "public"."invoices" (
    "id" text not null,
    "parent_id" uuid not null,
    "subscription_id" text,
    "number" text,
    "status" text not null,
    "currency" text not null,
    "amount_due" integer not null,
    "amount_paid" integer not null,
    "hosted_invoice_url" text,
    "invoice_pdf" text,
    "period_start" timestamp with time zone,
    "period_end" timestamp with time zone,
    "payment_failed_at" timestamp with time zone,
    "stripe_created" timestamp with time zone not null,
    "last_event_at" timestamp with time zone not null,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX invoices_parent_idx ON public.invoices USING btree (parent_id, stripe_created DESC);

CREATE UNIQUE INDEX invoices_pkey ON public.invoices USING btree (id);

CREATE INDEX invoices_subscription_idx ON public.invoices USING btree (subscription_id);

alter table "public"."invoices" add constraint "invoices_pkey" PRIMARY KEY using index "invoices_pkey";

alter table "public"."invoices" add constraint "invoices_amount_due_check" CHECK ((amount_due >= 0)) not valid;

alter table "public"."invoices" validate constraint "invoices_amount_due_check";

alter table "public"."invoices" add constraint "invoices_amount_paid_check" CHECK ((amount_paid >= 0)) not valid;

alter table "public"."invoices" validate constraint "invoices_amount_paid_check";

alter table "public"."invoices" add constraint "invoices_currency_check" CHECK ((currency ~ '^[a-z]{3}$'::text)) not valid;

alter table "public"."invoices" validate constraint "invoices_currency_check";

alter table "public"."invoices" add constraint "invoices_id_check" CHECK ((id ~ '^in_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."invoices" validate constraint "invoices_id_check";

alter table "public"."invoices" add constraint "invoices_status_check" CHECK ((status = ANY (ARRAY['draft'::text, 'open'::text, 'paid'::text, 'uncollectible'::text, 'void'::text]))) not valid;

alter table "public"."invoices" validate constraint "invoices_status_check";

alter table "public"."invoices" enable row level security;

create policy "Parents read their own invoices, admins every family's"
  on "public"."invoices"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."invoices"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER invoices_set_updated_at BEFORE UPDATE ON public.invoices FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.invoices from "anon", "authenticated", public, "service_role";
grant select on table public.invoices to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.invoices to "service_role";

create table "public"."stripe_webhook_events" (
    "id" text not null,
    "type" text not null,
    "stripe_created" timestamp with time zone not null,
    "processed_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX stripe_webhook_events_pkey ON public.stripe_webhook_events USING btree (id);

alter table "public"."stripe_webhook_events" add constraint "stripe_webhook_events_pkey" PRIMARY KEY using index "stripe_webhook_events_pkey";

alter table "public"."stripe_webhook_events" add constraint "stripe_webhook_events_id_check" CHECK ((id ~ '^evt_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."stripe_webhook_events" validate constraint "stripe_webhook_events_id_check";

alter table "public"."stripe_webhook_events" enable row level security;

revoke all on table public.stripe_webhook_events from "anon", "authenticated", public, "service_role";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.stripe_webhook_events to "service_role";

create table "public"."subscriptions" (
    "id" text not null,
    "parent_id" uuid not null,
    "stripe_customer_id" text not null,
    "plan" text not null,
    "stripe_price_id" text not null,
    "status" text not null,
    "pause_behavior" text,
    "pause_resumes_at" timestamp with time zone,
    "cancel_at_period_end" boolean not null default false,
    "current_period_start" timestamp with time zone,
    "current_period_end" timestamp with time zone,
    "canceled_at" timestamp with time zone,
    "ended_at" timestamp with time zone,
    "stripe_created" timestamp with time zone not null,
    "last_event_at" timestamp with time zone not null,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX subscriptions_customer_idx ON public.subscriptions USING btree (stripe_customer_id);

CREATE INDEX subscriptions_parent_idx ON public.subscriptions USING btree (parent_id, stripe_created DESC);

CREATE UNIQUE INDEX subscriptions_pkey ON public.subscriptions USING btree (id);

alter table "public"."subscriptions" add constraint "subscriptions_pkey" PRIMARY KEY using index "subscriptions_pkey";

alter table "public"."subscriptions" add constraint "subscriptions_id_check" CHECK ((id ~ '^sub_[A-Za-z0-9_]+$'::text)) not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_id_check";

alter table "public"."subscriptions" add constraint "subscriptions_pause_behavior_check" CHECK ((pause_behavior = ANY (ARRAY['keep_as_draft'::text, 'mark_uncollectible'::text, 'void'::text]))) not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_pause_behavior_check";

alter table "public"."subscriptions" add constraint "subscriptions_plan_check" CHECK ((plan = ANY (ARRAY['steady-growth'::text, 'focused-progress'::text, 'intensive-momentum'::text]))) not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_plan_check";

alter table "public"."subscriptions" add constraint "subscriptions_status_check" CHECK ((status = ANY (ARRAY['incomplete'::text, 'incomplete_expired'::text, 'trialing'::text, 'active'::text, 'past_due'::text, 'canceled'::text, 'unpaid'::text, 'paused'::text]))) not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_status_check";

alter table "public"."subscriptions" enable row level security;

create policy "Parents read their own subscriptions, admins every family's"
  on "public"."subscriptions"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."subscriptions"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER subscriptions_set_updated_at BEFORE UPDATE ON public.subscriptions FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.subscriptions from "anon", "authenticated", public, "service_role";
grant select on table public.subscriptions to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.subscriptions to "service_role";

alter table "public"."billing_customers" add constraint "billing_customers_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."billing_customers" validate constraint "billing_customers_parent_id_fkey";

alter table "public"."invoices" add constraint "invoices_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."invoices" validate constraint "invoices_parent_id_fkey";

alter table "public"."subscriptions" add constraint "subscriptions_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."subscriptions" validate constraint "subscriptions_parent_id_fkey";

-- supabase/schemas/24_analytics_and_report.sql
-- Analytics and the report: web analytics, landing roll-ups, conversions, ad spend, the cockpit report
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.ad_spend_day_has_begun()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.day > (pg_catalog.now() at time zone 'UTC')::date + 1 then
    raise exception 'The day % has not begun yet: spend is entered for days that have', new.day
      using errcode = '23514';
  end if;
  return new;
end;
$function$
;

revoke all on function private.ad_spend_day_has_begun() from "anon", "authenticated", public, "service_role";
grant execute on function private.ad_spend_day_has_begun() to public;

CREATE OR REPLACE FUNCTION private.ad_spend_quoted(value jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when jsonb_typeof(value) = 'string' then
      '"' || regexp_replace(
        case when char_length(value #>> '{}') > 40 then left(value #>> '{}', 39) || '…' else value #>> '{}' end,
        '[\u0001-\u001f\u007f-\u009f]+', ' ', 'g') || '"'
    else case when char_length(value::text) > 40 then left(value::text, 39) || '…' else value::text end
  end
$function$
;

revoke all on function private.ad_spend_quoted(jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function private.ad_spend_quoted(jsonb) to "authenticated";
grant execute on function private.ad_spend_quoted(jsonb) to public;
grant execute on function private.ad_spend_quoted(jsonb) to "service_role";

CREATE OR REPLACE FUNCTION private.ad_spend_row_problems(item jsonb, today date)
 RETURNS text[]
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  problems text[] := '{}';
  unknown text;
  v jsonb;
  d date;
  amount numeric;
  code text;
begin
  if jsonb_typeof(item) is distinct from 'object' then
    return array['The row is not an object with a day, a campaign, an amountMinor and a currency.'];
  end if;
  select string_agg(private.ad_spend_quoted(to_jsonb(k)), ', ' order by k) into unknown
  from jsonb_object_keys(item) k
  where k not in ('day', 'campaign', 'amountMinor', 'currency');
  if unknown is not null then
    problems := problems || ('The row has fields the import does not know: ' || unknown || '.');
  end if;

  v := item -> 'day';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The day is missing.'::text;
  elsif jsonb_typeof(v) <> 'string' or (v #>> '{}') !~ '^\d{4}-\d{2}-\d{2}$' then
    problems := problems || ('The day ' || private.ad_spend_quoted(v) || ' is not a date in the form YYYY-MM-DD.');
  else
    begin
      d := (v #>> '{}')::date;
    exception when others then
      d := null;
    end;
    if d is null then
      problems := problems || ('The day ' || private.ad_spend_quoted(v) || ' is not a real day.');
    elsif d < date '2000-01-01' then
      problems := problems || ('The day ' || (v #>> '{}') || ' is before 2000.');
    elsif d > today + 1 then
      problems := problems || ('The day ' || (v #>> '{}') || ' has not begun yet.');
    end if;
  end if;

  v := item -> 'campaign';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The campaign name is missing.'::text;
  elsif jsonb_typeof(v) <> 'string' then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' is not text.');
  elsif (v #>> '{}') = '' then
    problems := problems || 'The campaign name is empty.'::text;
  elsif (v #>> '{}') ~ '[\u0001-\u001f\u007f-\u009f]' then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' contains a line break or control character.');
  elsif char_length(v #>> '{}') > 200 then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' is longer than 200 characters.');
  elsif (v #>> '{}') <> btrim(v #>> '{}') then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' begins or ends with a space.');
  end if;

  v := item -> 'amountMinor';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The amount is missing.'::text;
  elsif jsonb_typeof(v) <> 'number' then
    problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' is not a number of cents.');
  else
    amount := v::text::numeric;
    if amount <> trunc(amount) then
      problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' is not a whole number of cents.');
    elsif amount < 0 then
      problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' is negative.');
    elsif amount > 1000000000 then
      problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' cents is more than the 10,000,000.00 a campaign''s day may hold.');
    end if;
  end if;

  v := item -> 'currency';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The currency is missing.'::text;
  elsif jsonb_typeof(v) <> 'string' or (v #>> '{}') !~ '^[A-Z]{3}$' then
    problems := problems || ('The currency ' || private.ad_spend_quoted(v) || ' is not a three-letter ISO 4217 code like USD.');
  else
    code := v #>> '{}';
    if code <> private.report_currency() then
      problems := problems || ('The amount is in ' || code || ', but the report counts in ' || private.report_currency()
        || ' only: export the report in ' || private.report_currency() || ' or convert the amounts first.');
    end if;
  end if;
  return problems;
end;
$function$
;

revoke all on function private.ad_spend_row_problems(jsonb,date) from "anon", "authenticated", public, "service_role";
grant execute on function private.ad_spend_row_problems(jsonb,date) to "authenticated";
grant execute on function private.ad_spend_row_problems(jsonb,date) to public;
grant execute on function private.ad_spend_row_problems(jsonb,date) to "service_role";

CREATE OR REPLACE FUNCTION private.audit_ad_spend()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  subject public.ad_spend;
  actor uuid := private.audit_actor();
  details jsonb;
begin
  if tg_op = 'DELETE' then
    subject := old;
  else
    subject := new;
  end if;
  details := jsonb_build_object('day', subject.day, 'source', subject.source, 'currency', subject.currency);
  if tg_op = 'UPDATE' then
    if old.amount_minor is not distinct from new.amount_minor and old.currency is not distinct from new.currency then
      return null;
    end if;
    details := details || jsonb_build_object('changes', jsonb_build_object(
      'amount_minor', jsonb_build_object('from', old.amount_minor, 'to', new.amount_minor)));
  else
    details := details || jsonb_build_object('amount_minor', subject.amount_minor);
  end if;
  if actor is null then
    details := details || jsonb_build_object('via', coalesce(nullif(auth.role(), ''), 'database'));
  end if;
  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (
    actor,
    'AD_SPEND_' || case tg_op when 'INSERT' then 'CREATED' when 'UPDATE' then 'UPDATED' else 'DELETED' end,
    'ad_spend',
    left(subject.campaign, 128),
    details
  );
  return null;
end;
$function$
;

revoke all on function private.audit_ad_spend() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.check_report_range(since timestamp with time zone, until timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if since is null or until is null or until <= since then
    raise exception 'The report range must end after it starts' using errcode = '22023';
  end if;
  if until - since > interval '367 days' then
    raise exception 'The report range can span at most a year' using errcode = '22023';
  end if;
end;
$function$
;

revoke all on function private.check_report_range(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.check_report_range(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.check_report_range(timestamp with time zone,timestamp with time zone) to public;
grant execute on function private.check_report_range(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.compact_kept_counts()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from private.session_status_counts k group by k.status having count(*) > 1) then
    with gone as (
      delete from private.session_status_counts returning status, sessions
    )
    insert into private.session_status_counts (status, sessions)
    select g.status, sum(g.sessions) from gone g group by g.status having sum(g.sessions) <> 0;
  end if;
  if exists (
    select 1 from private.audit_log_counts k
     group by k.action, k.entity_type, k.system having count(*) > 1
  ) then
    with gone as (
      delete from private.audit_log_counts returning action, entity_type, system, entries
    )
    insert into private.audit_log_counts (action, entity_type, system, entries)
    select g.action, g.entity_type, g.system, sum(g.entries)
      from gone g group by g.action, g.entity_type, g.system having sum(g.entries) <> 0;
  end if;
end;
$function$
;

revoke all on function private.compact_kept_counts() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.conversion_attribution(v_session text, v_landing_path text)
 RETURNS TABLE(path text, utm_campaign text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select
    coalesce(a.landing_path, case when v_landing_path is not null
      then coalesce(nullif(split_part(split_part(v_landing_path, '#', 1), '?', 1), ''), '/') end),
    case when a.landing_path is not null then a.landing_campaign
      else left(private.query_param(v_landing_path, 'utm_campaign'), 200) end
  from (select 1) one
  left join private.analytics_sessions a on a.session_id = v_session and a.landing_path is not null
$function$
;

revoke all on function private.conversion_attribution(text,text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.conversion_events(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(conversion_id text, session_id text, kind text, created_at timestamp with time zone, landing_path text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select w.id::text, w.analytics_session_id,
         case w.source when 'fit-call' then 'fit_call' when 'contact-v2' then 'contact' else 'waitlist' end,
         w.created_at, w.landing_path
  from public.waitlist w
  where w.created_at >= since and w.created_at < until
  union all
  select q.id::text, q.analytics_session_id, 'quiz', q.created_at, q.landing_path
  from public.quiz_assessments q
  where q.created_at >= since and q.created_at < until
  union all
  select n.id::text, n.analytics_session_id, 'newsletter', n.created_at, null
  from public.newsletter_subscribers n
  where n.created_at >= since and n.created_at < until
  union all
  select c.id::text, c.analytics_session_id, 'contact', c.created_at, null
  from public.contact_messages c
  where c.created_at >= since and c.created_at < until
$function$
;

revoke all on function private.conversion_events(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.conversion_events(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.conversion_events(timestamp with time zone,timestamp with time zone) to public;
grant execute on function private.conversion_events(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.epoch_hour(at timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select floor(extract(epoch from at) / 3600)::bigint
$function$
;

revoke all on function private.epoch_hour(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.epoch_hour(timestamp with time zone) to public;

CREATE OR REPLACE FUNCTION private.kept_session_count(status text)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case when private.is_admin() and private.meets_staff_two_factor() then (
    select coalesce(sum(k.sessions), 0)::bigint
      from private.session_status_counts k
     where kept_session_count.status is null
        or (kept_session_count.status = 'active' and k.status <> 'cancelled')
        or k.status = kept_session_count.status
  ) end
$function$
;

revoke all on function private.kept_session_count(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.kept_session_count(text) to "authenticated";
grant execute on function private.kept_session_count(text) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_conversion_counts(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, utm_campaign text, quiz_completed bigint, fit_calls bigint, waitlist_joins bigint, newsletter_signups bigint, contact_requests bigint, conversions bigint, converted_visitors bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  with variant_paths as (
    select v.path collate "C" as path from private.landing_variant_paths() v
  ),
  per_session as (
    -- one row per variant, campaign and converting session (hashed, not sorted)
    select case when c.path in (select vp.path from variant_paths vp) then c.path end as path,
           case when c.path in (select vp.path from variant_paths vp) then c.utm_campaign end as utm_campaign,
           c.session_key,
           count(*) filter (where c.kind = 'quiz') as quiz,
           count(*) filter (where c.kind = 'fit_call') as fit_call,
           count(*) filter (where c.kind = 'waitlist') as waitlist,
           count(*) filter (where c.kind = 'newsletter') as newsletter,
           count(*) filter (where c.kind = 'contact') as contact,
           count(*) as all_kinds
    from private.conversion_attributions c
    where c.created_at >= since and c.created_at < until
    group by 1, 2, 3
  )
  select s.path::text, s.utm_campaign::text, sum(s.quiz)::bigint, sum(s.fit_call)::bigint,
         sum(s.waitlist)::bigint, sum(s.newsletter)::bigint, sum(s.contact)::bigint,
         sum(s.all_kinds)::bigint, count(*)::bigint
  from per_session s
  group by s.path, s.utm_campaign;
end;
$function$
;

revoke all on function private.landing_conversion_counts(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_conversion_counts(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.landing_conversion_counts(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_conversions(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(session_id text, kind text, path text, utm_campaign text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with events as materialized (
    select * from private.conversion_events(since, until)
  ),
  landings as (
    select * from private.session_landings(array(select distinct e.session_id from events e where e.session_id is not null))
  )
  select
    coalesce(e.session_id, 'conversion:' || e.conversion_id),
    e.kind,
    coalesce(
      landing.landing_path,
      case when e.landing_path is not null
        then coalesce(nullif(split_part(split_part(e.landing_path, '#', 1), '?', 1), ''), '/') end
    ),
    case when landing.landing_path is not null then landing.landing_campaign
      else left(private.query_param(e.landing_path, 'utm_campaign'), 200) end
  from events e
  left join landings landing on landing.session_id = e.session_id collate "C"
$function$
;

revoke all on function private.landing_conversions(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_conversions(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.landing_conversions(timestamp with time zone,timestamp with time zone) to public;
grant execute on function private.landing_conversions(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_daily_conversions(since timestamp with time zone, until timestamp with time zone, cuts timestamp with time zone[], time_zone text)
 RETURNS TABLE(day date, conversions bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  with cut_hours as materialized (
    -- the hours a midnight or an end of the range falls inside (not on their start)
    select distinct date_trunc('hour', c, 'UTC') as h
    from unnest(cuts || array[since, until]) c
    where date_trunc('hour', c, 'UTC') <> c
  ),
  parts as (
    select (r.hour at time zone time_zone)::date as day, r.conversions
    from private.conversion_hourly r
    where r.hour >= since and r.hour + interval '1 hour' <= until
      and r.hour not in (select k.h from cut_hours k)
    union all
    select (e.created_at at time zone time_zone)::date, 1
    from cut_hours k
    cross join lateral (
      select w.created_at from public.waitlist w
      where w.created_at >= greatest(k.h, since) and w.created_at < least(k.h + interval '1 hour', until)
      union all
      select q.created_at from public.quiz_assessments q
      where q.created_at >= greatest(k.h, since) and q.created_at < least(k.h + interval '1 hour', until)
      union all
      select n.created_at from public.newsletter_subscribers n
      where n.created_at >= greatest(k.h, since) and n.created_at < least(k.h + interval '1 hour', until)
      union all
      select c.created_at from public.contact_messages c
      where c.created_at >= greatest(k.h, since) and c.created_at < least(k.h + interval '1 hour', until)
    ) e
  )
  select p.day, sum(p.conversions)::bigint
  from parts p
  group by p.day
  having sum(p.conversions) <> 0;
end;
$function$
;

revoke all on function private.landing_daily_conversions(timestamp with time zone,timestamp with time zone,timestamp with time zone[],text) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_daily_conversions(timestamp with time zone,timestamp with time zone,timestamp with time zone[],text) to "authenticated";
grant execute on function private.landing_daily_conversions(timestamp with time zone,timestamp with time zone,timestamp with time zone[],text) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_daily_traffic(since timestamp with time zone, until timestamp with time zone, cuts timestamp with time zone[])
 RETURNS TABLE(segment_start timestamp with time zone, visitors bigint, page_views bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  with bounds as (
    select b.s, coalesce(lead(b.s) over (order by b.s), until) as e
    from (select distinct c as s from unnest(array[since] || cuts) c where c >= since and c < until) b
  ),
  seg as (
    select b.s, b.e,
           case when h.h1 >= date_trunc('hour', b.e) then b.e else h.h1 end as h1,
           case when h.h1 >= date_trunc('hour', b.e) then b.e else date_trunc('hour', b.e) end as h2
    from bounds b
    cross join lateral (select case when date_trunc('hour', b.s) < b.s
      then date_trunc('hour', b.s) + interval '1 hour' else b.s end as h1) h
  ),
  variant_paths as (select p.path collate "C" as path from private.landing_variant_paths() p),
  parts as (
    select g.s, hs.first_sessions as starts, hs.variant_views as views
    from seg g join private.landing_hourly_sessions hs on hs.hour >= g.h1 and hs.hour < g.h2
    union all
    select g.s, 1, 0
    from seg g join private.analytics_sessions a
      on (a.variant_first_at >= g.s and a.variant_first_at < g.h1) or (a.variant_first_at >= g.h2 and a.variant_first_at < g.e)
    union all
    select g.s, 0, 1
    from seg g join public.web_analytics w
      on w.event_type = 'page_view'
     and ((w.created_at >= g.s and w.created_at < g.h1) or (w.created_at >= g.h2 and w.created_at < g.e))
    where w.path collate "C" in (select vp.path from variant_paths vp)
    union all
    select g.s, 1, 0
    from seg g join private.analytics_sessions a
      on tstzrange(a.variant_first_at, a.variant_last_at, '[]') @> g.s and a.variant_first_at is not null
     and a.variant_first_at < g.s
    where a.variant_last_at < g.e or exists (
      select 1 from public.web_analytics w
      where w.session_id = a.session_id and w.event_type = 'page_view'
        and w.created_at >= g.s and w.created_at < g.e
        and w.path collate "C" in (select vp.path from variant_paths vp))
  )
  select g.s, coalesce(sum(p.starts), 0)::bigint, coalesce(sum(p.views), 0)::bigint
  from seg g left join parts p on p.s = g.s
  group by g.s;
end;
$function$
;

revoke all on function private.landing_daily_traffic(timestamp with time zone,timestamp with time zone,timestamp with time zone[]) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_daily_traffic(timestamp with time zone,timestamp with time zone,timestamp with time zone[]) to "authenticated";
grant execute on function private.landing_daily_traffic(timestamp with time zone,timestamp with time zone,timestamp with time zone[]) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_hourly_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d_views bigint := new.page_views - coalesce(old.page_views, 0);
  d_first bigint := new.first_views - coalesce(old.first_views, 0);
begin
  -- private.rebuild_landing_rollups() fills the day rollups set-based afterwards
  if current_setting('ploom.rebuilding_landing_rollups', true) = 'on' then
    return null;
  end if;
  if d_views = 0 and d_first = 0 then
    return null;
  end if;
  insert into private.landing_daily as d (day, path, campaign_key, page_views, first_views)
  values (date_trunc('day', new.hour, 'UTC'), new.path, new.campaign_key, d_views, d_first)
  on conflict (day, path, campaign_key)
    do update set page_views = d.page_views + excluded.page_views, first_views = d.first_views + excluded.first_views;
  if d_views <> 0 and new.path in (select p.path from private.landing_variant_paths() p) then
    insert into private.landing_hourly_sessions as h (hour, first_sessions, variant_views)
    values (new.hour, 0, d_views)
    on conflict (hour) do update set variant_views = h.variant_views + excluded.variant_views;
  end if;
  return null;
end;
$function$
;

revoke all on function private.landing_hourly_changed() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.landing_leave_add(v_path text, v_campaign text, v_seconds integer, v_at timestamp with time zone, v_delta integer)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into private.landing_leave_seconds as s (level, block, path, campaign_key, seconds, leaves)
  select l, private.epoch_hour(v_at) >> l, v_path, coalesce(v_campaign, ''), v_seconds, v_delta
  from generate_series(0, 11) l
  on conflict (level, block, path, campaign_key, seconds) do update set leaves = s.leaves + excluded.leaves;
  insert into private.landing_leave_bins as b (level, block, path, campaign_key, bin, leaves)
  select l, private.epoch_hour(v_at) >> l, v_path, coalesce(v_campaign, ''), v_seconds / 32, v_delta
  from generate_series(0, 11) l
  on conflict (level, block, path, campaign_key, bin) do update set leaves = b.leaves + excluded.leaves;
$function$
;

revoke all on function private.landing_leave_add(text,text,integer,timestamp with time zone,integer) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.landing_leave_event(v_id bigint, v_session text, v_type text, v_path text, v_campaign text, v_seconds integer, v_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r record;
begin
  if v_path is null or v_path not in (select p.path from private.landing_variant_paths() p) then
    return;
  end if;
  if v_type = 'page_leave' and v_seconds is not null then
    if exists (select 1 from private.analytics_sessions a
               where a.session_id = v_session and a.variant_first_at is not null) then
      perform private.landing_leave_add(v_path, v_campaign, v_seconds, v_at, 1);
    end if;
  elsif v_type = 'page_view' and not exists (
    select 1 from public.web_analytics w
    where w.session_id = v_session and w.event_type = 'page_view' and w.id <> v_id
      and w.path in (select p.path from private.landing_variant_paths() p)
  ) then
    -- The session's first view of a variant: its leaves so far become a visitor's.
    for r in
      select w.path, w.utm_campaign, w.duration_seconds, w.created_at
      from public.web_analytics w
      where w.session_id = v_session and w.event_type = 'page_leave' and w.duration_seconds is not null
        and w.path in (select p.path from private.landing_variant_paths() p)
    loop
      perform private.landing_leave_add(r.path, r.utm_campaign, r.duration_seconds, r.created_at, 1);
    end loop;
  end if;
end;
$function$
;

revoke all on function private.landing_leave_event(bigint,text,text,text,text,integer,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.landing_leave_medians(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, campaign_key text, median_seconds double precision)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  s1 timestamptz := date_trunc('hour', since);
  s2 timestamptz := date_trunc('hour', until);
begin
  perform private.require_staff_two_factor();
  if s1 < since then s1 := s1 + interval '1 hour'; end if;
  if s1 >= s2 then s1 := until; s2 := until; end if;
  -- [s1, s2): whole hours from the blocks; [since, s1) and [s2, until): raw leaves.
  return query
  with nodes as materialized (
    select b.level, b.block from private.hour_blocks(private.epoch_hour(s1), private.epoch_hour(s2)) b
  ),
  variant_paths as materialized (
    select p.path collate "C" as path from private.landing_variant_paths() p
  ),
  -- sessions with a variant view, but none inside the range, whose events span one of its ends: the
  -- rollups count their leaves, the range must not
  outside as materialized (
    select a.session_id from private.analytics_sessions a
    where (tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> since
           or tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> until)
      and a.variant_first_at is not null
      and not ((a.variant_first_at >= since and a.variant_first_at < until)
               or (a.variant_last_at >= since and a.variant_last_at < until)
               or (a.variant_first_at < since and a.variant_last_at >= until and exists (
                     select 1 from public.web_analytics w
                     where w.session_id = a.session_id and w.event_type = 'page_view'
                       and w.created_at >= since and w.created_at < until
                       and w.path collate "C" in (select vp.path from variant_paths vp))))
  ),
  loose as materialized (
    select w.path collate "C" as path, coalesce(w.utm_campaign, '') collate "C" as ck,
           w.duration_seconds as seconds, 1 as n
    from public.web_analytics w
    join private.analytics_sessions a on a.session_id = w.session_id collate "C" and a.variant_first_at is not null
    where w.event_type = 'page_leave' and w.duration_seconds is not null
      and ((w.created_at >= since and w.created_at < s1) or (w.created_at >= s2 and w.created_at < until))
      and w.path collate "C" in (select vp.path from variant_paths vp)
    union all
    select w.path, w.ck, w.seconds, -1
    from outside o
    -- each such session's events by its index (offset 0: never a scan of the range's rows)
    cross join lateral (
      select w.path collate "C" as path, coalesce(w.utm_campaign, '') collate "C" as ck, w.duration_seconds as seconds
      from public.web_analytics w
      where w.session_id = o.session_id collate "default"
        and w.event_type = 'page_leave' and w.duration_seconds is not null
        and w.created_at >= since and w.created_at < until
      offset 0
    ) w
    where w.path in (select vp.path from variant_paths vp)
  ),
  bins as (
    select x.path, x.ck, x.bin, sum(x.n)::bigint as n
    from (
      select b.path, b.campaign_key as ck, b.bin, b.leaves as n
      from nodes k join private.landing_leave_bins b on b.level = k.level and b.block = k.block
      union all
      select l.path, l.ck, l.seconds / 32, l.n from loose l
    ) x
    where x.path in (select vp.path from variant_paths vp)
    group by 1, 2, 3
    having sum(x.n) <> 0
  ),
  ranked as (
    select b.path, b.ck, b.bin, b.n,
           (sum(b.n) over (partition by b.path, b.ck order by b.bin))::bigint - b.n as before,
           (sum(b.n) over (partition by b.path, b.ck))::bigint as total
    from bins b
  ),
  -- percentile_cont(0.5) over n sorted values: the mean of those at (0-based) ranks (n-1)/2 and n/2
  wanted as (
    select r.path, r.ck, r.bin, r.before, r.total
    from ranked r
    where ((r.total - 1) / 2 >= r.before and (r.total - 1) / 2 < r.before + r.n)
       or (r.total / 2 >= r.before and r.total / 2 < r.before + r.n)
  ),
  fine as (
    select x.path, x.ck, x.bin, x.before, x.total, x.seconds, sum(x.n)::bigint as n
    from (
      select w.path, w.ck, w.bin, w.before, w.total, s.seconds, s.leaves as n
      from wanted w
      cross join nodes k
      -- one index range per block and bin (offset 0: kept a parameterized scan, not a hash of
      -- every block's rows)
      cross join lateral (
        select s.seconds, s.leaves from private.landing_leave_seconds s
        where s.level = k.level and s.block = k.block and s.path = w.path and s.campaign_key = w.ck
          and s.seconds >= w.bin * 32 and s.seconds < w.bin * 32 + 32
        offset 0
      ) s
      union all
      select w.path, w.ck, w.bin, w.before, w.total, l.seconds, l.n
      from wanted w join loose l on l.path = w.path and l.ck = w.ck and l.seconds / 32 = w.bin
    ) x
    group by 1, 2, 3, 4, 5, 6
    having sum(x.n) <> 0
  ),
  fine_ranked as (
    select f.path, f.ck, f.seconds, f.n, f.total,
           f.before + (sum(f.n) over (partition by f.path, f.ck, f.bin order by f.seconds))::bigint - f.n as before
    from fine f
  )
  select f.path::text, f.ck::text,
         (min(f.seconds) filter (where (f.total - 1) / 2 >= f.before and (f.total - 1) / 2 < f.before + f.n)
          + min(f.seconds) filter (where f.total / 2 >= f.before and f.total / 2 < f.before + f.n))::double precision / 2
  from fine_ranked f
  group by f.path, f.ck;
end;
$function$
;

revoke all on function private.landing_leave_medians(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_leave_medians(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.landing_leave_medians(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_rollup_event(v_session text, v_type text, v_path text, v_campaign text, v_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ck text := coalesce(v_campaign, '');
  old_first timestamptz;
  s private.analytics_sessions;
  is_view boolean := v_type = 'page_view';
  is_variant boolean := v_type = 'page_view' and v_path in (select p.path from private.landing_variant_paths() p);
begin
  if is_view then
    insert into private.landing_visits (session_id, path, campaign_key, first_view_at, last_view_at, views)
    values (v_session, v_path, ck, v_at, v_at, 1)
    on conflict do nothing;
    if found then
      insert into private.landing_hourly as h (hour, path, campaign_key, page_views, first_views)
      values (date_trunc('hour', v_at), v_path, ck, 1, 1)
      on conflict (hour, path, campaign_key)
        do update set page_views = h.page_views + 1, first_views = h.first_views + 1;
    else
      select v.first_view_at into old_first from private.landing_visits v
      where v.session_id = v_session and v.path = v_path and v.campaign_key = ck for update;
      update private.landing_visits v
      set first_view_at = least(v.first_view_at, v_at), last_view_at = greatest(v.last_view_at, v_at),
          views = v.views + 1
      where v.session_id = v_session and v.path = v_path and v.campaign_key = ck;
      insert into private.landing_hourly as h (hour, path, campaign_key, page_views, first_views)
      values (date_trunc('hour', v_at), v_path, ck, 1, case when v_at < old_first then 1 else 0 end)
      on conflict (hour, path, campaign_key)
        do update set page_views = h.page_views + 1, first_views = h.first_views + excluded.first_views;
      if v_at < old_first then
        update private.landing_hourly h set first_views = h.first_views - 1
        where h.hour = date_trunc('hour', old_first) and h.path = v_path and h.campaign_key = ck;
      end if;
    end if;
  end if;

  insert into private.analytics_sessions (session_id, landing_at, landing_path, landing_campaign,
                                          variant_first_at, variant_last_at, activity_first_at, activity_last_at)
  values (v_session, case when is_view then v_at end, case when is_view then v_path end,
          case when is_view then v_campaign end,
          case when is_variant then v_at end, case when is_variant then v_at end, v_at, v_at)
  on conflict do nothing;
  if found then
    if is_variant then
      insert into private.landing_hourly_sessions as h (hour, first_sessions)
      values (date_trunc('hour', v_at), 1)
      on conflict (hour) do update set first_sessions = h.first_sessions + 1;
    end if;
    return;
  end if;
  select * into s from private.analytics_sessions a where a.session_id = v_session for update;
  update private.analytics_sessions a
  set activity_first_at = least(a.activity_first_at, v_at), activity_last_at = greatest(a.activity_last_at, v_at)
  where a.session_id = v_session;
  if is_view and (s.landing_at is null or v_at < s.landing_at) then
    update private.analytics_sessions a
    set landing_at = v_at, landing_path = v_path, landing_campaign = v_campaign
    where a.session_id = v_session;
  end if;
  if is_variant then
    update private.analytics_sessions a
    set variant_first_at = least(a.variant_first_at, v_at),
        variant_last_at = greatest(a.variant_last_at, v_at)
    where a.session_id = v_session;
    if s.variant_first_at is null or v_at < s.variant_first_at then
      insert into private.landing_hourly_sessions as h (hour, first_sessions)
      values (date_trunc('hour', v_at), 1)
      on conflict (hour) do update set first_sessions = h.first_sessions + 1;
      if s.variant_first_at is not null then
        update private.landing_hourly_sessions h set first_sessions = h.first_sessions - 1
        where h.hour = date_trunc('hour', s.variant_first_at);
      end if;
    end if;
  end if;
end;
$function$
;

revoke all on function private.landing_rollup_event(text,text,text,text,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.landing_traffic(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, utm_campaign text, visitors bigint, page_views bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  h1 timestamptz := date_trunc('hour', since);
  h2 timestamptz := date_trunc('hour', until);
  d1 timestamptz;
  d2 timestamptz;
begin
  perform private.require_staff_two_factor();
  if h1 < since then h1 := h1 + interval '1 hour'; end if;
  if h1 >= h2 then h1 := until; h2 := until; end if;
  d1 := date_trunc('day', h1, 'UTC');
  if d1 < h1 then d1 := d1 + interval '1 day'; end if;
  d2 := date_trunc('day', h2, 'UTC');
  if d1 >= d2 then d1 := h2; d2 := h2; end if;
  -- [d1, d2): whole UTC days; [h1, d1) and [d2, h2): whole hours; [since, h1) and [h2, until): raw rows.
  return query
    with parts as (
      select h.path, h.campaign_key, h.page_views, h.first_views as starts
      from private.landing_daily h
      where h.day >= d1 and h.day < d2
      union all
      select h.path, h.campaign_key, h.page_views, h.first_views as starts
      from private.landing_hourly h
      where (h.hour >= h1 and h.hour < d1) or (h.hour >= d2 and h.hour < h2)
      union all
      select w.path collate "C", coalesce(w.utm_campaign, '') collate "C", 1, 0
      from public.web_analytics w
      where w.event_type = 'page_view'
        and ((w.created_at >= since and w.created_at < h1) or (w.created_at >= h2 and w.created_at < until))
      union all
      select v.path, v.campaign_key, 0, 1
      from private.landing_visits v
      where (v.first_view_at >= since and v.first_view_at < h1) or (v.first_view_at >= h2 and v.first_view_at < until)
      union all
      -- visits that began before the range and have a view inside it
      select v.path, v.campaign_key, 0, 1
      from private.landing_visits v
      where tstzrange(v.first_view_at, v.last_view_at, '[]') @> since and v.first_view_at < since
        and (v.last_view_at < until or exists (
          select 1 from public.web_analytics w
          where w.session_id = v.session_id and w.event_type = 'page_view'
            and w.created_at >= since and w.created_at < until
            and w.path = v.path and coalesce(w.utm_campaign, '') = v.campaign_key))
    )
    select p.path::text, nullif(p.campaign_key, '')::text, sum(p.starts)::bigint, sum(p.page_views)::bigint
    from parts p
    group by p.path, p.campaign_key
    having sum(p.starts) > 0 or sum(p.page_views) > 0;
end;
$function$
;

revoke all on function private.landing_traffic(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_traffic(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.landing_traffic(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_variant_paths()
 RETURNS TABLE(path text)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  values ('/'), ('/coaching'), ('/coaching-home'), ('/pricing'), ('/coaching-v2')
$function$
;

revoke all on function private.landing_variant_paths() from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_variant_paths() to "authenticated";
grant execute on function private.landing_variant_paths() to "service_role";

CREATE OR REPLACE FUNCTION private.non_visitor_sessions(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(session_id text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  select a.session_id from private.analytics_sessions a where a.variant_first_at is null
  union
  select a.session_id from private.analytics_sessions a
  where (tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> since
         or tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> until)
    and a.variant_first_at is not null
    and not ((a.variant_first_at >= since and a.variant_first_at < until)
             or (a.variant_last_at >= since and a.variant_last_at < until)
             or (a.variant_first_at < since and a.variant_last_at >= until and exists (
                   select 1 from public.web_analytics w
                   where w.session_id = a.session_id and w.event_type = 'page_view'
                     and w.created_at >= since and w.created_at < until
                     and w.path in (select p.path from private.landing_variant_paths() p))));
end;
$function$
;

revoke all on function private.non_visitor_sessions(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.non_visitor_sessions(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.non_visitor_sessions(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.query_param(page_path text, param text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select nullif(private.url_decode(substr(pair, strpos(pair, '=') + 1)), '')
  from regexp_split_to_table(
    split_part(split_part(coalesce(page_path, ''), '#', 1), '?', 2),
    '&'
  ) with ordinality as parts(pair, n)
  where strpos(pair, '=') > 0
    and lower(private.url_decode(left(pair, strpos(pair, '=') - 1))) = lower(param)
  order by n
  limit 1
$function$
;

revoke all on function private.query_param(text,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.query_param(text,text) to "anon";
grant execute on function private.query_param(text,text) to "authenticated";
grant execute on function private.query_param(text,text) to public;
grant execute on function private.query_param(text,text) to "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_conversion_attributions()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  truncate private.conversion_attributions;
  insert into private.conversion_attributions (conversion_id, session_key, session_id, kind, created_at, path, utm_campaign)
  select e.conversion_id, coalesce(e.session_id, 'conversion:' || e.conversion_id), e.session_id, e.kind, e.created_at,
    coalesce(a.landing_path, case when e.landing_path is not null
      then coalesce(nullif(split_part(split_part(e.landing_path, '#', 1), '?', 1), ''), '/') end),
    case when a.landing_path is not null then a.landing_campaign
      else left(private.query_param(e.landing_path, 'utm_campaign'), 200) end
  from (
    select w.id::text as conversion_id, w.analytics_session_id as session_id,
           case w.source when 'fit-call' then 'fit_call' when 'contact-v2' then 'contact' else 'waitlist' end as kind,
           w.created_at, w.landing_path
    from public.waitlist w
    union all
    select q.id::text, q.analytics_session_id, 'quiz', q.created_at, q.landing_path from public.quiz_assessments q
    union all
    select n.id::text, n.analytics_session_id, 'newsletter', n.created_at, null from public.newsletter_subscribers n
    union all
    select c.id::text, c.analytics_session_id, 'contact', c.created_at, null from public.contact_messages c
  ) e
  left join private.analytics_sessions a on a.session_id = e.session_id collate "C" and a.landing_path is not null;
$function$
;

revoke all on function private.rebuild_conversion_attributions() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_conversion_hourly()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  truncate private.conversion_hourly;
  insert into private.conversion_hourly (hour, conversions)
  select date_trunc('hour', c.created_at, 'UTC'), count(*)
  from (
    select w.created_at from public.waitlist w
    union all select q.created_at from public.quiz_assessments q
    union all select n.created_at from public.newsletter_subscribers n
    union all select c.created_at from public.contact_messages c
  ) c
  group by 1;
$function$
;

revoke all on function private.rebuild_conversion_hourly() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_landing_day_rollups()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  truncate private.landing_daily;
  insert into private.landing_daily (day, path, campaign_key, page_views, first_views)
  select date_trunc('day', h.hour, 'UTC'), h.path, h.campaign_key, sum(h.page_views), sum(h.first_views)
  from private.landing_hourly h
  group by 1, 2, 3;
  update private.landing_hourly_sessions h set variant_views = 0 where h.variant_views <> 0;
  insert into private.landing_hourly_sessions as s (hour, first_sessions, variant_views)
  select h.hour, 0, sum(h.page_views)
  from private.landing_hourly h
  where h.path in (select p.path from private.landing_variant_paths() p)
  group by 1
  on conflict (hour) do update set variant_views = excluded.variant_views;
end;
$function$
;

revoke all on function private.rebuild_landing_day_rollups() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_landing_leave_rollups()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  truncate private.landing_leave_bins, private.landing_leave_seconds;
  insert into private.landing_leave_seconds (level, block, path, campaign_key, seconds, leaves)
  select 0, private.epoch_hour(w.created_at), w.path, coalesce(w.utm_campaign, ''), w.duration_seconds, count(*)
  from public.web_analytics w
  join private.analytics_sessions a on a.session_id = w.session_id collate "C" and a.variant_first_at is not null
  where w.event_type = 'page_leave' and w.duration_seconds is not null
    and w.path in (select p.path from private.landing_variant_paths() p)
  group by 2, 3, 4, 5;
  for l in 1..11 loop
    insert into private.landing_leave_seconds (level, block, path, campaign_key, seconds, leaves)
    select l, s.block >> 1, s.path, s.campaign_key, s.seconds, sum(s.leaves)
    from private.landing_leave_seconds s
    where s.level = l - 1
    group by 2, 3, 4, 5;
  end loop;
  insert into private.landing_leave_bins (level, block, path, campaign_key, bin, leaves)
  select s.level, s.block, s.path, s.campaign_key, s.seconds / 32, sum(s.leaves)
  from private.landing_leave_seconds s
  group by 1, 2, 3, 4, 5;
end;
$function$
;

revoke all on function private.rebuild_landing_leave_rollups() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_landing_rollups()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform set_config('ploom.rebuilding_landing_rollups', 'on', true);
  truncate private.landing_visits, private.landing_hourly, private.analytics_sessions,
    private.landing_hourly_sessions;
  insert into private.landing_visits (session_id, path, campaign_key, first_view_at, last_view_at, views)
  select w.session_id, w.path, coalesce(w.utm_campaign, ''), min(w.created_at), max(w.created_at), count(*)
  from public.web_analytics w
  where w.event_type = 'page_view'
  group by 1, 2, 3;
  insert into private.landing_hourly (hour, path, campaign_key, page_views, first_views)
  select coalesce(p.hour, f.hour), coalesce(p.path, f.path), coalesce(p.campaign_key, f.campaign_key),
         coalesce(p.page_views, 0), coalesce(f.first_views, 0)
  from (
    select date_trunc('hour', w.created_at) as hour, w.path collate "C" as path,
           coalesce(w.utm_campaign, '') collate "C" as campaign_key, count(*) as page_views
    from public.web_analytics w where w.event_type = 'page_view'
    group by 1, 2, 3
  ) p
  full join (
    select date_trunc('hour', v.first_view_at) as hour, v.path, v.campaign_key, count(*) as first_views
    from private.landing_visits v group by 1, 2, 3
  ) f on f.hour = p.hour and f.path = p.path and f.campaign_key = p.campaign_key;
  insert into private.analytics_sessions (session_id, landing_at, landing_path, landing_campaign,
                                          variant_first_at, variant_last_at, activity_first_at, activity_last_at)
  select e.session_id, l.created_at, l.path, l.utm_campaign, vs.first_at, vs.last_at, e.first_at, e.last_at
  from (
    select w.session_id collate "C" as session_id, min(w.created_at) as first_at, max(w.created_at) as last_at
    from public.web_analytics w group by 1
  ) e
  left join (
    select distinct on (w.session_id) w.session_id collate "C" as session_id, w.created_at, w.path, w.utm_campaign
    from public.web_analytics w
    where w.event_type = 'page_view'
    order by w.session_id, w.created_at, w.id
  ) l on l.session_id = e.session_id
  left join (
    select v.session_id, min(v.first_view_at) as first_at, max(v.last_view_at) as last_at
    from private.landing_visits v
    where v.path in (select p.path from private.landing_variant_paths() p)
    group by 1
  ) vs on vs.session_id = e.session_id;
  insert into private.landing_hourly_sessions (hour, first_sessions)
  select date_trunc('hour', s.variant_first_at), count(*)
  from private.analytics_sessions s where s.variant_first_at is not null
  group by 1;
  perform set_config('ploom.rebuilding_landing_rollups', 'off', true);
  perform private.rebuild_landing_day_rollups();
  perform private.rebuild_landing_leave_rollups();
  perform private.rebuild_conversion_hourly();
  perform private.rebuild_conversion_attributions();
end;
$function$
;

revoke all on function private.rebuild_landing_rollups() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_session_status_counts()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.session_status_counts;
  insert into private.session_status_counts (status, sessions)
  select s.status, count(*) from public.coaching_sessions s group by s.status;
$function$
;

revoke all on function private.rebuild_session_status_counts() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.report_currency()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'USD' $function$
;

revoke all on function private.report_currency() from "anon", "authenticated", public, "service_role";
grant execute on function private.report_currency() to "authenticated";
grant execute on function private.report_currency() to public;
grant execute on function private.report_currency() to "service_role";

CREATE OR REPLACE FUNCTION private.report_facts(child uuid, first date, last date, zone text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with
  span as (
    select (first::timestamp at time zone zone) as lo, ((last + 1)::timestamp at time zone zone) as hi
  ),
  sessions as (
    select
      count(*) filter (where s.status = 'completed') as attended,
      count(*) filter (where s.status = 'no_show') as missed,
      count(*) filter (where s.status = 'cancelled') as cancelled,
      count(*) filter (where s.status = 'scheduled') as still_scheduled
    from public.coaching_sessions s, span
    where s.child_id = child and s.starts_at >= span.lo and s.starts_at < span.hi
  ),
  checks as (
    select k.taken_at, k.scores from public.check_ins k, span
    where k.child_id = child and k.taken_at < span.hi
    order by k.taken_at
  ),
  -- the first score of the period's change: the last check-in before it, or its own first
  baseline as (
    select c.taken_at, c.scores from checks c, span where c.taken_at < span.lo order by c.taken_at desc limit 1
  ),
  in_period as (
    select c.taken_at, c.scores from checks c, span where c.taken_at >= span.lo
  ),
  goals as (
    select g.id, g.title, g.archived_at,
      (select count(*) from public.practice_days d where d.goal_id = g.id and d.practised_on between first and last) as days
    from public.practice_goals g
    where g.child_id = child
      and g.created_at < (select hi from span)
      and (g.archived_at is null or g.archived_at >= (select lo from span))
  ),
  points as (
    select coalesce(sum(p.points) filter (where p.created_at >= span.lo and p.created_at < span.hi), 0) as earned,
      coalesce(sum(p.points) filter (where p.created_at < span.hi), 0) as total
    from public.ploom_points p, span
    where p.child_id = child
  )
  select jsonb_build_object(
    'sessions', (select jsonb_build_object('attended', attended, 'missed', missed, 'cancelled', cancelled,
                                           'still_scheduled', still_scheduled) from sessions),
    'check_ins', jsonb_build_object(
      'taken', (select coalesce(jsonb_agg(jsonb_build_object('taken_at', taken_at, 'scores', scores) order by taken_at), '[]'::jsonb) from in_period),
      'before', (select jsonb_build_object('taken_at', taken_at, 'scores', scores) from baseline)
    ),
    'practice', (
      select coalesce(jsonb_agg(jsonb_build_object('title', title, 'days', days, 'of_days', last - first + 1)
                                order by days desc, title), '[]'::jsonb)
      from goals
    ),
    'points', (select jsonb_build_object('earned', earned, 'total', total) from points)
  )
$function$
;

revoke all on function private.report_facts(uuid,date,date,text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.report_period(cadence text, day date)
 RETURNS TABLE(period_start date, period_end date)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select
    case cadence when 'weekly' then pg_catalog.date_trunc('week', day)::date else pg_catalog.date_trunc('month', day)::date end,
    case cadence
      when 'weekly' then (pg_catalog.date_trunc('week', day) + interval '6 days')::date
      else (pg_catalog.date_trunc('month', day) + interval '1 month' - interval '1 day')::date
    end
$function$
;

revoke all on function private.report_period(text,date) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.session_landing_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if current_setting('ploom.rebuilding_landing_rollups', true) = 'on' then
    return null;
  end if;
  if new.landing_path is null
     or (tg_op = 'UPDATE' and old.landing_path is not distinct from new.landing_path
         and old.landing_campaign is not distinct from new.landing_campaign) then
    return null;
  end if;
  update private.conversion_attributions c
  set path = new.landing_path, utm_campaign = new.landing_campaign
  where c.session_id = new.session_id;
  return null;
end;
$function$
;

revoke all on function private.session_landing_changed() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.url_decode(encoded text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  bytes bytea := ''::bytea;
  pos integer := 1;
  total integer;
  ch text;
begin
  if encoded is null then
    return null;
  end if;
  encoded := replace(encoded, '+', ' ');
  total := length(encoded);
  while pos <= total loop
    ch := substr(encoded, pos, 1);
    if ch = '%' and substr(encoded, pos + 1, 2) ~ '^[0-9A-Fa-f]{2}$' then
      bytes := bytes || decode(substr(encoded, pos + 1, 2), 'hex');
      pos := pos + 3;
    else
      bytes := bytes || convert_to(ch, 'UTF8');
      pos := pos + 1;
    end if;
  end loop;
  return convert_from(bytes, 'UTF8');
exception
  when others then
    return encoded;
end;
$function$
;

revoke all on function private.url_decode(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.url_decode(text) to "anon";
grant execute on function private.url_decode(text) to "authenticated";
grant execute on function private.url_decode(text) to public;
grant execute on function private.url_decode(text) to "service_role";

CREATE OR REPLACE FUNCTION private.web_analytics_child_anonymous()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  section text[];
begin
  if split_part(split_part(new.page_path, '#', 1), '?', 1) !~ '^/child(/|$)' then
    return new;
  end if;
  if new.event_type <> 'page_view' then
    return null;
  end if;
  section := (regexp_match(new.page_path, '^(/child(?:/[^/?#]+)?)'));
  new.page_path := section[1];
  new.session_id := 'anonymous';
  new.referrer := null;
  new.user_agent := null;
  new.device_type := null;
  new.duration_seconds := null;
  new.metadata := '{}'::jsonb;
  return new;
end;
$function$
;

revoke all on function private.web_analytics_child_anonymous() from "anon", "authenticated", public, "service_role";
grant execute on function private.web_analytics_child_anonymous() to "anon";
grant execute on function private.web_analytics_child_anonymous() to "authenticated";
grant execute on function private.web_analytics_child_anonymous() to public;
grant execute on function private.web_analytics_child_anonymous() to "service_role";

CREATE OR REPLACE FUNCTION private.web_analytics_derive_columns()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.path := left(split_part(split_part(new.page_path, '#', 1), '?', 1), 2048);
  if new.path = '' then
    new.path := '/';
  end if;
  new.utm_source := left(private.query_param(new.page_path, 'utm_source'), 200);
  new.utm_medium := left(private.query_param(new.page_path, 'utm_medium'), 200);
  new.utm_campaign := left(private.query_param(new.page_path, 'utm_campaign'), 200);
  new.utm_term := left(private.query_param(new.page_path, 'utm_term'), 200);
  new.utm_content := left(private.query_param(new.page_path, 'utm_content'), 200);
  return new;
end;
$function$
;

revoke all on function private.web_analytics_derive_columns() from "anon", "authenticated", public, "service_role";
grant execute on function private.web_analytics_derive_columns() to "anon";
grant execute on function private.web_analytics_derive_columns() to "authenticated";
grant execute on function private.web_analytics_derive_columns() to public;
grant execute on function private.web_analytics_derive_columns() to "service_role";

CREATE OR REPLACE FUNCTION private.web_analytics_rollup()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.landing_rollup_event(new.session_id, new.event_type, new.path, new.utm_campaign,
                                      new.created_at);
  perform private.landing_leave_event(new.id, new.session_id, new.event_type, new.path, new.utm_campaign,
                                      new.duration_seconds, new.created_at);
  return null;
end;
$function$
;

revoke all on function private.web_analytics_rollup() from "anon", "authenticated", public, "service_role";
grant execute on function private.web_analytics_rollup() to "anon";
grant execute on function private.web_analytics_rollup() to "authenticated";
grant execute on function private.web_analytics_rollup() to "service_role";

CREATE OR REPLACE FUNCTION private.web_analytics_skip_staff()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null then
    if private.has_role(auth.uid(), 'admin') or private.has_role(auth.uid(), 'coach') then
      return null;
    end if;
  end if;
  return new;
end;
$function$
;

revoke all on function private.web_analytics_skip_staff() from "anon", "authenticated", public, "service_role";
grant execute on function private.web_analytics_skip_staff() to "anon";
grant execute on function private.web_analytics_skip_staff() to "authenticated";
grant execute on function private.web_analytics_skip_staff() to "service_role";

CREATE OR REPLACE FUNCTION public.admin_overview(day_start timestamp with time zone, week_start timestamp with time zone)
 RETURNS TABLE(leads_since_yesterday bigint, overdue_since_yesterday bigint, leads_this_week bigint, overdue_this_week bigint, waiting_total bigint, overdue_total bigint, sessions_today bigint, sessions_this_week bigint, families_enrolled bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with lead_counts as (
    select
      count(*) filter (where l.created_at >= day_start - interval '1 day') as since_yesterday,
      count(*) filter (where l.created_at >= day_start - interval '1 day' and l.overdue) as overdue_since_yesterday,
      count(*) filter (where l.created_at >= week_start) as this_week,
      count(*) filter (where l.created_at >= week_start and l.overdue) as overdue_this_week,
      count(*) filter (where l.status = 'new') as waiting_total,
      count(*) filter (where l.overdue) as overdue_total
    from public.lead_list l
    where l.created_at >= least(day_start - interval '1 day', week_start) or l.status = 'new'
  ),
  session_counts as (
    select
      count(*) filter (where s.starts_at >= day_start and s.starts_at < day_start + interval '1 day') as today,
      count(*) as this_week
    from public.coaching_sessions s
    where s.starts_at >= week_start and s.starts_at < week_start + interval '7 days'
      and s.status <> 'cancelled'
  )
  select
    lc.since_yesterday, lc.overdue_since_yesterday, lc.this_week, lc.overdue_this_week,
    lc.waiting_total, lc.overdue_total,
    sc.today, sc.this_week,
    case when private.is_admin() then (select count(distinct c.parent_id) from public.children c) end
  from lead_counts lc, session_counts sc
$function$
;

revoke all on function public.admin_overview(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.admin_overview(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.admin_overview(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.cockpit_weekly(since timestamp with time zone, until timestamp with time zone, time_zone text DEFAULT 'UTC'::text)
 RETURNS TABLE(week_start date, campaign text, spend_minor bigint, enrolled bigint)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  report_currency text := private.report_currency();
  first_day date;
  last_day date;
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may read the marketing cockpit' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  perform private.check_report_range(since, until);
  if time_zone is null then
    raise exception 'The time zone is required' using errcode = '22023';
  end if;
  begin
    perform pg_catalog.now() at time zone time_zone;
  exception when others then
    raise exception 'Unknown time zone: %', left(time_zone, 64) using errcode = '22023';
  end;
  first_day := (since at time zone time_zone)::date;
  if (first_day::timestamp at time zone time_zone) < since then
    first_day := first_day + 1;
  end if;
  last_day := (until at time zone time_zone)::date;
  if (last_day::timestamp at time zone time_zone) >= until then
    last_day := last_day - 1;
  end if;
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    spend as (
      select pg_catalog.date_trunc('week', s.day)::date as week, s.campaign collate "C" as campaign,
             sum(s.amount_minor)::bigint as spend
      from public.ad_spend s
      where s.day between first_day and last_day and s.currency = report_currency
      group by 1, 2
    ),
    enrolments as (
      select pg_catalog.date_trunc('week', (l.created_at at time zone time_zone))::date as week,
             nullif(l.utm_campaign, '') collate "C" as campaign, count(*)::bigint as enrolled
      from public.leads l
      join variant_paths vp on vp.path = l.landing_variant collate "C"
      where l.created_at >= since and l.created_at < until and l.status = 'enrolled'
        and nullif(l.utm_campaign, '') is not null
      group by 1, 2
    )
    select coalesce(s.week, e.week), coalesce(s.campaign, e.campaign)::text,
           coalesce(s.spend, 0), coalesce(e.enrolled, 0)
    from spend s
    full join enrolments e on e.week = s.week and e.campaign = s.campaign
    order by 1, 2;
end;
$function$
;

revoke all on function public.cockpit_weekly(timestamp with time zone,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.cockpit_weekly(timestamp with time zone,timestamp with time zone,text) to "authenticated";
grant execute on function public.cockpit_weekly(timestamp with time zone,timestamp with time zone,text) to "service_role";

CREATE OR REPLACE FUNCTION public.import_ad_spend(rows jsonb, source text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  max_rows constant integer := 20000;
  max_listed constant integer := 100;
  total integer;
  problems jsonb;
  problem_count integer;
  bad_rows integer;
  first_problem jsonb;
  message text;
  inserted integer;
  updated integer;
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may enter ad spend' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if import_ad_spend.source is null or import_ad_spend.source not in ('google-ads', 'meta', 'manual') then
    raise exception 'The source of the spend must be google-ads, meta or manual' using errcode = '22023';
  end if;
  if import_ad_spend.rows is null or jsonb_typeof(import_ad_spend.rows) <> 'array' then
    raise exception 'The rows must be a JSON array of {day, campaign, amountMinor, currency}' using errcode = '22023';
  end if;
  total := jsonb_array_length(import_ad_spend.rows);
  if total > max_rows then
    raise exception 'An import holds at most % rows (a year of 50 campaigns); this one has %: import it in parts',
      max_rows, total using errcode = '22023';
  end if;

  with items as (
    select (r.n - 1)::integer as idx, r.value,
           private.ad_spend_row_problems(r.value, (pg_catalog.now() at time zone 'UTC')::date) as found
    from jsonb_array_elements(import_ad_spend.rows) with ordinality as r (value, n)
  ),
  repeated as (
    -- A campaign's day twice in one import (the file's rows for it are added up before it comes here).
    select k.idx, k.campaign, k.day, k.first_idx
    from (
      select i.idx, i.value ->> 'campaign' as campaign, i.value ->> 'day' as day,
             min(i.idx) over (partition by i.value ->> 'campaign', i.value ->> 'day') as first_idx
      from items i
      where cardinality(i.found) = 0
    ) k
    where k.idx <> k.first_idx
  ),
  listed as (
    select i.idx, p.reason, p.n
    from items i, unnest(i.found) with ordinality as p (reason, n)
    union all
    select r.idx,
           'The campaign ' || private.ad_spend_quoted(to_jsonb(r.campaign)) || ' on ' || r.day
             || ' is also row ' || r.first_idx || ': a campaign''s day comes once in an import.',
           1
    from repeated r
  )
  select count(*), count(distinct l.idx),
         (select jsonb_agg(jsonb_build_object('index', f.idx, 'reason', f.reason) order by f.idx, f.n)
          from (select * from listed order by idx, n limit max_listed) f)
  into problem_count, bad_rows, problems
  from listed l;

  if problem_count > 0 then
    first_problem := problems -> 0;
    message := format('%s of the %s rows cannot be imported, so none was. Row %s: %s%s',
      bad_rows, total, first_problem ->> 'index', first_problem ->> 'reason',
      case when problem_count > 1
        then format(' And %s more problem%s (see the details).', problem_count - 1,
                    case when problem_count > 2 then 's' else '' end)
        else '' end);
    if problem_count > max_listed then
      raise exception '%', message using errcode = '22023', detail = problems::text,
        hint = format('The details list the first %s of the %s problems.', max_listed, problem_count);
    end if;
    raise exception '%', message using errcode = '22023', detail = problems::text;
  end if;

  with incoming as (
    select r.value ->> 'campaign' as campaign, (r.value ->> 'day')::date as day,
           (r.value -> 'amountMinor')::text::numeric::bigint as amount_minor, r.value ->> 'currency' as currency
    from jsonb_array_elements(import_ad_spend.rows) as r (value)
  ),
  applied as (
    insert into public.ad_spend as a (campaign, day, amount_minor, currency, source)
    select i.campaign, i.day, i.amount_minor, i.currency, import_ad_spend.source
    from incoming i
    order by i.campaign, i.day -- one order for every import: two at once never deadlock
    on conflict (campaign, day, source) do update
      set amount_minor = excluded.amount_minor, currency = excluded.currency
      where a.amount_minor <> excluded.amount_minor or a.currency <> excluded.currency
    returning (a.xmax = 0) as is_new
  )
  select count(*) filter (where ap.is_new), count(*) filter (where not ap.is_new)
  into inserted, updated
  from applied ap;

  return jsonb_build_object('inserted', inserted, 'updated', updated, 'unchanged', total - inserted - updated);
end;
$function$
;

revoke all on function public.import_ad_spend(jsonb,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.import_ad_spend(jsonb,text) to "authenticated";
grant execute on function public.import_ad_spend(jsonb,text) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_report(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, utm_campaign text, visitors bigint, page_views bigint, median_seconds numeric, quiz_completed bigint, fit_calls bigint, waitlist_joins bigint, newsletter_signups bigint, contact_requests bigint, conversions bigint, converted_visitors bigint, conversion_rate numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET work_mem TO '64MB'
AS $function$
#variable_conflict use_column
begin
  perform private.require_report_access();
  perform private.check_report_range(since, until);
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    traffic as (
      select t.path collate "C" as path, t.utm_campaign collate "C" as utm_campaign, t.visitors, t.page_views
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
    ),
    durations as (
      -- a visitor's leaves (its session has a recorded page view of a variant in the range)
      select m.path collate "C" as path, nullif(m.campaign_key, '') collate "C" as utm_campaign,
             m.median_seconds
      from private.landing_leave_medians(since, until) m
      where m.path collate "C" in (select vp.path from variant_paths vp)
    ),
    pages as (
      select coalesce(t.path, d.path) as path, coalesce(t.utm_campaign, d.utm_campaign) as utm_campaign,
             t.visitors, t.page_views, d.median_seconds
      from traffic t
      full join durations d
        on d.path = t.path and coalesce(d.utm_campaign, '') = coalesce(t.utm_campaign, '')
    ),
    conv as (
      select c.path collate "C" as path, c.utm_campaign collate "C" as utm_campaign, c.quiz_completed,
             c.fit_calls, c.waitlist_joins, c.newsletter_signups, c.contact_requests, c.conversions,
             c.converted_visitors
      from private.landing_conversion_counts(since, until) c
    )
    select
      coalesce(p.path, c.path)::text,
      coalesce(p.utm_campaign, c.utm_campaign)::text,
      coalesce(p.visitors, 0),
      coalesce(p.page_views, 0),
      round(p.median_seconds::numeric, 1),
      coalesce(c.quiz_completed, 0),
      coalesce(c.fit_calls, 0),
      coalesce(c.waitlist_joins, 0),
      coalesce(c.newsletter_signups, 0),
      coalesce(c.contact_requests, 0),
      coalesce(c.conversions, 0),
      coalesce(c.converted_visitors, 0),
      case when coalesce(p.visitors, 0) > 0
        then round(coalesce(c.converted_visitors, 0)::numeric / p.visitors, 4) end
    from pages p
    full join conv c
      on coalesce(c.path, '') collate "C" = p.path
      and coalesce(c.utm_campaign, '') collate "C" = coalesce(p.utm_campaign, '')
    order by 3 desc, 1 nulls last, 2 nulls first;
end;
$function$
;

revoke all on function public.landing_report(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_report(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.landing_report(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_report_daily(since timestamp with time zone, until timestamp with time zone, time_zone text DEFAULT 'UTC'::text)
 RETURNS TABLE(day date, visitors bigint, page_views bigint, conversions bigint)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET work_mem TO '64MB'
AS $function$
#variable_conflict use_column
begin
  perform private.require_report_access();
  perform private.check_report_range(since, until);
  begin
    perform now() at time zone time_zone;
  exception when others then
    raise exception 'Unknown time zone: %', time_zone using errcode = '22023';
  end;
  return query
    with days as (
      select g::date as day, (g::date)::timestamp at time zone time_zone as starts
      from generate_series(
        (since at time zone time_zone)::date,
        ((until - interval '1 microsecond') at time zone time_zone)::date,
        interval '1 day'
      ) as g
    ),
    views as (
      select (t.segment_start at time zone time_zone)::date as day, t.visitors, t.page_views
      from private.landing_daily_traffic(since, until, array(select d.starts from days d)) t
    ),
    conv as (
      select c.day, c.conversions
      from private.landing_daily_conversions(since, until, array(select d.starts from days d), time_zone) c
    )
    select d.day, coalesce(v.visitors, 0), coalesce(v.page_views, 0), coalesce(c.conversions, 0)
    from days d
    left join views v on v.day = d.day
    left join conv c on c.day = d.day
    order by d.day;
end;
$function$
;

revoke all on function public.landing_report_daily(timestamp with time zone,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_report_daily(timestamp with time zone,timestamp with time zone,text) to "authenticated";
grant execute on function public.landing_report_daily(timestamp with time zone,timestamp with time zone,text) to "service_role";

create table "private"."analytics_sessions" (
    "session_id" text collate pg_catalog."C" not null,
    "landing_at" timestamp with time zone,
    "landing_path" text,
    "landing_campaign" text,
    "variant_first_at" timestamp with time zone,
    "variant_last_at" timestamp with time zone,
    "activity_first_at" timestamp with time zone not null,
    "activity_last_at" timestamp with time zone not null
      );

CREATE INDEX analytics_sessions_activity_span_idx ON private.analytics_sessions USING gist (tstzrange(activity_first_at, activity_last_at, '[]'::text));

CREATE INDEX analytics_sessions_no_variant_idx ON private.analytics_sessions USING btree (session_id) WHERE (variant_first_at IS NULL);

CREATE UNIQUE INDEX analytics_sessions_pkey ON private.analytics_sessions USING btree (session_id);

CREATE INDEX analytics_sessions_variant_first_idx ON private.analytics_sessions USING btree (variant_first_at) WHERE (variant_first_at IS NOT NULL);

CREATE INDEX analytics_sessions_variant_span_idx ON private.analytics_sessions USING gist (tstzrange(variant_first_at, variant_last_at, '[]'::text)) WHERE (variant_first_at IS NOT NULL);

alter table "private"."analytics_sessions" add constraint "analytics_sessions_pkey" PRIMARY KEY using index "analytics_sessions_pkey";

alter table "private"."analytics_sessions" enable row level security;

CREATE TRIGGER session_landing_changed AFTER INSERT OR UPDATE OF landing_path, landing_campaign ON private.analytics_sessions FOR EACH ROW EXECUTE FUNCTION private.session_landing_changed();

revoke all on table private.analytics_sessions from "anon", "authenticated", public, "service_role";

create table "private"."conversion_attributions" (
    "conversion_id" text collate pg_catalog."C" not null,
    "session_key" text collate pg_catalog."C" not null,
    "session_id" text collate pg_catalog."C",
    "kind" text collate pg_catalog."C" not null,
    "created_at" timestamp with time zone not null,
    "path" text collate pg_catalog."C",
    "utm_campaign" text collate pg_catalog."C"
      );

CREATE INDEX conversion_attributions_created_idx ON private.conversion_attributions USING btree (created_at) INCLUDE (session_key, kind, path, utm_campaign);

CREATE UNIQUE INDEX conversion_attributions_pkey ON private.conversion_attributions USING btree (conversion_id);

CREATE INDEX conversion_attributions_session_idx ON private.conversion_attributions USING btree (session_id) WHERE (session_id IS NOT NULL);

alter table "private"."conversion_attributions" add constraint "conversion_attributions_pkey" PRIMARY KEY using index "conversion_attributions_pkey";

alter table "private"."conversion_attributions" enable row level security;

revoke all on table private.conversion_attributions from "anon", "authenticated", public, "service_role";

create table "private"."conversion_hourly" (
    "hour" timestamp with time zone not null,
    "conversions" bigint not null default 0
      );

CREATE UNIQUE INDEX conversion_hourly_pkey ON private.conversion_hourly USING btree (hour);

alter table "private"."conversion_hourly" add constraint "conversion_hourly_pkey" PRIMARY KEY using index "conversion_hourly_pkey";

alter table "private"."conversion_hourly" enable row level security;

revoke all on table private.conversion_hourly from "anon", "authenticated", public, "service_role";

create table "private"."landing_daily" (
    "day" timestamp with time zone not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "page_views" bigint not null default 0,
    "first_views" bigint not null default 0
      );

CREATE UNIQUE INDEX landing_daily_pkey ON private.landing_daily USING btree (day, path, campaign_key);

alter table "private"."landing_daily" add constraint "landing_daily_pkey" PRIMARY KEY using index "landing_daily_pkey";

alter table "private"."landing_daily" enable row level security;

revoke all on table private.landing_daily from "anon", "authenticated", public, "service_role";

create table "private"."landing_hourly" (
    "hour" timestamp with time zone not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "page_views" bigint not null default 0,
    "first_views" bigint not null default 0
      );

CREATE UNIQUE INDEX landing_hourly_pkey ON private.landing_hourly USING btree (hour, path, campaign_key);

alter table "private"."landing_hourly" add constraint "landing_hourly_pkey" PRIMARY KEY using index "landing_hourly_pkey";

alter table "private"."landing_hourly" enable row level security;

CREATE TRIGGER landing_hourly_changed AFTER INSERT OR UPDATE ON private.landing_hourly FOR EACH ROW EXECUTE FUNCTION private.landing_hourly_changed();

revoke all on table private.landing_hourly from "anon", "authenticated", public, "service_role";

create table "private"."landing_hourly_sessions" (
    "hour" timestamp with time zone not null,
    "first_sessions" bigint not null default 0,
    "variant_views" bigint not null default 0
      );

CREATE UNIQUE INDEX landing_hourly_sessions_pkey ON private.landing_hourly_sessions USING btree (hour);

alter table "private"."landing_hourly_sessions" add constraint "landing_hourly_sessions_pkey" PRIMARY KEY using index "landing_hourly_sessions_pkey";

alter table "private"."landing_hourly_sessions" enable row level security;

revoke all on table private.landing_hourly_sessions from "anon", "authenticated", public, "service_role";

create table "private"."landing_leave_bins" (
    "level" smallint not null,
    "block" bigint not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "bin" integer not null,
    "leaves" bigint not null
      );

CREATE UNIQUE INDEX landing_leave_bins_pkey ON private.landing_leave_bins USING btree (level, block, path, campaign_key, bin) INCLUDE (leaves);

alter table "private"."landing_leave_bins" add constraint "landing_leave_bins_pkey" PRIMARY KEY using index "landing_leave_bins_pkey";

alter table "private"."landing_leave_bins" add constraint "landing_leave_bins_level_check" CHECK (((level >= 0) AND (level <= 11))) not valid;

alter table "private"."landing_leave_bins" validate constraint "landing_leave_bins_level_check";

alter table "private"."landing_leave_bins" enable row level security;

revoke all on table private.landing_leave_bins from "anon", "authenticated", public, "service_role";

create table "private"."landing_leave_seconds" (
    "level" smallint not null,
    "block" bigint not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "seconds" integer not null,
    "leaves" bigint not null
      );

CREATE UNIQUE INDEX landing_leave_seconds_pkey ON private.landing_leave_seconds USING btree (level, block, path, campaign_key, seconds) INCLUDE (leaves);

alter table "private"."landing_leave_seconds" add constraint "landing_leave_seconds_pkey" PRIMARY KEY using index "landing_leave_seconds_pkey";

alter table "private"."landing_leave_seconds" add constraint "landing_leave_seconds_level_check" CHECK (((level >= 0) AND (level <= 11))) not valid;

alter table "private"."landing_leave_seconds" validate constraint "landing_leave_seconds_level_check";

alter table "private"."landing_leave_seconds" enable row level security;

revoke all on table private.landing_leave_seconds from "anon", "authenticated", public, "service_role";

create table "private"."landing_visits" (
    "session_id" text collate pg_catalog."C" not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "first_view_at" timestamp with time zone not null,
    "last_view_at" timestamp with time zone not null,
    "views" integer not null
      );

CREATE INDEX landing_visits_first_idx ON private.landing_visits USING btree (first_view_at);

CREATE UNIQUE INDEX landing_visits_pkey ON private.landing_visits USING btree (session_id, path, campaign_key);

CREATE INDEX landing_visits_span_idx ON private.landing_visits USING gist (tstzrange(first_view_at, last_view_at, '[]'::text));

alter table "private"."landing_visits" add constraint "landing_visits_pkey" PRIMARY KEY using index "landing_visits_pkey";

alter table "private"."landing_visits" enable row level security;

revoke all on table private.landing_visits from "anon", "authenticated", public, "service_role";

create table "public"."ad_spend" (
    "id" uuid not null default gen_random_uuid(),
    "campaign" text collate pg_catalog."C" not null,
    "day" date not null,
    "amount_minor" bigint not null,
    "currency" text not null default 'USD'::text,
    "source" text not null,
    "created_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX ad_spend_created_by_idx ON public.ad_spend USING btree (created_by);

CREATE INDEX ad_spend_day_idx ON public.ad_spend USING btree (day) INCLUDE (campaign, amount_minor, currency);

CREATE UNIQUE INDEX ad_spend_one_figure_per_source ON public.ad_spend USING btree (campaign, day, source);

CREATE UNIQUE INDEX ad_spend_pkey ON public.ad_spend USING btree (id);

alter table "public"."ad_spend" add constraint "ad_spend_pkey" PRIMARY KEY using index "ad_spend_pkey";

alter table "public"."ad_spend" add constraint "ad_spend_amount_plausible" CHECK (((amount_minor >= 0) AND (amount_minor <= 1000000000))) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_amount_plausible";

alter table "public"."ad_spend" add constraint "ad_spend_campaign_readable" CHECK ((((char_length(campaign) >= 1) AND (char_length(campaign) <= 200)) AND (campaign = btrim(campaign)) AND (campaign !~ '[\u0001-\u001f\u007f-\u009f]'::text))) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_campaign_readable";

alter table "public"."ad_spend" add constraint "ad_spend_currency_code" CHECK ((currency ~ '^[A-Z]{3}$'::text)) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_currency_code";

alter table "public"."ad_spend" add constraint "ad_spend_day_plausible" CHECK ((day >= '2000-01-01'::date)) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_day_plausible";

alter table "public"."ad_spend" add constraint "ad_spend_in_the_report_currency" CHECK ((currency = private.report_currency())) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_in_the_report_currency";

alter table "public"."ad_spend" add constraint "ad_spend_one_figure_per_source" UNIQUE using index "ad_spend_one_figure_per_source";

alter table "public"."ad_spend" add constraint "ad_spend_source_check" CHECK ((source = ANY (ARRAY['google-ads'::text, 'meta'::text, 'manual'::text]))) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_source_check";

alter table "public"."ad_spend" enable row level security;

create policy "Admins correct ad spend"
  on "public"."ad_spend"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins enter ad spend"
  on "public"."ad_spend"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins read the ad spend"
  on "public"."ad_spend"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins remove ad spend"
  on "public"."ad_spend"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."ad_spend"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER ad_spend_audit AFTER INSERT OR DELETE OR UPDATE ON public.ad_spend FOR EACH ROW EXECUTE FUNCTION private.audit_ad_spend();

CREATE TRIGGER ad_spend_day_has_begun BEFORE INSERT OR UPDATE OF day ON public.ad_spend FOR EACH ROW EXECUTE FUNCTION private.ad_spend_day_has_begun();

CREATE TRIGGER ad_spend_set_updated_at BEFORE UPDATE ON public.ad_spend FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.ad_spend from "anon", "authenticated", public, "service_role";
grant delete, select on table public.ad_spend to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.ad_spend to "service_role";

grant insert (amount_minor) on table public.ad_spend to "authenticated";

grant update (amount_minor) on table public.ad_spend to "authenticated";

grant insert (campaign) on table public.ad_spend to "authenticated";

grant insert (currency) on table public.ad_spend to "authenticated";

grant update (currency) on table public.ad_spend to "authenticated";

grant insert (day) on table public.ad_spend to "authenticated";

grant insert (source) on table public.ad_spend to "authenticated";

comment on table public.ad_spend is 'Ad spend per campaign (utm_campaign), day and source (google-ads, meta, manual), in the report currency; admins enter it on /admin/report.';

create table "public"."web_analytics" (
    "id" bigint generated always as identity not null,
    "session_id" text not null,
    "event_type" text not null,
    "page_path" text not null,
    "path" text,
    "referrer" text,
    "user_agent" text,
    "device_type" text,
    "duration_seconds" integer,
    "metadata" jsonb not null default '{}'::jsonb,
    "utm_source" text,
    "utm_medium" text,
    "utm_campaign" text,
    "utm_term" text,
    "utm_content" text,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX web_analytics_campaign_created_at_idx ON public.web_analytics USING btree (utm_campaign, created_at) WHERE (utm_campaign IS NOT NULL);

CREATE INDEX web_analytics_created_at_idx ON public.web_analytics USING btree (created_at);

CREATE INDEX web_analytics_leaves_idx ON public.web_analytics USING btree (created_at) INCLUDE (path, utm_campaign, session_id, duration_seconds) WHERE (event_type = 'page_leave'::text);

CREATE INDEX web_analytics_path_created_at_idx ON public.web_analytics USING btree (path, created_at);

CREATE UNIQUE INDEX web_analytics_pkey ON public.web_analytics USING btree (id);

CREATE INDEX web_analytics_session_idx ON public.web_analytics USING btree (session_id);

CREATE INDEX web_analytics_session_landing_idx ON public.web_analytics USING btree (session_id, created_at) INCLUDE (path, utm_campaign) WHERE (event_type = 'page_view'::text);

alter table "public"."web_analytics" add constraint "web_analytics_pkey" PRIMARY KEY using index "web_analytics_pkey";

alter table "public"."web_analytics" add constraint "web_analytics_device_type_check" CHECK ((device_type = ANY (ARRAY['mobile'::text, 'tablet'::text, 'desktop'::text]))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_device_type_check";

alter table "public"."web_analytics" add constraint "web_analytics_duration_seconds_check" CHECK (((duration_seconds >= 0) AND (duration_seconds <= 86400))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_duration_seconds_check";

alter table "public"."web_analytics" add constraint "web_analytics_event_type_check" CHECK ((event_type = ANY (ARRAY['page_view'::text, 'page_leave'::text]))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_event_type_check";

alter table "public"."web_analytics" add constraint "web_analytics_metadata_check" CHECK (((jsonb_typeof(metadata) = 'object'::text) AND (octet_length((metadata)::text) <= 2048))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_metadata_check";

alter table "public"."web_analytics" add constraint "web_analytics_page_path_check" CHECK ((((char_length(page_path) >= 1) AND (char_length(page_path) <= 2048)) AND ("left"(page_path, 1) = '/'::text))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_page_path_check";

alter table "public"."web_analytics" add constraint "web_analytics_referrer_check" CHECK ((char_length(referrer) <= 2048)) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_referrer_check";

alter table "public"."web_analytics" add constraint "web_analytics_session_id_check" CHECK (((char_length(session_id) >= 1) AND (char_length(session_id) <= 100))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_session_id_check";

alter table "public"."web_analytics" add constraint "web_analytics_user_agent_check" CHECK ((char_length(user_agent) <= 512)) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_user_agent_check";

alter table "public"."web_analytics" enable row level security;

create policy "Admins read page events"
  on "public"."web_analytics"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users record page views"
  on "public"."web_analytics"
  as permissive
  for insert
  to authenticated
with check (((event_type = 'page_view'::text) AND (duration_seconds IS NULL)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."web_analytics"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors record page views"
  on "public"."web_analytics"
  as permissive
  for insert
  to anon
with check (((event_type = 'page_view'::text) AND (duration_seconds IS NULL)));

CREATE TRIGGER web_analytics_a_skip_staff BEFORE INSERT ON public.web_analytics FOR EACH ROW EXECUTE FUNCTION private.web_analytics_skip_staff();

CREATE TRIGGER web_analytics_child_anonymous BEFORE INSERT ON public.web_analytics FOR EACH ROW EXECUTE FUNCTION private.web_analytics_child_anonymous();

CREATE TRIGGER web_analytics_derive_columns BEFORE INSERT OR UPDATE OF page_path ON public.web_analytics FOR EACH ROW EXECUTE FUNCTION private.web_analytics_derive_columns();

CREATE TRIGGER web_analytics_rollup AFTER INSERT ON public.web_analytics FOR EACH ROW EXECUTE FUNCTION private.web_analytics_rollup();

revoke all on sequence public.web_analytics_id_seq from "anon", "authenticated", public, "service_role";
grant select, update, usage on sequence public.web_analytics_id_seq to "anon";
grant select, update, usage on sequence public.web_analytics_id_seq to "authenticated";
grant select, update, usage on sequence public.web_analytics_id_seq to "service_role";

revoke all on table public.web_analytics from "anon", "authenticated", public, "service_role";
grant select on table public.web_analytics to "authenticated";
grant insert, maintain, references, select, trigger on table public.web_analytics to "service_role";

grant insert (device_type) on table public.web_analytics to "anon";

grant insert (device_type) on table public.web_analytics to "authenticated";

grant insert (duration_seconds) on table public.web_analytics to "anon";

grant insert (duration_seconds) on table public.web_analytics to "authenticated";

grant insert (event_type) on table public.web_analytics to "anon";

grant insert (event_type) on table public.web_analytics to "authenticated";

grant insert (metadata) on table public.web_analytics to "anon";

grant insert (metadata) on table public.web_analytics to "authenticated";

grant insert (page_path) on table public.web_analytics to "anon";

grant insert (page_path) on table public.web_analytics to "authenticated";

grant insert (referrer) on table public.web_analytics to "anon";

grant insert (referrer) on table public.web_analytics to "authenticated";

grant insert (session_id) on table public.web_analytics to "anon";

grant insert (session_id) on table public.web_analytics to "authenticated";

grant insert (user_agent) on table public.web_analytics to "anon";

grant insert (user_agent) on table public.web_analytics to "authenticated";

CREATE OR REPLACE FUNCTION public.cockpit_report(since timestamp with time zone, until timestamp with time zone, time_zone text DEFAULT 'UTC'::text)
 RETURNS TABLE(dimension text, key text, visitors bigint, leads bigint, intro_calls_booked bigint, enrolled bigint, spend_minor bigint, first_month_revenue_minor bigint, revenue_to_date_minor bigint, currency text, cost_per_lead_minor numeric, cost_per_call_minor numeric, cost_per_enrolled_minor numeric, return_on_spend numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET work_mem TO '64MB'
AS $function$
#variable_conflict use_column
declare
  report_currency text := private.report_currency();
  invoice_currency text := lower(private.report_currency());
  first_day date;
  last_day date;
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may read the marketing cockpit' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  perform private.check_report_range(since, until);
  if time_zone is null then
    raise exception 'The time zone is required' using errcode = '22023';
  end if;
  begin
    perform pg_catalog.now() at time zone time_zone;
  exception when others then
    raise exception 'Unknown time zone: %', left(time_zone, 64) using errcode = '22023';
  end;
  -- The days whose start in the zone lies in [since, until): a day's start only grows with the day.
  first_day := (since at time zone time_zone)::date;
  if (first_day::timestamp at time zone time_zone) < since then
    first_day := first_day + 1;
  end if;
  last_day := (until at time zone time_zone)::date;
  if (last_day::timestamp at time zone time_zone) >= until then
    last_day := last_day - 1;
  end if;
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    traffic as materialized (
      -- visitors per variant and campaign (null: none), as landing_report and landing_funnel count them
      select t.path collate "C" as path, nullif(t.utm_campaign, '') collate "C" as campaign, t.visitors
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
    ),
    lead_rows as materialized (
      select
        vp.path,
        case when vp.path is not null then nullif(l.utm_campaign, '') collate "C" end as campaign,
        l.id, l.created_at, l.enrolled_parent_id,
        l.status = 'enrolled' as is_enrolled,
        exists (select 1 from public.intro_calls c where c.lead_id = l.id) as booked
      from public.leads l
      left join variant_paths vp on vp.path = l.landing_variant collate "C"
      where l.created_at >= since and l.created_at < until
    ),
    brought as materialized (
      -- each family counts for its first enrolled lead only
      select r.id as lead_id, r.enrolled_parent_id as parent_id
      from lead_rows r
      where r.is_enrolled and r.enrolled_parent_id is not null
        and not exists (
          select 1 from public.leads e
          where e.enrolled_parent_id = r.enrolled_parent_id and e.status = 'enrolled'
            and (e.created_at < r.created_at or (e.created_at = r.created_at and e.id < r.id))
        )
    ),
    paid as (
      select b.lead_id, i.amount_paid::bigint as amount, i.stripe_created,
             min(i.stripe_created) filter (where i.amount_paid > 0) over (partition by b.lead_id) as first_paid_at
      from brought b
      join public.invoices i on i.parent_id = b.parent_id
      where i.status = 'paid' and i.currency = invoice_currency
    ),
    revenue as (
      select p.lead_id,
             sum(p.amount)::bigint as to_date,
             coalesce(sum(p.amount) filter (
               where p.stripe_created >= p.first_paid_at and p.stripe_created < p.first_paid_at + interval '720 hours'
             ), 0)::bigint as first_month
      from paid p
      group by p.lead_id
    ),
    per_lead as materialized (
      select r.path, r.campaign, r.booked, r.is_enrolled,
             coalesce(v.first_month, 0) as first_month, coalesce(v.to_date, 0) as to_date
      from lead_rows r
      left join revenue v on v.lead_id = r.id
    ),
    spend as materialized (
      select s.campaign, sum(s.amount_minor)::bigint as spend
      from public.ad_spend s
      where s.day between first_day and last_day and s.currency = report_currency
      group by s.campaign
    ),
    shares as (
      -- a campaign's spend over the variants its visitors landed on, in proportion to them
      select s.campaign, t.path, s.spend,
             case when t.path is null then s.spend::numeric
               else floor(s.spend::numeric * t.visitors / sum(t.visitors) over (partition by s.campaign)) end as part,
             case when t.path is null then 0::numeric
               else (s.spend::numeric * t.visitors) % sum(t.visitors) over (partition by s.campaign) end as remainder
      from spend s
      left join traffic t on t.campaign = s.campaign and t.visitors > 0
    ),
    ranked as (
      select h.path, h.part,
             row_number() over (partition by h.campaign order by h.remainder desc, h.path) as place,
             h.spend - sum(h.part) over (partition by h.campaign) as left_over
      from shares h
    ),
    campaign_rows as (
      select coalesce(t.campaign, l.campaign, s.campaign) as key,
             coalesce(t.visitors, 0) as visitors, l.leads, l.booked, l.enrolled, coalesce(s.spend, 0) as spend,
             l.first_month, l.to_date
      from (select x.campaign, sum(x.visitors)::bigint as visitors from traffic x group by x.campaign) t
      full join (
        select x.campaign, count(*) as leads, count(*) filter (where x.booked) as booked,
               count(*) filter (where x.is_enrolled) as enrolled,
               sum(x.first_month)::bigint as first_month, sum(x.to_date)::bigint as to_date
        from per_lead x group by x.campaign
      ) l on coalesce(l.campaign, '') = coalesce(t.campaign, '')
      full join spend s on s.campaign = coalesce(t.campaign, l.campaign)
    ),
    variant_rows as (
      select coalesce(t.path, l.path, s.path) as key,
             coalesce(t.visitors, 0) as visitors, l.leads, l.booked, l.enrolled, coalesce(s.spend, 0) as spend,
             l.first_month, l.to_date
      from (select x.path, sum(x.visitors)::bigint as visitors from traffic x group by x.path) t
      full join (
        select x.path, count(*) as leads, count(*) filter (where x.booked) as booked,
               count(*) filter (where x.is_enrolled) as enrolled,
               sum(x.first_month)::bigint as first_month, sum(x.to_date)::bigint as to_date
        from per_lead x group by x.path
      ) l on coalesce(l.path, '') = coalesce(t.path, '')
      full join (
        select r.path, sum(r.part + case when r.place <= r.left_over then 1 else 0 end)::bigint as spend
        from ranked r group by r.path
      ) s on coalesce(s.path, '') = coalesce(t.path, l.path, '')
    ),
    cockpit as (
      select 'campaign' as dimension, c.* from campaign_rows c
      union all
      select 'variant', v.* from variant_rows v
    )
    select
      k.dimension,
      k.key::text,
      k.visitors,
      coalesce(k.leads, 0),
      coalesce(k.booked, 0),
      coalesce(k.enrolled, 0),
      k.spend,
      coalesce(k.first_month, 0),
      coalesce(k.to_date, 0),
      report_currency,
      case when coalesce(k.leads, 0) > 0 then round(k.spend::numeric / k.leads, 2) end,
      case when coalesce(k.booked, 0) > 0 then round(k.spend::numeric / k.booked, 2) end,
      case when coalesce(k.enrolled, 0) > 0 then round(k.spend::numeric / k.enrolled, 2) end,
      case when k.spend > 0 then round(coalesce(k.to_date, 0)::numeric / k.spend, 4) end
    from cockpit k
    order by 1, 7 desc, 3 desc, 4 desc, 2 nulls last;
end;
$function$
;

revoke all on function public.cockpit_report(timestamp with time zone,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.cockpit_report(timestamp with time zone,timestamp with time zone,text) to "authenticated";
grant execute on function public.cockpit_report(timestamp with time zone,timestamp with time zone,text) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_funnel(since timestamp with time zone, until timestamp with time zone, per_campaign boolean DEFAULT true)
 RETURNS TABLE(path text, utm_campaign text, visitors bigint, leads bigint, calls_booked bigint, enrolled bigint, median_hours_to_call numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_report_access();
  perform private.check_report_range(since, until);
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    traffic as (
      select t.path collate "C" as path, case when per_campaign then t.utm_campaign end collate "C" as utm_campaign,
             sum(t.visitors)::bigint as visitors
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
      group by 1, 2
    ),
    first_calls as (
      select c.lead_id, min(c.created_at) as booked_at
      from public.intro_calls c
      group by c.lead_id
    ),
    lead_rows as (
      select
        case when l.landing_variant collate "C" in (select vp.path from variant_paths vp)
          then l.landing_variant collate "C" end as path,
        case when per_campaign and l.landing_variant collate "C" in (select vp.path from variant_paths vp)
          then l.utm_campaign collate "C" end as utm_campaign,
        l.status,
        extract(epoch from (fc.booked_at - l.created_at)) / 3600 as hours_to_call
      from public.leads l
      left join first_calls fc on fc.lead_id = l.id
      where l.created_at >= since and l.created_at < until
    ),
    funnel as (
      select r.path, r.utm_campaign, count(*) as leads, count(r.hours_to_call) as calls_booked,
             count(*) filter (where r.status = 'enrolled') as enrolled,
             percentile_cont(0.5) within group (order by r.hours_to_call) as median_hours
      from lead_rows r
      group by r.path, r.utm_campaign
    )
    select
      coalesce(t.path, f.path)::text,
      coalesce(t.utm_campaign, f.utm_campaign)::text,
      coalesce(t.visitors, 0),
      coalesce(f.leads, 0),
      coalesce(f.calls_booked, 0),
      coalesce(f.enrolled, 0),
      round(f.median_hours::numeric, 1)
    from traffic t
    full join funnel f
      on coalesce(f.path, '') = t.path and coalesce(f.utm_campaign, '') = coalesce(t.utm_campaign, '')
    order by 3 desc, 4 desc, 1 nulls last, 2 nulls first;
end;
$function$
;

revoke all on function public.landing_funnel(timestamp with time zone,timestamp with time zone,boolean) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_funnel(timestamp with time zone,timestamp with time zone,boolean) to "authenticated";
grant execute on function public.landing_funnel(timestamp with time zone,timestamp with time zone,boolean) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_variant_conversions(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, visitors bigint, leads bigint, conversions bigint, converted_visitors bigint, conversion_rate numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select
    v.path,
    coalesce(sum(r.visitors), 0)::bigint,
    coalesce(sum(r.quiz_completed + r.fit_calls + r.waitlist_joins + r.contact_requests), 0)::bigint,
    coalesce(sum(r.conversions), 0)::bigint,
    coalesce(sum(r.converted_visitors), 0)::bigint,
    case when coalesce(sum(r.visitors), 0) > 0
      then round(sum(r.converted_visitors)::numeric / sum(r.visitors), 4) end
  from private.landing_variant_paths() v
  left join public.landing_report(since, until) r on r.path = v.path
  group by v.path
  order by 3 desc, 2 desc, 1
$function$
;

revoke all on function public.landing_variant_conversions(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_variant_conversions(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.landing_variant_conversions(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_variant_report(since timestamp with time zone DEFAULT (now() - '30 days'::interval), until timestamp with time zone DEFAULT now())
 RETURNS TABLE(path text, utm_campaign text, views bigint, visitors bigint, avg_seconds numeric, leads bigint, conversion_rate numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with page as (
    select
      w.path,
      w.utm_campaign,
      count(*) filter (where w.event_type = 'page_view') as views,
      count(distinct w.session_id) filter (where w.event_type = 'page_view') as visitors,
      round(avg(w.duration_seconds) filter (where w.event_type = 'page_leave'), 1) as avg_seconds
    from public.web_analytics w
    where w.created_at >= since and w.created_at <= until
    group by w.path, w.utm_campaign
  ),
  lead as (
    select
      coalesce(nullif(split_part(split_part(l.landing_path, '#', 1), '?', 1), ''), '/') as path,
      l.utm_campaign,
      count(*) as leads
    from public.waitlist l
    where l.created_at >= since and l.created_at <= until and l.landing_path is not null
    group by 1, 2
  )
  select
    coalesce(page.path, lead.path) as path,
    coalesce(page.utm_campaign, lead.utm_campaign) as utm_campaign,
    coalesce(page.views, 0) as views,
    coalesce(page.visitors, 0) as visitors,
    page.avg_seconds,
    coalesce(lead.leads, 0) as leads,
    case when coalesce(page.visitors, 0) > 0
      then round(coalesce(lead.leads, 0)::numeric / page.visitors, 4)
    end as conversion_rate
  from page
  full join lead
    on lead.path = page.path and coalesce(lead.utm_campaign, '') = coalesce(page.utm_campaign, '')
  order by 1, 2 nulls first
$function$
;

revoke all on function public.landing_variant_report(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_variant_report(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.landing_variant_report(timestamp with time zone,timestamp with time zone) to "service_role";

alter table "public"."ad_spend" add constraint "ad_spend_created_by_fkey" FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_created_by_fkey";

-- supabase/schemas/26_messages.sql
-- Messages between families and staff
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.broadcast_family_message()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  staff uuid;
begin
  for staff in
    select co.user_id
      from public.children c
      join public.coaches co on co.id = c.coach_id
     where c.parent_id = new.family_id and co.user_id is not null
    union
    select r.user_id from public.user_roles r where r.role = 'admin'
  loop
    perform realtime.send(
      jsonb_build_object('family_id', new.family_id),
      'message',
      'staff-messages:' || staff::text,
      true
    );
  end loop;
  return null;
end;
$function$
;

revoke all on function private.broadcast_family_message() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.family_conversations(only_family uuid)
 RETURNS TABLE(family_id uuid, parent_name text, children_names text, coach_names text, last_message_at timestamp with time zone, last_sender_role text, message_count integer, unread integer, is_mine boolean)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := auth.uid();
  admin boolean;
begin
  if me is null then
    return;
  end if;
  admin := private.is_admin();
  if not admin and not private.has_role(me, 'coach') then
    return;
  end if;
  perform private.require_staff_two_factor();
  return query
  with families as (
    select c.parent_id as family_id,
           string_agg(c.first_name, ', ' order by c.created_at, c.first_name, c.id) as children_names,
           string_agg(distinct co.display_name, ', ') as coach_names,
           coalesce(bool_or(co.user_id = me), false) as is_mine
      from public.children c
      left join public.coaches co on co.id = c.coach_id
     where (admin or co.user_id = me)
       and (only_family is null or c.parent_id = only_family)
     group by c.parent_id
  ),
  talk as (
    select m.family_id,
           count(*)::integer as message_count,
           (count(*) filter (
              where m.sender_id is distinct from me
                and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
           ))::integer as unread,
           max(m.created_at) as last_message_at,
           (array_agg(m.sender_role order by m.created_at desc))[1] as last_sender_role
      from public.family_messages m
      join families f on f.family_id = m.family_id
      left join public.family_message_reads r on r.family_id = m.family_id and r.user_id = me
     group by m.family_id
  )
  select f.family_id,
         nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
         f.children_names,
         f.coach_names,
         t.last_message_at,
         t.last_sender_role,
         coalesce(t.message_count, 0),
         coalesce(t.unread, 0),
         f.is_mine
    from families f
    left join public.profiles p on p.id = f.family_id
    left join talk t on t.family_id = f.family_id
   order by coalesce(t.unread, 0) > 0 desc, t.last_message_at desc nulls last, 2, f.family_id;
end;
$function$
;

revoke all on function private.family_conversations(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.family_conversations(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.family_message_reads_stamp()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null then
    new.last_read_at := now();
  end if;
  return new;
end;
$function$
;

revoke all on function private.family_message_reads_stamp() from "anon", "authenticated", public, "service_role";
grant execute on function private.family_message_reads_stamp() to public;

CREATE OR REPLACE FUNCTION private.family_message_role(family uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when auth.uid() is null then null
    when family = auth.uid() and private.has_role(auth.uid(), 'parent') then 'parent'
    when exists (
      select 1
      from public.children c
      join public.coaches co on co.id = c.coach_id
      where c.parent_id = family and co.user_id = auth.uid()
    ) then 'coach'
    when private.is_admin() then 'admin'
  end
$function$
;

revoke all on function private.family_message_role(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.family_message_role(uuid) to "authenticated";
grant execute on function private.family_message_role(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.family_messages_stamp()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null then
    new.sender_id := auth.uid();
    new.sender_role := coalesce(private.family_message_role(new.family_id), 'parent');
    new.created_at := now();
  end if;
  new.body := rtrim(new.body, E' \t\r\n');
  return new;
end;
$function$
;

revoke all on function private.family_messages_stamp() from "anon", "authenticated", public, "service_role";
grant execute on function private.family_messages_stamp() to public;

CREATE OR REPLACE FUNCTION private.family_messages_unread()
 RETURNS integer
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := auth.uid();
  mine uuid[];
begin
  if me is null then
    return 0;
  end if;
  select array_agg(distinct c.parent_id) into mine
    from public.children c
    join public.coaches co on co.id = c.coach_id
   where co.user_id = me;
  if mine is not null then
    -- Staff: their families' data only with two-factor sign-in.
    perform private.require_staff_two_factor();
  end if;
  if private.has_role(me, 'parent') then
    mine := coalesce(mine, '{}') || me;
  end if;
  if mine is null then
    return 0;
  end if;
  return (
    select count(*)::integer
      from public.family_messages m
      left join public.family_message_reads r on r.family_id = m.family_id and r.user_id = me
     where m.family_id = any (mine)
       and m.sender_id is distinct from me
       and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
  );
end;
$function$
;

revoke all on function private.family_messages_unread() from "anon", "authenticated", public, "service_role";
grant execute on function private.family_messages_unread() to "authenticated";

CREATE OR REPLACE FUNCTION private.may_follow_family_messages(topic text)
 RETURNS boolean
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  family uuid;
begin
  if topic is null or topic !~ '^family-messages:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  family := substr(topic, length('family-messages:') + 1)::uuid;
  return private.meets_staff_two_factor() and private.may_message_family(family);
end;
$function$
;

revoke all on function private.may_follow_family_messages(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.may_follow_family_messages(text) to "authenticated";

CREATE OR REPLACE FUNCTION private.may_message_family(family uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select auth.uid() is not null and (
    (family = auth.uid() and private.has_role(auth.uid(), 'parent'))
    or private.is_admin()
    or exists (
      select 1
      from public.children c
      join public.coaches co on co.id = c.coach_id
      where c.parent_id = family and co.user_id = auth.uid()
    )
  )
$function$
;

revoke all on function private.may_message_family(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.may_message_family(uuid) to "authenticated";
grant execute on function private.may_message_family(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.message_reply_promise()
 RETURNS integer
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select s.message_reply_within_hours from public.app_settings s where s.id = 'team'
$function$
;

revoke all on function private.message_reply_promise() from "anon", "authenticated", public, "service_role";
grant execute on function private.message_reply_promise() to "authenticated";
grant execute on function private.message_reply_promise() to "service_role";

CREATE OR REPLACE FUNCTION private.one_line(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select pg_catalog.btrim(pg_catalog.regexp_replace(
    value,
    '\s*[\u0001-\u001f\u007f-\u009f\u2028\u2029][\s\u0001-\u001f\u007f-\u009f\u2028\u2029]*',
    ' ',
    'g'
  ))
$function$
;

revoke all on function private.one_line(text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.purge_old_family_messages(at timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  removed integer;
begin
  delete from public.family_messages m where m.created_at < at - interval '2 years';
  get diagnostics removed = row_count;
  delete from public.outbox e
   where e.kind = 'message_email' and e.outcome is not null and e.created_at < at - interval '90 days';
  return removed;
end;
$function$
;

revoke all on function private.purge_old_family_messages(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.purge_old_family_messages(timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.send_due_message_emails(at timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  queued integer;
begin
  perform pg_advisory_xact_lock(7311, 1);
  insert into public.outbox (kind, family_id, recipient_user_id, recipient, created_at)
  select 'message_email', m.family_id, m.user_id, m.recipient, at
  from (
    -- each conversation's members who may be emailed: the parent and the family's coaches
    select distinct f.family_id, f.user_id, f.recipient, f.zone
    from (
      select msg.family_id, msg.family_id as user_id, 'parent' as recipient, p.time_zone as zone
        from public.family_messages msg
        left join public.profiles p on p.id = msg.family_id
       where msg.created_at > at - interval '30 days'
      union
      select msg.family_id, co.user_id, 'coach', co.time_zone
        from public.family_messages msg
        join public.children c on c.parent_id = msg.family_id
        join public.coaches co on co.id = c.coach_id
       where msg.created_at > at - interval '30 days' and co.user_id is not null
    ) f
  ) m
  where private.wants_family_message_emails(m.user_id)
    and not private.is_night_in(m.zone, at)
    -- a message from someone else, 15 minutes old, unread, newer than the last email
    and exists (
      select 1 from public.family_messages msg
       where msg.family_id = m.family_id
         and msg.sender_id is distinct from m.user_id
         and msg.created_at <= at - interval '15 minutes'
         and msg.created_at > coalesce(
           (select r.last_read_at from public.family_message_reads r
             where r.family_id = m.family_id and r.user_id = m.user_id),
           '-infinity'::timestamptz)
         and msg.created_at > coalesce(
           (select max(e.created_at) from public.outbox e
             where e.kind = 'message_email' and e.family_id = m.family_id and e.recipient_user_id = m.user_id),
           '-infinity'::timestamptz)
    )
    -- at most one an hour
    and not exists (
      select 1 from public.outbox e
       where e.kind = 'message_email' and e.family_id = m.family_id and e.recipient_user_id = m.user_id
         and e.created_at > at - interval '1 hour'
    );
  get diagnostics queued = row_count;
  perform private.request_outbox_delivery();
  return queued;
end;
$function$
;

revoke all on function private.send_due_message_emails(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.send_due_message_emails(timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.wants_family_message_emails(account uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    (select n.family_messages from public.notification_preferences n where n.user_id = account),
    true
  )
$function$
;

revoke all on function private.wants_family_message_emails(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.wants_family_message_emails(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.family_conversations(only_family uuid DEFAULT NULL::uuid)
 RETURNS TABLE(family_id uuid, parent_name text, children_names text, coach_names text, last_message_at timestamp with time zone, last_sender_role text, message_count integer, unread integer, is_mine boolean)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.family_conversations(only_family)
$function$
;

revoke all on function public.family_conversations(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.family_conversations(uuid) to "authenticated";
grant execute on function public.family_conversations(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.family_messages_unread()
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.family_messages_unread()
$function$
;

revoke all on function public.family_messages_unread() from "anon", "authenticated", public, "service_role";
grant execute on function public.family_messages_unread() to "authenticated";
grant execute on function public.family_messages_unread() to "service_role";

CREATE OR REPLACE FUNCTION public.message_reply_promise()
 RETURNS integer
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.message_reply_promise()
$function$
;

revoke all on function public.message_reply_promise() from "anon", "authenticated", public, "service_role";
grant execute on function public.message_reply_promise() to "authenticated";
grant execute on function public.message_reply_promise() to "service_role";

create table "public"."family_message_reads" (
    "family_id" uuid not null,
    "user_id" uuid not null default auth.uid(),
    "last_read_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX family_message_reads_pkey ON public.family_message_reads USING btree (family_id, user_id);

CREATE INDEX family_message_reads_user_idx ON public.family_message_reads USING btree (user_id);

alter table "public"."family_message_reads" add constraint "family_message_reads_pkey" PRIMARY KEY using index "family_message_reads_pkey";

alter table "public"."family_message_reads" enable row level security;

create policy "Members mark a conversation read"
  on "public"."family_message_reads"
  as permissive
  for insert
  to authenticated
with check (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.may_message_family(family_message_reads.family_id) AS may_message_family)));

create policy "Members move their place in a conversation"
  on "public"."family_message_reads"
  as permissive
  for update
  to authenticated
using ((user_id = ( SELECT auth.uid() AS uid)))
with check (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.may_message_family(family_message_reads.family_id) AS may_message_family)));

create policy "Members read their own place in a conversation"
  on "public"."family_message_reads"
  as permissive
  for select
  to authenticated
using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."family_message_reads"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER family_message_reads_stamp BEFORE INSERT OR UPDATE ON public.family_message_reads FOR EACH ROW EXECUTE FUNCTION private.family_message_reads_stamp();

revoke all on table public.family_message_reads from "anon", "authenticated", public, "service_role";
grant select on table public.family_message_reads to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.family_message_reads to "service_role";

grant insert (family_id) on table public.family_message_reads to "authenticated";

grant update (family_id) on table public.family_message_reads to "authenticated";

grant insert (last_read_at) on table public.family_message_reads to "authenticated";

grant update (last_read_at) on table public.family_message_reads to "authenticated";

grant insert (user_id) on table public.family_message_reads to "authenticated";

grant update (user_id) on table public.family_message_reads to "authenticated";

create table "public"."family_messages" (
    "id" uuid not null default gen_random_uuid(),
    "family_id" uuid not null,
    "sender_id" uuid,
    "sender_role" text not null default 'parent'::text,
    "body" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX family_messages_family_idx ON public.family_messages USING btree (family_id, created_at DESC);

CREATE UNIQUE INDEX family_messages_pkey ON public.family_messages USING btree (id);

CREATE INDEX family_messages_sender_idx ON public.family_messages USING btree (sender_id);

alter table "public"."family_messages" add constraint "family_messages_pkey" PRIMARY KEY using index "family_messages_pkey";

alter table "public"."family_messages" add constraint "family_messages_body_length" CHECK ((((char_length(body) >= 1) AND (char_length(body) <= 2000)) AND (btrim(body) <> ''::text))) not valid;

alter table "public"."family_messages" validate constraint "family_messages_body_length";

alter table "public"."family_messages" add constraint "family_messages_sender_role_check" CHECK ((sender_role = ANY (ARRAY['parent'::text, 'coach'::text, 'admin'::text]))) not valid;

alter table "public"."family_messages" validate constraint "family_messages_sender_role_check";

alter table "public"."family_messages" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."family_messages"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The family, its coach and admins read the family's messages"
  on "public"."family_messages"
  as permissive
  for select
  to authenticated
using (( SELECT private.may_message_family(family_messages.family_id) AS may_message_family));

create policy "The family, its coach and admins write in the family's conversa"
  on "public"."family_messages"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.may_message_family(family_messages.family_id) AS may_message_family));

CREATE TRIGGER family_messages_broadcast AFTER INSERT ON public.family_messages FOR EACH ROW EXECUTE FUNCTION private.broadcast_family_message();

CREATE TRIGGER family_messages_stamp BEFORE INSERT ON public.family_messages FOR EACH ROW EXECUTE FUNCTION private.family_messages_stamp();

revoke all on table public.family_messages from "anon", "authenticated", public, "service_role";
grant select on table public.family_messages to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.family_messages to "service_role";

grant insert (body) on table public.family_messages to "authenticated";

grant insert (family_id) on table public.family_messages to "authenticated";

create table "public"."parent_updates" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "session_id" uuid,
    "coach_id" uuid,
    "body" text not null,
    "shared_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX parent_updates_child_idx ON public.parent_updates USING btree (child_id, created_at DESC);

CREATE INDEX parent_updates_coach_idx ON public.parent_updates USING btree (coach_id, created_at DESC);

CREATE UNIQUE INDEX parent_updates_pkey ON public.parent_updates USING btree (id);

CREATE INDEX parent_updates_session_idx ON public.parent_updates USING btree (session_id);

alter table "public"."parent_updates" add constraint "parent_updates_pkey" PRIMARY KEY using index "parent_updates_pkey";

alter table "public"."parent_updates" add constraint "parent_updates_body_check" CHECK (((char_length(btrim(body)) >= 1) AND (char_length(btrim(body)) <= 4000))) not valid;

alter table "public"."parent_updates" validate constraint "parent_updates_body_check";

alter table "public"."parent_updates" enable row level security;

create policy "Coaches delete their own updates and admins any"
  on "public"."parent_updates"
  as permissive
  for delete
  to authenticated
using (((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Coaches edit their own updates and admins any"
  on "public"."parent_updates"
  as permissive
  for update
  to authenticated
using (((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin)))
with check (((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Coaches write updates for the children they coach and admins an"
  on "public"."parent_updates"
  as permissive
  for insert
  to authenticated
with check ((( SELECT private.is_admin() AS is_admin) OR ((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) AND ( SELECT private.is_current_coach_of_child(parent_updates.child_id) AS is_current_coach_of_child))));

create policy "Parents read shared updates, coaches their own, admins all"
  on "public"."parent_updates"
  as permissive
  for select
  to authenticated
using (((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin) OR ((shared_at IS NOT NULL) AND ( SELECT private.is_parent_of_child(parent_updates.child_id) AS is_parent_of_child))));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."parent_updates"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER parent_updates_set_updated_at BEFORE UPDATE ON public.parent_updates FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.parent_updates from "anon", "authenticated", public, "service_role";
grant delete, select on table public.parent_updates to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.parent_updates to "service_role";

grant insert (body) on table public.parent_updates to "authenticated";

grant update (body) on table public.parent_updates to "authenticated";

grant insert (child_id) on table public.parent_updates to "authenticated";

grant insert (coach_id) on table public.parent_updates to "authenticated";

grant insert (id) on table public.parent_updates to "authenticated";

grant insert (session_id) on table public.parent_updates to "authenticated";

grant update (session_id) on table public.parent_updates to "authenticated";

grant insert (shared_at) on table public.parent_updates to "authenticated";

grant update (shared_at) on table public.parent_updates to "authenticated";

create policy "A family's conversation members follow its messages"
  on "realtime"."messages"
  as permissive
  for select
  to authenticated
using (((extension = 'broadcast'::text) AND ( SELECT private.may_follow_family_messages(( SELECT realtime.topic() AS topic)) AS may_follow_family_messages)));

create policy "Session participants receive the open room's signals and presen"
  on "realtime"."messages"
  as permissive
  for select
  to authenticated
using (((extension = ANY (ARRAY['broadcast'::text, 'presence'::text])) AND ( SELECT private.may_enter_session_room(( SELECT realtime.topic() AS topic)) AS may_enter_session_room)));

create policy "Session participants send signals and presence in the open room"
  on "realtime"."messages"
  as permissive
  for insert
  to authenticated
with check (((extension = ANY (ARRAY['broadcast'::text, 'presence'::text])) AND ( SELECT private.may_enter_session_room(( SELECT realtime.topic() AS topic)) AS may_enter_session_room)));

create policy "Staff follow their own messages channel"
  on "realtime"."messages"
  as permissive
  for select
  to authenticated
using (((extension = 'broadcast'::text) AND (( SELECT realtime.topic() AS topic) = ('staff-messages:'::text || (( SELECT auth.uid() AS uid))::text)) AND (( SELECT private.has_role(( SELECT auth.uid() AS uid), 'coach'::app_role) AS has_role) OR ( SELECT private.is_admin() AS is_admin)) AND ( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor)));

alter table "public"."family_message_reads" add constraint "family_message_reads_family_id_fkey" FOREIGN KEY (family_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."family_message_reads" validate constraint "family_message_reads_family_id_fkey";

alter table "public"."family_message_reads" add constraint "family_message_reads_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."family_message_reads" validate constraint "family_message_reads_user_id_fkey";

alter table "public"."family_messages" add constraint "family_messages_family_id_fkey" FOREIGN KEY (family_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."family_messages" validate constraint "family_messages_family_id_fkey";

alter table "public"."family_messages" add constraint "family_messages_sender_id_fkey" FOREIGN KEY (sender_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."family_messages" validate constraint "family_messages_sender_id_fkey";

alter table "public"."parent_updates" add constraint "parent_updates_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."parent_updates" validate constraint "parent_updates_child_id_fkey";

alter table "public"."parent_updates" add constraint "parent_updates_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE SET NULL not valid;

alter table "public"."parent_updates" validate constraint "parent_updates_coach_id_fkey";

alter table "public"."parent_updates" add constraint "parent_updates_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE SET NULL not valid;

alter table "public"."parent_updates" validate constraint "parent_updates_session_id_fkey";

-- supabase/schemas/28_progress_and_check_ins.sql
-- Progress: practice days, goals, check-ins, at-home tools
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.guard_practice_goal_count()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.archived_at is not null
    or (auth.uid() is not null
        and not private.is_admin() and not private.is_current_coach_of_child(new.child_id)) then
    return new; -- row level security refuses a caller who may not set goals, before any count
  end if;
  perform pg_advisory_xact_lock(7311, hashtext(new.child_id::text));
  if (select count(*) from public.practice_goals g
       where g.child_id = new.child_id and g.archived_at is null and g.id <> new.id) >= 3 then
    raise exception 'A child has at most three practice goals at a time.'
      using errcode = '23514', hint = 'Retire a goal before setting another.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.guard_practice_goal_count() from "anon", "authenticated", public, "service_role";
grant execute on function private.guard_practice_goal_count() to public;

CREATE OR REPLACE FUNCTION private.is_check_in_answers(answers jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_typeof(answers) = 'object'
    and (select count(*) from jsonb_object_keys(answers)) between 1 and 40
    and not exists (
      select 1 from jsonb_each(answers) e
       where char_length(e.key) > 40
          or jsonb_typeof(e.value) <> 'number'
          or (e.value)::numeric not in (0, 1, 2, 3, 4)
    )
$function$
;

revoke all on function private.is_check_in_answers(jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_check_in_answers(jsonb) to public;

CREATE OR REPLACE FUNCTION private.is_check_in_scores(scores jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_typeof(scores) = 'object'
    and (select array_agg(k order by k) from jsonb_object_keys(scores) k)
        = array['confidence', 'connection', 'emotions', 'focus']
    and not exists (
      select 1 from jsonb_each(scores) e
       where jsonb_typeof(e.value) <> 'number'
          or (e.value)::numeric <> trunc((e.value)::numeric)
          or (e.value)::numeric not between 0 and 100
    )
$function$
;

revoke all on function private.is_check_in_scores(jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_check_in_scores(jsonb) to public;

CREATE OR REPLACE FUNCTION private.prepare_practice_day()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  goal record;
  today date;
begin
  select g.child_id, g.archived_at into goal from public.practice_goals g where g.id = new.goal_id;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if goal.archived_at is not null then
    raise exception 'This practice goal has been retired.' using errcode = '23514';
  end if;
  new.child_id := goal.child_id;
  today := private.family_today(goal.child_id);
  if new.practised_on > today or new.practised_on < today - 13 then
    raise exception 'A practice day is one of the last two weeks, up to today.'
      using errcode = '23514', hint = format('Today is %s in the family''s time zone.', today);
  end if;
  return new;
end;
$function$
;

revoke all on function private.prepare_practice_day() from "anon", "authenticated", public, "service_role";
grant execute on function private.prepare_practice_day() to public;

CREATE OR REPLACE FUNCTION private.queue_check_in_invitations(now_at timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  queued integer;
begin
  insert into public.outbox (kind, recipient, child_id, recipient_user_id, due_at)
  select 'check_in_invitation', 'parent', c.id, c.parent_id, latest.taken_at + interval '28 days'
  from public.children c
  cross join lateral (
    select max(k.taken_at) as taken_at from public.check_ins k where k.child_id = c.id
  ) latest
  where latest.taken_at is not null
    and c.parent_id is not null
    and latest.taken_at + interval '28 days' <= now_at
    and latest.taken_at + interval '42 days' > now_at
    and private.wants_check_in_invitations(c.parent_id)
  on conflict (child_id, due_at) where kind = 'check_in_invitation' do nothing;
  get diagnostics queued = row_count;
  return queued;
end;
$function$
;

revoke all on function private.queue_check_in_invitations(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.queue_check_in_invitations(timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.wants_check_in_invitations(account uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    (select n.check_in_invitations from public.notification_preferences n where n.user_id = account),
    true
  )
$function$
;

revoke all on function private.wants_check_in_invitations(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.wants_check_in_invitations(uuid) to "service_role";

create table "public"."at_home_tools" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "coach_id" uuid,
    "title" text not null,
    "instructions" text not null default ''::text,
    "archived_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX at_home_tools_child_idx ON public.at_home_tools USING btree (child_id, created_at DESC);

CREATE INDEX at_home_tools_coach_idx ON public.at_home_tools USING btree (coach_id);

CREATE UNIQUE INDEX at_home_tools_pkey ON public.at_home_tools USING btree (id);

alter table "public"."at_home_tools" add constraint "at_home_tools_pkey" PRIMARY KEY using index "at_home_tools_pkey";

alter table "public"."at_home_tools" add constraint "at_home_tools_instructions_check" CHECK ((char_length(instructions) <= 1000)) not valid;

alter table "public"."at_home_tools" validate constraint "at_home_tools_instructions_check";

alter table "public"."at_home_tools" add constraint "at_home_tools_title_check" CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 120))) not valid;

alter table "public"."at_home_tools" validate constraint "at_home_tools_title_check";

alter table "public"."at_home_tools" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."at_home_tools"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The child's coach and admins edit at-home tools"
  on "public"."at_home_tools"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) AND ( SELECT private.is_current_coach_of_child(at_home_tools.child_id) AS is_current_coach_of_child))))
with check ((( SELECT private.is_admin() AS is_admin) OR ((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) AND ( SELECT private.is_current_coach_of_child(at_home_tools.child_id) AS is_current_coach_of_child))));

create policy "The child's coach and admins remove at-home tools"
  on "public"."at_home_tools"
  as permissive
  for delete
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) AND ( SELECT private.is_current_coach_of_child(at_home_tools.child_id) AS is_current_coach_of_child))));

create policy "The child's coach and admins set at-home tools"
  on "public"."at_home_tools"
  as permissive
  for insert
  to authenticated
with check ((( SELECT private.is_admin() AS is_admin) OR ((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) AND ( SELECT private.is_current_coach_of_child(at_home_tools.child_id) AS is_current_coach_of_child))));

create policy "The family, the child, the child's coach and admins read at-hom"
  on "public"."at_home_tools"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(at_home_tools.child_id) AS is_parent_of_child) OR ( SELECT private.is_child_user(at_home_tools.child_id) AS is_child_user) OR ( SELECT private.is_coach_of_child(at_home_tools.child_id) AS is_coach_of_child) OR ( SELECT private.is_admin() AS is_admin)));

CREATE TRIGGER at_home_tools_set_updated_at BEFORE UPDATE ON public.at_home_tools FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.at_home_tools from "anon", "authenticated", public, "service_role";
grant delete, select on table public.at_home_tools to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.at_home_tools to "service_role";

grant insert (archived_at) on table public.at_home_tools to "authenticated";

grant update (archived_at) on table public.at_home_tools to "authenticated";

grant insert (child_id) on table public.at_home_tools to "authenticated";

grant insert (coach_id) on table public.at_home_tools to "authenticated";

grant insert (instructions) on table public.at_home_tools to "authenticated";

grant update (instructions) on table public.at_home_tools to "authenticated";

grant insert (title) on table public.at_home_tools to "authenticated";

grant update (title) on table public.at_home_tools to "authenticated";

create table "public"."check_ins" (
    "id" uuid not null,
    "child_id" uuid not null,
    "taken_by" uuid default auth.uid(),
    "answers" jsonb not null,
    "scores" jsonb not null,
    "taken_at" timestamp with time zone not null default now()
      );

CREATE INDEX check_ins_child_idx ON public.check_ins USING btree (child_id, taken_at);

CREATE UNIQUE INDEX check_ins_pkey ON public.check_ins USING btree (id);

CREATE INDEX check_ins_taken_by_idx ON public.check_ins USING btree (taken_by);

alter table "public"."check_ins" add constraint "check_ins_pkey" PRIMARY KEY using index "check_ins_pkey";

alter table "public"."check_ins" add constraint "check_ins_answers_shape" CHECK (private.is_check_in_answers(answers)) not valid;

alter table "public"."check_ins" validate constraint "check_ins_answers_shape";

alter table "public"."check_ins" add constraint "check_ins_scores_shape" CHECK (private.is_check_in_scores(scores)) not valid;

alter table "public"."check_ins" validate constraint "check_ins_scores_shape";

alter table "public"."check_ins" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."check_ins"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The child's parent records a check-in"
  on "public"."check_ins"
  as permissive
  for insert
  to authenticated
with check (((taken_by = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_parent_of_child(check_ins.child_id) AS is_parent_of_child)));

create policy "The child's parent, the child's coach and admins read check-ins"
  on "public"."check_ins"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(check_ins.child_id) AS is_parent_of_child) OR ( SELECT private.is_coach_of_child(check_ins.child_id) AS is_coach_of_child) OR ( SELECT private.is_admin() AS is_admin)));

revoke all on table public.check_ins from "anon", "authenticated", public, "service_role";
grant select on table public.check_ins to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.check_ins to "service_role";

grant insert (answers) on table public.check_ins to "authenticated";

grant insert (child_id) on table public.check_ins to "authenticated";

grant insert (id) on table public.check_ins to "authenticated";

grant insert (scores) on table public.check_ins to "authenticated";

create table "public"."practice_days" (
    "goal_id" uuid not null,
    "practised_on" date not null,
    "child_id" uuid not null,
    "marked_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX practice_days_child_idx ON public.practice_days USING btree (child_id, practised_on);

CREATE INDEX practice_days_marked_by_idx ON public.practice_days USING btree (marked_by);

CREATE UNIQUE INDEX practice_days_pkey ON public.practice_days USING btree (goal_id, practised_on);

alter table "public"."practice_days" add constraint "practice_days_pkey" PRIMARY KEY using index "practice_days_pkey";

alter table "public"."practice_days" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."practice_days"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The child's parent ticks a practice day"
  on "public"."practice_days"
  as permissive
  for insert
  to authenticated
with check (((marked_by = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_parent_of_child(practice_days.child_id) AS is_parent_of_child)));

create policy "The child's parent unticks a practice day"
  on "public"."practice_days"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_parent_of_child(practice_days.child_id) AS is_parent_of_child));

create policy "The child's parent, the child's coach and admins read practice "
  on "public"."practice_days"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(practice_days.child_id) AS is_parent_of_child) OR ( SELECT private.is_coach_of_child(practice_days.child_id) AS is_coach_of_child) OR ( SELECT private.is_admin() AS is_admin)));

CREATE TRIGGER practice_days_prepare BEFORE INSERT ON public.practice_days FOR EACH ROW EXECUTE FUNCTION private.prepare_practice_day();

revoke all on table public.practice_days from "anon", "authenticated", public, "service_role";
grant delete, select on table public.practice_days to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.practice_days to "service_role";

grant insert (child_id) on table public.practice_days to "authenticated";

grant insert (goal_id) on table public.practice_days to "authenticated";

grant insert (practised_on) on table public.practice_days to "authenticated";

create table "public"."practice_goals" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "coach_id" uuid default private.current_coach_id(),
    "session_id" uuid,
    "title" text not null,
    "archived_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX practice_goals_child_idx ON public.practice_goals USING btree (child_id, created_at);

CREATE INDEX practice_goals_coach_idx ON public.practice_goals USING btree (coach_id);

CREATE UNIQUE INDEX practice_goals_pkey ON public.practice_goals USING btree (id);

CREATE INDEX practice_goals_session_idx ON public.practice_goals USING btree (session_id);

alter table "public"."practice_goals" add constraint "practice_goals_pkey" PRIMARY KEY using index "practice_goals_pkey";

alter table "public"."practice_goals" add constraint "practice_goals_title_check" CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 120))) not valid;

alter table "public"."practice_goals" validate constraint "practice_goals_title_check";

alter table "public"."practice_goals" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."practice_goals"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The child's current coach and admins edit practice goals"
  on "public"."practice_goals"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_current_coach_of_child(practice_goals.child_id) AS is_current_coach_of_child)))
with check ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_current_coach_of_child(practice_goals.child_id) AS is_current_coach_of_child)));

create policy "The child's current coach and admins remove practice goals"
  on "public"."practice_goals"
  as permissive
  for delete
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_current_coach_of_child(practice_goals.child_id) AS is_current_coach_of_child)));

create policy "The child's current coach and admins set practice goals"
  on "public"."practice_goals"
  as permissive
  for insert
  to authenticated
with check ((( SELECT private.is_admin() AS is_admin) OR ((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) AND ( SELECT private.is_current_coach_of_child(practice_goals.child_id) AS is_current_coach_of_child))));

create policy "The child's parent, the child's coach and admins read practice "
  on "public"."practice_goals"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(practice_goals.child_id) AS is_parent_of_child) OR ( SELECT private.is_coach_of_child(practice_goals.child_id) AS is_coach_of_child) OR ( SELECT private.is_admin() AS is_admin)));

CREATE TRIGGER practice_goals_at_most_three BEFORE INSERT OR UPDATE OF archived_at ON public.practice_goals FOR EACH ROW EXECUTE FUNCTION private.guard_practice_goal_count();

CREATE TRIGGER practice_goals_set_updated_at BEFORE UPDATE ON public.practice_goals FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.practice_goals from "anon", "authenticated", public, "service_role";
grant delete, select on table public.practice_goals to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.practice_goals to "service_role";

grant update (archived_at) on table public.practice_goals to "authenticated";

grant insert (child_id) on table public.practice_goals to "authenticated";

grant insert (coach_id) on table public.practice_goals to "authenticated";

grant insert (session_id) on table public.practice_goals to "authenticated";

grant insert (title) on table public.practice_goals to "authenticated";

grant update (title) on table public.practice_goals to "authenticated";

alter table "public"."at_home_tools" add constraint "at_home_tools_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."at_home_tools" validate constraint "at_home_tools_child_id_fkey";

alter table "public"."at_home_tools" add constraint "at_home_tools_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE SET NULL not valid;

alter table "public"."at_home_tools" validate constraint "at_home_tools_coach_id_fkey";

alter table "public"."check_ins" add constraint "check_ins_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."check_ins" validate constraint "check_ins_child_id_fkey";

alter table "public"."check_ins" add constraint "check_ins_taken_by_fkey" FOREIGN KEY (taken_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."check_ins" validate constraint "check_ins_taken_by_fkey";

alter table "public"."practice_days" add constraint "practice_days_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."practice_days" validate constraint "practice_days_child_id_fkey";

alter table "public"."practice_days" add constraint "practice_days_goal_id_fkey" FOREIGN KEY (goal_id) REFERENCES practice_goals(id) ON DELETE CASCADE not valid;

alter table "public"."practice_days" validate constraint "practice_days_goal_id_fkey";

alter table "public"."practice_days" add constraint "practice_days_marked_by_fkey" FOREIGN KEY (marked_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."practice_days" validate constraint "practice_days_marked_by_fkey";

alter table "public"."practice_goals" add constraint "practice_goals_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."practice_goals" validate constraint "practice_goals_child_id_fkey";

alter table "public"."practice_goals" add constraint "practice_goals_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE SET NULL not valid;

alter table "public"."practice_goals" validate constraint "practice_goals_coach_id_fkey";

alter table "public"."practice_goals" add constraint "practice_goals_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE SET NULL not valid;

alter table "public"."practice_goals" validate constraint "practice_goals_session_id_fkey";

-- supabase/schemas/30_points_and_rewards.sql
-- Points and rewards
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.guard_points_award()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  given integer;
begin
  if auth.uid() is null
    or private.is_admin()
    or private.is_current_coach_of_child(new.child_id)
    or not private.is_parent_of_child(new.child_id) then
    return new; -- row level security decides the rest
  end if;
  if new.points not between 1 and 5 then
    raise exception 'A parent awards 1 to 5 points at a time.' using errcode = '23514';
  end if;
  perform pg_advisory_xact_lock(7304, hashtext(new.child_id::text));
  select coalesce(sum(p.points), 0) into given
    from public.ploom_points p
    join public.children c on c.id = p.child_id
   where p.child_id = new.child_id
     and p.awarded_by = c.parent_id
     and p.created_at > now() - interval '1 day';
  if given + new.points > 15 then
    raise exception 'A parent awards at most 15 points a day to one child.'
      using errcode = '23514', hint = format('%s of today''s 15 points are already awarded.', given);
  end if;
  return new;
end;
$function$
;

revoke all on function private.guard_points_award() from "anon", "authenticated", public, "service_role";
grant execute on function private.guard_points_award() to public;

create table "public"."family_rewards" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "title" text not null,
    "points_cost" integer not null,
    "created_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX family_rewards_child_idx ON public.family_rewards USING btree (child_id, points_cost);

CREATE INDEX family_rewards_created_by_idx ON public.family_rewards USING btree (created_by);

CREATE UNIQUE INDEX family_rewards_pkey ON public.family_rewards USING btree (id);

alter table "public"."family_rewards" add constraint "family_rewards_pkey" PRIMARY KEY using index "family_rewards_pkey";

alter table "public"."family_rewards" add constraint "family_rewards_points_cost_check" CHECK (((points_cost >= 1) AND (points_cost <= 1000))) not valid;

alter table "public"."family_rewards" validate constraint "family_rewards_points_cost_check";

alter table "public"."family_rewards" add constraint "family_rewards_title_check" CHECK (((char_length(btrim(title)) >= 1) AND (char_length(btrim(title)) <= 80))) not valid;

alter table "public"."family_rewards" validate constraint "family_rewards_title_check";

alter table "public"."family_rewards" enable row level security;

create policy "Parents add rewards for their children"
  on "public"."family_rewards"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_parent_of_child(family_rewards.child_id) AS is_parent_of_child));

create policy "Parents edit their children's rewards"
  on "public"."family_rewards"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_parent_of_child(family_rewards.child_id) AS is_parent_of_child))
with check (( SELECT private.is_parent_of_child(family_rewards.child_id) AS is_parent_of_child));

create policy "Parents remove their children's rewards"
  on "public"."family_rewards"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_parent_of_child(family_rewards.child_id) AS is_parent_of_child));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."family_rewards"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The family and the child's coach read the family's rewards"
  on "public"."family_rewards"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(family_rewards.child_id) AS is_parent_of_child) OR ( SELECT private.is_child_user(family_rewards.child_id) AS is_child_user) OR ( SELECT private.is_coach_of_child(family_rewards.child_id) AS is_coach_of_child)));

CREATE TRIGGER family_rewards_set_updated_at BEFORE UPDATE ON public.family_rewards FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.family_rewards from "anon", "authenticated", public, "service_role";
grant delete, select on table public.family_rewards to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.family_rewards to "service_role";

grant insert (child_id) on table public.family_rewards to "authenticated";

grant insert (points_cost) on table public.family_rewards to "authenticated";

grant update (points_cost) on table public.family_rewards to "authenticated";

grant insert (title) on table public.family_rewards to "authenticated";

grant update (title) on table public.family_rewards to "authenticated";

create table "public"."ploom_points" (
    "id" bigint generated always as identity not null,
    "child_id" uuid not null,
    "points" integer not null,
    "reason" text not null,
    "awarded_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX ploom_points_awarded_by_idx ON public.ploom_points USING btree (awarded_by);

CREATE INDEX ploom_points_child_idx ON public.ploom_points USING btree (child_id, created_at DESC);

CREATE UNIQUE INDEX ploom_points_pkey ON public.ploom_points USING btree (id);

alter table "public"."ploom_points" add constraint "ploom_points_pkey" PRIMARY KEY using index "ploom_points_pkey";

alter table "public"."ploom_points" add constraint "ploom_points_points_check" CHECK ((((points >= '-1000'::integer) AND (points <= 1000)) AND (points <> 0))) not valid;

alter table "public"."ploom_points" validate constraint "ploom_points_points_check";

alter table "public"."ploom_points" add constraint "ploom_points_reason_check" CHECK (((char_length(btrim(reason)) >= 1) AND (char_length(btrim(reason)) <= 200))) not valid;

alter table "public"."ploom_points" validate constraint "ploom_points_reason_check";

alter table "public"."ploom_points" enable row level security;

create policy "Admins remove points"
  on "public"."ploom_points"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Coaches and admins award points; parents a few for practice at "
  on "public"."ploom_points"
  as permissive
  for insert
  to authenticated
with check (((awarded_by = ( SELECT auth.uid() AS uid)) AND (( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_current_coach_of_child(ploom_points.child_id) AS is_current_coach_of_child) OR (( SELECT private.is_parent_of_child(ploom_points.child_id) AS is_parent_of_child) AND ((points >= 1) AND (points <= 5))))));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."ploom_points"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The family, the child's coach and admins read a child's points"
  on "public"."ploom_points"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_parent_of_child(ploom_points.child_id) AS is_parent_of_child) OR ( SELECT private.is_child_user(ploom_points.child_id) AS is_child_user) OR ( SELECT private.is_coach_of_child(ploom_points.child_id) AS is_coach_of_child)));

CREATE TRIGGER ploom_points_guard_award BEFORE INSERT ON public.ploom_points FOR EACH ROW EXECUTE FUNCTION private.guard_points_award();

revoke all on sequence public.ploom_points_id_seq from "anon", "authenticated", public, "service_role";
grant select, update, usage on sequence public.ploom_points_id_seq to "anon";
grant select, update, usage on sequence public.ploom_points_id_seq to "authenticated";
grant select, update, usage on sequence public.ploom_points_id_seq to "service_role";

revoke all on table public.ploom_points from "anon", "authenticated", public, "service_role";
grant delete, select on table public.ploom_points to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.ploom_points to "service_role";

grant insert (awarded_by) on table public.ploom_points to "authenticated";

grant insert (child_id) on table public.ploom_points to "authenticated";

grant insert (points) on table public.ploom_points to "authenticated";

grant insert (reason) on table public.ploom_points to "authenticated";

alter table "public"."family_rewards" add constraint "family_rewards_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."family_rewards" validate constraint "family_rewards_child_id_fkey";

alter table "public"."family_rewards" add constraint "family_rewards_created_by_fkey" FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."family_rewards" validate constraint "family_rewards_created_by_fkey";

alter table "public"."ploom_points" add constraint "ploom_points_awarded_by_fkey" FOREIGN KEY (awarded_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."ploom_points" validate constraint "ploom_points_awarded_by_fkey";

alter table "public"."ploom_points" add constraint "ploom_points_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."ploom_points" validate constraint "ploom_points_child_id_fkey";

-- supabase/schemas/32_family_plans_and_reports.sql
-- Family plans and progress reports
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.family_plan()
 RETURNS TABLE(plan text, sessions_per_week integer, reason text, time_zone text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  parent uuid := auth.uid();
begin
  if parent is null then
    raise exception 'Sign in to see your plan' using errcode = '42501';
  end if;
  return query
    select
      (select x.plan from public.subscriptions x
        where x.parent_id = parent and x.status not in ('incomplete', 'incomplete_expired', 'canceled')
        order by x.stripe_created desc, x.id desc limit 1),
      coalesce(a.sessions_per_week, 0),
      coalesce(a.reason, 'the family has no plan yet'),
      coalesce((select p.time_zone from public.profiles p where p.id = parent), 'America/New_York')
    from private.family_session_allowance(parent, pg_catalog.now()) a;
end;
$function$
;

revoke all on function private.family_plan() from "anon", "authenticated", public, "service_role";
grant execute on function private.family_plan() to "authenticated";

CREATE OR REPLACE FUNCTION private.is_family_plan_content(content jsonb)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select jsonb_typeof(content) = 'object'
    and (select count(*) from jsonb_object_keys(content) k where k not in ('goals', 'strategies', 'watch_for')) = 0
    and jsonb_typeof(content -> 'goals') = 'array'
    and jsonb_array_length(content -> 'goals') <= 6
    and jsonb_typeof(content -> 'strategies') = 'array'
    and jsonb_array_length(content -> 'strategies') <= 10
    and jsonb_typeof(content -> 'watch_for') = 'array'
    and jsonb_array_length(content -> 'watch_for') <= 10
    and not exists (
      select 1 from jsonb_array_elements(content -> 'strategies') s
      where jsonb_typeof(s) <> 'string' or char_length(btrim(s #>> '{}')) not between 1 and 240
    )
    and not exists (
      select 1 from jsonb_array_elements(content -> 'watch_for') s
      where jsonb_typeof(s) <> 'string' or char_length(btrim(s #>> '{}')) not between 1 and 240
    )
    and not exists (
      select 1 from jsonb_array_elements(content -> 'goals') g
      where jsonb_typeof(g) <> 'object'
        or (select count(*) from jsonb_object_keys(g) k where k not in ('id', 'title', 'child_words', 'milestones')) > 0
        or coalesce((g ->> 'id') !~ '^[0-9a-f-]{36}$', true)
        or char_length(btrim(coalesce(g ->> 'title', ''))) not between 1 and 120
        or char_length(btrim(coalesce(g ->> 'child_words', ''))) not between 1 and 160
        or jsonb_typeof(g -> 'milestones') <> 'array'
        or jsonb_array_length(g -> 'milestones') > 8
        or exists (
          select 1 from jsonb_array_elements(g -> 'milestones') m
          where jsonb_typeof(m) <> 'object'
            or (select count(*) from jsonb_object_keys(m) k where k not in ('id', 'text')) > 0
            or coalesce((m ->> 'id') !~ '^[0-9a-f-]{36}$', true)
            or char_length(btrim(coalesce(m ->> 'text', ''))) not between 1 and 160
        )
    )
$function$
;

revoke all on function private.is_family_plan_content(jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_family_plan_content(jsonb) to public;

CREATE OR REPLACE FUNCTION private.plan_report_cadence(plan text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case plan when 'focused-progress' then 'monthly' when 'intensive-momentum' then 'weekly' end
$function$
;

revoke all on function private.plan_report_cadence(text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.publish_progress_report(report uuid)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r public.progress_reports;
  at timestamptz := pg_catalog.now();
begin
  select * into r from public.progress_reports x where x.id = report for update;
  if r.id is null then
    raise exception 'No such report' using errcode = 'PT404';
  end if;
  perform private.require_report_writer(r.child_id);
  perform private.require_staff_two_factor();
  if r.status = 'published' then
    raise exception 'This report is already published' using errcode = '22023';
  end if;
  if char_length(btrim(r.summary)) = 0 or char_length(btrim(r.next_steps)) = 0 then
    raise exception 'Write the summary and the next steps before publishing' using errcode = '22023';
  end if;
  update public.progress_reports set status = 'published', published_at = at where id = r.id;
  insert into public.outbox (kind, event, recipient, child_id, report_id, recipient_user_id)
  values ('family_notice', 'progress_report', 'parent', r.child_id, r.id, r.parent_id);
  return at;
end;
$function$
;

revoke all on function private.publish_progress_report(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.publish_progress_report(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.reports_due(now_at timestamp with time zone DEFAULT now())
 RETURNS TABLE(child_id uuid, child_first_name text, parent_id uuid, coach_id uuid, coach_name text, cadence text, period_start date, period_end date, due_on date, overdue boolean, draft_id uuid)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := private.current_coach_id();
  admin boolean := private.is_admin();
begin
  if not admin and me is null then
    raise exception 'Only coaches and admins see the reports due' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    with families as (
      select c.id, c.first_name, c.parent_id, c.coach_id, k.display_name,
        coalesce(pr.time_zone, 'America/New_York') as zone,
        private.plan_report_cadence(s.plan) as cadence,
        s.since
      from public.children c
      join public.coaches k on k.id = c.coach_id
      left join public.profiles pr on pr.id = c.parent_id
      cross join lateral (
        select x.plan,
          (select min(y.stripe_created) from public.subscriptions y
            where y.parent_id = c.parent_id and y.status not in ('incomplete', 'incomplete_expired')) as since
        from public.subscriptions x
        where x.parent_id = c.parent_id and x.status in ('active', 'trialing', 'past_due')
        order by x.stripe_created desc, x.id desc limit 1
      ) s
      where (admin or c.coach_id = me)
    ),
    periods as (
      select f.*, last.period_start, last.period_end
      from families f
      cross join lateral private.report_period(f.cadence, (now_at at time zone f.zone)::date) this
      cross join lateral private.report_period(f.cadence, this.period_start - 1) last
      where f.cadence is not null
        -- the period ended after the plan began (a new family is not behind on day one)
        and ((last.period_end + 1)::timestamp at time zone f.zone) > f.since
    )
    select p.id, p.first_name, p.parent_id, p.coach_id, p.display_name, p.cadence, p.period_start, p.period_end,
      p.period_end + 1,
      (now_at at time zone p.zone)::date > p.period_end + case p.cadence when 'weekly' then 3 else 5 end,
      (select r.id from public.progress_reports r
        where r.child_id = p.id and r.cadence = p.cadence and r.period_start = p.period_start and r.status = 'draft')
    from periods p
    where not exists (
      select 1 from public.progress_reports r
      where r.child_id = p.id and r.cadence = p.cadence and r.period_start = p.period_start and r.status = 'published'
    )
    order by p.period_end, p.first_name;
end;
$function$
;

revoke all on function private.reports_due(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.reports_due(timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.require_family_plan()
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null
     and (select a.sessions_per_week from private.family_session_allowance(auth.uid(), pg_catalog.now()) a) is null then
    raise exception 'No new sessions can be booked: your family has no plan yet'
      using errcode = '23514', hint = 'Choose a plan on the billing page, then book.';
  end if;
end;
$function$
;

revoke all on function private.require_family_plan() from "anon", "authenticated", public, "service_role";
grant execute on function private.require_family_plan() to "authenticated";

CREATE OR REPLACE FUNCTION private.require_report_access()
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may read the landing report' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
end;
$function$
;

revoke all on function private.require_report_access() from "anon", "authenticated", public, "service_role";
grant execute on function private.require_report_access() to "authenticated";
grant execute on function private.require_report_access() to public;
grant execute on function private.require_report_access() to "service_role";

CREATE OR REPLACE FUNCTION private.require_report_writer(child uuid)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (private.is_admin() or private.is_current_coach_of_child(child)) then
    raise exception 'Only the child''s coach writes their progress reports' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
end;
$function$
;

revoke all on function private.require_report_writer(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.review_family_plan(plan_version uuid, note text)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v public.family_plan_versions;
  at timestamptz := pg_catalog.now();
begin
  select * into v from public.family_plan_versions x where x.id = plan_version;
  if v.id is null or v.parent_id is distinct from auth.uid() or v.status <> 'shared' then
    raise exception 'No such plan in your family' using errcode = '42501';
  end if;
  if private.family_plan_kind(v.parent_id) is distinct from 'reviewed' then
    raise exception 'Reviewing the plan with your coach comes with Intensive Momentum'
      using errcode = '22023', hint = 'Write to your coach in Messages, or see the plans on the billing page.';
  end if;
  if note is not null and char_length(btrim(note)) = 0 then
    note := null;
  end if;
  if char_length(note) > 2000 then
    raise exception 'A comment is at most 2,000 characters' using errcode = '22001';
  end if;
  insert into public.family_plan_reviews (version_id, child_id, parent_id, comment, created_at)
  values (v.id, v.child_id, v.parent_id, btrim(note), at);
  return at;
end;
$function$
;

revoke all on function private.review_family_plan(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.review_family_plan(uuid,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.save_family_plan_draft(child uuid, content jsonb)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  draft uuid;
begin
  c := private.require_family_plan_writer(child);
  perform private.require_staff_two_factor();
  if content is null or not private.is_family_plan_content(content) then
    raise exception 'The plan is not complete: each goal needs a title and its words for the child, each item some text'
      using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('family-plan:' || c.id::text, 0));
  update public.family_plan_versions v
  set content = save_family_plan_draft.content, coach_id = coalesce(private.current_coach_id(), c.coach_id)
  where v.child_id = c.id and v.status = 'draft'
  returning v.id into draft;
  if draft is null then
    insert into public.family_plan_versions (child_id, parent_id, coach_id, version, content)
    values (
      c.id, c.parent_id, coalesce(private.current_coach_id(), c.coach_id),
      coalesce((select max(v.version) from public.family_plan_versions v where v.child_id = c.id), 0) + 1,
      save_family_plan_draft.content
    )
    returning id into draft;
  end if;
  return draft;
end;
$function$
;

revoke all on function private.save_family_plan_draft(uuid,jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function private.save_family_plan_draft(uuid,jsonb) to "authenticated";

CREATE OR REPLACE FUNCTION private.share_family_plan(child uuid)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  v public.family_plan_versions;
begin
  c := private.require_family_plan_writer(child);
  perform private.require_staff_two_factor();
  select * into v from public.family_plan_versions x where x.child_id = c.id and x.status = 'draft' for update;
  if v.id is null then
    raise exception 'There is no draft to share: save the plan first' using errcode = '22023';
  end if;
  if jsonb_array_length(v.content -> 'goals') = 0 then
    raise exception 'A family plan needs at least one goal' using errcode = '22023';
  end if;
  update public.family_plan_versions set status = 'shared', shared_at = pg_catalog.now() where id = v.id;
  return v.version;
end;
$function$
;

revoke all on function private.share_family_plan(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.share_family_plan(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.start_progress_report(child uuid, day date DEFAULT NULL::date)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  zone text;
  plan text;
  period_cadence text;
  p record;
  report uuid;
  done text;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null then
    raise exception 'No such child' using errcode = 'PT404';
  end if;
  perform private.require_report_writer(c.id);
  perform private.require_staff_two_factor();
  select coalesce(pr.time_zone, 'America/New_York') into zone from public.profiles pr where pr.id = c.parent_id;
  zone := coalesce(zone, 'America/New_York');
  select x.plan into plan from public.subscriptions x
  where x.parent_id = c.parent_id and x.status not in ('incomplete', 'incomplete_expired', 'canceled')
  order by x.stripe_created desc, x.id desc limit 1;
  period_cadence := private.plan_report_cadence(plan);
  if period_cadence is null then
    raise exception '%''s family has no plan with progress reports', c.first_name
      using errcode = '22023', hint = 'Focused Progress has a monthly report, Intensive Momentum a weekly one.';
  end if;
  if day is null then
    -- the last period that has ended, in the family's zone
    select * into p from private.report_period(period_cadence, (pg_catalog.now() at time zone zone)::date) r;
    select * into p from private.report_period(period_cadence, p.period_start - 1) r;
  else
    select * into p from private.report_period(period_cadence, day) r;
  end if;
  if p.period_start > (pg_catalog.now() at time zone zone)::date then
    raise exception 'That period has not begun yet' using errcode = '22023';
  end if;
  select r.id, r.status into report, done from public.progress_reports r
  where r.child_id = c.id and r.cadence = period_cadence and r.period_start = p.period_start;
  if report is not null then
    if done = 'draft' then
      update public.progress_reports set facts = private.report_facts(c.id, p.period_start, p.period_end, zone)
      where id = report;
    end if;
    return report;
  end if;
  insert into public.progress_reports (child_id, parent_id, coach_id, cadence, period_start, period_end, facts)
  values (c.id, c.parent_id, c.coach_id, period_cadence, p.period_start, p.period_end,
          private.report_facts(c.id, p.period_start, p.period_end, zone))
  returning id into report;
  return report;
end;
$function$
;

revoke all on function private.start_progress_report(uuid,date) from "anon", "authenticated", public, "service_role";
grant execute on function private.start_progress_report(uuid,date) to "authenticated";

CREATE OR REPLACE FUNCTION private.tick_plan_milestone(child uuid, milestone uuid, done boolean)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
begin
  c := private.require_family_plan_writer(child);
  perform private.require_staff_two_factor();
  if not exists (
    select 1 from public.family_plan_versions v,
      jsonb_array_elements(v.content -> 'goals') g, jsonb_array_elements(g -> 'milestones') m
    where v.child_id = c.id and v.status = 'shared' and m ->> 'id' = milestone::text
  ) then
    raise exception 'No such milestone in %''s shared plan', c.first_name using errcode = '22023';
  end if;
  if done then
    insert into public.family_plan_ticks (child_id, milestone_id) values (c.id, milestone)
    on conflict (child_id, milestone_id) do nothing;
  else
    delete from public.family_plan_ticks t where t.child_id = c.id and t.milestone_id = milestone;
  end if;
end;
$function$
;

revoke all on function private.tick_plan_milestone(uuid,uuid,boolean) from "anon", "authenticated", public, "service_role";
grant execute on function private.tick_plan_milestone(uuid,uuid,boolean) to "authenticated";

CREATE OR REPLACE FUNCTION private.updates_due(now_at timestamp with time zone DEFAULT now())
 RETURNS TABLE(child_id uuid, child_first_name text, parent_id uuid, coach_id uuid, coach_name text, week_start date, week_end date)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := private.current_coach_id();
  admin boolean := private.is_admin();
begin
  if not admin and me is null then
    raise exception 'Only coaches and admins see the updates due' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    with families as (
      select c.id, c.first_name, c.parent_id, c.coach_id, k.display_name,
        coalesce(pr.time_zone, 'America/New_York') as zone,
        (select min(y.stripe_created) from public.subscriptions y
          where y.parent_id = c.parent_id and y.status not in ('incomplete', 'incomplete_expired')) as since
      from public.children c
      join public.coaches k on k.id = c.coach_id
      left join public.profiles pr on pr.id = c.parent_id
      where (admin or c.coach_id = me)
        and exists (
          select 1 from public.subscriptions x
          where x.parent_id = c.parent_id and x.status in ('active', 'trialing', 'past_due')
        )
    ),
    weeks as (
      select f.*, (pg_catalog.date_trunc('week', now_at at time zone f.zone) - interval '7 days')::date as monday
      from families f
    )
    select w.id, w.first_name, w.parent_id, w.coach_id, w.display_name, w.monday, w.monday + 6
    from weeks w
    where ((w.monday + 7)::timestamp at time zone w.zone) > w.since
      and not exists (
        select 1 from public.parent_updates u
        where u.child_id = w.id and u.shared_at is not null
          and u.shared_at >= (w.monday::timestamp at time zone w.zone)
      )
    order by w.first_name, w.id;
end;
$function$
;

revoke all on function private.updates_due(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.updates_due(timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION public.get_family_plan()
 RETURNS TABLE(plan text, sessions_per_week integer, reason text, time_zone text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select * from private.family_plan() $function$
;

revoke all on function public.get_family_plan() from "anon", "authenticated", public, "service_role";
grant execute on function public.get_family_plan() to "authenticated";
grant execute on function public.get_family_plan() to "service_role";

CREATE OR REPLACE FUNCTION public.get_reports_due()
 RETURNS TABLE(child_id uuid, child_first_name text, parent_id uuid, coach_id uuid, coach_name text, cadence text, period_start date, period_end date, due_on date, overdue boolean, draft_id uuid)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select * from private.reports_due() $function$
;

revoke all on function public.get_reports_due() from "anon", "authenticated", public, "service_role";
grant execute on function public.get_reports_due() to "authenticated";
grant execute on function public.get_reports_due() to "service_role";

CREATE OR REPLACE FUNCTION public.get_updates_due()
 RETURNS TABLE(child_id uuid, child_first_name text, parent_id uuid, coach_id uuid, coach_name text, week_start date, week_end date)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select * from private.updates_due() $function$
;

revoke all on function public.get_updates_due() from "anon", "authenticated", public, "service_role";
grant execute on function public.get_updates_due() to "authenticated";
grant execute on function public.get_updates_due() to "service_role";

CREATE OR REPLACE FUNCTION public.publish_progress_report(report_id uuid)
 RETURNS timestamp with time zone
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select private.publish_progress_report(publish_progress_report.report_id) $function$
;

revoke all on function public.publish_progress_report(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.publish_progress_report(uuid) to "authenticated";
grant execute on function public.publish_progress_report(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.review_family_plan(version_id uuid, comment text DEFAULT NULL::text)
 RETURNS timestamp with time zone
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select private.review_family_plan(review_family_plan.version_id, review_family_plan.comment) $function$
;

revoke all on function public.review_family_plan(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.review_family_plan(uuid,text) to "authenticated";
grant execute on function public.review_family_plan(uuid,text) to "service_role";

CREATE OR REPLACE FUNCTION public.save_family_plan_draft(child_id uuid, content jsonb)
 RETURNS uuid
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select private.save_family_plan_draft(save_family_plan_draft.child_id, save_family_plan_draft.content) $function$
;

revoke all on function public.save_family_plan_draft(uuid,jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function public.save_family_plan_draft(uuid,jsonb) to "authenticated";
grant execute on function public.save_family_plan_draft(uuid,jsonb) to "service_role";

CREATE OR REPLACE FUNCTION public.share_family_plan(child_id uuid)
 RETURNS integer
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select private.share_family_plan(share_family_plan.child_id) $function$
;

revoke all on function public.share_family_plan(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.share_family_plan(uuid) to "authenticated";
grant execute on function public.share_family_plan(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.start_progress_report(child_id uuid, day date DEFAULT NULL::date)
 RETURNS uuid
 LANGUAGE sql
 SET search_path TO ''
AS $function$ select private.start_progress_report(start_progress_report.child_id, start_progress_report.day) $function$
;

revoke all on function public.start_progress_report(uuid,date) from "anon", "authenticated", public, "service_role";
grant execute on function public.start_progress_report(uuid,date) to "authenticated";
grant execute on function public.start_progress_report(uuid,date) to "service_role";

CREATE OR REPLACE FUNCTION public.tick_plan_milestone(child_id uuid, milestone_id uuid, done boolean)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.tick_plan_milestone(tick_plan_milestone.child_id, tick_plan_milestone.milestone_id, tick_plan_milestone.done)
$function$
;

revoke all on function public.tick_plan_milestone(uuid,uuid,boolean) from "anon", "authenticated", public, "service_role";
grant execute on function public.tick_plan_milestone(uuid,uuid,boolean) to "authenticated";
grant execute on function public.tick_plan_milestone(uuid,uuid,boolean) to "service_role";

create table "public"."family_plan_reviews" (
    "id" uuid not null default gen_random_uuid(),
    "version_id" uuid not null,
    "child_id" uuid not null,
    "parent_id" uuid not null,
    "comment" text,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX family_plan_reviews_child_idx ON public.family_plan_reviews USING btree (child_id);

CREATE INDEX family_plan_reviews_parent_idx ON public.family_plan_reviews USING btree (parent_id);

CREATE UNIQUE INDEX family_plan_reviews_pkey ON public.family_plan_reviews USING btree (id);

CREATE INDEX family_plan_reviews_version_idx ON public.family_plan_reviews USING btree (version_id, created_at);

alter table "public"."family_plan_reviews" add constraint "family_plan_reviews_pkey" PRIMARY KEY using index "family_plan_reviews_pkey";

alter table "public"."family_plan_reviews" add constraint "family_plan_reviews_comment_check" CHECK (((char_length(btrim(comment)) >= 1) AND (char_length(btrim(comment)) <= 2000))) not valid;

alter table "public"."family_plan_reviews" validate constraint "family_plan_reviews_comment_check";

alter table "public"."family_plan_reviews" enable row level security;

create policy "Parents, the coach and admins read the reviews"
  on "public"."family_plan_reviews"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin) OR private.is_current_coach_of_child(child_id)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."family_plan_reviews"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

revoke all on table public.family_plan_reviews from "anon", "authenticated", public, "service_role";
grant select on table public.family_plan_reviews to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.family_plan_reviews to "service_role";

create table "public"."family_plan_ticks" (
    "child_id" uuid not null,
    "milestone_id" uuid not null,
    "ticked_at" timestamp with time zone not null default now(),
    "ticked_by" uuid default auth.uid()
      );

CREATE UNIQUE INDEX family_plan_ticks_pkey ON public.family_plan_ticks USING btree (child_id, milestone_id);

CREATE INDEX family_plan_ticks_ticked_by_idx ON public.family_plan_ticks USING btree (ticked_by);

alter table "public"."family_plan_ticks" add constraint "family_plan_ticks_pkey" PRIMARY KEY using index "family_plan_ticks_pkey";

alter table "public"."family_plan_ticks" enable row level security;

create policy "Parents, the coach and admins read the ticks"
  on "public"."family_plan_ticks"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(family_plan_ticks.child_id) AS is_parent_of_child) OR ( SELECT private.is_admin() AS is_admin) OR private.is_current_coach_of_child(child_id)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."family_plan_ticks"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

revoke all on table public.family_plan_ticks from "anon", "authenticated", public, "service_role";
grant select on table public.family_plan_ticks to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.family_plan_ticks to "service_role";

create table "public"."family_plan_versions" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "parent_id" uuid not null,
    "coach_id" uuid,
    "version" integer not null,
    "content" jsonb not null,
    "status" text not null default 'draft'::text,
    "shared_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX family_plan_versions_coach_idx ON public.family_plan_versions USING btree (coach_id);

CREATE UNIQUE INDEX family_plan_versions_one_a_number ON public.family_plan_versions USING btree (child_id, version);

CREATE UNIQUE INDEX family_plan_versions_one_draft ON public.family_plan_versions USING btree (child_id) WHERE (status = 'draft'::text);

CREATE INDEX family_plan_versions_parent_idx ON public.family_plan_versions USING btree (parent_id);

CREATE UNIQUE INDEX family_plan_versions_pkey ON public.family_plan_versions USING btree (id);

alter table "public"."family_plan_versions" add constraint "family_plan_versions_pkey" PRIMARY KEY using index "family_plan_versions_pkey";

alter table "public"."family_plan_versions" add constraint "family_plan_versions_content_shape" CHECK (private.is_family_plan_content(content)) not valid;

alter table "public"."family_plan_versions" validate constraint "family_plan_versions_content_shape";

alter table "public"."family_plan_versions" add constraint "family_plan_versions_one_a_number" UNIQUE using index "family_plan_versions_one_a_number";

alter table "public"."family_plan_versions" add constraint "family_plan_versions_shared_at" CHECK (((status = 'shared'::text) = (shared_at IS NOT NULL))) not valid;

alter table "public"."family_plan_versions" validate constraint "family_plan_versions_shared_at";

alter table "public"."family_plan_versions" add constraint "family_plan_versions_status_check" CHECK ((status = ANY (ARRAY['draft'::text, 'shared'::text]))) not valid;

alter table "public"."family_plan_versions" validate constraint "family_plan_versions_status_check";

alter table "public"."family_plan_versions" add constraint "family_plan_versions_version_check" CHECK ((version >= 1)) not valid;

alter table "public"."family_plan_versions" validate constraint "family_plan_versions_version_check";

alter table "public"."family_plan_versions" enable row level security;

create policy "Parents read shared plans, the coach and admins all"
  on "public"."family_plan_versions"
  as permissive
  for select
  to authenticated
using ((((parent_id = ( SELECT auth.uid() AS uid)) AND (status = 'shared'::text)) OR ( SELECT private.is_admin() AS is_admin) OR private.is_current_coach_of_child(child_id)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."family_plan_versions"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER family_plan_versions_audit AFTER INSERT OR DELETE OR UPDATE ON public.family_plan_versions FOR EACH ROW EXECUTE FUNCTION private.audit_change('FAMILY_PLAN_*', 'child', 'child_id', 'version', 'status');

CREATE TRIGGER family_plan_versions_set_updated_at BEFORE UPDATE ON public.family_plan_versions FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.family_plan_versions from "anon", "authenticated", public, "service_role";
grant select on table public.family_plan_versions to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.family_plan_versions to "service_role";

create table "public"."progress_reports" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "parent_id" uuid not null,
    "coach_id" uuid,
    "cadence" text not null,
    "period_start" date not null,
    "period_end" date not null,
    "facts" jsonb not null,
    "summary" text not null default ''::text,
    "next_steps" text not null default ''::text,
    "status" text not null default 'draft'::text,
    "published_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX progress_reports_coach_idx ON public.progress_reports USING btree (coach_id);

CREATE UNIQUE INDEX progress_reports_one_a_period ON public.progress_reports USING btree (child_id, cadence, period_start);

CREATE INDEX progress_reports_parent_idx ON public.progress_reports USING btree (parent_id, period_end DESC);

CREATE UNIQUE INDEX progress_reports_pkey ON public.progress_reports USING btree (id);

alter table "public"."progress_reports" add constraint "progress_reports_pkey" PRIMARY KEY using index "progress_reports_pkey";

alter table "public"."progress_reports" add constraint "progress_reports_cadence_check" CHECK ((cadence = ANY (ARRAY['weekly'::text, 'monthly'::text]))) not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_cadence_check";

alter table "public"."progress_reports" add constraint "progress_reports_facts_check" CHECK ((jsonb_typeof(facts) = 'object'::text)) not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_facts_check";

alter table "public"."progress_reports" add constraint "progress_reports_next_steps_check" CHECK ((char_length(next_steps) <= 4000)) not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_next_steps_check";

alter table "public"."progress_reports" add constraint "progress_reports_one_a_period" UNIQUE using index "progress_reports_one_a_period";

alter table "public"."progress_reports" add constraint "progress_reports_period" CHECK (((period_end >= period_start) AND ((period_end - period_start) <= 31))) not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_period";

alter table "public"."progress_reports" add constraint "progress_reports_published_whole" CHECK (((status = 'draft'::text) OR ((published_at IS NOT NULL) AND (char_length(btrim(summary)) > 0) AND (char_length(btrim(next_steps)) > 0)))) not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_published_whole";

alter table "public"."progress_reports" add constraint "progress_reports_status_check" CHECK ((status = ANY (ARRAY['draft'::text, 'published'::text]))) not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_status_check";

alter table "public"."progress_reports" add constraint "progress_reports_summary_check" CHECK ((char_length(summary) <= 4000)) not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_summary_check";

alter table "public"."progress_reports" enable row level security;

create policy "Coaches write their children's drafts, admins any draft"
  on "public"."progress_reports"
  as permissive
  for update
  to authenticated
using (((status = 'draft'::text) AND (( SELECT private.is_admin() AS is_admin) OR private.is_current_coach_of_child(child_id))))
with check (((status = 'draft'::text) AND (( SELECT private.is_admin() AS is_admin) OR private.is_current_coach_of_child(child_id))));

create policy "Parents read published reports, coaches and admins theirs"
  on "public"."progress_reports"
  as permissive
  for select
  to authenticated
using ((((parent_id = ( SELECT auth.uid() AS uid)) AND (status = 'published'::text)) OR ( SELECT private.is_admin() AS is_admin) OR private.is_current_coach_of_child(child_id)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."progress_reports"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER progress_reports_audit AFTER INSERT OR DELETE OR UPDATE ON public.progress_reports FOR EACH ROW EXECUTE FUNCTION private.audit_change('PROGRESS_REPORT_*', 'child', 'child_id', 'status', 'period_start');

CREATE TRIGGER progress_reports_set_updated_at BEFORE UPDATE ON public.progress_reports FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.progress_reports from "anon", "authenticated", public, "service_role";
grant select on table public.progress_reports to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.progress_reports to "service_role";

grant update (next_steps) on table public.progress_reports to "authenticated";

grant update (summary) on table public.progress_reports to "authenticated";

CREATE OR REPLACE FUNCTION private.require_family_plan_writer(child uuid)
 RETURNS children
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null then
    raise exception 'No such child' using errcode = 'PT404';
  end if;
  if not (private.is_admin() or private.is_current_coach_of_child(c.id)) then
    raise exception 'Only the child''s coach writes their family plan' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if private.family_plan_kind(c.parent_id) is null then
    raise exception '%''s family has no plan with a custom family plan', c.first_name
      using errcode = '22023', hint = 'Focused Progress and Intensive Momentum include one.';
  end if;
  return c;
end;
$function$
;

revoke all on function private.require_family_plan_writer(uuid) from "anon", "authenticated", public, "service_role";

alter table "public"."family_plan_reviews" add constraint "family_plan_reviews_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."family_plan_reviews" validate constraint "family_plan_reviews_child_id_fkey";

alter table "public"."family_plan_reviews" add constraint "family_plan_reviews_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."family_plan_reviews" validate constraint "family_plan_reviews_parent_id_fkey";

alter table "public"."family_plan_reviews" add constraint "family_plan_reviews_version_id_fkey" FOREIGN KEY (version_id) REFERENCES family_plan_versions(id) ON DELETE CASCADE not valid;

alter table "public"."family_plan_reviews" validate constraint "family_plan_reviews_version_id_fkey";

alter table "public"."family_plan_ticks" add constraint "family_plan_ticks_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."family_plan_ticks" validate constraint "family_plan_ticks_child_id_fkey";

alter table "public"."family_plan_ticks" add constraint "family_plan_ticks_ticked_by_fkey" FOREIGN KEY (ticked_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."family_plan_ticks" validate constraint "family_plan_ticks_ticked_by_fkey";

alter table "public"."family_plan_versions" add constraint "family_plan_versions_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."family_plan_versions" validate constraint "family_plan_versions_child_id_fkey";

alter table "public"."family_plan_versions" add constraint "family_plan_versions_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE SET NULL not valid;

alter table "public"."family_plan_versions" validate constraint "family_plan_versions_coach_id_fkey";

alter table "public"."family_plan_versions" add constraint "family_plan_versions_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."family_plan_versions" validate constraint "family_plan_versions_parent_id_fkey";

alter table "public"."progress_reports" add constraint "progress_reports_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_child_id_fkey";

alter table "public"."progress_reports" add constraint "progress_reports_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE SET NULL not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_coach_id_fkey";

alter table "public"."progress_reports" add constraint "progress_reports_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."progress_reports" validate constraint "progress_reports_parent_id_fkey";

-- supabase/schemas/34_outbox_and_mail.sql
-- The outbox and mail delivery
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.outbox_wake_sender()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.request_outbox_delivery();
  return null;
end;
$function$
;

revoke all on function private.outbox_wake_sender() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.request_outbox_delivery()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  url text;
  api_key text;
  due record;
begin
  select value into url from private.job_settings where name = 'functions_url';
  select value into api_key from private.job_settings where name = 'functions_api_key';
  for due in
    select s.kind, s.sender
    from (values
      ('session_email', 'send-session-emails'),
      ('intro_call_email', 'send-intro-call-emails'),
      ('check_in_invitation', 'send-check-in-invitations'),
      ('message_email', 'send-message-emails'),
      ('family_notice', 'send-family-notices')
    ) as s (kind, sender)
    where exists (
      select 1 from public.outbox o where o.kind = s.kind and o.outcome is null and o.attempts < 5
    )
  loop
    continue when current_setting('private.outbox_wake_' || due.kind, true) = txid_current()::text;
    perform set_config('private.outbox_wake_' || due.kind, txid_current()::text, true);
    if url is null or to_regnamespace('net') is null then
      raise log '% queued but not sent: private.job_settings or pg_net is missing', due.kind;
      continue;
    end if;
    perform net.http_post(
      url := rtrim(url, '/') || '/' || due.sender,
      body := '{}'::jsonb,
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || coalesce(api_key, ''),
        'apikey', coalesce(api_key, '')
      ),
      timeout_milliseconds := 30000
    );
  end loop;
end;
$function$
;

revoke all on function private.request_outbox_delivery() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.reserve_mail_send(function_name text, recipient text, client text)
 RETURNS TABLE(allowed boolean, reason text, retry_after_seconds integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  to_address text := lower(btrim(recipient));
  from_client text := left(coalesce(nullif(btrim(client), ''), 'unknown'), 64);
  oldest timestamptz;
  recent integer;
begin
  if function_name is null or function_name !~ '^[a-z][a-z0-9-]{0,63}$' then
    raise exception 'function_name must be a function''s name' using errcode = '22023';
  end if;
  if to_address is null or char_length(to_address) not between 3 and 254 or strpos(to_address, '@') = 0 then
    raise exception 'recipient must be an email address' using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(7301, hashtext(from_client));
  perform pg_advisory_xact_lock(7302, hashtext(to_address));

  -- Each statement below reads a fresh snapshot (read committed), so it sees what the previous
  -- holder of the locks committed.
  delete from private.mail_send_attempts a where a.created_at < now() - interval '1 day';

  select count(*), min(a.created_at) into recent, oldest
    from private.mail_send_attempts a
   where a.client = from_client and a.created_at > now() - interval '1 hour';
  if recent >= 30 then
    return query select false, 'Too many emails requested from this device. Please try again later.',
      greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
    return;
  end if;

  -- A newsletter form, a quiz or an intro-call request mails the person filling it in: one client
  -- has no reason to reach more than a handful of different people an hour.
  if not exists (
    select 1 from private.mail_send_attempts a
     where a.client = from_client and a.recipient = to_address and a.created_at > now() - interval '1 hour'
  ) then
    select count(distinct a.recipient), min(a.created_at) into recent, oldest
      from private.mail_send_attempts a
     where a.client = from_client and a.created_at > now() - interval '1 hour';
    if recent >= 10 then
      return query select false, 'Too many emails requested from this device. Please try again later.',
        greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
      return;
    end if;
  end if;

  select count(*), min(a.created_at) into recent, oldest
    from private.mail_send_attempts a
   where a.recipient = to_address and a.created_at > now() - interval '1 hour';
  if recent >= 5 then
    return query select false, 'Too many emails to this address. Please try again later.',
      greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
    return;
  end if;

  select count(*), min(a.created_at) into recent, oldest
    from private.mail_send_attempts a
   where a.recipient = to_address and a.created_at > now() - interval '1 day';
  if recent >= 10 then
    return query select false, 'Too many emails to this address today. Please try again tomorrow.',
      greatest(1, ceil(extract(epoch from oldest + interval '1 day' - now())))::integer;
    return;
  end if;

  insert into private.mail_send_attempts (function_name, recipient, client)
  values (reserve_mail_send.function_name, to_address, from_client);
  return query select true, null::text, null::integer;
end;
$function$
;

revoke all on function private.reserve_mail_send(text,text,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.reserve_mail_send(text,text,text) to "service_role";

CREATE OR REPLACE FUNCTION public.claim_outbox(kinds text[], max_rows integer DEFAULT 50)
 RETURNS TABLE(id bigint, kind text, event text, recipient text, to_email text, current boolean, letter jsonb)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  if kinds is null or cardinality(kinds) = 0 then
    raise exception 'name the kinds to claim' using errcode = '22023';
  end if;
  return query
  with picked as (
    select o.id
    from public.outbox o
    where o.kind = any (kinds)
      and o.outcome is null
      and o.attempts < 5
      and (o.claimed_at is null or o.claimed_at < now() - interval '10 minutes')
    order by o.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.outbox o
    set claimed_at = now(), attempts = o.attempts + 1
    from picked
    where o.id = picked.id
    returning o.id, o as item
  ),
  written as (
    select c.id, c.item, private.outbox_letter(c.item) as letter from claimed c
  )
  select
    w.id,
    (w.item).kind,
    (w.item).event,
    (w.item).recipient,
    w.letter ->> 'to_email',
    coalesce((w.letter ->> 'current')::boolean, false),
    w.letter - 'to_email' - 'current'
  from written w
  order by w.id;
end;
$function$
;

revoke all on function public.claim_outbox(text[],integer) from "anon", "authenticated", public, "service_role";
grant execute on function public.claim_outbox(text[],integer) to "service_role";

CREATE OR REPLACE FUNCTION public.reserve_mail_send(function_name text, recipient text, client text)
 RETURNS TABLE(allowed boolean, reason text, retry_after_seconds integer)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.reserve_mail_send(function_name, recipient, client)
$function$
;

revoke all on function public.reserve_mail_send(text,text,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.reserve_mail_send(text,text,text) to "service_role";

CREATE OR REPLACE FUNCTION public.settle_outbox(outbox_id bigint, result text, error text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if result is null or result not in ('sent', 'skipped', 'retry') then
    raise exception 'result must be sent, skipped or retry' using errcode = '22023';
  end if;
  update public.outbox o
  set outcome = case
        when result = 'retry' then (case when o.attempts >= 5 then 'failed' end)
        else result
      end,
      settled_at = case when result <> 'retry' or o.attempts >= 5 then now() end,
      claimed_at = case when result = 'retry' then null else o.claimed_at end,
      last_error = left(error, 1000)
  where o.id = outbox_id and o.outcome is null;
end;
$function$
;

revoke all on function public.settle_outbox(bigint,text,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.settle_outbox(bigint,text,text) to "service_role";

create table "private"."job_settings" (
    "name" text not null,
    "value" text not null
      );

CREATE UNIQUE INDEX job_settings_pkey ON private.job_settings USING btree (name);

alter table "private"."job_settings" add constraint "job_settings_pkey" PRIMARY KEY using index "job_settings_pkey";

alter table "private"."job_settings" add constraint "job_settings_name_check" CHECK ((name = ANY (ARRAY['functions_url'::text, 'functions_api_key'::text]))) not valid;

alter table "private"."job_settings" validate constraint "job_settings_name_check";

revoke all on table private.job_settings from "anon", "authenticated", public, "service_role";

create table "private"."mail_send_attempts" (
    "id" bigint generated always as identity not null,
    "function_name" text not null,
    "recipient" text not null,
    "client" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX mail_send_attempts_client_idx ON private.mail_send_attempts USING btree (client, created_at);

CREATE INDEX mail_send_attempts_created_at_idx ON private.mail_send_attempts USING btree (created_at);

CREATE UNIQUE INDEX mail_send_attempts_pkey ON private.mail_send_attempts USING btree (id);

CREATE INDEX mail_send_attempts_recipient_idx ON private.mail_send_attempts USING btree (recipient, created_at);

alter table "private"."mail_send_attempts" add constraint "mail_send_attempts_pkey" PRIMARY KEY using index "mail_send_attempts_pkey";

alter table "private"."mail_send_attempts" add constraint "mail_send_attempts_client_check" CHECK (((char_length(client) >= 1) AND (char_length(client) <= 64))) not valid;

alter table "private"."mail_send_attempts" validate constraint "mail_send_attempts_client_check";

alter table "private"."mail_send_attempts" add constraint "mail_send_attempts_function_name_check" CHECK ((function_name ~ '^[a-z][a-z0-9-]{0,63}$'::text)) not valid;

alter table "private"."mail_send_attempts" validate constraint "mail_send_attempts_function_name_check";

alter table "private"."mail_send_attempts" add constraint "mail_send_attempts_recipient_check" CHECK (((char_length(recipient) >= 3) AND (char_length(recipient) <= 254))) not valid;

alter table "private"."mail_send_attempts" validate constraint "mail_send_attempts_recipient_check";

alter table "private"."mail_send_attempts" enable row level security;

revoke all on sequence private.mail_send_attempts_id_seq from "anon", "authenticated", public, "service_role";

revoke all on table private.mail_send_attempts from "anon", "authenticated", public, "service_role";

create table "public"."outbox" (
    "id" bigint generated always as identity not null,
    "kind" text not null,
    "event" text,
    "recipient" text not null,
    "recipient_user_id" uuid,
    "session_id" uuid,
    "intro_call_id" uuid,
    "child_id" uuid,
    "family_id" uuid,
    "coach_id" uuid,
    "report_id" uuid,
    "starts_at" timestamp with time zone,
    "previous_starts_at" timestamp with time zone,
    "due_at" timestamp with time zone,
    "message" text,
    "wrong_tries" integer,
    "created_at" timestamp with time zone not null default now(),
    "claimed_at" timestamp with time zone,
    "attempts" integer not null default 0,
    "outcome" text,
    "settled_at" timestamp with time zone,
    "last_error" text
      );

CREATE INDEX outbox_child_idx ON public.outbox USING btree (child_id);

CREATE INDEX outbox_coach_idx ON public.outbox USING btree (coach_id);

CREATE INDEX outbox_family_idx ON public.outbox USING btree (family_id, recipient_user_id, created_at DESC);

CREATE INDEX outbox_intro_call_idx ON public.outbox USING btree (intro_call_id, created_at);

CREATE UNIQUE INDEX outbox_one_check_in_invitation_idx ON public.outbox USING btree (child_id, due_at) WHERE (kind = 'check_in_invitation'::text);

CREATE UNIQUE INDEX outbox_one_intro_call_reminder_idx ON public.outbox USING btree (intro_call_id, event, recipient, starts_at) WHERE ((kind = 'intro_call_email'::text) AND (event = ANY (ARRAY['reminder_24h'::text, 'reminder_1h'::text])));

CREATE UNIQUE INDEX outbox_one_session_reminder_idx ON public.outbox USING btree (session_id, event, recipient_user_id, starts_at) WHERE ((kind = 'session_email'::text) AND (event = ANY (ARRAY['reminder_24h'::text, 'reminder_1h'::text])));

CREATE UNIQUE INDEX outbox_pkey ON public.outbox USING btree (id);

CREATE INDEX outbox_queued_idx ON public.outbox USING btree (kind, id) WHERE (outcome IS NULL);

CREATE INDEX outbox_recipient_idx ON public.outbox USING btree (recipient_user_id);

CREATE INDEX outbox_report_idx ON public.outbox USING btree (report_id);

CREATE INDEX outbox_session_idx ON public.outbox USING btree (session_id, created_at);

alter table "public"."outbox" add constraint "outbox_pkey" PRIMARY KEY using index "outbox_pkey";

alter table "public"."outbox" add constraint "outbox_check_in_invitation" CHECK (((kind <> 'check_in_invitation'::text) OR ((event IS NULL) AND (recipient = 'parent'::text) AND (recipient_user_id IS NOT NULL) AND (child_id IS NOT NULL) AND (due_at IS NOT NULL)))) not valid;

alter table "public"."outbox" validate constraint "outbox_check_in_invitation";

alter table "public"."outbox" add constraint "outbox_family_notice" CHECK (((kind <> 'family_notice'::text) OR ((event = ANY (ARRAY['coach_match'::text, 'progress_report'::text, 'child_login_locked'::text])) AND (recipient = 'parent'::text) AND (recipient_user_id IS NOT NULL) AND (child_id IS NOT NULL) AND ((event <> 'coach_match'::text) OR (coach_id IS NOT NULL)) AND ((event <> 'progress_report'::text) OR (report_id IS NOT NULL)) AND ((event <> 'child_login_locked'::text) OR (wrong_tries IS NOT NULL))))) not valid;

alter table "public"."outbox" validate constraint "outbox_family_notice";

alter table "public"."outbox" add constraint "outbox_intro_call_email" CHECK (((kind <> 'intro_call_email'::text) OR ((event = ANY (ARRAY['booked'::text, 'moved'::text, 'cancelled'::text, 'reminder_24h'::text, 'reminder_1h'::text])) AND (recipient = ANY (ARRAY['parent'::text, 'host'::text])) AND ((recipient = 'host'::text) = (recipient_user_id IS NOT NULL)) AND (intro_call_id IS NOT NULL) AND (starts_at IS NOT NULL)))) not valid;

alter table "public"."outbox" validate constraint "outbox_intro_call_email";

alter table "public"."outbox" add constraint "outbox_kind_check" CHECK ((kind = ANY (ARRAY['session_email'::text, 'intro_call_email'::text, 'check_in_invitation'::text, 'message_email'::text, 'family_notice'::text]))) not valid;

alter table "public"."outbox" validate constraint "outbox_kind_check";

alter table "public"."outbox" add constraint "outbox_last_error_check" CHECK ((char_length(last_error) <= 1000)) not valid;

alter table "public"."outbox" validate constraint "outbox_last_error_check";

alter table "public"."outbox" add constraint "outbox_message_check" CHECK ((char_length(message) <= 500)) not valid;

alter table "public"."outbox" validate constraint "outbox_message_check";

alter table "public"."outbox" add constraint "outbox_message_email" CHECK (((kind <> 'message_email'::text) OR ((event IS NULL) AND (recipient = ANY (ARRAY['parent'::text, 'coach'::text])) AND (recipient_user_id IS NOT NULL) AND (family_id IS NOT NULL)))) not valid;

alter table "public"."outbox" validate constraint "outbox_message_email";

alter table "public"."outbox" add constraint "outbox_outcome_check" CHECK ((outcome = ANY (ARRAY['sent'::text, 'skipped'::text, 'failed'::text]))) not valid;

alter table "public"."outbox" validate constraint "outbox_outcome_check";

alter table "public"."outbox" add constraint "outbox_session_email" CHECK (((kind <> 'session_email'::text) OR ((event = ANY (ARRAY['booked'::text, 'moved'::text, 'cancelled'::text, 'reminder_24h'::text, 'reminder_1h'::text, 'reschedule_requested'::text])) AND (recipient = ANY (ARRAY['family'::text, 'coach'::text])) AND (recipient_user_id IS NOT NULL) AND (session_id IS NOT NULL) AND (starts_at IS NOT NULL)))) not valid;

alter table "public"."outbox" validate constraint "outbox_session_email";

alter table "public"."outbox" add constraint "outbox_wrong_tries_check" CHECK ((wrong_tries > 0)) not valid;

alter table "public"."outbox" validate constraint "outbox_wrong_tries_check";

alter table "public"."outbox" enable row level security;

create policy "Admins read the outbox"
  on "public"."outbox"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."outbox"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER outbox_wake_sender AFTER INSERT ON public.outbox FOR EACH STATEMENT EXECUTE FUNCTION private.outbox_wake_sender();

revoke all on sequence public.outbox_id_seq from "anon", "authenticated", public, "service_role";
grant select, update, usage on sequence public.outbox_id_seq to "anon";
grant select, update, usage on sequence public.outbox_id_seq to "authenticated";
grant select, update, usage on sequence public.outbox_id_seq to "service_role";

revoke all on table public.outbox from "anon", "authenticated", public, "service_role";
grant select on table public.outbox to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.outbox to "service_role";

CREATE OR REPLACE FUNCTION private.outbox_letter(o outbox)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  letter jsonb;
begin
  case o.kind
  when 'session_email' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name',
        case when o.recipient = 'coach' then coalesce(co.display_name, p.first_name) else p.first_name end,
      'recipient_time_zone',
        case when o.recipient = 'coach' then coalesce(rc.time_zone, p.time_zone) else p.time_zone end,
      'session_id', o.session_id,
      'starts_at', o.starts_at,
      'previous_starts_at', o.previous_starts_at,
      'duration_minutes', s.duration_minutes,
      'child_first_name', ch.first_name,
      'coach_name', co.display_name,
      'current', o.event not like 'reminder%' or (s.status = 'scheduled' and s.starts_at = o.starts_at),
      'message', o.message,
      'calendar_sequence', greatest(
        (select count(*)::integer - 1
           from public.outbox earlier
          where earlier.kind = 'session_email'
            and earlier.session_id = o.session_id
            and earlier.recipient_user_id = o.recipient_user_id
            and earlier.event in ('booked', 'moved', 'cancelled')
            and earlier.id <= o.id),
        0)
    )
    into letter
    from public.coaching_sessions s
    join public.children ch on ch.id = s.child_id
    join auth.users u on u.id = o.recipient_user_id
    left join public.profiles p on p.id = o.recipient_user_id
    left join public.coaches co on co.id = s.coach_id
    left join public.coaches rc on rc.user_id = o.recipient_user_id
    where s.id = o.session_id;

  when 'intro_call_email' then
    select jsonb_build_object(
      'to_email', case when o.recipient = 'host' then hu.email::text else l.email end,
      'recipient_name',
        case when o.recipient = 'host' then coalesce(nullif(btrim(hp.first_name), ''), 'there') else l.name::text end,
      'recipient_time_zone',
        case when o.recipient = 'host'
          then coalesce(
            (select s.time_zone from public.availability_schedules s
              left join public.coaches co on co.id = s.coach_id
              where s.user_id = o.recipient_user_id or co.user_id = o.recipient_user_id limit 1),
            hp.time_zone, 'UTC')
          else ic.parent_time_zone end,
      'intro_call_id', o.intro_call_id,
      'starts_at', o.starts_at,
      'previous_starts_at', o.previous_starts_at,
      'duration_minutes', ic.duration_minutes,
      'parent_name', l.name::text,
      'parent_email', l.email,
      'host_name', coalesce(nullif(btrim(concat_ws(' ', cp.first_name, cp.last_name)), ''), 'the Ploom team'),
      'host_email', cu.email::text,
      'lead_id', l.id,
      'sequence',
        (select count(*)::integer from public.outbox x
          where x.kind = 'intro_call_email' and x.intro_call_id = o.intro_call_id and x.id < o.id
            and x.event in ('booked', 'moved', 'cancelled')),
      'current', o.event not like 'reminder%' or (ic.status = 'scheduled' and ic.starts_at = o.starts_at),
      'manage_token',
        case when o.recipient = 'parent' then
          private.issue_intro_call_token(l.id, greatest(ic.starts_at + interval '7 days', now() + interval '14 days') - now())
        end
    )
    into letter
    from public.intro_calls ic
    join public.leads l on l.id = ic.lead_id
    left join auth.users hu on hu.id = o.recipient_user_id
    left join public.profiles hp on hp.id = o.recipient_user_id
    -- the call's host as the calendar file names them (the one now, or the one a cancellation was for)
    left join public.profiles cp on cp.id = coalesce(o.recipient_user_id, ic.host_id)
    left join auth.users cu on cu.id = coalesce(o.recipient_user_id, ic.host_id)
    where ic.id = o.intro_call_id;

  when 'check_in_invitation' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name', p.first_name,
      'child_id', o.child_id,
      'child_first_name', ch.first_name,
      'due_at', o.due_at,
      'current', private.wants_check_in_invitations(o.recipient_user_id)
        and not exists (
          select 1 from public.check_ins k
           where k.child_id = o.child_id and k.taken_at > o.due_at - interval '28 days'
        )
    )
    into letter
    from public.children ch
    join auth.users u on u.id = o.recipient_user_id
    left join public.profiles p on p.id = o.recipient_user_id
    where ch.id = o.child_id;

  when 'message_email' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name',
        case when o.recipient = 'coach' then coalesce(rc.display_name, p.first_name) else p.first_name end,
      'family_id', o.family_id,
      'children_names',
        (select string_agg(ch.first_name, ', ' order by ch.created_at, ch.first_name, ch.id)
           from public.children ch
           left join public.coaches chc on chc.id = ch.coach_id
          where ch.parent_id = o.family_id
            and (o.recipient = 'parent' or chc.user_id = o.recipient_user_id)),
      'coach_name',
        (select string_agg(distinct co.display_name, ', ') from public.children ch
           join public.coaches co on co.id = ch.coach_id where ch.parent_id = o.family_id),
      'current', not exists (
        select 1 from public.family_message_reads r
         where r.family_id = o.family_id and r.user_id = o.recipient_user_id and r.last_read_at >= o.created_at
      )
    )
    into letter
    from auth.users u
    left join public.profiles p on p.id = o.recipient_user_id
    left join public.coaches rc on rc.user_id = o.recipient_user_id
    where u.id = o.recipient_user_id;

  when 'family_notice' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name', p.first_name,
      'child_id', o.child_id,
      'child_first_name', ch.first_name,
      'details', case o.event
        when 'coach_match' then jsonb_build_object('coach_name', k.display_name, 'coach_title', k.title)
        when 'progress_report' then jsonb_build_object(
          'report_id', r.id, 'cadence', r.cadence, 'period_start', r.period_start, 'period_end', r.period_end,
          'coach_name', rk.display_name)
        when 'child_login_locked' then jsonb_build_object('secret_kind', cl.secret_kind, 'wrong_tries', o.wrong_tries)
      end,
      'current', case o.event
        when 'coach_match' then ch.coach_id is not distinct from o.coach_id
        when 'progress_report' then r.status = 'published'
        when 'child_login_locked' then exists (
          select 1 from public.child_login_locks lk where lk.child_id = o.child_id and lk.locked_until > now())
        else true
      end
    )
    into letter
    from public.children ch
    join auth.users u on u.id = o.recipient_user_id
    left join public.profiles p on p.id = o.recipient_user_id
    left join public.coaches k on k.id = o.coach_id
    left join public.progress_reports r on r.id = o.report_id
    left join public.coaches rk on rk.id = r.coach_id
    left join public.child_logins cl on cl.child_id = o.child_id
    where ch.id = o.child_id;
  else
    letter := null;
  end case;
  return letter;
end;
$function$
;

revoke all on function private.outbox_letter(public.outbox) from "anon", "authenticated", public, "service_role";
grant execute on function private.outbox_letter(public.outbox) to "service_role";

alter table "public"."outbox" add constraint "outbox_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_child_id_fkey";

alter table "public"."outbox" add constraint "outbox_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_coach_id_fkey";

alter table "public"."outbox" add constraint "outbox_family_id_fkey" FOREIGN KEY (family_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_family_id_fkey";

alter table "public"."outbox" add constraint "outbox_intro_call_id_fkey" FOREIGN KEY (intro_call_id) REFERENCES intro_calls(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_intro_call_id_fkey";

alter table "public"."outbox" add constraint "outbox_recipient_user_id_fkey" FOREIGN KEY (recipient_user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_recipient_user_id_fkey";

alter table "public"."outbox" add constraint "outbox_report_id_fkey" FOREIGN KEY (report_id) REFERENCES progress_reports(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_report_id_fkey";

alter table "public"."outbox" add constraint "outbox_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_session_id_fkey";

-- supabase/schemas/36_settings_and_audit.sql
-- Settings, feature flags and the audit trail
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.app_settings_stamp()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.team_notification_email := btrim(new.team_notification_email);
  new.updated_by := auth.uid();
  new.updated_at := now();
  return new;
end;
$function$
;

revoke all on function private.app_settings_stamp() from "anon", "authenticated", public, "service_role";
grant execute on function private.app_settings_stamp() to public;

CREATE OR REPLACE FUNCTION private.as_uuid(value text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then value::uuid
  end
$function$
;

revoke all on function private.as_uuid(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.as_uuid(text) to "authenticated";
grant execute on function private.as_uuid(text) to public;
grant execute on function private.as_uuid(text) to "service_role";

CREATE OR REPLACE FUNCTION private.audit_actor()
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select u.id from auth.users u where u.id = auth.uid()
$function$
;

revoke all on function private.audit_actor() from "anon", "authenticated", public, "service_role";
grant execute on function private.audit_actor() to public;

CREATE OR REPLACE FUNCTION private.audit_entity_name(entity_type text, entity_id text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.audit_entity_name(text,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.audit_entity_name(text,text) to "authenticated";
grant execute on function private.audit_entity_name(text,text) to "service_role";

CREATE OR REPLACE FUNCTION private.audit_logs_count_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    insert into private.audit_log_counts (action, entity_type, system, entries)
    select n.action, n.entity_type, n.actor_user_id is null, count(*)
      from new_rows n group by 1, 2, 3;
  elsif tg_op = 'DELETE' then
    insert into private.audit_log_counts (action, entity_type, system, entries)
    select o.action, o.entity_type, o.actor_user_id is null, -count(*)
      from old_rows o group by 1, 2, 3;
  elsif tg_op = 'UPDATE' then
    insert into private.audit_log_counts (action, entity_type, system, entries)
    select t.action, t.entity_type, t.system, sum(t.change)
      from (
        select n.action, n.entity_type, n.actor_user_id is null as system, 1 as change from new_rows n
        union all
        select o.action, o.entity_type, o.actor_user_id is null, -1 from old_rows o
      ) t
     group by 1, 2, 3
    having sum(t.change) <> 0;
  elsif tg_op = 'TRUNCATE' then
    delete from private.audit_log_counts;
  end if;
  return null;
end;
$function$
;

revoke all on function private.audit_logs_count_changes() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.audit_name_of(id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    private.person_name(id),
    (select c.first_name from public.children c where c.id = audit_name_of.id),
    (select co.display_name from public.coaches co where co.id = audit_name_of.id)
  )
  where private.is_admin()
$function$
;

revoke all on function private.audit_name_of(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.audit_name_of(uuid) to "authenticated";
grant execute on function private.audit_name_of(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.audit_names(metadata jsonb)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.audit_names(jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function private.audit_names(jsonb) to "authenticated";
grant execute on function private.audit_names(jsonb) to "service_role";

CREATE OR REPLACE FUNCTION private.audit_value(value jsonb)
 RETURNS jsonb
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when jsonb_typeof(value) = 'string' and char_length(value #>> '{}') > 200
      then to_jsonb(left(value #>> '{}', 199) || '…')
    else value
  end
$function$
;

revoke all on function private.audit_value(jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function private.audit_value(jsonb) to public;

CREATE OR REPLACE FUNCTION private.kept_audit_count(action text, entity_type text, system_only boolean)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case when private.is_admin() and private.meets_staff_two_factor() then (
    select coalesce(sum(k.entries), 0)::bigint
      from private.audit_log_counts k
     where (kept_audit_count.action is null or k.action = kept_audit_count.action)
       and (kept_audit_count.entity_type is null or k.entity_type = kept_audit_count.entity_type)
       and (not kept_audit_count.system_only or k.system)
  ) end
$function$
;

revoke all on function private.kept_audit_count(text,text,boolean) from "anon", "authenticated", public, "service_role";
grant execute on function private.kept_audit_count(text,text,boolean) to "authenticated";
grant execute on function private.kept_audit_count(text,text,boolean) to "service_role";

CREATE OR REPLACE FUNCTION private.kept_audit_facets()
 RETURNS TABLE(action text, entity_type text, entries bigint)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select k.action, k.entity_type, sum(k.entries)::bigint
    from private.audit_log_counts k
   where private.is_admin() and private.meets_staff_two_factor()
   group by k.action, k.entity_type
  having sum(k.entries) > 0
$function$
;

revoke all on function private.kept_audit_facets() from "anon", "authenticated", public, "service_role";
grant execute on function private.kept_audit_facets() to "authenticated";
grant execute on function private.kept_audit_facets() to "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_audit_log_counts()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.audit_log_counts;
  insert into private.audit_log_counts (action, entity_type, system, entries)
  select a.action, a.entity_type, a.actor_user_id is null, count(*)
    from public.audit_logs a group by 1, 2, 3;
$function$
;

revoke all on function private.rebuild_audit_log_counts() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.team_settings()
 RETURNS TABLE(team_notification_email text, reply_within_hours integer)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select s.team_notification_email, s.reply_within_hours from public.app_settings s where s.id = 'team'
$function$
;

revoke all on function private.team_settings() from "anon", "authenticated", public, "service_role";
grant execute on function private.team_settings() to "service_role";

CREATE OR REPLACE FUNCTION public.audit_log_count(action text DEFAULT NULL::text, entity_type text DEFAULT NULL::text, system_only boolean DEFAULT false)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(
    private.kept_audit_count(audit_log_count.action, audit_log_count.entity_type, audit_log_count.system_only),
    (select count(*) from public.audit_logs a
      where (audit_log_count.action is null or a.action = audit_log_count.action)
        and (audit_log_count.entity_type is null or a.entity_type = audit_log_count.entity_type)
        and (not audit_log_count.system_only or a.actor_user_id is null))
  )
$function$
;

revoke all on function public.audit_log_count(text,text,boolean) from "anon", "authenticated", public, "service_role";
grant execute on function public.audit_log_count(text,text,boolean) to "authenticated";
grant execute on function public.audit_log_count(text,text,boolean) to "service_role";

CREATE OR REPLACE FUNCTION public.audit_log_facets()
 RETURNS TABLE(action text, entity_type text, entries bigint)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
begin
  if private.kept_audit_count(null, null, false) is not null then
    return query
    select k.action, k.entity_type, k.entries from private.kept_audit_facets() k
     order by k.action, k.entity_type;
  else
    return query
    select a.action, a.entity_type, count(*)
      from public.audit_logs a
     group by a.action, a.entity_type
     order by a.action, a.entity_type;
  end if;
end;
$function$
;

revoke all on function public.audit_log_facets() from "anon", "authenticated", public, "service_role";
grant execute on function public.audit_log_facets() to "authenticated";
grant execute on function public.audit_log_facets() to "service_role";

CREATE OR REPLACE FUNCTION public.team_settings()
 RETURNS TABLE(team_notification_email text, reply_within_hours integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.team_settings()
$function$
;

revoke all on function public.team_settings() from "anon", "authenticated", public, "service_role";
grant execute on function public.team_settings() to "service_role";

create table "private"."audit_log_counts" (
    "action" text not null,
    "entity_type" text,
    "system" boolean not null,
    "entries" bigint not null
      );

alter table "private"."audit_log_counts" enable row level security;

revoke all on table private.audit_log_counts from "anon", "authenticated", public, "service_role";

comment on table private.audit_log_counts is 'Changes to the number of audit_logs entries per action, entity type and actorless-ness (sum them); kept by triggers on audit_logs.';

create table "public"."app_settings" (
    "id" text not null default 'team'::text,
    "team_notification_email" text not null,
    "reply_within_hours" integer not null default 24,
    "updated_by" uuid,
    "updated_at" timestamp with time zone not null default now(),
    "message_reply_within_hours" integer not null default 24
      );

CREATE UNIQUE INDEX app_settings_pkey ON public.app_settings USING btree (id);

CREATE INDEX app_settings_updated_by_idx ON public.app_settings USING btree (updated_by);

alter table "public"."app_settings" add constraint "app_settings_pkey" PRIMARY KEY using index "app_settings_pkey";

alter table "public"."app_settings" add constraint "app_settings_id_check" CHECK ((id = 'team'::text)) not valid;

alter table "public"."app_settings" validate constraint "app_settings_id_check";

alter table "public"."app_settings" add constraint "app_settings_message_reply_within_hours_check" CHECK (((message_reply_within_hours >= 1) AND (message_reply_within_hours <= 168))) not valid;

alter table "public"."app_settings" validate constraint "app_settings_message_reply_within_hours_check";

alter table "public"."app_settings" add constraint "app_settings_reply_within_hours_check" CHECK (((reply_within_hours >= 1) AND (reply_within_hours <= 168))) not valid;

alter table "public"."app_settings" validate constraint "app_settings_reply_within_hours_check";

alter table "public"."app_settings" add constraint "app_settings_team_notification_email_check" CHECK (((char_length(team_notification_email) <= 254) AND (team_notification_email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'::text))) not valid;

alter table "public"."app_settings" validate constraint "app_settings_team_notification_email_check";

alter table "public"."app_settings" enable row level security;

create policy "Admins change the team settings"
  on "public"."app_settings"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins read the team settings"
  on "public"."app_settings"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Staff delete only with two-factor sign-in"
  on "public"."app_settings"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."app_settings"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."app_settings"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER app_settings_audit AFTER UPDATE ON public.app_settings FOR EACH ROW EXECUTE FUNCTION private.audit_change('SETTINGS_CHANGED', 'app_settings', 'id', 'team_notification_email', 'reply_within_hours', 'message_reply_within_hours');

CREATE TRIGGER app_settings_stamp BEFORE INSERT OR UPDATE ON public.app_settings FOR EACH ROW EXECUTE FUNCTION private.app_settings_stamp();

revoke all on table public.app_settings from "anon", "authenticated", public, "service_role";
grant select on table public.app_settings to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.app_settings to "service_role";

grant update (message_reply_within_hours) on table public.app_settings to "authenticated";

grant update (reply_within_hours) on table public.app_settings to "authenticated";

grant update (team_notification_email) on table public.app_settings to "authenticated";

create table "public"."audit_logs" (
    "id" uuid not null default gen_random_uuid(),
    "actor_user_id" uuid,
    "action" text not null,
    "entity_type" text,
    "entity_id" text,
    "metadata" jsonb not null default '{}'::jsonb,
    "created_at" timestamp with time zone not null default now()
      );

create or replace view "public"."audit_log_entries" as  SELECT a.id,
    a.created_at,
    a.action,
    a.entity_type,
    a.entity_id,
    a.metadata,
    a.actor_user_id,
    p.first_name AS actor_first_name,
    p.last_name AS actor_last_name,
    private.account_email(a.actor_user_id) AS actor_email,
    private.audit_entity_name(a.entity_type, a.entity_id) AS entity_name,
    private.audit_names(a.metadata) AS names
   FROM (audit_logs a
     LEFT JOIN profiles p ON ((p.id = a.actor_user_id)));

alter view public.audit_log_entries set (security_invoker=true);

revoke all on table public.audit_log_entries from "anon", "authenticated", public, "service_role";
grant select on table public.audit_log_entries to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.audit_log_entries to "service_role";

CREATE INDEX audit_logs_action_idx ON public.audit_logs USING btree (action, created_at DESC);

CREATE INDEX audit_logs_actor_idx ON public.audit_logs USING btree (actor_user_id, created_at DESC);

CREATE INDEX audit_logs_created_at_idx ON public.audit_logs USING btree (created_at DESC);

CREATE INDEX audit_logs_entity_idx ON public.audit_logs USING btree (entity_type, created_at DESC);

CREATE UNIQUE INDEX audit_logs_pkey ON public.audit_logs USING btree (id);

CREATE INDEX audit_logs_system_created_at_idx ON public.audit_logs USING btree (created_at DESC) WHERE (actor_user_id IS NULL);

alter table "public"."audit_logs" add constraint "audit_logs_pkey" PRIMARY KEY using index "audit_logs_pkey";

alter table "public"."audit_logs" add constraint "audit_logs_action_check" CHECK ((action ~ '^[A-Z][A-Z_]{2,63}$'::text)) not valid;

alter table "public"."audit_logs" validate constraint "audit_logs_action_check";

alter table "public"."audit_logs" add constraint "audit_logs_entity_id_check" CHECK (((char_length(entity_id) >= 1) AND (char_length(entity_id) <= 128))) not valid;

alter table "public"."audit_logs" validate constraint "audit_logs_entity_id_check";

alter table "public"."audit_logs" add constraint "audit_logs_entity_type_check" CHECK (((char_length(entity_type) >= 1) AND (char_length(entity_type) <= 64))) not valid;

alter table "public"."audit_logs" validate constraint "audit_logs_entity_type_check";

alter table "public"."audit_logs" add constraint "audit_logs_metadata_check" CHECK (((jsonb_typeof(metadata) = 'object'::text) AND (octet_length((metadata)::text) <= 8192))) not valid;

alter table "public"."audit_logs" validate constraint "audit_logs_metadata_check";

alter table "public"."audit_logs" enable row level security;

create policy "Admins read the audit log"
  on "public"."audit_logs"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."audit_logs"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Users record their own sign-in and sign-out"
  on "public"."audit_logs"
  as permissive
  for insert
  to authenticated
with check (((actor_user_id = ( SELECT auth.uid() AS uid)) AND (action = ANY (ARRAY['USER_LOGIN'::text, 'USER_LOGOUT'::text])) AND (entity_type = 'auth'::text) AND (entity_id = (( SELECT auth.uid() AS uid))::text)));

CREATE TRIGGER audit_logs_count_deletes AFTER DELETE ON public.audit_logs REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.audit_logs_count_changes();

CREATE TRIGGER audit_logs_count_inserts AFTER INSERT ON public.audit_logs REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.audit_logs_count_changes();

CREATE TRIGGER audit_logs_count_truncates AFTER TRUNCATE ON public.audit_logs FOR EACH STATEMENT EXECUTE FUNCTION private.audit_logs_count_changes();

CREATE TRIGGER audit_logs_count_updates AFTER UPDATE ON public.audit_logs REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.audit_logs_count_changes();

revoke all on table public.audit_logs from "anon", "authenticated", public, "service_role";
grant select on table public.audit_logs to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.audit_logs to "service_role";

grant insert (action) on table public.audit_logs to "authenticated";

grant insert (actor_user_id) on table public.audit_logs to "authenticated";

grant insert (entity_id) on table public.audit_logs to "authenticated";

grant insert (entity_type) on table public.audit_logs to "authenticated";

grant insert (metadata) on table public.audit_logs to "authenticated";

create table "public"."feature_flags" (
    "key" text not null,
    "enabled" boolean not null default false,
    "description" text,
    "updated_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX feature_flags_pkey ON public.feature_flags USING btree (key);

alter table "public"."feature_flags" add constraint "feature_flags_pkey" PRIMARY KEY using index "feature_flags_pkey";

alter table "public"."feature_flags" add constraint "feature_flags_description_check" CHECK ((char_length(description) <= 500)) not valid;

alter table "public"."feature_flags" validate constraint "feature_flags_description_check";

alter table "public"."feature_flags" add constraint "feature_flags_key_check" CHECK ((key ~ '^[a-z][a-z0-9_]{1,63}$'::text)) not valid;

alter table "public"."feature_flags" validate constraint "feature_flags_key_check";

alter table "public"."feature_flags" enable row level security;

create policy "Admins add feature flags"
  on "public"."feature_flags"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins change feature flags"
  on "public"."feature_flags"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins remove feature flags"
  on "public"."feature_flags"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Auth reads feature flags"
  on "public"."feature_flags"
  as permissive
  for select
  to supabase_auth_admin
using (true);

create policy "Signed-in users read feature flags"
  on "public"."feature_flags"
  as permissive
  for select
  to authenticated
using (true);

create policy "Staff delete only with two-factor sign-in"
  on "public"."feature_flags"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."feature_flags"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."feature_flags"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors read feature flags"
  on "public"."feature_flags"
  as permissive
  for select
  to anon
using (true);

CREATE TRIGGER feature_flags_audit AFTER INSERT OR DELETE OR UPDATE ON public.feature_flags FOR EACH ROW EXECUTE FUNCTION private.audit_change('FLAG_*', 'feature_flag', 'key', 'enabled', 'description');

CREATE TRIGGER feature_flags_set_updated_at BEFORE UPDATE ON public.feature_flags FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.feature_flags from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant select on table public.feature_flags to "anon";
grant delete, select on table public.feature_flags to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.feature_flags to "service_role";
grant select on table public.feature_flags to "supabase_auth_admin";

grant insert (description) on table public.feature_flags to "authenticated";

grant update (description) on table public.feature_flags to "authenticated";

grant insert (enabled) on table public.feature_flags to "authenticated";

grant update (enabled) on table public.feature_flags to "authenticated";

grant insert (key) on table public.feature_flags to "authenticated";

alter table "public"."app_settings" add constraint "app_settings_updated_by_fkey" FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."app_settings" validate constraint "app_settings_updated_by_fkey";

alter table "public"."audit_logs" add constraint "audit_logs_actor_user_id_fkey" FOREIGN KEY (actor_user_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."audit_logs" validate constraint "audit_logs_actor_user_id_fkey";

-- supabase/schemas/90_other.sql
-- Everything no domain claims (add a pattern in scripts/lib/db-schemas/layout.ts)
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

create table "private"."form_save_attempts" (
    "id" bigint generated always as identity not null,
    "form" text not null,
    "client" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX form_save_attempts_client_idx ON private.form_save_attempts USING btree (client, created_at);

CREATE INDEX form_save_attempts_created_at_idx ON private.form_save_attempts USING btree (created_at);

CREATE UNIQUE INDEX form_save_attempts_pkey ON private.form_save_attempts USING btree (id);

alter table "private"."form_save_attempts" add constraint "form_save_attempts_pkey" PRIMARY KEY using index "form_save_attempts_pkey";

alter table "private"."form_save_attempts" add constraint "form_save_attempts_client_check" CHECK (((char_length(client) >= 1) AND (char_length(client) <= 64))) not valid;

alter table "private"."form_save_attempts" validate constraint "form_save_attempts_client_check";

alter table "private"."form_save_attempts" add constraint "form_save_attempts_form_check" CHECK ((form ~ '^[a-z][a-z_]{0,62}$'::text)) not valid;

alter table "private"."form_save_attempts" validate constraint "form_save_attempts_form_check";

alter table "private"."form_save_attempts" enable row level security;

revoke all on sequence private.form_save_attempts_id_seq from "anon", "authenticated", public, "service_role";

revoke all on table private.form_save_attempts from "anon", "authenticated", public, "service_role";

reset check_function_bodies;
