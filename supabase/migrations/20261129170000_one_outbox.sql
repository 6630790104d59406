-- One outbox for every email the database queues (issue 36, docs/decisions/233-one-outbox.md).
--
-- Five tables did the same thing five times (session_emails, intro_call_emails,
-- check_in_invitations, family_message_emails, family_notices), each with its own claim, settle,
-- wake-up and trigger. They become public.outbox: one row an email, its `kind` naming the sender
-- (and the edge function that delivers it), `event` what happened (booked, reminder_1h,
-- coach_match, ...), and typed, nullable foreign keys for what each kind's text needs, with a check
-- per kind. One claim (public.claim_outbox), one settle (public.settle_outbox), one wake-up
-- (private.request_outbox_delivery), with the guarantees the five had:
--   - never twice: a claimed row is leased for 10 minutes (FOR UPDATE SKIP LOCKED, so two senders
--     take different rows), a settled row is never claimed again, and the reminders and check-in
--     invitations are queued at most once by partial unique indexes;
--   - retries: a failed delivery is settled 'retry', released for the next wake-up (each minute),
--     five attempts in all, then 'failed'; a crashed sender's rows come back when the lease ends;
--   - quiet hours in the reader's zone: the message emails are queued only by day in the member's
--     zone (private.send_due_message_emails, unchanged), which is where the zone and the unread
--     state are known.
-- Nothing has been deployed: the old tables' rows move here (their history too, which the
-- reminders' "never twice", the calendar sequence and the "once an hour" rule read) and the old
-- tables and functions are dropped.

create table public.outbox (
  id bigint generated always as identity primary key,
  kind text not null
    check (kind in ('session_email', 'intro_call_email', 'check_in_invitation', 'message_email', 'family_notice')),
  -- what the email tells: booked, moved, cancelled, reminder_24h, reminder_1h, reschedule_requested
  -- (sessions, intro calls); coach_match, progress_report, child_login_locked (family notices)
  event text,
  -- who it is for, as its sender words it: family/coach (sessions), parent/host (intro calls),
  -- parent/coach (messages), parent (check-ins, notices)
  recipient text not null,
  -- null only for an intro call's parent, a lead without an account (the lead's email is used)
  recipient_user_id uuid references auth.users (id) on delete cascade,
  session_id uuid references public.coaching_sessions (id) on delete cascade,
  intro_call_id uuid references public.intro_calls (id) on delete cascade,
  child_id uuid references public.children (id) on delete cascade,
  family_id uuid references auth.users (id) on delete cascade,
  coach_id uuid references public.coaches (id) on delete cascade,
  report_id uuid references public.progress_reports (id) on delete cascade,
  -- the session's or call's start when queued (and before a move), so the email says what happened
  starts_at timestamptz,
  previous_starts_at timestamptz,
  -- a check-in invitation's due date
  due_at timestamptz,
  -- a reschedule request's words
  message text check (char_length(message) <= 500),
  -- a locked child login's count of wrong tries
  wrong_tries integer check (wrong_tries > 0),
  created_at timestamptz not null default now(),
  -- the lease: a claim older than 10 minutes is taken as abandoned
  claimed_at timestamptz,
  attempts integer not null default 0,
  -- null while queued; 'sent', 'skipped' (no longer true when its turn came) or 'failed' (gave up)
  outcome text check (outcome in ('sent', 'skipped', 'failed')),
  settled_at timestamptz,
  last_error text check (char_length(last_error) <= 1000),
  constraint outbox_session_email check (kind <> 'session_email' or (
    event in ('booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h', 'reschedule_requested')
    and recipient in ('family', 'coach') and recipient_user_id is not null
    and session_id is not null and starts_at is not null)),
  constraint outbox_intro_call_email check (kind <> 'intro_call_email' or (
    event in ('booked', 'moved', 'cancelled', 'reminder_24h', 'reminder_1h')
    and recipient in ('parent', 'host') and (recipient = 'host') = (recipient_user_id is not null)
    and intro_call_id is not null and starts_at is not null)),
  constraint outbox_check_in_invitation check (kind <> 'check_in_invitation' or (
    event is null and recipient = 'parent' and recipient_user_id is not null
    and child_id is not null and due_at is not null)),
  constraint outbox_message_email check (kind <> 'message_email' or (
    event is null and recipient in ('parent', 'coach') and recipient_user_id is not null
    and family_id is not null)),
  constraint outbox_family_notice check (kind <> 'family_notice' or (
    event in ('coach_match', 'progress_report', 'child_login_locked') and recipient = 'parent'
    and recipient_user_id is not null and child_id is not null
    and (event <> 'coach_match' or coach_id is not null)
    and (event <> 'progress_report' or report_id is not null)
    and (event <> 'child_login_locked' or wrong_tries is not null)))
);
alter table public.outbox enable row level security;

