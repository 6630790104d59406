-- Session emails go through an outbox that the database writes itself, so no client can forget
-- them: a trigger on coaching_sessions queues "booked", "moved" and "cancelled" for the family (the
-- parent) and the coach; the reminder job queues "reminder_24h" and "reminder_1h". The
-- send-session-emails function delivers what is queued, rendering each in its recipient's zone.
-- The function is woken with pg_net's net.http_post (transactional: a rolled-back booking wakes
-- nothing); whatever it could not send stays queued and the every-minute job wakes it again.
create table public.session_emails (
  id bigint generated always as identity primary key,
  session_id uuid not null references public.coaching_sessions (id) on delete cascade,
  kind text not null check (kind in ('booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h')),
  recipient text not null check (recipient in ('family', 'coach')),
  recipient_user_id uuid not null references auth.users (id) on delete cascade,
  -- the session's start when queued (and before a move), so the email says what happened
  starts_at timestamptz not null,
  previous_starts_at timestamptz,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  attempts integer not null default 0,
  -- null while queued; 'sent', 'skipped' (a reminder whose session changed) or 'failed' (gave up)
  outcome text check (outcome in ('sent', 'skipped', 'failed')),
  settled_at timestamptz,
  last_error text check (char_length(last_error) <= 1000)
);
alter table public.session_emails enable row level security;
create index session_emails_session_idx on public.session_emails (session_id, created_at);
create index session_emails_recipient_idx on public.session_emails (recipient_user_id);
create index session_emails_queued_idx on public.session_emails (id) where outcome is null;
-- A reminder is queued at most once per session, kind, recipient and start time: never twice.
create unique index session_emails_one_reminder_idx
  on public.session_emails (session_id, kind, recipient_user_id, starts_at)
  where kind in ('reminder_24h', 'reminder_1h');

revoke all on public.session_emails from anon, authenticated;
grant select on public.session_emails to authenticated;

create policy "Admins read the session emails"
  on public.session_emails for select to authenticated
  using ((select private.is_admin()));

