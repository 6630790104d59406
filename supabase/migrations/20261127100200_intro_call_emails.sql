-- Intro-call emails go through an outbox the database writes itself, as session emails do
-- (20261123002400_session_emails.sql): a trigger on intro_calls queues "booked", "moved" and
-- "cancelled" for the parent (the lead's email) and the host; the reminder job queues
-- "reminder_24h" and "reminder_1h" (20261127100300). The send-intro-call-emails function delivers
-- what is queued, each in its recipient's zone, the parent's with a fresh link to move or cancel
-- the call (docs/decisions/170) and each with the call's calendar file.
create table public.intro_call_emails (
  id bigint generated always as identity primary key,
  intro_call_id uuid not null references public.intro_calls (id) on delete cascade,
  kind text not null check (kind in ('booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h')),
  recipient text not null check (recipient in ('parent', 'host')),
  -- the host's account (a parent has none: their address is the lead's)
  recipient_user_id uuid references auth.users (id) on delete cascade,
  starts_at timestamptz not null,
  previous_starts_at timestamptz,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  attempts integer not null default 0,
  outcome text check (outcome in ('sent', 'skipped', 'failed')),
  settled_at timestamptz,
  last_error text check (char_length(last_error) <= 1000),
  constraint intro_call_emails_host_has_account check ((recipient = 'host') = (recipient_user_id is not null))
);
alter table public.intro_call_emails enable row level security;
create index intro_call_emails_call_idx on public.intro_call_emails (intro_call_id, created_at);
create index intro_call_emails_recipient_idx on public.intro_call_emails (recipient_user_id);
create index intro_call_emails_queued_idx on public.intro_call_emails (id) where outcome is null;
-- A reminder is queued at most once per call, kind, recipient and start time: never twice.
create unique index intro_call_emails_one_reminder_idx
  on public.intro_call_emails (intro_call_id, kind, recipient, starts_at)
  where kind in ('reminder_24h', 'reminder_1h');

revoke all on public.intro_call_emails from anon, authenticated;
grant select on public.intro_call_emails to authenticated;

create policy "Admins read the intro call emails"
  on public.intro_call_emails for select to authenticated
  using ((select private.is_admin()));

create policy "Staff reach families' data only with two-factor sign-in"
  on public.intro_call_emails as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- Wakes send-intro-call-emails when something is queued (once per transaction, after the commit
-- through pg_net), as request_session_email_delivery wakes the session emails' sender.
create or replace function private.request_intro_call_email_delivery()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text;
  api_key text;
