-- An email when a family message waits unread (docs/decisions/186-unread-message-emails.md).
--
-- A message a member has not read 15 minutes after it was sent earns that member one email: no
-- text of the message, only that there is one and a link. At most one email an hour per member
-- and conversation, and one per unread stretch (the next waits for a message newer than the last
-- email). Never at night in the member's zone (21:00 to 08:00): the job, run every minute by
-- pg_cron, finds the waiting message again at 08:00 and sends it then. Each person may turn these
-- emails off in their account (notification_preferences.family_messages). The outbox and its
-- delivery (pg_net wakes send-message-emails) follow the session emails (20261123002400).

alter table public.notification_preferences
  add column family_messages boolean not null default true;
grant insert (family_messages), update (family_messages) on public.notification_preferences to authenticated;

create table public.family_message_emails (
  id bigint generated always as identity primary key,
  family_id uuid not null references auth.users (id) on delete cascade,
  recipient_user_id uuid not null references auth.users (id) on delete cascade,
  recipient text not null check (recipient in ('parent', 'coach')),
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  attempts integer not null default 0,
  -- null while queued; 'sent', 'skipped' (read before it went out) or 'failed' (gave up)
  outcome text check (outcome in ('sent', 'skipped', 'failed')),
  settled_at timestamptz,
  last_error text check (char_length(last_error) <= 1000)
);
alter table public.family_message_emails enable row level security;
create index family_message_emails_member_idx
  on public.family_message_emails (family_id, recipient_user_id, created_at desc);
create index family_message_emails_recipient_idx on public.family_message_emails (recipient_user_id);
create index family_message_emails_queued_idx on public.family_message_emails (id) where outcome is null;

revoke all on public.family_message_emails from anon, authenticated;
grant select on public.family_message_emails to authenticated;

create policy "Admins read the message emails"
  on public.family_message_emails for select to authenticated
  using ((select private.is_admin()));

create policy "Staff reach families' data only with two-factor sign-in"
  on public.family_message_emails as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- Whether a member wants these emails (no row: yes).
create or replace function private.wants_family_message_emails(account uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select n.family_messages from public.notification_preferences n where n.user_id = account),
    true
  )
$$;
revoke execute on function private.wants_family_message_emails(uuid) from public;
grant execute on function private.wants_family_message_emails(uuid) to service_role;

-- Night in a zone: 21:00 to 08:00 there.
create or replace function private.is_night_in(zone text, at timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select extract(hour from (at at time zone coalesce(zone, 'UTC'))) not between 8 and 20
$$;
revoke execute on function private.is_night_in(text, timestamptz) from public;

-- Wakes send-message-emails when something is queued (private.job_settings, pg_net), once a
-- transaction; without the settings or pg_net the emails stay queued.
create or replace function private.request_family_message_email_delivery()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text;
  api_key text;
begin
  if not exists (select 1 from public.family_message_emails where outcome is null and attempts < 5) then
    return;
  end if;
  if current_setting('private.family_message_emails_wake', true) = txid_current()::text then
    return;
  end if;
  perform set_config('private.family_message_emails_wake', txid_current()::text, true);
  select value into url from private.job_settings where name = 'functions_url';
  select value into api_key from private.job_settings where name = 'functions_api_key';
  if url is null or to_regnamespace('net') is null then
    raise log 'message emails queued but not sent: private.job_settings or pg_net is missing';
    return;
  end if;
  perform net.http_post(
    url := rtrim(url, '/') || '/send-message-emails',
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
revoke execute on function private.request_family_message_email_delivery() from public;

-- Queues the emails that are due at `at` (the job passes now(); tests pass another time) and wakes
-- the sender when anything waits. Returns how many were queued. One run at a time.
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
  insert into public.family_message_emails (family_id, recipient_user_id, recipient, created_at)
  select m.family_id, m.user_id, m.recipient, at
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
           (select max(e.created_at) from public.family_message_emails e
             where e.family_id = m.family_id and e.recipient_user_id = m.user_id),
           '-infinity'::timestamptz)
    )
    -- at most one an hour
    and not exists (
      select 1 from public.family_message_emails e
       where e.family_id = m.family_id and e.recipient_user_id = m.user_id
         and e.created_at > at - interval '1 hour'
    );
  get diagnostics queued = row_count;
  perform private.request_family_message_email_delivery();
  return queued;
end;
$$;
revoke execute on function private.send_due_message_emails(timestamptz) from public;
grant execute on function private.send_due_message_emails(timestamptz) to service_role;

-- For send-message-emails (service role only): claims queued emails with what their text needs.
-- `current` is false once the member has read the conversation since it was queued.
create or replace function public.claim_family_message_emails(max_rows integer default 50)
returns table (
  id bigint,
  recipient text,
  to_email text,
  recipient_name text,
  family_id uuid,
  children_names text,
  coach_name text,
  current boolean
)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select e.id
    from public.family_message_emails e
    where e.outcome is null
      and e.attempts < 5
      and (e.claimed_at is null or e.claimed_at < now() - interval '10 minutes')
    order by e.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.family_message_emails e
    set claimed_at = now(), attempts = e.attempts + 1
    from picked
    where e.id = picked.id
    returning e.*
  )
  select
    c.id,
    c.recipient,
    u.email::text,
    case when c.recipient = 'coach' then coalesce(rc.display_name, p.first_name) else p.first_name end,
    c.family_id,
    (select string_agg(ch.first_name, ', ' order by ch.created_at) from public.children ch
      where ch.parent_id = c.family_id),
    (select string_agg(distinct co.display_name, ', ') from public.children ch
       join public.coaches co on co.id = ch.coach_id where ch.parent_id = c.family_id),
    not exists (
      select 1 from public.family_message_reads r
       where r.family_id = c.family_id and r.user_id = c.recipient_user_id and r.last_read_at >= c.created_at
    )
  from claimed c
  join auth.users u on u.id = c.recipient_user_id
  left join public.profiles p on p.id = c.recipient_user_id
  left join public.coaches rc on rc.user_id = c.recipient_user_id
  order by c.id
$$;

create or replace function public.settle_family_message_email(email_id bigint, result text, error text default null)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if result not in ('sent', 'skipped', 'retry') then
    raise exception 'result must be sent, skipped or retry' using errcode = '22023';
  end if;
  update public.family_message_emails e
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

revoke execute on function public.claim_family_message_emails(integer) from public, anon, authenticated;
revoke execute on function public.settle_family_message_email(bigint, text, text) from public, anon, authenticated;
grant execute on function public.claim_family_message_emails(integer) to service_role;
grant execute on function public.settle_family_message_email(bigint, text, text) to service_role;

select cron.schedule('family-message-emails', '* * * * *', $$select private.send_due_message_emails()$$);
