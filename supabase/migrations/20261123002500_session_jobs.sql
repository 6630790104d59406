-- The scheduled jobs of sessions, run by pg_cron (the emails delivered through pg_net), the same
-- way on a hosted project and on the local stack (whose platform provides both schemas, emulated:
-- see local-supabase/cron.sql). Scheduling by name replaces an earlier job of that name.
do $$
begin
  if to_regnamespace('cron') is null then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if to_regnamespace('net') is null then
    create extension if not exists pg_net with schema extensions;
  end if;
end
$$;

-- Queues the reminders that are due, then wakes the sender if anything is queued (new reminders,
-- or emails a failed delivery left behind). A reminder of lead L (24 hours, 1 hour) is due from
-- L before the session until it starts (the 24-hour one only while more than an hour is left),
-- for a session still scheduled, unless the recipient was told of this time within that window
-- (a session booked or moved 3 hours ahead gets no "tomorrow" reminder). The unique index on the
-- outbox makes a second run, or two runs at once, queue nothing more: never twice.
create or replace function private.send_due_reminders()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  queued integer;
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
  return queued;
end;
$$;

select cron.schedule('session-reminders', '* * * * *', $$select private.send_due_reminders()$$);
select cron.schedule('session-series', '7 * * * *', $$select private.extend_session_series()$$);
