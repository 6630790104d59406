-- The leads list's sorts at the scale seed (issue 25; docs/decisions/196): each column the list sorts
-- by, either way, with the id that breaks ties, on an index. The list asks "nulls last" only of the
-- name (the one column that may be empty); the others are never null and keep Postgres' default
-- order, which an ascending index gives read forwards or backwards.

-- Name, Z to A with the nameless last (A to Z is leads_name_id_idx).
create index leads_name_desc_id_idx on public.leads (name desc nulls last, id desc);
create index leads_email_id_idx on public.leads (email, id);
create index leads_status_id_idx on public.leads (status, id);
create index leads_source_id_idx on public.leads (source, id);
