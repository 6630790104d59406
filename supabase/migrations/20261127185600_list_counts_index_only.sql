-- Exact counts the staff lists can take from an index alone (issue 25; docs/decisions/204). A list's
-- count reads every matching row; row level security adds the columns its policy compares (a lead's
-- assignee; a session's parent, coach and child), so an index without them sends the count to the
-- table, row by row (50,000 leads, 130,000 sessions at the scale seed). The lists' indexes now
-- include those columns, with the list's order and its id tie-break as keys: the page is an index
-- range in order, the count an index-only scan.

-- Leads: newest first and each filter of /admin/waitlist (the assignee for the policy).
drop index public.leads_created_at_idx;
create index leads_created_at_idx on public.leads (created_at desc, id desc) include (assignee_id);
drop index public.leads_status_created_at_idx;
create index leads_status_created_at_idx on public.leads (status, created_at desc, id desc)
  include (assignee_id);
drop index public.leads_source_created_at_idx;
create index leads_source_created_at_idx on public.leads (source, created_at desc, id desc)
  include (assignee_id);
drop index public.leads_variant_created_at_idx;
create index leads_variant_created_at_idx on public.leads (landing_variant, created_at desc, id desc)
  include (assignee_id);
drop index public.leads_campaign_created_at_idx;
create index leads_campaign_created_at_idx on public.leads (utm_campaign, created_at desc, id desc)
  include (assignee_id) where utm_campaign is not null;

-- Sessions: the week and the list from a date, by status, of a coach (the family, coach and child
-- for the policy).
drop index public.coaching_sessions_starts_idx;
create index coaching_sessions_starts_idx on public.coaching_sessions (starts_at, id)
  include (parent_id, coach_id, child_id, status);
drop index public.coaching_sessions_status_starts_idx;
create index coaching_sessions_status_starts_idx on public.coaching_sessions (status, starts_at, id)
  include (parent_id, coach_id, child_id);
drop index public.coaching_sessions_coach_starts_idx;
create index coaching_sessions_coach_starts_idx on public.coaching_sessions (coach_id, starts_at, id)
  include (parent_id, child_id, status);
