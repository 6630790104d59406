-- The team matches a family's child with a coach, and the family is told (docs/decisions/222).
-- A child onboarded without a coach waited with no word: a coach came only with a first session
-- booked by the team (20261123009900_first_session_matches_coach.sql), and the family was never
-- told who it was.
--
-- - children.matched_at: when the child's current coach was given (null while waiting).
-- - public.get_families_waiting(): the children waiting for a coach, oldest first, with how long,
--   their family's plan and preferred times (admins).
-- - public.get_coach_match_choices(child): each active coach's caseload, open times in the next
--   two weeks and how many of them fall in the family's preferred times, in the family's zone (admins).
-- - public.match_child_coach(child, coach): gives the child the coach (admins, after two-factor).
-- - public.family_notices: the outbox of the emails that tell a family where it stands, here
--   "Meet Mia's coach", queued whenever a child gets a coach or another one, delivered by
--   send-family-notices (woken through pg_net).

alter table public.children add column matched_at timestamptz;
update public.children set matched_at = created_at where coach_id is not null;

create or replace function private.children_matched_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.coach_id is null then
    new.matched_at := null;
  elsif tg_op = 'INSERT' or old.coach_id is distinct from new.coach_id then
    new.matched_at := pg_catalog.now();
  else
    new.matched_at := old.matched_at;
  end if;
  return new;
end;
$$;
revoke execute on function private.children_matched_at() from public;

create trigger children_matched_at
  before insert or update on public.children
  for each row execute function private.children_matched_at();

-- The parts of a family's day its preferred times name, in the family's zone: morning before noon,
-- after school from noon to 5 pm, evening from 5 pm.
create or replace function private.day_part_of(local_time time)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when local_time < time '12:00' then 'morning'
    when local_time < time '17:00' then 'afternoon'
    else 'evening'
  end
$$;
revoke execute on function private.day_part_of(time) from public;

-- The outbox of the emails that tell a family where it stands (family_notices): one row a notice,
-- by kind. Here the match ("Meet Mia's coach"), queued whenever a child is given a coach or another
-- one; delivered by send-family-notices (woken through pg_net), which renders each kind.
create table public.family_notices (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('coach_match')),
  child_id uuid not null references public.children (id) on delete cascade,
  -- the coach a match names
  coach_id uuid references public.coaches (id) on delete cascade,
  recipient_user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  attempts integer not null default 0,
  -- null while queued; 'sent', 'skipped' (no longer true when sent) or 'failed'
  outcome text check (outcome in ('sent', 'skipped', 'failed')),
  settled_at timestamptz,
  last_error text check (char_length(last_error) <= 1000),
  constraint family_notices_match_names_coach check (kind <> 'coach_match' or coach_id is not null)
);
alter table public.family_notices enable row level security;
create index family_notices_child_idx on public.family_notices (child_id);
create index family_notices_coach_idx on public.family_notices (coach_id);
create index family_notices_recipient_idx on public.family_notices (recipient_user_id);
create index family_notices_queued_idx on public.family_notices (id) where outcome is null;

revoke all on public.family_notices from anon, authenticated;
grant select on public.family_notices to authenticated;

create policy "Admins read the family notices"
  on public.family_notices for select to authenticated
  using ((select private.is_admin()));

create policy "Staff reach families' data only with two-factor sign-in"
  on public.family_notices as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- A child given a coach (or another one) queues the family's email.
create or replace function private.queue_coach_match_notice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.coach_id is not null and old.coach_id is distinct from new.coach_id then
    insert into public.family_notices (kind, child_id, coach_id, recipient_user_id)
    values ('coach_match', new.id, new.coach_id, new.parent_id);
  end if;
  return null;
end;
$$;
revoke execute on function private.queue_coach_match_notice() from public;

create trigger children_queue_coach_match_notice
  after update of coach_id on public.children
  for each row execute function private.queue_coach_match_notice();

-- Wakes send-family-notices when something is queued (once per transaction); without the settings
-- or pg_net it does nothing and the notices stay queued.
create or replace function private.request_family_notice_delivery()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text;
  api_key text;
begin
  if not exists (select 1 from public.family_notices where outcome is null and attempts < 5) then
    return;
  end if;
  if current_setting('private.family_notices_wake', true) = txid_current()::text then
    return;
  end if;
  perform set_config('private.family_notices_wake', txid_current()::text, true);
  select value into url from private.job_settings where name = 'functions_url';
  select value into api_key from private.job_settings where name = 'functions_api_key';
  if url is null or to_regnamespace('net') is null then
    raise log 'family notices queued but not sent: private.job_settings or pg_net is missing';
    return;
  end if;
  perform net.http_post(
    url := rtrim(url, '/') || '/send-family-notices',
    body := '{}'::jsonb,
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || coalesce(api_key, ''),
      'apikey', coalesce(api_key, '')
    ),
    timeout_milliseconds := 30000
  );
end;
$$;
revoke execute on function private.request_family_notice_delivery() from public;

create or replace function private.family_notices_wake_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.request_family_notice_delivery();
  return null;
end;
$$;
revoke execute on function private.family_notices_wake_sender() from public;

create trigger family_notices_wake_sender
  after insert on public.family_notices
  for each statement execute function private.family_notices_wake_sender();