create index outbox_queued_idx on public.outbox (kind, id) where outcome is null;
create index outbox_recipient_idx on public.outbox (recipient_user_id);
create index outbox_session_idx on public.outbox (session_id, created_at);
create index outbox_intro_call_idx on public.outbox (intro_call_id, created_at);
create index outbox_child_idx on public.outbox (child_id);
create index outbox_family_idx on public.outbox (family_id, recipient_user_id, created_at desc);
create index outbox_coach_idx on public.outbox (coach_id);
create index outbox_report_idx on public.outbox (report_id);
-- Never twice: a reminder once per session or call, kind, recipient and start time; a check-in
-- invitation once per child and due date.
create unique index outbox_one_session_reminder_idx
  on public.outbox (session_id, event, recipient_user_id, starts_at)
  where kind = 'session_email' and event in ('reminder_24h', 'reminder_1h');
create unique index outbox_one_intro_call_reminder_idx
  on public.outbox (intro_call_id, event, recipient, starts_at)
  where kind = 'intro_call_email' and event in ('reminder_24h', 'reminder_1h');
create unique index outbox_one_check_in_invitation_idx
  on public.outbox (child_id, due_at)
  where kind = 'check_in_invitation';

revoke all on public.outbox from anon, authenticated;
grant select on public.outbox to authenticated;

create policy "Admins read the outbox"
  on public.outbox for select to authenticated
  using ((select private.is_admin()));

create policy "Staff reach families' data only with two-factor sign-in"
  on public.outbox as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- The rows of the five tables, each table in its own order (the calendar sequence counts by id).
insert into public.outbox (kind, event, recipient, recipient_user_id, session_id, starts_at, previous_starts_at,
                           message, created_at, claimed_at, attempts, outcome, settled_at, last_error)
select 'session_email', e.kind, e.recipient, e.recipient_user_id, e.session_id, e.starts_at, e.previous_starts_at,
       e.message, e.created_at, e.claimed_at, e.attempts, e.outcome, e.settled_at, e.last_error
from public.session_emails e order by e.id;

insert into public.outbox (kind, event, recipient, recipient_user_id, intro_call_id, starts_at, previous_starts_at,
                           created_at, claimed_at, attempts, outcome, settled_at, last_error)
select 'intro_call_email', e.kind, e.recipient, e.recipient_user_id, e.intro_call_id, e.starts_at, e.previous_starts_at,
       e.created_at, e.claimed_at, e.attempts, e.outcome, e.settled_at, e.last_error
from public.intro_call_emails e order by e.id;

insert into public.outbox (kind, recipient, recipient_user_id, child_id, due_at,
                           created_at, claimed_at, attempts, outcome, settled_at, last_error)
select 'check_in_invitation', 'parent', i.recipient_user_id, i.child_id, i.due_at,
       i.created_at, i.claimed_at, i.attempts, i.outcome, i.settled_at, i.last_error
from public.check_in_invitations i order by i.id;

insert into public.outbox (kind, recipient, recipient_user_id, family_id,
                           created_at, claimed_at, attempts, outcome, settled_at, last_error)
select 'message_email', e.recipient, e.recipient_user_id, e.family_id,
       e.created_at, e.claimed_at, e.attempts, e.outcome, e.settled_at, e.last_error
from public.family_message_emails e order by e.id;

insert into public.outbox (kind, event, recipient, recipient_user_id, child_id, coach_id, report_id, wrong_tries,
                           created_at, claimed_at, attempts, outcome, settled_at, last_error)
select 'family_notice', n.kind, 'parent', n.recipient_user_id, n.child_id, n.coach_id, n.report_id, n.wrong_tries,
       n.created_at, n.claimed_at, n.attempts, n.outcome, n.settled_at, n.last_error
from public.family_notices n order by n.id;

