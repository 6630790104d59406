-- The parent's account page: a contact phone on the profile, and which emails the account wants.

-- A contact phone as people type it (digits, spaces, +, brackets, dots, dashes), 7 to 25 characters,
-- the same rule as the waitlist form's phone. Blank is stored as null.
alter table public.profiles
  add column phone text constraint profiles_phone_format check (phone ~ '^[0-9+()\-. ]{7,25}$');
grant update (phone) on public.profiles to authenticated;

create or replace function private.profiles_normalize_phone()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.phone := nullif(btrim(new.phone), '');
  return new;
end;
$$;

create trigger profiles_normalize_phone
  before insert or update of phone on public.profiles
  for each row execute function private.profiles_normalize_phone();

-- Which emails an account wants. No row means the defaults: the service emails on (session
-- booked/moved/cancelled, reminders, the coach's weekly update), marketing off (opt-in only).
-- Booking, move and cancellation notices are always sent: they are the service itself.
create table public.notification_preferences (
  user_id uuid primary key references auth.users (id) on delete cascade,
  session_reminders boolean not null default true,
  parent_updates boolean not null default true,
  marketing boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.notification_preferences enable row level security;

create trigger notification_preferences_set_updated_at
  before update on public.notification_preferences
  for each row execute function private.set_updated_at();

revoke all on public.notification_preferences from anon, authenticated;
grant select on public.notification_preferences to authenticated;
grant insert (user_id, session_reminders, parent_updates, marketing),
  update (user_id, session_reminders, parent_updates, marketing)
  on public.notification_preferences to authenticated;

create policy "Users read their own notification preferences"
  on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Users set their own notification preferences"
  on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users change their own notification preferences"
  on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Whether an account wants session reminders (the reminder job asks; no row means yes).
create or replace function private.wants_session_reminders(account uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select n.session_reminders from public.notification_preferences n where n.user_id = account),
    true
  )
$$;
revoke execute on function private.wants_session_reminders(uuid) from public;
grant execute on function private.wants_session_reminders(uuid) to service_role;

-- The reminder job skips an account that turned reminders off (the rest as in 20261123002500).
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
  return queued;
end;
$$;
