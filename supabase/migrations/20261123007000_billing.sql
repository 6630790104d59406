-- Billing: a family's Stripe customer, subscriptions and invoices, mirrored from Stripe by the
-- `stripe-webhook` function (the service role), which is the only writer of subscription state. A
-- parent reads their own rows; admins read every family's. Nobody else writes anything here.
-- The plan's weekly sessions are enforced on booking: a family on Steady Growth has one session a
-- week, Focused Progress two, Intensive Momentum three (docs/decisions/100-billing.md).

-- How many sessions a week each plan includes (the plan keys of the site and the quiz).
create or replace function private.plan_weekly_sessions(plan text)
returns integer
language sql
immutable
set search_path = ''
as $$
  select case plan
    when 'steady-growth' then 1
    when 'focused-progress' then 2
    when 'intensive-momentum' then 3
  end
$$;

-- How long a family keeps its sessions after a failed payment, while the card is fixed.
create or replace function private.payment_grace_period()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '7 days' $$;

-- A parent's Stripe customer (created by the `billing` function on the first checkout).
create table public.billing_customers (
  parent_id uuid primary key references auth.users (id) on delete cascade,
  stripe_customer_id text not null unique check (stripe_customer_id ~ '^cus_[A-Za-z0-9_]+$'),
  created_at timestamptz not null default now()
);
alter table public.billing_customers enable row level security;

-- A Stripe subscription as the last applied webhook event described it. `last_event_at` is the
-- creation time of that event: an older event arriving later changes nothing (out-of-order safe).
create table public.subscriptions (
  id text primary key check (id ~ '^sub_[A-Za-z0-9_]+$'),
  parent_id uuid not null references auth.users (id) on delete cascade,
  stripe_customer_id text not null,
  plan text not null check (plan in ('steady-growth', 'focused-progress', 'intensive-momentum')),
  stripe_price_id text not null,
  status text not null check (
    status in ('incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused')
  ),
  -- Stripe's pause_collection: set while the family has paused (no charge, no new sessions)
  pause_behavior text check (pause_behavior in ('keep_as_draft', 'mark_uncollectible', 'void')),
  pause_resumes_at timestamptz,
  cancel_at_period_end boolean not null default false,
  current_period_start timestamptz,
  current_period_end timestamptz,
  canceled_at timestamptz,
  ended_at timestamptz,
  stripe_created timestamptz not null,
  last_event_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.subscriptions enable row level security;
create index subscriptions_parent_idx on public.subscriptions (parent_id, stripe_created desc);
create index subscriptions_customer_idx on public.subscriptions (stripe_customer_id);

create trigger subscriptions_set_updated_at
  before update on public.subscriptions
  for each row execute function private.set_updated_at();

-- Invoices of a family's subscriptions, with Stripe's links to the hosted page and the PDF.
-- subscription_id has no foreign key: an invoice's event may arrive before its subscription's.
create table public.invoices (
  id text primary key check (id ~ '^in_[A-Za-z0-9_]+$'),
  parent_id uuid not null references auth.users (id) on delete cascade,
  subscription_id text,
  number text,
  status text not null check (status in ('draft', 'open', 'paid', 'uncollectible', 'void')),
  currency text not null check (currency ~ '^[a-z]{3}$'),
  amount_due integer not null check (amount_due >= 0),
  amount_paid integer not null check (amount_paid >= 0),
  hosted_invoice_url text,
  invoice_pdf text,
  period_start timestamptz,
  period_end timestamptz,
  -- when a charge of this invoice first failed; while the invoice is still open, the family has a
  -- failed payment to fix (the grace period counts from here)
  payment_failed_at timestamptz,
  stripe_created timestamptz not null,
  last_event_at timestamptz not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.invoices enable row level security;
create index invoices_parent_idx on public.invoices (parent_id, stripe_created desc);
create index invoices_subscription_idx on public.invoices (subscription_id);

create trigger invoices_set_updated_at
  before update on public.invoices
  for each row execute function private.set_updated_at();

-- Each Stripe event applied, by id: the same event delivered twice is applied once.
create table public.stripe_webhook_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9_]+$'),
  type text not null,
  stripe_created timestamptz not null,
  processed_at timestamptz not null default now()
);
alter table public.stripe_webhook_events enable row level security;

revoke all on public.billing_customers, public.subscriptions, public.invoices, public.stripe_webhook_events
  from anon, authenticated;
grant select on public.billing_customers, public.subscriptions, public.invoices to authenticated;

create policy "Parents read their own customer record, admins every family's"
  on public.billing_customers for select to authenticated
  using (parent_id = (select auth.uid()) or (select private.is_admin()));

create policy "Parents read their own subscriptions, admins every family's"
  on public.subscriptions for select to authenticated
  using (parent_id = (select auth.uid()) or (select private.is_admin()));

create policy "Parents read their own invoices, admins every family's"
  on public.invoices for select to authenticated
  using (parent_id = (select auth.uid()) or (select private.is_admin()));
-- stripe_webhook_events: no policy, no grant; only the service role (the webhook) touches it.

