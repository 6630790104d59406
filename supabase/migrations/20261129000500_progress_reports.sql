-- Progress reports, as the plans sell them (docs/decisions/224): monthly on Focused Progress,
-- weekly on Intensive Momentum, none on Steady Growth.
--
-- - The coach starts a report for a period from what the product knows of it (the facts, kept with
--   the report as they were): sessions attended and missed, check-in scores and their change,
--   practice goals with the days ticked, and points. The coach writes the summary and the next
--   steps, then publishes.
-- - The parent reads published reports of their own children; the child reads none; coaches read
--   and write the reports of the children they coach now; admins every report.
-- - Publishing queues a family notice ("Mia's progress report is ready"), which never holds the report.
-- - get_reports_due(): the periods that ended with no published report, for the coach's children
--   (an admin: every coach's), with the draft if one is started. A period is due the day after it
--   ends and overdue 3 days (weekly) or 5 days (monthly) later.
-- - Reports are the family's rows (children cascade): in its export, and deleted with it.

-- How often a plan's reports come: null for none.
create or replace function private.plan_report_cadence(plan text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case plan when 'focused-progress' then 'monthly' when 'intensive-momentum' then 'weekly' end
$$;
revoke execute on function private.plan_report_cadence(text) from public;

-- The period of a cadence that holds `day`: a week from Monday, or a calendar month.
create or replace function private.report_period(cadence text, day date)
returns table (period_start date, period_end date)
language sql
immutable
set search_path = ''
as $$
  select
    case cadence when 'weekly' then pg_catalog.date_trunc('week', day)::date else pg_catalog.date_trunc('month', day)::date end,
    case cadence
      when 'weekly' then (pg_catalog.date_trunc('week', day) + interval '6 days')::date
      else (pg_catalog.date_trunc('month', day) + interval '1 month' - interval '1 day')::date
    end
$$;
revoke execute on function private.report_period(text, date) from public;

create table public.progress_reports (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  parent_id uuid not null references auth.users (id) on delete cascade,
  coach_id uuid references public.coaches (id) on delete set null,
  cadence text not null check (cadence in ('weekly', 'monthly')),
  -- the period's first and last day, in the family's zone
  period_start date not null,
  period_end date not null,
  -- what the product knew of the period when the report was started (or last refreshed as a draft)
  facts jsonb not null check (jsonb_typeof(facts) = 'object'),
  summary text not null default '' check (char_length(summary) <= 4000),
  next_steps text not null default '' check (char_length(next_steps) <= 4000),
  status text not null default 'draft' check (status in ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint progress_reports_period check (period_end >= period_start and period_end - period_start <= 31),
  constraint progress_reports_one_a_period unique (child_id, cadence, period_start),
  constraint progress_reports_published_whole check (
    status = 'draft'
    or (published_at is not null and char_length(btrim(summary)) > 0 and char_length(btrim(next_steps)) > 0)
  )
);
alter table public.progress_reports enable row level security;
create index progress_reports_parent_idx on public.progress_reports (parent_id, period_end desc);
create index progress_reports_coach_idx on public.progress_reports (coach_id);

create trigger progress_reports_set_updated_at
  before update on public.progress_reports
  for each row execute function private.set_updated_at();

revoke all on public.progress_reports from anon, authenticated;
grant select on public.progress_reports to authenticated;
-- the coach writes the words of a draft; everything else goes through the functions below
grant update (summary, next_steps) on public.progress_reports to authenticated;

create policy "Parents read published reports, coaches and admins theirs"
  on public.progress_reports for select to authenticated
  using (
    (parent_id = (select auth.uid()) and status = 'published')
    or (select private.is_admin())
    or private.is_current_coach_of_child(child_id)
  );

create policy "Coaches write their children's drafts, admins any draft"
  on public.progress_reports for update to authenticated
  using (status = 'draft' and ((select private.is_admin()) or private.is_current_coach_of_child(child_id)))
  with check (status = 'draft' and ((select private.is_admin()) or private.is_current_coach_of_child(child_id)));

create policy "Staff reach families' data only with two-factor sign-in"
  on public.progress_reports as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

create trigger progress_reports_audit after insert or update or delete on public.progress_reports
  for each row execute function private.audit_change('PROGRESS_REPORT_*', 'child', 'child_id', 'status', 'period_start');

-- What the product knew of a child's period, from `first` to `last` (days in `zone`).
create or replace function private.report_facts(child uuid, first date, last date, zone text)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.report_facts(uuid, date, date, text) from public;

-- Who may write a child's reports: the child's coach now, or an admin (after two-factor sign-in).
create or replace function private.require_report_writer(child uuid)
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (private.is_admin() or private.is_current_coach_of_child(child)) then
    raise exception 'Only the child''s coach writes their progress reports' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
end;
$$;
revoke execute on function private.require_report_writer(uuid) from public;

-- Starts the report of the period holding `day` (default: the last period that has ended) at the
-- cadence of the family's plan, from the facts; an existing draft gets fresh facts, a published
-- report is returned as it is. Returns the report's id.
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
    raise exception 'No such child' using errcode = 'P0002';
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

create or replace function public.start_progress_report(child_id uuid, day date default null)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$ select private.start_progress_report(start_progress_report.child_id, start_progress_report.day) $$;
revoke execute on function public.start_progress_report(uuid, date) from public, anon;
grant execute on function public.start_progress_report(uuid, date) to authenticated;

-- Publishes a draft with its words: the parent can read it, and is told it is ready.
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
    raise exception 'No such report' using errcode = 'P0002';
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

create or replace function public.publish_progress_report(report_id uuid)
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$ select private.publish_progress_report(publish_progress_report.report_id) $$;
revoke execute on function public.publish_progress_report(uuid) from public, anon;
grant execute on function public.publish_progress_report(uuid) to authenticated;

-- The reports due: for each child with a coach whose family's plan has reports, the last period
-- that ended since the plan began, when it has no published report. A coach sees their own
-- children's; an admin every coach's.
create or replace function private.reports_due(now_at timestamptz default pg_catalog.now())
returns table (
  child_id uuid,
  child_first_name text,
  parent_id uuid,
  coach_id uuid,
  coach_name text,
  cadence text,
  period_start date,
  period_end date,
  due_on date,
  overdue boolean,
  draft_id uuid
)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.reports_due(timestamptz) from public;
grant execute on function private.reports_due(timestamptz) to authenticated;

create or replace function public.get_reports_due()
returns table (
  child_id uuid,
  child_first_name text,
  parent_id uuid,
  coach_id uuid,
  coach_name text,
  cadence text,
  period_start date,
  period_end date,
  due_on date,
  overdue boolean,
  draft_id uuid
)
language sql
stable
security invoker
set search_path = ''
as $$ select * from private.reports_due() $$;
revoke execute on function public.get_reports_due() from public, anon;
grant execute on function public.get_reports_due() to authenticated;

-- The report's notice joins the family's outbox: it names the period, never what the report says.
alter table public.family_notices
  add column report_id uuid references public.progress_reports (id) on delete cascade;
create index family_notices_report_idx on public.family_notices (report_id);
alter table public.family_notices drop constraint family_notices_kind_check;
alter table public.family_notices add constraint family_notices_kind_check
  check (kind in ('coach_match', 'progress_report'));
alter table public.family_notices add constraint family_notices_report_names_report
  check (kind <> 'progress_report' or report_id is not null);

create or replace function public.claim_family_notices(max_rows integer default 50)
returns table (
  id bigint,
  kind text,
  to_email text,
  recipient_name text,
  child_id uuid,
  child_first_name text,
  details jsonb,
  current boolean
)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select n.id
    from public.family_notices n
    where n.outcome is null
      and n.attempts < 5
      and (n.claimed_at is null or n.claimed_at < now() - interval '10 minutes')
    order by n.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.family_notices n
    set claimed_at = now(), attempts = n.attempts + 1
    from picked
    where n.id = picked.id
    returning n.*
  )
  select
    c.id,
    c.kind,
    u.email::text,
    p.first_name,
    c.child_id,
    ch.first_name,
    case c.kind
      when 'coach_match' then jsonb_build_object('coach_name', k.display_name, 'coach_title', k.title)
      when 'progress_report' then jsonb_build_object(
        'report_id', r.id, 'cadence', r.cadence, 'period_start', r.period_start, 'period_end', r.period_end,
        'coach_name', rk.display_name)
    end,
    case c.kind
      when 'coach_match' then ch.coach_id is not distinct from c.coach_id
      when 'progress_report' then r.status = 'published'
      else true
    end
  from claimed c
  join public.children ch on ch.id = c.child_id
  left join public.coaches k on k.id = c.coach_id
  left join public.progress_reports r on r.id = c.report_id
  left join public.coaches rk on rk.id = r.coach_id
  join auth.users u on u.id = c.recipient_user_id
  left join public.profiles p on p.id = c.recipient_user_id
  order by c.id
$$;
revoke execute on function public.claim_family_notices(integer) from public, anon, authenticated;
grant execute on function public.claim_family_notices(integer) to service_role;