-- Where the database reaches the edge functions (the project's URL + /functions/v1) and the key it
-- sends (the anon key: the functions' JWT check needs one; it grants nothing by itself). On a hosted
-- project set once per project; the local seed sets the local stack's. Not exposed by the API.
create table private.job_settings (
  name text primary key check (name in ('functions_url', 'functions_api_key')),
  value text not null
);
revoke all on private.job_settings from public, anon, authenticated;

-- Wakes send-session-emails when something is queued. Without the settings or pg_net it does
-- nothing: the emails stay queued until the project is configured.
create or replace function private.request_session_email_delivery()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text;
  api_key text;
begin
  if not exists (select 1 from public.session_emails where outcome is null and attempts < 5) then
    return;
  end if;
  -- Once per transaction: the sender takes everything queued when it wakes (after the commit).
  if current_setting('private.session_emails_wake', true) = txid_current()::text then
    return;
  end if;
  perform set_config('private.session_emails_wake', txid_current()::text, true);
  select value into url from private.job_settings where name = 'functions_url';
  select value into api_key from private.job_settings where name = 'functions_api_key';
  if url is null or to_regnamespace('net') is null then
    raise log 'session emails queued but not sent: private.job_settings or pg_net is missing';
    return;
  end if;
  perform net.http_post(
    url := rtrim(url, '/') || '/send-session-emails',
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

create or replace function private.session_emails_wake_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.request_session_email_delivery();
  return null;
end;
$$;

-- After each statement that queues emails (the wake itself happens once per transaction).
create trigger session_emails_wake_sender
  after insert on public.session_emails
  for each statement execute function private.session_emails_wake_sender();

create or replace function private.queue_session_email(
  session uuid, kind text, recipient text, user_id uuid, starts_at timestamptz, previous timestamptz
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.session_emails (session_id, kind, recipient, recipient_user_id, starts_at, previous_starts_at)
  select session, kind, recipient, user_id, starts_at, previous
  where user_id is not null
$$;

-- What changed for whom, after each write of a session. Only future sessions are announced.
create or replace function private.queue_session_change_emails()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  coach_user uuid;
  old_coach_user uuid;
begin
  select c.user_id into coach_user from public.coaches c where c.id = new.coach_id;
  if tg_op = 'INSERT' then
    if new.status = 'scheduled' and new.starts_at > now() then
      perform private.queue_session_email(new.id, 'booked', 'family', new.parent_id, new.starts_at, null);
      perform private.queue_session_email(new.id, 'booked', 'coach', coach_user, new.starts_at, null);
    end if;
    return null;
  end if;

  select c.user_id into old_coach_user from public.coaches c where c.id = old.coach_id;
  if old.status = 'scheduled' and new.status = 'cancelled' then
    if old.starts_at > now() then
      perform private.queue_session_email(new.id, 'cancelled', 'family', new.parent_id, old.starts_at, null);
      perform private.queue_session_email(new.id, 'cancelled', 'coach', old_coach_user, old.starts_at, null);
    end if;
  elsif old.status <> 'scheduled' and new.status = 'scheduled' then
    if new.starts_at > now() then
      perform private.queue_session_email(new.id, 'booked', 'family', new.parent_id, new.starts_at, null);
      perform private.queue_session_email(new.id, 'booked', 'coach', coach_user, new.starts_at, null);
    end if;
  elsif new.status = 'scheduled' and new.starts_at > now() then
    if new.starts_at <> old.starts_at then
      perform private.queue_session_email(new.id, 'moved', 'family', new.parent_id, new.starts_at, old.starts_at);
    end if;
    if new.coach_id is distinct from old.coach_id then
      -- the new coach learns of the session; the former coach that it left their calendar
      perform private.queue_session_email(new.id, 'booked', 'coach', coach_user, new.starts_at, null);
      perform private.queue_session_email(new.id, 'cancelled', 'coach', old_coach_user, old.starts_at, null);
    elsif new.starts_at <> old.starts_at then
      perform private.queue_session_email(new.id, 'moved', 'coach', coach_user, new.starts_at, old.starts_at);
    end if;
  end if;
  return null;
end;
$$;

create trigger coaching_sessions_queue_emails
  after insert or update of starts_at, status, coach_id on public.coaching_sessions
  for each row execute function private.queue_session_change_emails();

-- For send-session-emails (service role only): claims up to `max_rows` queued emails (a claim
-- older than 10 minutes is taken as abandoned) with what their text needs. `current` says whether
-- the email still describes the session: a reminder is only sent for a session still scheduled at
-- the time it was queued for.
create or replace function public.claim_session_emails(max_rows integer default 50)
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
  current boolean
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
    c.kind not like 'reminder%' or (s.status = 'scheduled' and s.starts_at = c.starts_at)
  from claimed c
  join public.coaching_sessions s on s.id = c.session_id
  join public.children ch on ch.id = s.child_id
  join auth.users u on u.id = c.recipient_user_id
  left join public.profiles p on p.id = c.recipient_user_id
  left join public.coaches co on co.id = s.coach_id
  left join public.coaches rc on rc.user_id = c.recipient_user_id
  order by c.id
$$;

-- For send-session-emails: records what became of a claimed email. 'retry' releases the claim
-- (the next wake-up tries again, five attempts in all, then it is 'failed').
create or replace function public.settle_session_email(email_id bigint, result text, error text default null)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if result not in ('sent', 'skipped', 'retry') then
    raise exception 'result must be sent, skipped or retry' using errcode = '22023';
  end if;
  update public.session_emails e
  set outcome = case
        when result = 'retry' then (case when e.attempts >= 5 then 'failed' end)
        else result
      end,
      settled_at = case when result <> 'retry' or e.attempts >= 5 then now() end,
      claimed_at = case when result = 'retry' then null else e.claimed_at end,
      last_error = left(error, 1000)
  where e.id = email_id and e.outcome is null;
end;
$$;

revoke execute on function public.claim_session_emails(integer) from public, anon, authenticated;
revoke execute on function public.settle_session_email(bigint, text, text) from public, anon, authenticated;
grant execute on function public.claim_session_emails(integer) to service_role;
grant execute on function public.settle_session_email(bigint, text, text) to service_role;