-- The sessions a week a family may have booked for a session starting at `at`, and why, from the
-- family's latest subscription (by Stripe's creation time; checkouts never paid are ignored).
-- A family that never subscribed has no limit (null): families coached before billing began.
create or replace function private.family_session_allowance(parent uuid, at timestamptz)
returns table (sessions_per_week integer, reason text)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s public.subscriptions;
begin
  select * into s from public.subscriptions
  where parent_id = parent and status not in ('incomplete', 'incomplete_expired')
  order by stripe_created desc, id desc
  limit 1;
  if not found then
    return query select null::integer, null::text;
    return;
  end if;
  if s.status in ('canceled', 'unpaid')
     or (s.cancel_at_period_end and s.current_period_end is not null and at >= s.current_period_end) then
    return query select 0, 'the family''s subscription has ended';
  elsif s.status = 'paused' then
    return query select 0, 'the family''s subscription is paused';
  elsif s.pause_behavior is not null and (s.pause_resumes_at is null or at < s.pause_resumes_at) then
    return query select 0, 'the family''s subscription is paused';
  elsif s.status in ('past_due', 'active')
     and (
       select min(i.payment_failed_at) from public.invoices i
       where i.subscription_id = s.id and i.status = 'open' and i.payment_failed_at is not null
     ) + private.payment_grace_period() < pg_catalog.now() then
    return query select 0, 'the family''s payment has failed and its grace period is over';
  else
    return query select private.plan_weekly_sessions(s.plan),
      'the family''s plan includes ' || private.plan_weekly_sessions(s.plan)
        || case when private.plan_weekly_sessions(s.plan) = 1 then ' session' else ' sessions' end || ' a week';
  end if;
end;
$$;

-- Before a session is booked, moved to another week or un-cancelled: the family's week (Monday to
-- Sunday in the family's time zone) must have room in its plan. A lock per family makes two
-- bookings committed at once count each other.
create or replace function private.coaching_sessions_weekly_allowance()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  zone text;
  allowance record;
  week_start timestamp;
  booked integer;
begin
  if new.status = 'cancelled' then
    return new;
  end if;
  select coalesce(p.time_zone, 'America/New_York') into zone from public.profiles p where p.id = new.parent_id;
  zone := coalesce(zone, 'America/New_York');
  week_start := pg_catalog.date_trunc('week', new.starts_at at time zone zone);
  if tg_op = 'UPDATE' and old.status <> 'cancelled' and old.parent_id = new.parent_id
     and pg_catalog.date_trunc('week', old.starts_at at time zone zone) = week_start then
    return new; -- already counted in this week
  end if;
  select * into allowance from private.family_session_allowance(new.parent_id, new.starts_at);
  if allowance.sessions_per_week is null then
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('weekly-allowance:' || new.parent_id::text, 0));
  select count(*) into booked from public.coaching_sessions x
  where x.parent_id = new.parent_id
    and x.status <> 'cancelled'
    and x.id <> new.id
    and x.starts_at >= (week_start at time zone zone)
    and x.starts_at < ((week_start + interval '7 days') at time zone zone);
  if booked + 1 > allowance.sessions_per_week then
    raise exception 'This booking is over the family''s weekly sessions: %, and the week of % has % booked',
      allowance.reason, to_char(week_start, 'FMMonth FMDD, YYYY'), booked
      using errcode = '23514',
        hint = 'Cancel another session that week, or the family changes its plan on the billing page.';
  end if;
  return new;
end;
$$;

create trigger coaching_sessions_weekly_allowance
  before insert or update of starts_at, status, child_id on public.coaching_sessions
  for each row execute function private.coaching_sessions_weekly_allowance();

-- The series booking of 20261123002300, now also skipping (in the hourly job) or refusing (when a
-- series is created) a week over the family's plan, as it does a clash.
create or replace function private.book_series_sessions(series uuid, horizon date, strict boolean)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  s public.session_series;
  occurrence date;
  last_date date;
  slot timestamptz;
  booked integer := 0;
begin
  select * into s from public.session_series where id = series for update;
  if not found then
    return 0;
  end if;
  occurrence := greatest(s.starts_on, (pg_catalog.now() at time zone s.time_zone)::date);
  occurrence := occurrence + ((s.weekday - extract(isodow from occurrence)::integer + 7) % 7);
  last_date := least(horizon, coalesce(s.ends_on, horizon));
  while occurrence <= last_date loop
    slot := (occurrence + s.local_time) at time zone s.time_zone;
    if slot > pg_catalog.now() and not exists (
      select 1 from public.coaching_sessions x where x.series_id = s.id and x.series_date = occurrence
    ) then
      begin
        insert into public.coaching_sessions
          (child_id, coach_id, parent_id, starts_at, duration_minutes, series_id, series_date)
        values (s.child_id, s.coach_id, s.parent_id, slot, s.duration_minutes, s.id, occurrence);
        booked := booked + 1;
      exception
        when exclusion_violation then
          if strict then
            raise exception '% is already booked on % at % (%)',
              case when sqlerrm like '%coach_no_overlap%' then 'The coach' else 'The child' end,
              to_char(occurrence, 'FMDay FMMonth FMDD, YYYY'),
              to_char(s.local_time, 'FMHH12:MI am'),
              s.time_zone
              using errcode = '23P01',
                hint = 'Choose another time, or cancel the other session first.';
          end if;
        when check_violation then
          if strict then
            raise;
          end if;
      end;
    end if;
    occurrence := occurrence + 7;
  end loop;
  return booked;
end;
$$;

-- The plan the parent's latest quiz result recommends (matched on their account's email), if any:
-- /app/billing marks it.
create or replace function private.my_recommended_plan()
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select q.recommended_plan
  from public.quiz_assessments q
  join auth.users u on u.id = auth.uid()
  where q.email is not null and lower(q.email) = lower(u.email::text)
  order by q.created_at desc
  limit 1
$$;
revoke execute on function private.my_recommended_plan() from public;
grant execute on function private.my_recommended_plan() to authenticated;

create or replace function public.my_recommended_plan()
returns text
language sql
stable
security invoker
set search_path = ''
as $$ select private.my_recommended_plan() $$;
revoke execute on function public.my_recommended_plan() from public, anon;
grant execute on function public.my_recommended_plan() to authenticated;

revoke execute on function private.family_session_allowance(uuid, timestamptz) from public;
revoke execute on function private.coaching_sessions_weekly_allowance() from public;
