-- The lead panel's intro call: each lead's calls with the host's name, read through the caller's
-- row level security (admins every call, hosts theirs; staff with two-factor sign-in).
create view public.lead_intro_calls
with (security_invoker = true) as
select c.id, c.lead_id, c.host_id, private.person_name(c.host_id) as host_name, c.starts_at,
  c.duration_minutes, c.status, c.parent_time_zone, c.created_at, c.updated_at
from public.intro_calls c;

revoke all on public.lead_intro_calls from anon, authenticated;
grant select on public.lead_intro_calls to authenticated, service_role;
