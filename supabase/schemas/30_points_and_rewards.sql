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
