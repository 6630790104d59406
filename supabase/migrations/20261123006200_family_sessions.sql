-- The parent's side of the sessions: the dashboard's summary per child, a child's schedule, and
-- the parent cancelling or asking to reschedule a session up to a notice period before its start.
-- A cancellation cancels the session (the session_emails trigger mails the family and the coach);
-- a reschedule request is recorded and mailed to the coach through the same outbox.

-- The notice period, defined once: the functions below enforce it, the schedule shows it.
create or replace function private.family_change_notice()
returns interval
language sql
immutable
set search_path = ''
as $$
  select interval '24 hours'
$$;
grant execute on function private.family_change_notice() to authenticated, service_role;

-- What a parent asked for a session. Written only by the functions below (never directly).
create table public.session_change_requests (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references public.coaching_sessions (id) on delete cascade,
  parent_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('reschedule', 'cancel')),
  message text check (char_length(message) <= 500),
  -- a reschedule request is open until the session is moved or cancelled; a cancellation is done
  status text not null default 'open' check (status in ('open', 'done')),
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
alter table public.session_change_requests enable row level security;
create index session_change_requests_session_idx on public.session_change_requests (session_id, created_at desc);
create index session_change_requests_parent_idx on public.session_change_requests (parent_id);
-- one open reschedule request per session
create unique index session_change_requests_one_open_idx
  on public.session_change_requests (session_id) where status = 'open';

revoke all on public.session_change_requests from anon, authenticated;
grant select on public.session_change_requests to authenticated;

create policy "The family, the session's coach and admins read change requests"
  on public.session_change_requests for select to authenticated
  using (
    parent_id = (select auth.uid())
    or (select private.is_admin())
    or (select private.session_room_role(session_id)) = 'coach'
  );

-- An open reschedule request is settled once the session moves or is cancelled.
create or replace function private.settle_session_change_requests()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.starts_at <> old.starts_at or new.status <> old.status then
    update public.session_change_requests r
    set status = 'done', settled_at = now()
    where r.session_id = new.id and r.status = 'open';
  end if;
  return null;
end;
$$;

create trigger coaching_sessions_settle_change_requests
  after update of starts_at, status on public.coaching_sessions
  for each row execute function private.settle_session_change_requests();

-- The outbox learns a kind for the coach: the family asks to reschedule (with their message).
alter table public.session_emails drop constraint session_emails_kind_check;
alter table public.session_emails add constraint session_emails_kind_check
  check (kind in ('booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h', 'reschedule_requested'));
alter table public.session_emails add column message text check (char_length(message) <= 500);

drop function public.claim_session_emails(integer);
create function public.claim_session_emails(max_rows integer default 50)
returns table (
  id bigint,
  kind text,
  recipient text,
  to_email text,
  recipient_name text,
  recipient_time_zone text,
  session_id uuid,
  starts_at timestamptz,
  previous_starts_at timestamptz,
  duration_minutes integer,
  child_first_name text,
  coach_name text,
  current boolean,
  message text
)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select e.id
    from public.session_emails e
    where e.outcome is null
      and e.attempts < 5
      and (e.claimed_at is null or e.claimed_at < now() - interval '10 minutes')
    order by e.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.session_emails e
    set claimed_at = now(), attempts = e.attempts + 1
    from picked
    where e.id = picked.id
    returning e.*
  )
  select
    c.id,
    c.kind,
    c.recipient,
    u.email::text,
    case when c.recipient = 'coach' then coalesce(co.display_name, p.first_name) else p.first_name end,
    case when c.recipient = 'coach' then coalesce(rc.time_zone, p.time_zone) else p.time_zone end,
    c.session_id,
    c.starts_at,
    c.previous_starts_at,
    s.duration_minutes,
    ch.first_name,
    co.display_name,
    c.kind not like 'reminder%' or (s.status = 'scheduled' and s.starts_at = c.starts_at),
    c.message
  from claimed c
  join public.coaching_sessions s on s.id = c.session_id
  join public.children ch on ch.id = s.child_id
  join auth.users u on u.id = c.recipient_user_id
  left join public.profiles p on p.id = c.recipient_user_id
  left join public.coaches co on co.id = s.coach_id
  left join public.coaches rc on rc.user_id = c.recipient_user_id
  order by c.id
