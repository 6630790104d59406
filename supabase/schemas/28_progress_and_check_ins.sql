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