-- The old queues: the hourly family-notices wake-up first (its function goes), then the tables
-- (their wake-up triggers with them) and their functions.
select cron.unschedule(j.jobid) from cron.job j where j.jobname = 'family-notices';

drop function public.claim_session_emails(integer);
drop function public.claim_intro_call_emails(integer);
drop function public.claim_check_in_invitations(integer);
drop function public.claim_family_message_emails(integer);
drop function public.claim_family_notices(integer);
drop function public.settle_session_email(bigint, text, text);
drop function public.settle_intro_call_email(bigint, text, text);
drop function public.settle_check_in_invitation(bigint, text, text);
drop function public.settle_family_message_email(bigint, text, text);
drop function public.settle_family_notice(bigint, text, text);
drop table public.session_emails;
drop table public.intro_call_emails;
drop table public.check_in_invitations;
drop table public.family_message_emails;
drop table public.family_notices;
drop function private.session_emails_wake_sender();
drop function private.intro_call_emails_wake_sender();
drop function private.check_in_invitations_wake_sender();
drop function private.family_notices_wake_sender();
drop function private.request_session_email_delivery();
drop function private.request_intro_call_email_delivery();
drop function private.request_check_in_invitation_delivery();
drop function private.request_family_message_email_delivery();
drop function private.request_family_notice_delivery();

-- Wakes the sender of each kind that has something queued (private.job_settings, pg_net), once a
-- transaction and sender: the sender takes everything queued when it wakes (after the commit).
-- Without the settings or pg_net it does nothing: the emails stay queued until the project is
-- configured.
create or replace function private.request_outbox_delivery()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text;
  api_key text;
  due record;
begin
  select value into url from private.job_settings where name = 'functions_url';
  select value into api_key from private.job_settings where name = 'functions_api_key';
  for due in
    select s.kind, s.sender
    from (values
      ('session_email', 'send-session-emails'),
      ('intro_call_email', 'send-intro-call-emails'),
      ('check_in_invitation', 'send-check-in-invitations'),
      ('message_email', 'send-message-emails'),
      ('family_notice', 'send-family-notices')
    ) as s (kind, sender)
    where exists (
      select 1 from public.outbox o where o.kind = s.kind and o.outcome is null and o.attempts < 5
    )
  loop
    continue when current_setting('private.outbox_wake_' || due.kind, true) = txid_current()::text;
    perform set_config('private.outbox_wake_' || due.kind, txid_current()::text, true);
    if url is null or to_regnamespace('net') is null then
      raise log '% queued but not sent: private.job_settings or pg_net is missing', due.kind;
      continue;
    end if;
    perform net.http_post(
      url := rtrim(url, '/') || '/' || due.sender,
      body := '{}'::jsonb,
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || coalesce(api_key, ''),
        'apikey', coalesce(api_key, '')
      ),
      timeout_milliseconds := 30000
    );
  end loop;
end;
$$;
revoke execute on function private.request_outbox_delivery() from public, anon, authenticated;

create or replace function private.outbox_wake_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.request_outbox_delivery();
  return null;
end;
$$;
revoke execute on function private.outbox_wake_sender() from public, anon, authenticated;

-- After each statement that queues emails (the wake itself happens once per transaction and sender).
create trigger outbox_wake_sender
  after insert on public.outbox
  for each statement execute function private.outbox_wake_sender();

-- Each minute, the senders of whatever is still queued are woken again: the retries, and the rows a
-- crashed sender left claimed once their lease ends.
select cron.schedule('outbox-delivery', '* * * * *', $$select private.request_outbox_delivery()$$);

