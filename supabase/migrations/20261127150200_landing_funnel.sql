-- The funnel the marketing team buys ads for (issue 23): per landing variant and campaign, visitor →
-- lead → intro call booked → enrolled, and the median time from a lead to its booked call. A lead
-- belongs to the variant and campaign it was sent from (leads.landing_variant and utm_campaign, as
-- the pipeline shows them); a lead sent from any other page, or without one, is on the row without a
-- path, as in landing_report. Leads are those created in the range; a lead counts as "call booked"
-- when it has an intro call (public.intro_calls, whatever became of the call since), the time to it
-- being from the lead's creation to the first call's booking (intro_calls.created_at); "enrolled" is
-- the lead's status now. Visitors are landing_report's (its rollups). Admins only; read through the
-- caller's row level security. per_campaign = false: one row per variant, its campaigns together
-- (the overview), visitors summed as landing_variant_conversions sums them.
create or replace function public.landing_funnel(
  since timestamptz,
  until timestamptz,
  per_campaign boolean default true
)
returns table (
  path text,
  utm_campaign text,
  visitors bigint,
  leads bigint,
  calls_booked bigint,
  enrolled bigint,
  median_hours_to_call numeric
)
language plpgsql
stable
security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  perform private.require_report_access();
  perform private.check_report_range(since, until);
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    traffic as (
      select t.path collate "C" as path, case when per_campaign then t.utm_campaign end collate "C" as utm_campaign,
             sum(t.visitors)::bigint as visitors
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
      group by 1, 2
    ),
    first_calls as (
      select c.lead_id, min(c.created_at) as booked_at
      from public.intro_calls c
      group by c.lead_id
    ),
    lead_rows as (
      select
        case when l.landing_variant collate "C" in (select vp.path from variant_paths vp)
          then l.landing_variant collate "C" end as path,
        case when per_campaign and l.landing_variant collate "C" in (select vp.path from variant_paths vp)
          then l.utm_campaign collate "C" end as utm_campaign,
        l.status,
        extract(epoch from (fc.booked_at - l.created_at)) / 3600 as hours_to_call
      from public.leads l
      left join first_calls fc on fc.lead_id = l.id
      where l.created_at >= since and l.created_at < until
    ),
    funnel as (
      select r.path, r.utm_campaign, count(*) as leads, count(r.hours_to_call) as calls_booked,
             count(*) filter (where r.status = 'enrolled') as enrolled,
             percentile_cont(0.5) within group (order by r.hours_to_call) as median_hours
      from lead_rows r
      group by r.path, r.utm_campaign
    )
    select
      coalesce(t.path, f.path)::text,
      coalesce(t.utm_campaign, f.utm_campaign)::text,
      coalesce(t.visitors, 0),
      coalesce(f.leads, 0),
      coalesce(f.calls_booked, 0),
      coalesce(f.enrolled, 0),
      round(f.median_hours::numeric, 1)
    from traffic t
    full join funnel f
      on coalesce(f.path, '') = t.path and coalesce(f.utm_campaign, '') = coalesce(t.utm_campaign, '')
    order by 3 desc, 4 desc, 1 nulls last, 2 nulls first;
end;
$$;
revoke execute on function public.landing_funnel(timestamptz, timestamptz, boolean) from public, anon;
grant execute on function public.landing_funnel(timestamptz, timestamptz, boolean)
  to authenticated, service_role;
