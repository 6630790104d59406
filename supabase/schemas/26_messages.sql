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