-- What one claimed row's email needs, by kind, with `to_email` and `current` (false once what it
-- tells of is no longer true: it is then skipped). Null when what it names is gone.
create or replace function private.outbox_letter(o public.outbox)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  letter jsonb;
begin
  case o.kind
  when 'session_email' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name',
        case when o.recipient = 'coach' then coalesce(co.display_name, p.first_name) else p.first_name end,
      'recipient_time_zone',
        case when o.recipient = 'coach' then coalesce(rc.time_zone, p.time_zone) else p.time_zone end,
      'session_id', o.session_id,
      'starts_at', o.starts_at,
      'previous_starts_at', o.previous_starts_at,
      'duration_minutes', s.duration_minutes,
      'child_first_name', ch.first_name,
      'coach_name', co.display_name,
      'current', o.event not like 'reminder%' or (s.status = 'scheduled' and s.starts_at = o.starts_at),
      'message', o.message,
      'calendar_sequence', greatest(
        (select count(*)::integer - 1
           from public.outbox earlier
          where earlier.kind = 'session_email'
            and earlier.session_id = o.session_id
            and earlier.recipient_user_id = o.recipient_user_id
            and earlier.event in ('booked', 'moved', 'cancelled')
            and earlier.id <= o.id),
        0)
    )
    into letter
    from public.coaching_sessions s
    join public.children ch on ch.id = s.child_id
    join auth.users u on u.id = o.recipient_user_id
    left join public.profiles p on p.id = o.recipient_user_id
    left join public.coaches co on co.id = s.coach_id
    left join public.coaches rc on rc.user_id = o.recipient_user_id
    where s.id = o.session_id;

  when 'intro_call_email' then
    select jsonb_build_object(
      'to_email', case when o.recipient = 'host' then hu.email::text else l.email end,
      'recipient_name',
        case when o.recipient = 'host' then coalesce(nullif(btrim(hp.first_name), ''), 'there') else l.name::text end,
      'recipient_time_zone',
        case when o.recipient = 'host'
          then coalesce(
            (select s.time_zone from public.availability_schedules s
              left join public.coaches co on co.id = s.coach_id
              where s.user_id = o.recipient_user_id or co.user_id = o.recipient_user_id limit 1),
            hp.time_zone, 'UTC')
          else ic.parent_time_zone end,
      'intro_call_id', o.intro_call_id,
      'starts_at', o.starts_at,
      'previous_starts_at', o.previous_starts_at,
      'duration_minutes', ic.duration_minutes,
      'parent_name', l.name::text,
      'parent_email', l.email,
      'host_name', coalesce(nullif(btrim(concat_ws(' ', cp.first_name, cp.last_name)), ''), 'the Ploom team'),
      'host_email', cu.email::text,
      'lead_id', l.id,
      'sequence',
        (select count(*)::integer from public.outbox x
          where x.kind = 'intro_call_email' and x.intro_call_id = o.intro_call_id and x.id < o.id
            and x.event in ('booked', 'moved', 'cancelled')),
      'current', o.event not like 'reminder%' or (ic.status = 'scheduled' and ic.starts_at = o.starts_at),
      'manage_token',
        case when o.recipient = 'parent' then
          private.issue_intro_call_token(l.id, greatest(ic.starts_at + interval '7 days', now() + interval '14 days') - now())
        end
    )
    into letter
    from public.intro_calls ic
    join public.leads l on l.id = ic.lead_id
    left join auth.users hu on hu.id = o.recipient_user_id
    left join public.profiles hp on hp.id = o.recipient_user_id
    -- the call's host as the calendar file names them (the one now, or the one a cancellation was for)
    left join public.profiles cp on cp.id = coalesce(o.recipient_user_id, ic.host_id)
    left join auth.users cu on cu.id = coalesce(o.recipient_user_id, ic.host_id)
    where ic.id = o.intro_call_id;

  when 'check_in_invitation' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name', p.first_name,
      'child_id', o.child_id,
      'child_first_name', ch.first_name,
      'due_at', o.due_at,
      'current', private.wants_check_in_invitations(o.recipient_user_id)
        and not exists (
          select 1 from public.check_ins k
           where k.child_id = o.child_id and k.taken_at > o.due_at - interval '28 days'
        )
    )
    into letter
    from public.children ch
    join auth.users u on u.id = o.recipient_user_id
    left join public.profiles p on p.id = o.recipient_user_id
    where ch.id = o.child_id;

  when 'message_email' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name',
        case when o.recipient = 'coach' then coalesce(rc.display_name, p.first_name) else p.first_name end,
      'family_id', o.family_id,
      'children_names',
        (select string_agg(ch.first_name, ', ' order by ch.created_at, ch.first_name, ch.id)
           from public.children ch
           left join public.coaches chc on chc.id = ch.coach_id
          where ch.parent_id = o.family_id
            and (o.recipient = 'parent' or chc.user_id = o.recipient_user_id)),
      'coach_name',
        (select string_agg(distinct co.display_name, ', ') from public.children ch
           join public.coaches co on co.id = ch.coach_id where ch.parent_id = o.family_id),
      'current', not exists (
        select 1 from public.family_message_reads r
         where r.family_id = o.family_id and r.user_id = o.recipient_user_id and r.last_read_at >= o.created_at
      )
    )
    into letter
    from auth.users u
    left join public.profiles p on p.id = o.recipient_user_id
    left join public.coaches rc on rc.user_id = o.recipient_user_id
    where u.id = o.recipient_user_id;

  when 'family_notice' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name', p.first_name,
      'child_id', o.child_id,
      'child_first_name', ch.first_name,
      'details', case o.event
        when 'coach_match' then jsonb_build_object('coach_name', k.display_name, 'coach_title', k.title)
        when 'progress_report' then jsonb_build_object(
          'report_id', r.id, 'cadence', r.cadence, 'period_start', r.period_start, 'period_end', r.period_end,
          'coach_name', rk.display_name)
        when 'child_login_locked' then jsonb_build_object('secret_kind', cl.secret_kind, 'wrong_tries', o.wrong_tries)
      end,
      'current', case o.event
        when 'coach_match' then ch.coach_id is not distinct from o.coach_id
        when 'progress_report' then r.status = 'published'
        when 'child_login_locked' then exists (
          select 1 from public.child_login_locks lk where lk.child_id = o.child_id and lk.locked_until > now())
        else true
      end
    )
    into letter
    from public.children ch
    join auth.users u on u.id = o.recipient_user_id
    left join public.profiles p on p.id = o.recipient_user_id
    left join public.coaches k on k.id = o.coach_id
    left join public.progress_reports r on r.id = o.report_id
    left join public.coaches rk on rk.id = r.coach_id
    left join public.child_logins cl on cl.child_id = o.child_id
    where ch.id = o.child_id;
  else
    letter := null;
  end case;
  return letter;