$$;
revoke execute on function public.claim_session_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_session_emails(integer) to service_role;

-- The session a parent may change: theirs, still scheduled, and not yet within the notice period.
create or replace function private.family_session_to_change(session uuid)
returns public.coaching_sessions
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s public.coaching_sessions;
begin
  select * into s from public.coaching_sessions x where x.id = session;
  if s.id is null or s.parent_id is distinct from auth.uid() then
    raise exception 'No such session in your family' using errcode = '42501';
  end if;
  if s.status <> 'scheduled' then
    raise exception 'This session is no longer scheduled' using errcode = '22023';
  end if;
  if now() > s.starts_at - private.family_change_notice() then
    raise exception 'Sessions can be changed up to 24 hours before they start. Please reply to your coach''s email instead.'
      using errcode = '22023';
  end if;
  return s;
end;
$$;

create or replace function private.cancel_family_session(session uuid, reason text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.coaching_sessions;
begin
  if char_length(reason) > 500 then
    raise exception 'The reason is too long (500 characters at most)' using errcode = '22023';
  end if;
  s := private.family_session_to_change(session);
  -- the session_emails trigger mails the family and the coach "cancelled"
  update public.coaching_sessions set status = 'cancelled' where id = s.id;
  insert into public.session_change_requests (session_id, parent_id, kind, message, status, settled_at)
  values (s.id, s.parent_id, 'cancel', nullif(btrim(reason), ''), 'done', now());
end;
$$;

create or replace function private.request_session_reschedule(session uuid, message text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.coaching_sessions;
  coach_user uuid;
begin
  if message is null or char_length(btrim(message)) = 0 then
    raise exception 'Tell your coach which times suit you' using errcode = '22023';
  end if;
  if char_length(message) > 500 then
    raise exception 'The message is too long (500 characters at most)' using errcode = '22023';
  end if;
  s := private.family_session_to_change(session);
  if exists (select 1 from public.session_change_requests r where r.session_id = s.id and r.status = 'open') then
    raise exception 'You have already asked to reschedule this session' using errcode = '23505';
  end if;
  insert into public.session_change_requests (session_id, parent_id, kind, message)
  values (s.id, s.parent_id, 'reschedule', btrim(message));
  select c.user_id into coach_user from public.coaches c where c.id = s.coach_id;
  insert into public.session_emails (session_id, kind, recipient, recipient_user_id, starts_at, message)
  select s.id, 'reschedule_requested', 'coach', coach_user, s.starts_at, btrim(message)
  where coach_user is not null;
end;
$$;

revoke execute on function
  private.family_session_to_change(uuid),
  private.cancel_family_session(uuid, text),
  private.request_session_reschedule(uuid, text)
  from public;
grant execute on function
  private.cancel_family_session(uuid, text),
  private.request_session_reschedule(uuid, text)
  to authenticated;

create or replace function public.cancel_family_session(session_id uuid, reason text default null)
returns void
language sql
security invoker
set search_path = ''
as $$
  select private.cancel_family_session(cancel_family_session.session_id, cancel_family_session.reason)
$$;

create or replace function public.request_session_reschedule(session_id uuid, message text)
returns void
language sql
security invoker
set search_path = ''
as $$
  select private.request_session_reschedule(request_session_reschedule.session_id, request_session_reschedule.message)
$$;
revoke execute on function public.cancel_family_session(uuid, text), public.request_session_reschedule(uuid, text)
  from public, anon;
grant execute on function public.cancel_family_session(uuid, text), public.request_session_reschedule(uuid, text)
  to authenticated;

-- A child's sessions as the parent's schedule shows them (RLS applies: only the caller's family).
create or replace function public.get_child_schedule(child_id uuid)
returns table (
  id uuid,
  starts_at timestamptz,
  ends_at timestamptz,
  status text,
  coach_name text,
  opens_at timestamptz,
  closes_at timestamptz,
  change_deadline timestamptz,
  notice_hours integer,
  open_request text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.id, s.starts_at, s.starts_at + make_interval(mins => s.duration_minutes), s.status,
    (select co.display_name from public.coaches co where co.id = s.coach_id),
    private.session_room_opens_at(s.starts_at),
    private.session_room_closes_at(s.starts_at, s.duration_minutes),
    s.starts_at - private.family_change_notice(),
    (extract(epoch from private.family_change_notice()) / 3600)::integer,
    (select r.kind from public.session_change_requests r where r.session_id = s.id and r.status = 'open' limit 1)
  from public.coaching_sessions s
  where s.child_id = get_child_schedule.child_id
    and s.parent_id = (select auth.uid())
  order by s.starts_at
$$;
revoke execute on function public.get_child_schedule(uuid) from public, anon;
grant execute on function public.get_child_schedule(uuid) to authenticated;

-- The dashboard, one row per child of the caller: the next session (the one in progress counts
-- until its room closes), the latest shared parent update, and the points total.
create or replace function public.get_family_dashboard()
returns table (
  child_id uuid,
  first_name text,
  age smallint,
  coach_name text,
  next_session_id uuid,
  next_starts_at timestamptz,
  next_ends_at timestamptz,
  next_opens_at timestamptz,
  next_closes_at timestamptz,
  update_body text,
  update_shared_at timestamptz,
  points_total bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  select c.id, c.first_name, c.age,
    (select co.display_name from public.coaches co where co.id = c.coach_id),
    n.id, n.starts_at, n.starts_at + make_interval(mins => n.duration_minutes),
    private.session_room_opens_at(n.starts_at),
    private.session_room_closes_at(n.starts_at, n.duration_minutes),
    u.body, u.shared_at,
    coalesce((select sum(p.points) from public.ploom_points p where p.child_id = c.id), 0)
  from public.children c
  left join lateral (
    select s.* from public.coaching_sessions s
    where s.child_id = c.id and s.status = 'scheduled'
      and private.session_room_closes_at(s.starts_at, s.duration_minutes) > now()
    order by s.starts_at limit 1
  ) n on true
  left join lateral (
    select pu.body, pu.shared_at from public.parent_updates pu
    where pu.child_id = c.id and pu.shared_at is not null
    order by pu.shared_at desc limit 1
  ) u on true
  where c.parent_id = (select auth.uid())
  order by c.created_at, c.first_name
$$;
revoke execute on function public.get_family_dashboard() from public, anon;
grant execute on function public.get_family_dashboard() to authenticated;

-- Where a family without a coach stands: its intro-call lead's status (matched through the
-- pipeline, or waiting), and the beta's first 25 family places (a place is held by a family with a
-- coached child or an enrolled lead).
create or replace function private.family_standing()
returns table (lead_status text, beta_places_total integer, beta_places_taken integer, holds_beta_place boolean)
language sql
stable
security definer
set search_path = ''
as $$
  with me as (
    select u.id, lower(u.email) as email from auth.users u where u.id = auth.uid()
  ),
  placed as (
    select c.parent_id as family from public.children c where c.coach_id is not null
    union
    select l.enrolled_parent_id from public.leads l where l.status = 'enrolled' and l.enrolled_parent_id is not null
  )
  select
    (select l.status from public.leads l, me
      where l.enrolled_parent_id = me.id or lower(l.email) = me.email
      order by (l.status = 'enrolled') desc, l.created_at desc limit 1),
    25,
    (select count(*)::integer from placed),
    exists (select 1 from placed, me where placed.family = me.id)
  from me
$$;
revoke execute on function private.family_standing() from public;
grant execute on function private.family_standing() to authenticated;

create or replace function public.get_family_standing()
returns table (lead_status text, beta_places_total integer, beta_places_taken integer, holds_beta_place boolean)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.family_standing()
$$;
revoke execute on function public.get_family_standing() from public, anon;
grant execute on function public.get_family_standing() to authenticated;
