-- The rules of each kind of meeting (cal.com's event types), set by admins: its length, the buffer
-- kept free before and after it, the minimum notice, how far ahead it can be booked, the most a host
-- takes in one day (in the host's zone), and the step between the start times offered. The open slots
-- function reads them (docs/decisions/150-availability-and-open-slots.md).
create table public.meeting_rules (
  kind text primary key check (kind in ('coaching_session', 'intro_call')),
  length_minutes integer not null check (length_minutes between 10 and 120),
  buffer_minutes integer not null default 0 check (buffer_minutes between 0 and 120),
  minimum_notice_minutes integer not null check (minimum_notice_minutes between 0 and 43200),
  booking_window_days integer not null check (booking_window_days between 1 and 365),
  -- null: no daily limit
  daily_maximum integer check (daily_maximum between 1 and 48),
  slot_step_minutes integer not null check (slot_step_minutes between 5 and 120),
  updated_at timestamptz not null default now(),
  updated_by uuid default auth.uid() references auth.users (id) on delete set null
);
alter table public.meeting_rules enable row level security;
create index meeting_rules_updated_by_idx on public.meeting_rules (updated_by);

comment on table public.meeting_rules is
  'Rules per kind of meeting (length, buffer, minimum notice, booking window, daily maximum), set by admins.';

-- The product's defaults: a 30-minute coaching session booked at least 24 hours ahead, a 20-minute
-- intro call at least 2 hours ahead, both up to 6 weeks ahead with 10 minutes between meetings.
insert into public.meeting_rules
  (kind, length_minutes, buffer_minutes, minimum_notice_minutes, booking_window_days, daily_maximum, slot_step_minutes)
values
  ('coaching_session', 30, 10, 24 * 60, 42, 6, 30),
  ('intro_call', 20, 10, 2 * 60, 42, 8, 20);

create trigger meeting_rules_set_updated_at
  before update on public.meeting_rules
  for each row execute function private.set_updated_at();

create or replace function private.meeting_rules_set_updated_by()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_by := auth.uid();
  return new;
end;
$$;

create trigger meeting_rules_set_updated_by
  before update on public.meeting_rules
  for each row execute function private.meeting_rules_set_updated_by();

create trigger meeting_rules_audit after update on public.meeting_rules
  for each row execute function private.audit_change(
    'MEETING_RULES_*', 'meeting_rules', 'kind', 'length_minutes', 'buffer_minutes',
    'minimum_notice_minutes', 'booking_window_days', 'daily_maximum', 'slot_step_minutes'
  );

revoke all on public.meeting_rules from anon, authenticated;
grant select on public.meeting_rules to authenticated;
grant update (length_minutes, buffer_minutes, minimum_notice_minutes, booking_window_days, daily_maximum, slot_step_minutes)
  on public.meeting_rules to authenticated;

-- Staff read the rules (the schedule screens show them); families see their effect through the
-- open slots functions.
create policy "Staff read the meeting rules"
  on public.meeting_rules for select to authenticated
  using ((select private.is_admin()) or (select private.has_role((select auth.uid()), 'coach')));

create policy "Admins change the meeting rules"
  on public.meeting_rules for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- Admins change the rules only with two-factor sign-in, as they change the settings
-- (docs/decisions/113).
create policy "Staff update only with two-factor sign-in"
  on public.meeting_rules as restrictive for update to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));
