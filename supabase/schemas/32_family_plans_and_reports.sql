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
