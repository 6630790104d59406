-- An intro call booked with a team member for a lead: the minimal table the open slots need to see
-- the calls a host already has. A host is never in two calls at once (an exclusion constraint on the
-- call's period, as coaching_sessions has), and a lead has one scheduled call at a time. Booking it
-- (the public form, emails, reminders) comes with the intro-call screens; admins and the host read
-- and settle the calls.
create table public.intro_calls (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.leads (id) on delete cascade,
  host_id uuid references auth.users (id) on delete set null,
  starts_at timestamptz not null,
  duration_minutes integer not null default 20 check (duration_minutes between 10 and 120),
  status text not null default 'scheduled'
    check (status in ('scheduled', 'completed', 'cancelled', 'no_show')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint intro_calls_host_no_overlap exclude using gist (
    host_id with =,
    private.session_period(starts_at, duration_minutes) with &&
  ) where (status <> 'cancelled' and host_id is not null)
);
alter table public.intro_calls enable row level security;
create index intro_calls_lead_idx on public.intro_calls (lead_id);
create index intro_calls_host_starts_idx on public.intro_calls (host_id, starts_at);
create unique index intro_calls_one_scheduled_per_lead_idx on public.intro_calls (lead_id)
  where status = 'scheduled';

create trigger intro_calls_set_updated_at
  before update on public.intro_calls
  for each row execute function private.set_updated_at();

revoke all on public.intro_calls from anon, authenticated;
grant select on public.intro_calls to authenticated;
grant update (status) on public.intro_calls to authenticated;

create policy "Admins read every intro call, hosts theirs"
  on public.intro_calls for select to authenticated
  using ((select private.is_admin()) or host_id = (select auth.uid()));

create policy "Admins settle every intro call, hosts theirs"
  on public.intro_calls for update to authenticated
  using ((select private.is_admin()) or host_id = (select auth.uid()))
  with check ((select private.is_admin()) or host_id = (select auth.uid()));

-- A lead's call is a lead's data: staff reach it only with two-factor sign-in (docs/decisions/111).
create policy "Staff reach families' data only with two-factor sign-in"
  on public.intro_calls as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));
