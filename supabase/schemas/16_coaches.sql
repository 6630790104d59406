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