end;
$$;
revoke execute on function private.outbox_letter(public.outbox) from public, anon, authenticated;
grant execute on function private.outbox_letter(public.outbox) to service_role;

-- For the senders (service role only): claims up to `max_rows` queued rows of these kinds, oldest
-- first, each with its email's `letter`. FOR UPDATE SKIP LOCKED: two senders at once take different
-- rows. A claim is a 10-minute lease and counts an attempt; five attempts, then no more claims.
-- A row whose letter is gone (what it names was deleted) comes back not `current`: it is skipped.
create or replace function public.claim_outbox(kinds text[], max_rows integer default 50)
returns table (
  id bigint,
  kind text,
  event text,
  recipient text,
  to_email text,
  current boolean,
  letter jsonb
)
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
begin
  if kinds is null or cardinality(kinds) = 0 then
    raise exception 'name the kinds to claim' using errcode = '22023';
  end if;
  return query
  with picked as (
    select o.id
    from public.outbox o
    where o.kind = any (kinds)
      and o.outcome is null
      and o.attempts < 5
      and (o.claimed_at is null or o.claimed_at < now() - interval '10 minutes')
    order by o.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.outbox o
    set claimed_at = now(), attempts = o.attempts + 1
    from picked
    where o.id = picked.id
    returning o.id, o as item
  ),
  written as (
    select c.id, c.item, private.outbox_letter(c.item) as letter from claimed c
  )
  select
    w.id,
    (w.item).kind,
    (w.item).event,
    (w.item).recipient,
    w.letter ->> 'to_email',
    coalesce((w.letter ->> 'current')::boolean, false),
    w.letter - 'to_email' - 'current'
  from written w
  order by w.id;
end;
$$;

-- For the senders: records what became of a claimed row. 'retry' releases the claim (the next
-- wake-up tries again, five attempts in all, then it is 'failed'). A settled row stays settled.
create or replace function public.settle_outbox(outbox_id bigint, result text, error text default null)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if result is null or result not in ('sent', 'skipped', 'retry') then
    raise exception 'result must be sent, skipped or retry' using errcode = '22023';
  end if;
  update public.outbox o
  set outcome = case
        when result = 'retry' then (case when o.attempts >= 5 then 'failed' end)
        else result
      end,
      settled_at = case when result <> 'retry' or o.attempts >= 5 then now() end,
      claimed_at = case when result = 'retry' then null else o.claimed_at end,
      last_error = left(error, 1000)
  where o.id = outbox_id and o.outcome is null;
