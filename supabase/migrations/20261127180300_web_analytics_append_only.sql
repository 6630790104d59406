-- Recorded page events are only ever added (docs/decisions/195, 201): the landing report's rollups
-- follow inserts alone. The API roles could not change them already; the service role (the
-- functions' key) now cannot either. Should the owner ever change rows in bulk, it calls
-- private.rebuild_landing_rollups() in the same transaction.
revoke update, delete, truncate on public.web_analytics from service_role;
