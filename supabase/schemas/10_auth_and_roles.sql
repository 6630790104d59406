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