-- For send-family-notices (service role only): claims queued notices with what their text needs,
-- by kind in `details` (a match: the coach's name and title). `current` is false once the notice is
-- no longer true (the child has another coach, or none).
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
    end,
    case c.kind
      when 'coach_match' then ch.coach_id is not distinct from c.coach_id
      else true
    end
  from claimed c
  join public.children ch on ch.id = c.child_id
  left join public.coaches k on k.id = c.coach_id
  join auth.users u on u.id = c.recipient_user_id
  left join public.profiles p on p.id = c.recipient_user_id
  order by c.id
$$;

-- For send-family-notices: what became of a claimed notice ('retry' releases the claim; after five
-- attempts it is 'failed').
create or replace function public.settle_family_notice(notice_id bigint, result text, error text default null)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if result not in ('sent', 'skipped', 'retry') then
    raise exception 'result must be sent, skipped or retry' using errcode = '22023';
  end if;
  update public.family_notices n
  set outcome = case
        when result = 'retry' then (case when n.attempts >= 5 then 'failed' end)
        else result
      end,
      settled_at = case when result <> 'retry' or n.attempts >= 5 then now() end,
      claimed_at = case when result = 'retry' then null else n.claimed_at end,
      last_error = left(error, 1000)
  where n.id = notice_id and n.outcome is null;
end;
$$;

revoke execute on function public.claim_family_notices(integer) from public, anon, authenticated;
revoke execute on function public.settle_family_notice(bigint, text, text) from public, anon, authenticated;
grant execute on function public.claim_family_notices(integer) to service_role;
grant execute on function public.settle_family_notice(bigint, text, text) to service_role;

-- A failed delivery is tried again by the hourly run (the statement trigger fires only on insert).
select cron.schedule('family-notices', '23 * * * *', $$select private.request_family_notice_delivery()$$);

-- The children waiting for a coach, oldest first: since they were added (onboarding), their
-- family, the family's plan (null: none yet) and how many preferred times they gave. Admins only.
create or replace function private.families_waiting()
returns table (
  child_id uuid,
  child_first_name text,
  parent_id uuid,
  parent_name text,
  waiting_since timestamptz,
  plan text,
  plan_status text,
  preferred_times integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins see the families waiting for a coach' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    select c.id, c.first_name, c.parent_id,
      nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
      c.created_at,
      s.plan, s.status,
      (select count(*)::integer from public.preferred_session_times t where t.child_id = c.id)
    from public.children c
    left join public.profiles p on p.id = c.parent_id
    left join lateral (
      select x.plan, x.status from public.subscriptions x
      where x.parent_id = c.parent_id and x.status not in ('incomplete', 'incomplete_expired')
      order by x.stripe_created desc, x.id desc limit 1
    ) s on true
    where c.coach_id is null
    order by c.created_at, c.id;
end;
$$;
revoke execute on function private.families_waiting() from public;
grant execute on function private.families_waiting() to authenticated;

create or replace function public.get_families_waiting()
returns table (
  child_id uuid,
  child_first_name text,
  parent_id uuid,
  parent_name text,
  waiting_since timestamptz,
  plan text,
  plan_status text,
  preferred_times integer
)
language sql
stable
security invoker
set search_path = ''
as $$ select * from private.families_waiting() $$;
revoke execute on function public.get_families_waiting() from public, anon;
grant execute on function public.get_families_waiting() to authenticated;

-- The coaches an admin can match a child with: each active coach (a staff account with the coach
-- role), their caseload (children they coach now), their open times for a session in the next two
-- weeks, and how many of those fall in the child's preferred times (weekday and part of the day in
-- the family's zone). Best fit first: most times in the preferences, then the lightest caseload.
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
    raise exception 'No such child' using errcode = 'P0002';
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

create or replace function public.get_coach_match_choices(child_id uuid)
returns table (
  coach_id uuid,
  coach_name text,
  time_zone text,
  caseload integer,
  open_times integer,
  preferred_open_times integer,
  is_current boolean
)
language sql
stable
security invoker
set search_path = ''
as $$ select * from private.coach_match_choices(get_coach_match_choices.child_id) $$;
revoke execute on function public.get_coach_match_choices(uuid) from public, anon;
grant execute on function public.get_coach_match_choices(uuid) to authenticated;

-- Gives a child a coach (or another one): admins, after two-factor sign-in. The family is emailed
-- (the outbox trigger above); the audit trail records the change of children.coach_id.
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
    raise exception 'No such child' using errcode = 'P0002';
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

create or replace function public.match_child_coach(child_id uuid, coach_id uuid)
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$ select private.match_child_coach(match_child_coach.child_id, match_child_coach.coach_id) $$;
revoke execute on function public.match_child_coach(uuid, uuid) from public, anon;
grant execute on function public.match_child_coach(uuid, uuid) to authenticated;

-- What a parent's screens say of the family's plan now: its name (null: none yet), whether it
-- books (the weekly sessions of private.family_session_allowance; 0 with the reason when not), and
-- the family's time zone, in which every time on the parent's screens is shown.
create or replace function private.family_plan()
returns table (plan text, sessions_per_week integer, reason text, time_zone text)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.family_plan() from public;
grant execute on function private.family_plan() to authenticated;

create or replace function public.get_family_plan()
returns table (plan text, sessions_per_week integer, reason text, time_zone text)
language sql
stable
security invoker
set search_path = ''
as $$ select * from private.family_plan() $$;
revoke execute on function public.get_family_plan() from public, anon;
grant execute on function public.get_family_plan() to authenticated;
