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
