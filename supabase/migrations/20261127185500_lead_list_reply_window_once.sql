-- The leads list's "Overdue" filter at the scale seed (issue 25; docs/decisions/204): the view's
-- `overdue` column called private.lead_reply_window() (a definer function reading the team's
-- settings) for every lead it weighed, 12,000 calls for the count alone. It is now asked once a
-- statement, `(select private.lead_reply_window())`, and the filter becomes an index range on
-- (status, created_at). The assignee's name was a definer call per lead, for every lead a deep page
-- skips too (1,000 calls for page 40): it is read from the profile (the same rows RLS lets the
-- reader see: an admin every profile, a coach their own, the only assignee of their leads), and only
-- a profile without a name falls back to private.person_name (the account's email). Same columns
-- and meaning as 20261123001000_leads_pipeline.sql.

create or replace view public.lead_list
with (security_invoker = true) as
select
  l.id, l.source, l.name, l.email, l.phone, l.child_name, l.child_age, l.focus_area, l.message,
  l.landing_path, l.landing_variant, l.utm_source, l.utm_medium, l.utm_campaign, l.status,
  l.assignee_id,
  case when l.assignee_id is not null then coalesce(
    (select nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), '') from public.profiles p
      where p.id = l.assignee_id),
    private.person_name(l.assignee_id)
  ) end as assignee_name,
  l.enrolled_parent_id, l.enrolled_child_id, l.first_response_at, l.search_text,
  l.created_at, l.updated_at,
  (l.status = 'new' and l.created_at < now() - (select private.lead_reply_window())) as overdue
from public.leads l;
