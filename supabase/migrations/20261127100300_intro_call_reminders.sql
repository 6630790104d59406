-- The reminder job also reminds of intro calls, 24 hours and 1 hour before, the parent (at the
-- lead's address) and the host (unless they turned session reminders off), with the same rules as
-- for sessions (20261123002500_session_jobs.sql): the 24-hour one only while more than an hour is
-- left, none for a time the recipient was told of within that window, and the outbox's unique index
-- makes a second run, or two runs at once, queue nothing more: never twice. The sessions' part is
-- unchanged from 20261123006600_account_settings.sql.
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
  insert into public.session_emails (session_id, kind, recipient, recipient_user_id, starts_at)
  select s.id, r.kind, who.recipient, who.user_id, s.starts_at
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
      from public.session_emails told
      where told.session_id = s.id
        and told.recipient_user_id = who.user_id
        and told.kind in ('booked', 'moved')
        and told.starts_at = s.starts_at
        and told.created_at > s.starts_at - r.lead
    )
  on conflict (session_id, kind, recipient_user_id, starts_at)
    where kind in ('reminder_24h', 'reminder_1h')
    do nothing;
  -- The insert's statement trigger runs even when nothing new was queued, so it also wakes the
  -- sender for what an earlier failed delivery left behind.
  get diagnostics queued = row_count;

  insert into public.intro_call_emails (intro_call_id, kind, recipient, recipient_user_id, starts_at)
  select c.id, r.kind, who.recipient, who.user_id, c.starts_at
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
      from public.intro_call_emails told
      where told.intro_call_id = c.id
        and told.recipient = who.recipient
        and told.kind in ('booked', 'moved')
        and told.starts_at = c.starts_at
        and told.created_at > c.starts_at - r.lead
    )
  on conflict (intro_call_id, kind, recipient, starts_at)
    where kind in ('reminder_24h', 'reminder_1h')
    do nothing;
  get diagnostics calls = row_count;
  return queued + calls;
end;
$$;
revoke execute on function private.send_due_reminders() from public, anon, authenticated;
