-- landing_report takes its median time on page from the leave rollups of 20261127180000
-- (private.landing_leave_medians) instead of sorting every leave of the range. Same columns, same
-- numbers (tests/database/report-rollups.test.ts). Latest definition: 20261127150100.
create or replace function public.landing_report(since timestamptz, until timestamptz)
returns table (
  path text,
  utm_campaign text,
  visitors bigint,
  page_views bigint,
  median_seconds numeric,
  quiz_completed bigint,
  fit_calls bigint,
  waitlist_joins bigint,
  newsletter_signups bigint,
  contact_requests bigint,
  conversions bigint,
  converted_visitors bigint,
  conversion_rate numeric
)
language plpgsql
stable
security invoker
set search_path = ''
set work_mem = '64MB'
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
      select t.path collate "C" as path, t.utm_campaign collate "C" as utm_campaign, t.visitors, t.page_views
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
    ),
    durations as (
      -- a visitor's leaves (its session has a recorded page view of a variant in the range)
      select m.path collate "C" as path, nullif(m.campaign_key, '') collate "C" as utm_campaign,
             m.median_seconds
      from private.landing_leave_medians(since, until) m
      where m.path collate "C" in (select vp.path from variant_paths vp)
    ),
    pages as (
      select coalesce(t.path, d.path) as path, coalesce(t.utm_campaign, d.utm_campaign) as utm_campaign,
             t.visitors, t.page_views, d.median_seconds
      from traffic t
      full join durations d
        on d.path = t.path and coalesce(d.utm_campaign, '') = coalesce(t.utm_campaign, '')
    ),
    attributed as (
      select
        case when c.path collate "C" in (select vp.path from variant_paths vp) then c.path end as path,
        case when c.path collate "C" in (select vp.path from variant_paths vp) then c.utm_campaign end
          as utm_campaign,
        c.kind, c.session_id
      from private.landing_conversions(since, until) c
    ),
    conv as (
      select
        c.path,
        c.utm_campaign,
        count(*) filter (where c.kind = 'quiz') as quiz_completed,
        count(*) filter (where c.kind = 'fit_call') as fit_calls,
        count(*) filter (where c.kind = 'waitlist') as waitlist_joins,
        count(*) filter (where c.kind = 'newsletter') as newsletter_signups,
        count(*) filter (where c.kind = 'contact') as contact_requests,
        count(*) as conversions,
        count(distinct c.session_id) as converted_visitors
      from attributed c
      group by c.path, c.utm_campaign
    )
    select
      coalesce(p.path, c.path)::text,
      coalesce(p.utm_campaign, c.utm_campaign)::text,
      coalesce(p.visitors, 0),
      coalesce(p.page_views, 0),
      round(p.median_seconds::numeric, 1),
      coalesce(c.quiz_completed, 0),
      coalesce(c.fit_calls, 0),
      coalesce(c.waitlist_joins, 0),
      coalesce(c.newsletter_signups, 0),
      coalesce(c.contact_requests, 0),
      coalesce(c.conversions, 0),
      coalesce(c.converted_visitors, 0),
      case when coalesce(p.visitors, 0) > 0
        then round(coalesce(c.converted_visitors, 0)::numeric / p.visitors, 4) end
    from pages p
    full join conv c
      on coalesce(c.path, '') collate "C" = p.path
      and coalesce(c.utm_campaign, '') collate "C" = coalesce(p.utm_campaign, '')
    order by 3 desc, 1 nulls last, 2 nulls first;
end;
$$;
