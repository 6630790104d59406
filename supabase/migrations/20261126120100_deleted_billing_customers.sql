-- The Stripe customers of families that deleted themselves. Deleting a family cancels its
-- subscription and deletes its Stripe customer (the family-data function), and Stripe then sends
-- events about that customer (the subscription deleted, the customer deleted, a last invoice
-- voided) after the family's rows are gone. The webhook looks the customer up here and acknowledges
-- those events (200) instead of failing on a parent who no longer exists, which Stripe would retry
-- for days. Only the customer's id is kept (no email, no name): it names no one once the customer
-- is deleted at Stripe (docs/decisions/131).
create table public.deleted_billing_customers (
  stripe_customer_id text primary key check (stripe_customer_id ~ '^cus_[A-Za-z0-9_]+$'),
  deleted_at timestamptz not null default now()
);
alter table public.deleted_billing_customers enable row level security;
revoke all on public.deleted_billing_customers from anon, authenticated;
-- No policy: only the service role (the webhook, the deletion) reads or writes it.
