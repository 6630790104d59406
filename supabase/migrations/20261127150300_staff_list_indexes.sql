-- The staff lists at the scale seed's size (issue 25; docs/decisions/196): the orders and filters
-- that had no index behind them. tests/database/list-plans.test.ts holds each list's plan to an
-- index, so none of these (or the older ones the lists use) can silently go.

-- Leads sorted by name (the list's "Name" column), then by id as the list breaks ties.
create index leads_name_id_idx on public.leads (name, id);

-- Newsletter subscribers searched by a part of the email or the first name (ILIKE '%…%').
create index newsletter_subscribers_email_trgm_idx on public.newsletter_subscribers
  using gin (email gin_trgm_ops);
create index newsletter_subscribers_first_name_trgm_idx on public.newsletter_subscribers
  using gin (first_name gin_trgm_ops);

-- The audit log's "System" filter: entries without an actor, newest first.
create index audit_logs_system_created_at_idx on public.audit_logs (created_at desc)
  where actor_user_id is null;

-- Sessions listed by status in time order (the sessions list's status filter).
create index coaching_sessions_status_starts_idx on public.coaching_sessions (status, starts_at, id);