end;
$$;

revoke execute on function public.claim_outbox(text[], integer) from public, anon, authenticated;
revoke execute on function public.settle_outbox(bigint, text, text) from public, anon, authenticated;
grant execute on function public.claim_outbox(text[], integer) to service_role;
grant execute on function public.settle_outbox(bigint, text, text) to service_role;

-- What queues emails, now into the outbox (the newest definitions, with only the table changed).

create or replace function private.queue_session_email(
  session uuid, kind text, recipient text, user_id uuid, starts_at timestamptz, previous timestamptz
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at, previous_starts_at)
  select 'session_email', kind, session, recipient, user_id, starts_at, previous
  where user_id is not null
$$;

create or replace function private.queue_intro_call_email(
  call uuid, kind text, recipient text, host uuid, starts_at timestamptz, previous timestamptz
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.outbox (kind, event, intro_call_id, recipient, recipient_user_id, starts_at, previous_starts_at)
  select 'intro_call_email', kind, call, recipient, case when recipient = 'host' then host end, starts_at, previous
  -- (a host whose account is being deleted is told nothing)
  where recipient = 'parent' or exists (select 1 from auth.users u where u.id = host)
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
  insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at, message)
  select 'session_email', 'reschedule_requested', s.id, 'coach', coach_user, s.starts_at, btrim(message)
  where coach_user is not null;
end;
$$;