begin
  if not exists (select 1 from public.intro_call_emails where outcome is null and attempts < 5) then
    return;
  end if;
  if current_setting('private.intro_call_emails_wake', true) = txid_current()::text then
    return;
  end if;
  perform set_config('private.intro_call_emails_wake', txid_current()::text, true);
  select value into url from private.job_settings where name = 'functions_url';
  select value into api_key from private.job_settings where name = 'functions_api_key';
  if url is null or to_regnamespace('net') is null then
    raise log 'intro call emails queued but not sent: private.job_settings or pg_net is missing';
    return;
  end if;
  perform net.http_post(
    url := rtrim(url, '/') || '/send-intro-call-emails',
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
revoke execute on function private.request_intro_call_email_delivery() from public, anon, authenticated;

create or replace function private.intro_call_emails_wake_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.request_intro_call_email_delivery();
  return null;
end;
$$;
revoke execute on function private.intro_call_emails_wake_sender() from public, anon, authenticated;

create trigger intro_call_emails_wake_sender
  after insert on public.intro_call_emails
  for each statement execute function private.intro_call_emails_wake_sender();

create or replace function private.queue_intro_call_email(
  call uuid, kind text, recipient text, host uuid, starts_at timestamptz, previous timestamptz
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.intro_call_emails (intro_call_id, kind, recipient, recipient_user_id, starts_at, previous_starts_at)
  select call, kind, recipient, case when recipient = 'host' then host end, starts_at, previous
  -- (a host whose account is being deleted is told nothing)
  where recipient = 'parent' or exists (select 1 from auth.users u where u.id = host)
$$;
revoke execute on function private.queue_intro_call_email(uuid, text, text, uuid, timestamptz, timestamptz)
  from public, anon, authenticated;

-- What changed for whom, after each write of a call. Only future calls are announced.
create or replace function private.queue_intro_call_change_emails()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.status = 'scheduled' and new.starts_at > now() then
      perform private.queue_intro_call_email(new.id, 'booked', 'parent', null, new.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'booked', 'host', new.host_id, new.starts_at, null);
    end if;
    return null;
  end if;
  if old.status = 'scheduled' and new.status = 'cancelled' then
    if old.starts_at > now() then
      perform private.queue_intro_call_email(new.id, 'cancelled', 'parent', null, old.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'cancelled', 'host', old.host_id, old.starts_at, null);
    end if;
  elsif old.status <> 'scheduled' and new.status = 'scheduled' then
    if new.starts_at > now() then
      perform private.queue_intro_call_email(new.id, 'booked', 'parent', null, new.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'booked', 'host', new.host_id, new.starts_at, null);
    end if;
  elsif new.status = 'scheduled' and new.starts_at > now() then
    if new.starts_at <> old.starts_at then
      perform private.queue_intro_call_email(new.id, 'moved', 'parent', null, new.starts_at, old.starts_at);
    end if;
    if new.host_id is distinct from old.host_id then
      -- the new host learns of the call; the former host that it left their calendar
      perform private.queue_intro_call_email(new.id, 'booked', 'host', new.host_id, new.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'cancelled', 'host', old.host_id, old.starts_at, null);
    elsif new.starts_at <> old.starts_at then
      perform private.queue_intro_call_email(new.id, 'moved', 'host', new.host_id, new.starts_at, old.starts_at);
    end if;
  end if;
  return null;
end;
$$;
revoke execute on function private.queue_intro_call_change_emails() from public, anon, authenticated;

create trigger intro_calls_queue_emails
  after insert or update of starts_at, status, host_id on public.intro_calls
  for each row execute function private.queue_intro_call_change_emails();

-- For send-intro-call-emails (service role only): claims up to `max_rows` queued emails (a claim
-- older than 10 minutes is taken as abandoned) with what their text needs. `current` is false for a
-- reminder whose call was moved or cancelled since. A parent's email carries a new link to the
-- call (valid until a week after it starts). `sequence` orders the calendar file's versions.
create or replace function public.claim_intro_call_emails(max_rows integer default 50)
returns table (
  id bigint,
  kind text,
  recipient text,
  to_email text,
  recipient_name text,
  recipient_time_zone text,
  intro_call_id uuid,
  starts_at timestamptz,
  previous_starts_at timestamptz,
  duration_minutes integer,
  parent_name text,
  parent_email text,
  host_name text,
  host_email text,
  lead_id uuid,
  sequence integer,
  current boolean,
  manage_token text
)
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  return query
  with picked as (
    select e.id
    from public.intro_call_emails e
    where e.outcome is null
      and e.attempts < 5
      and (e.claimed_at is null or e.claimed_at < now() - interval '10 minutes')
    order by e.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.intro_call_emails e
    set claimed_at = now(), attempts = e.attempts + 1
    from picked
    where e.id = picked.id
    returning e.*
  )
  select
    c.id,
    c.kind,
    c.recipient,
    case when c.recipient = 'host' then hu.email::text else l.email end,
    case when c.recipient = 'host' then coalesce(nullif(btrim(hp.first_name), ''), 'there') else l.name::text end,
    case when c.recipient = 'host'
      then coalesce(
        (select s.time_zone from public.availability_schedules s
          left join public.coaches co on co.id = s.coach_id
          where s.user_id = c.recipient_user_id or co.user_id = c.recipient_user_id limit 1),
        hp.time_zone, 'UTC')
      else ic.parent_time_zone end,
    c.intro_call_id,
    c.starts_at,
    c.previous_starts_at,
    ic.duration_minutes,
    l.name::text,
    l.email,
    coalesce(nullif(btrim(concat_ws(' ', cp.first_name, cp.last_name)), ''), 'the Ploom team'),
    cu.email::text,
    l.id,
    (select count(*)::integer from public.intro_call_emails x
      where x.intro_call_id = c.intro_call_id and x.id < c.id and x.kind in ('booked', 'moved', 'cancelled')),
    c.kind not like 'reminder%' or (ic.status = 'scheduled' and ic.starts_at = c.starts_at),
    case when c.recipient = 'parent' then
      private.issue_intro_call_token(l.id, greatest(ic.starts_at + interval '7 days', now() + interval '14 days') - now())
    end
  from claimed c
  join public.intro_calls ic on ic.id = c.intro_call_id
  join public.leads l on l.id = ic.lead_id
  left join auth.users hu on hu.id = c.recipient_user_id
  left join public.profiles hp on hp.id = c.recipient_user_id
  -- the call's host as the calendar file names them (the one now, or the one a cancellation was for)
  left join public.profiles cp on cp.id = coalesce(c.recipient_user_id, ic.host_id)
  left join auth.users cu on cu.id = coalesce(c.recipient_user_id, ic.host_id)
  order by c.id;
end;
$$;
revoke execute on function public.claim_intro_call_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_intro_call_emails(integer) to service_role;

-- For send-intro-call-emails: what became of a claimed email ('retry' releases the claim; five
-- attempts in all, then 'failed').
create or replace function public.settle_intro_call_email(email_id bigint, result text, error text default null)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if result not in ('sent', 'skipped', 'retry') then
    raise exception 'result must be sent, skipped or retry' using errcode = '22023';
  end if;
  update public.intro_call_emails e
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
revoke execute on function public.settle_intro_call_email(bigint, text, text) from public, anon, authenticated;
grant execute on function public.settle_intro_call_email(bigint, text, text) to service_role;
