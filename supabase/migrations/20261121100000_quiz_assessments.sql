-- The free 5-minute assessment: one row per completed quiz. Visitors (anon) may insert their own
-- assessment but never read any back; only admins read them. A parent who ticks "Email me my
-- results" adds their email afterwards through public.email_me_quiz_results, which only fills an
-- empty email of a recent assessment whose id the browser holds.

create table public.quiz_assessments (
  id uuid primary key default gen_random_uuid(),
  answers jsonb not null,
  scores jsonb not null,
  recommended_plan text not null,
  top_focus_area text null,
  child_first_name text null,
  child_age smallint null,
  email text null,
  email_consent_at timestamptz null,
  analytics_session_id text null,
  landing_path text null,
  utm_source text null,
  utm_medium text null,
  utm_campaign text null,
  utm_term text null,
  utm_content text null,
  created_at timestamptz not null default now(),

  constraint quiz_assessments_answers_is_object check (jsonb_typeof(answers) = 'object'),
  constraint quiz_assessments_answers_size check (pg_column_size(answers) <= 4096),
  constraint quiz_assessments_scores_is_object check (jsonb_typeof(scores) = 'object'),
  constraint quiz_assessments_scores_size check (pg_column_size(scores) <= 1024),
  constraint quiz_assessments_recommended_plan_known
    check (recommended_plan in ('steady-growth', 'focused-progress', 'intensive-momentum')),
  constraint quiz_assessments_top_focus_area_known
    check (top_focus_area is null or top_focus_area in ('emotions', 'confidence', 'focus', 'connection')),
  constraint quiz_assessments_child_first_name_length
    check (child_first_name is null or char_length(btrim(child_first_name)) between 1 and 50),
  constraint quiz_assessments_child_age_range check (child_age is null or child_age between 7 and 12),
  constraint quiz_assessments_email_format
    check (email is null or (char_length(email) <= 254 and email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$')),
  constraint quiz_assessments_email_needs_consent check ((email is null) = (email_consent_at is null)),
  constraint quiz_assessments_session_id_length
    check (analytics_session_id is null or char_length(analytics_session_id) <= 100),
  constraint quiz_assessments_landing_path_length
    check (landing_path is null or char_length(landing_path) <= 2048),
  constraint quiz_assessments_utm_length check (
    coalesce(char_length(utm_source), 0) <= 200 and coalesce(char_length(utm_medium), 0) <= 200
    and coalesce(char_length(utm_campaign), 0) <= 200 and coalesce(char_length(utm_term), 0) <= 200
    and coalesce(char_length(utm_content), 0) <= 200
  )
);

comment on table public.quiz_assessments is
  'Completed assessment quizzes (answers 1-5 per question, scores 0-100 per skill). Anon insert-only; admins read.';

create index quiz_assessments_created_at_idx on public.quiz_assessments (created_at desc);

alter table public.quiz_assessments enable row level security;

-- Column grants: a visitor may send the assessment itself, never the email (that needs the
-- explicit consent path below) and never read rows back.
revoke all on table public.quiz_assessments from anon, authenticated;
grant insert (
  id, answers, scores, recommended_plan, top_focus_area, child_first_name, child_age,
  analytics_session_id, landing_path, utm_source, utm_medium, utm_campaign, utm_term, utm_content
) on table public.quiz_assessments to anon, authenticated;
grant select, delete on table public.quiz_assessments to authenticated;
grant all on table public.quiz_assessments to service_role;

create policy "Visitors can submit an assessment"
  on public.quiz_assessments for insert to anon
  with check (email is null and email_consent_at is null);

create policy "Signed-in users can submit an assessment"
  on public.quiz_assessments for insert to authenticated
  with check (email is null and email_consent_at is null);

create policy "Admins can read assessments"
  on public.quiz_assessments for select to authenticated
  using ((select private.is_admin()));

create policy "Admins can delete assessments"
  on public.quiz_assessments for delete to authenticated
  using ((select private.is_admin()));

-- "Email me my results": fills the email of an assessment created in the last hour whose email is
-- still empty. The id is a random uuid only the parent's browser knows, so nobody can attach an
-- address to someone else's assessment or overwrite one already given.
create or replace function private.attach_quiz_results_email(p_assessment_id uuid, p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
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
    raise exception 'This assessment can no longer be emailed.' using errcode = 'P0002';
  end if;
end;
$$;

revoke all on function private.attach_quiz_results_email(uuid, text) from public;
grant execute on function private.attach_quiz_results_email(uuid, text) to anon, authenticated;

-- The API entry point (rpc email_me_quiz_results): runs as the caller and hands over to the
-- definer function above, which lives outside the exposed schema.
create or replace function public.email_me_quiz_results(assessment_id uuid, email text)
returns void
language sql
security invoker
set search_path = ''
as $$
  select private.attach_quiz_results_email(assessment_id, email);
$$;

revoke all on function public.email_me_quiz_results(uuid, text) from public;
grant execute on function public.email_me_quiz_results(uuid, text) to anon, authenticated, service_role;
