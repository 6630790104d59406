-- The cockpit's chart (issue 37, decision 232): per campaign and week, its spend and the families it
-- enrolled, so the screen draws the cost per enrolled family over time as running totals. The same
-- rules as public.cockpit_report: a day's spend counts when its start in `time_zone` lies in
-- [since, until); a lead belongs to its campaign when it was sent from a landing variant, counts in
-- the week it was sent (in `time_zone`), and is enrolled by its status now. Weeks start on Monday.
-- Summed over the weeks, each campaign's spend and enrolled families are its cockpit row's.
create or replace function public.cockpit_weekly(
  since timestamptz,
  until timestamptz,
  time_zone text default 'UTC'
)
returns table (week_start date, campaign text, spend_minor bigint, enrolled bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  report_currency text := private.report_currency();
  first_day date;
  last_day date;
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may read the marketing cockpit' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  perform private.check_report_range(since, until);
  if time_zone is null then
    raise exception 'The time zone is required' using errcode = '22023';
  end if;
  begin
    perform pg_catalog.now() at time zone time_zone;
  exception when others then
    raise exception 'Unknown time zone: %', left(time_zone, 64) using errcode = '22023';
  end;
  first_day := (since at time zone time_zone)::date;
  if (first_day::timestamp at time zone time_zone) < since then
    first_day := first_day + 1;
  end if;
  last_day := (until at time zone time_zone)::date;
  if (last_day::timestamp at time zone time_zone) >= until then
    last_day := last_day - 1;
  end if;
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    spend as (
      select pg_catalog.date_trunc('week', s.day)::date as week, s.campaign collate "C" as campaign,
             sum(s.amount_minor)::bigint as spend
      from public.ad_spend s
      where s.day between first_day and last_day and s.currency = report_currency
      group by 1, 2
    ),
    enrolments as (
      select pg_catalog.date_trunc('week', (l.created_at at time zone time_zone))::date as week,
             nullif(l.utm_campaign, '') collate "C" as campaign, count(*)::bigint as enrolled
      from public.leads l
      join variant_paths vp on vp.path = l.landing_variant collate "C"
      where l.created_at >= since and l.created_at < until and l.status = 'enrolled'
        and nullif(l.utm_campaign, '') is not null
      group by 1, 2
    )
    select coalesce(s.week, e.week), coalesce(s.campaign, e.campaign)::text,
           coalesce(s.spend, 0), coalesce(e.enrolled, 0)
    from spend s
    full join enrolments e on e.week = s.week and e.campaign = s.campaign
    order by 1, 2;
end;
$$;
revoke execute on function public.cockpit_weekly(timestamptz, timestamptz, text) from public, anon;
grant execute on function public.cockpit_weekly(timestamptz, timestamptz, text) to authenticated, service_role;
