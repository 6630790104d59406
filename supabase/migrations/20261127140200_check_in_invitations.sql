-- The parent is invited to the next check-in four weeks after the child's last one (docs/decisions/
-- 192): a dashboard card (from the check-ins themselves) and one email per due check-in, through
-- an outbox the database fills itself, in the pattern of the session reminders
-- (20261123002400_session_emails.sql, 20261123002500_session_jobs.sql): a pg_cron job queues
-- what is due, pg_net wakes the send-check-in-invitations function, which delivers what is queued.
-- A parent who turned these emails off in their account (notification_preferences) gets none.

alter table public.notification_preferences
  add column check_in_invitations boolean not null default true;
grant insert (check_in_invitations), update (check_in_invitations)
  on public.notification_preferences to authenticated;

-- Whether an account wants check-in invitations (no row means yes).
create or replace function private.wants_check_in_invitations(account uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select n.check_in_invitations from public.notification_preferences n where n.user_id = account),
    true
  )
$$;
revoke execute on function private.wants_check_in_invitations(uuid) from public;
grant execute on function private.wants_check_in_invitations(uuid) to service_role;

create table public.check_in_invitations (
  id bigint generated always as identity primary key,
  child_id uuid not null references public.children (id) on delete cascade,
  recipient_user_id uuid not null references auth.users (id) on delete cascade,
  -- four weeks after the check-in it follows: one invitation per due check-in, never two
  due_at timestamptz not null,
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  attempts integer not null default 0,
  -- null while queued; 'sent', 'skipped' (a check-in was taken since) or 'failed' (gave up)
  outcome text check (outcome in ('sent', 'skipped', 'failed')),
  settled_at timestamptz,
  last_error text check (char_length(last_error) <= 1000),
  constraint check_in_invitations_once unique (child_id, due_at)
);
alter table public.check_in_invitations enable row level security;
create index check_in_invitations_recipient_idx on public.check_in_invitations (recipient_user_id);
create index check_in_invitations_queued_idx on public.check_in_invitations (id) where outcome is null;

revoke all on public.check_in_invitations from anon, authenticated;
grant select on public.check_in_invitations to authenticated;

create policy "Admins read the check-in invitations"
  on public.check_in_invitations for select to authenticated
  using ((select private.is_admin()));

create policy "Staff reach families' data only with two-factor sign-in"
  on public.check_in_invitations as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- Wakes send-check-in-invitations when something is queued (once per transaction); without the
-- settings or pg_net it does nothing and the invitations stay queued.
create or replace function private.request_check_in_invitation_delivery()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  url text;
  api_key text;
begin
  if not exists (select 1 from public.check_in_invitations where outcome is null and attempts < 5) then
    return;
  end if;
  if current_setting('private.check_in_invitations_wake', true) = txid_current()::text then
    return;
  end if;
  perform set_config('private.check_in_invitations_wake', txid_current()::text, true);
  select value into url from private.job_settings where name = 'functions_url';
  select value into api_key from private.job_settings where name = 'functions_api_key';
  if url is null or to_regnamespace('net') is null then
    raise log 'check-in invitations queued but not sent: private.job_settings or pg_net is missing';
    return;
  end if;
  perform net.http_post(
    url := rtrim(url, '/') || '/send-check-in-invitations',
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

-- Only the trigger below and the job call it.
revoke execute on function private.request_check_in_invitation_delivery() from public;

create or replace function private.check_in_invitations_wake_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.request_check_in_invitation_delivery();
  return null;
end;
$$;

create trigger check_in_invitations_wake_sender
  after insert on public.check_in_invitations
  for each statement execute function private.check_in_invitations_wake_sender();

-- Queues the invitations due at `now_at` (the job passes nothing; tests move the clock): a child's
-- next check-in is due four weeks after their latest one. An invitation more than two weeks
-- overdue is not sent late. The unique key makes a second run queue nothing more.
create or replace function private.queue_check_in_invitations(now_at timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued integer;
begin
  insert into public.check_in_invitations (child_id, recipient_user_id, due_at)
  select c.id, c.parent_id, latest.taken_at + interval '28 days'
  from public.children c
  cross join lateral (
    select max(k.taken_at) as taken_at from public.check_ins k where k.child_id = c.id
  ) latest
  where latest.taken_at is not null
    and c.parent_id is not null
    and latest.taken_at + interval '28 days' <= now_at
    and latest.taken_at + interval '42 days' > now_at
    and private.wants_check_in_invitations(c.parent_id)
  on conflict (child_id, due_at) do nothing;
  get diagnostics queued = row_count;
  return queued;
end;
$$;
revoke execute on function private.queue_check_in_invitations(timestamptz) from public;
grant execute on function private.queue_check_in_invitations(timestamptz) to service_role;

-- For send-check-in-invitations (service role only): claims queued invitations with what their
-- text needs. `current` is false once a newer check-in was taken or the parent turned them off.
create or replace function public.claim_check_in_invitations(max_rows integer default 50)
returns table (
  id bigint,
  to_email text,
  recipient_name text,
  child_id uuid,
  child_first_name text,
  due_at timestamptz,
  current boolean
)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select i.id
    from public.check_in_invitations i
    where i.outcome is null
      and i.attempts < 5
      and (i.claimed_at is null or i.claimed_at < now() - interval '10 minutes')
    order by i.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.check_in_invitations i
    set claimed_at = now(), attempts = i.attempts + 1
    from picked
    where i.id = picked.id
    returning i.*
  )
  select
    c.id,
    u.email::text,
    p.first_name,
    c.child_id,
    ch.first_name,
    c.due_at,
    private.wants_check_in_invitations(c.recipient_user_id)
      and not exists (
        select 1 from public.check_ins k
         where k.child_id = c.child_id and k.taken_at > c.due_at - interval '28 days'
      )
  from claimed c
  join public.children ch on ch.id = c.child_id
  join auth.users u on u.id = c.recipient_user_id
  left join public.profiles p on p.id = c.recipient_user_id
  order by c.id
$$;

-- For send-check-in-invitations: what became of a claimed invitation ('retry' releases the claim;
-- after five attempts it is 'failed').
create or replace function public.settle_check_in_invitation(invitation_id bigint, result text, error text default null)
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  if result not in ('sent', 'skipped', 'retry') then
    raise exception 'result must be sent, skipped or retry' using errcode = '22023';
  end if;
  update public.check_in_invitations i
  set outcome = case
        when result = 'retry' then (case when i.attempts >= 5 then 'failed' end)
        else result
      end,
      settled_at = case when result <> 'retry' or i.attempts >= 5 then now() end,
      claimed_at = case when result = 'retry' then null else i.claimed_at end,
      last_error = left(error, 1000)
  where i.id = invitation_id and i.outcome is null;
end;
$$;

revoke execute on function public.claim_check_in_invitations(integer) from public, anon, authenticated;
revoke execute on function public.settle_check_in_invitation(bigint, text, text) from public, anon, authenticated;
grant execute on function public.claim_check_in_invitations(integer) to service_role;
grant execute on function public.settle_check_in_invitation(bigint, text, text) to service_role;

-- Hourly: invitations are a day's matter, not a minute's; the queued ones left by a failed
-- delivery are woken again by the same run (the statement trigger fires even when nothing is new).
select cron.schedule('check-in-invitations', '17 * * * *', $$select private.queue_check_in_invitations()$$);
