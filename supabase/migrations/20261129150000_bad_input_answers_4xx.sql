-- Bad input answers 4xx, never 500 (issue 35): a random or missing id given to these functions
-- raised P0002 (no_data_found), which PostgREST answers 500 (of the P0 class only P0001 is 400).
-- Found by tests/integration/bad-input-sweep.test.ts, which calls every RPC as each role with bad
-- input. As in 20261129120000_not_found_answers_404.sql, "nothing to act on" is PT404, PostgREST's
-- code for an HTTP 404, whose message is also the status line's reason phrase: a fixed sentence.
-- Only the codes change (and the one message that named an address, see enrol_lead).

-- Newest definition: 20261126100100_enrolment_needs_confirmed_account.sql. An unknown lead is a
-- 404; a lead whose address has no account the family holds is a 409 (the enrol-lead function's
-- answer for it too), its fixed message without the address, which goes in the detail.
create or replace function private.enrol_lead(lead_id uuid, child_first_name text, child_age smallint)
returns table (parent_id uuid, child_id uuid, already_enrolled boolean)
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.enrol_lead(uuid, text, smallint) from public;
grant execute on function private.enrol_lead(uuid, text, smallint) to authenticated, service_role;

-- Newest definition: 20261129000200_coach_matching.sql; only the "no such child" code changes.
create or replace function private.coach_match_choices(child uuid)
returns table (
  coach_id uuid,
  coach_name text,
  time_zone text,
  caseload integer,
  open_times integer,
  preferred_open_times integer,
  is_current boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.coach_match_choices(uuid) from public;
grant execute on function private.coach_match_choices(uuid) to authenticated;

-- Newest definition: 20261129000200_coach_matching.sql; only the "no such child" code changes.
create or replace function private.match_child_coach(child uuid, coach uuid)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.match_child_coach(uuid, uuid) from public;
grant execute on function private.match_child_coach(uuid, uuid) to authenticated;

-- Newest definition: 20261129000500_progress_reports.sql; only the "no such child" code changes.
create or replace function private.start_progress_report(child uuid, day date default null)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.start_progress_report(uuid, date) from public;
grant execute on function private.start_progress_report(uuid, date) to authenticated;

-- Newest definition: 20261129000500_progress_reports.sql; only the "no such report" code changes.
create or replace function private.publish_progress_report(report uuid)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
  insert into public.family_notices (kind, child_id, report_id, recipient_user_id)
  values ('progress_report', r.child_id, r.id, r.parent_id);
  return at;
end;
$$;
revoke execute on function private.publish_progress_report(uuid) from public;
grant execute on function private.publish_progress_report(uuid) to authenticated;

-- Newest definition: 20261129000700_family_plans.sql; only the "no such child" code changes. It
-- guards save_family_plan_draft, share_family_plan and tick_plan_milestone.
create or replace function private.require_family_plan_writer(child uuid)
returns public.children
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.require_family_plan_writer(uuid) from public;
