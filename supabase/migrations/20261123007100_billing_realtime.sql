-- /app/billing follows the family's subscription and invoices live: the webhook's writes reach the
-- page through Realtime (with RLS: a parent receives only their own rows).
alter publication supabase_realtime add table public.subscriptions, public.invoices;