-- Queues the reminders that are due (the outbox's statement trigger then wakes the senders). A
-- reminder of lead L (24 hours, 1 hour) is due from L before the session or call until it starts
-- (the 24-hour one only while more than an hour is left), unless the recipient was told of this
-- time within that window. The unique indexes make a second run, or two at once, queue nothing more.
create or replace function private.send_due_reminders()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued integer;
  calls integer;
begin
  insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at)
  select 'session_email', r.kind, s.id, who.recipient, who.user_id, s.starts_at
  from public.coaching_sessions s
  cross join (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour'))
    as r (kind, lead)
  cross join lateral (
    values
      ('family', s.parent_id),
      ('coach', (select c.user_id from public.coaches c where c.id = s.coach_id))
  ) as who (recipient, user_id)
  where s.status = 'scheduled'
    and s.starts_at > now()
    and s.starts_at < now() + interval '24 hours'
    and s.starts_at - r.lead <= now()
    and (r.kind = 'reminder_1h' or s.starts_at - interval '1 hour' > now())
    and who.user_id is not null
    and private.wants_session_reminders(who.user_id)
    and not exists (
      select 1
      from public.outbox told
      where told.kind = 'session_email'
        and told.session_id = s.id
        and told.recipient_user_id = who.user_id
        and told.event in ('booked', 'moved')
        and told.starts_at = s.starts_at
        and told.created_at > s.starts_at - r.lead
    )
  on conflict (session_id, event, recipient_user_id, starts_at)
    where kind = 'session_email' and event in ('reminder_24h', 'reminder_1h')
    do nothing;
  get diagnostics queued = row_count;

  insert into public.outbox (kind, event, intro_call_id, recipient, recipient_user_id, starts_at)
  select 'intro_call_email', r.kind, c.id, who.recipient, who.user_id, c.starts_at
  from public.intro_calls c
  cross join (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour'))
    as r (kind, lead)
  cross join lateral (values ('parent', null::uuid), ('host', c.host_id)) as who (recipient, user_id)
  where c.status = 'scheduled'
    and c.starts_at > now()
    and c.starts_at < now() + interval '24 hours'
    and c.starts_at - r.lead <= now()
    and (r.kind = 'reminder_1h' or c.starts_at - interval '1 hour' > now())
    and (who.recipient = 'parent' or (who.user_id is not null and private.wants_session_reminders(who.user_id)))
    and not exists (
      select 1
      from public.outbox told
      where told.kind = 'intro_call_email'
        and told.intro_call_id = c.id
        and told.recipient = who.recipient
        and told.event in ('booked', 'moved')
        and told.starts_at = c.starts_at
        and told.created_at > c.starts_at - r.lead
    )
  on conflict (intro_call_id, event, recipient, starts_at)
    where kind = 'intro_call_email' and event in ('reminder_24h', 'reminder_1h')
    do nothing;
  get diagnostics calls = row_count;
  return queued + calls;
end;
$$;

create or replace function private.queue_check_in_invitations(now_at timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- The unread-message emails: never at night in the member's zone (21:00 to 08:00), at most one an
-- hour per member and conversation, one per unread stretch (decision 186).
create or replace function private.send_due_message_emails(at timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  perform pg_advisory_xact_lock(7311, 1);
  insert into public.outbox (kind, family_id, recipient_user_id, recipient, created_at)
  select 'message_email', m.family_id, m.user_id, m.recipient, at
  from (
    -- each conversation's members who may be emailed: the parent and the family's coaches
    select distinct f.family_id, f.user_id, f.recipient, f.zone
    from (
      select msg.family_id, msg.family_id as user_id, 'parent' as recipient, p.time_zone as zone
        from public.family_messages msg
        left join public.profiles p on p.id = msg.family_id
       where msg.created_at > at - interval '30 days'
      union
      select msg.family_id, co.user_id, 'coach', co.time_zone
        from public.family_messages msg
        join public.children c on c.parent_id = msg.family_id
        join public.coaches co on co.id = c.coach_id
       where msg.created_at > at - interval '30 days' and co.user_id is not null
    ) f
  ) m
  where private.wants_family_message_emails(m.user_id)
    and not private.is_night_in(m.zone, at)
    -- a message from someone else, 15 minutes old, unread, newer than the last email
    and exists (
      select 1 from public.family_messages msg
       where msg.family_id = m.family_id
         and msg.sender_id is distinct from m.user_id
         and msg.created_at <= at - interval '15 minutes'
         and msg.created_at > coalesce(
           (select r.last_read_at from public.family_message_reads r
             where r.family_id = m.family_id and r.user_id = m.user_id),
           '-infinity'::timestamptz)
         and msg.created_at > coalesce(
           (select max(e.created_at) from public.outbox e
             where e.kind = 'message_email' and e.family_id = m.family_id and e.recipient_user_id = m.user_id),
           '-infinity'::timestamptz)
    )
    -- at most one an hour
    and not exists (
      select 1 from public.outbox e
       where e.kind = 'message_email' and e.family_id = m.family_id and e.recipient_user_id = m.user_id
         and e.created_at > at - interval '1 hour'
    );
  get diagnostics queued = row_count;
  perform private.request_outbox_delivery();
  return queued;
end;
$$;

create or replace function private.purge_old_family_messages(at timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.family_messages m where m.created_at < at - interval '2 years';
  get diagnostics removed = row_count;
  delete from public.outbox e
   where e.kind = 'message_email' and e.outcome is not null and e.created_at < at - interval '90 days';
  return removed;
end;
$$;

create or replace function private.queue_coach_match_notice()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.coach_id is not null and old.coach_id is distinct from new.coach_id then
    insert into public.outbox (kind, event, recipient, child_id, coach_id, recipient_user_id)
    values ('family_notice', 'coach_match', 'parent', new.id, new.coach_id, new.parent_id);
  end if;
  return null;
end;
$$;

create or replace function private.publish_progress_report(report uuid)
returns timestamptz
language plpgsql
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
  insert into public.outbox (kind, event, recipient, child_id, report_id, recipient_user_id)
  values ('family_notice', 'progress_report', 'parent', r.child_id, r.id, r.parent_id);
  return at;
end;
$$;

create or replace function private.lock_child_sign_in(child uuid, subject bytea, wrong_tries integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  lock_end timestamptz := now() + (select l.name_window from private.child_sign_in_limits() l);
begin
  if child is null then
    insert into private.child_sign_in_name_locks as k (subject, locked_until)
    values (lock_child_sign_in.subject, lock_end)
    on conflict on constraint child_sign_in_name_locks_pkey do update set locked_until = excluded.locked_until
      where k.locked_until <= now();
    return;
  end if;
  insert into public.child_login_locks as k (child_id, locked_until)
  values (child, lock_end)
  on conflict (child_id) do update set locked_until = excluded.locked_until
    where k.locked_until is null or k.locked_until <= now();
  if found then
    insert into public.outbox (kind, event, recipient, child_id, recipient_user_id, wrong_tries)
    select 'family_notice', 'child_login_locked', 'parent', c.id, c.parent_id, greatest(lock_child_sign_in.wrong_tries, 1)
      from public.children c where c.id = child;
  end if;
end;
$$;
