-- The marketing team's cockpit on /admin/report (issue 37; docs/decisions/232-marketing-cockpit-attribution-and-spend.md):
-- per campaign and per landing variant over the report's range, what was spent, what it brought
-- (visitors, leads, intro calls booked, enrolments) and the revenue of the families it brought.
--
-- - The range: landing_report's and landing_report_daily's, [since, until), at most a year; the
--   spend of a day counts when the day's start in `time_zone` (the screen's zone, which made
--   since and until from its local days) falls in the range.
-- - Attribution: landing_funnel's rule (20261127150200). A lead belongs to the variant and campaign
--   it was sent from (leads.landing_variant, leads.utm_campaign) when that page is a landing variant,
--   else to the rows without a variant and without a campaign; the leads counted are those created
--   in the range; "intro call booked" is a lead with an intro call; "enrolled" is the lead's status
--   now. Visitors are landing_report's (its rollups), as the funnel's.
-- - Revenue: the Stripe invoices (public.invoices, mirrored by the stripe-webhook function) paid by
--   the family an enrolled lead became (leads.enrolled_parent_id), in the report currency. A family
--   is brought by its first enrolled lead (earliest created_at, then id) alone, so no family's
--   revenue counts twice. Revenue to date: every paid invoice's amount_paid. First-month revenue:
--   those created within 30 days (720 hours, whatever the zone) from the family's first payment
--   (its first paid invoice with an amount above zero, by Stripe's creation time).
-- - Spend per variant: a campaign's spend in the range is shared among the variants in proportion
--   to the campaign's visitors on each in the range (largest remainders, so the shares add up to the
--   cent); a campaign with no visitors on a variant in the range leaves its spend on the row
--   without a variant. The variant rows' spend adds up to the campaign rows'.
-- - The ratios are in minor units (cents) per lead, booked call or enrolment, and revenue to date
--   over spend; null when dividing by zero.
--
-- Admins (at two-factor sign-in) and the service role; read through the caller's row level security.

create or replace function public.cockpit_report(
  since timestamptz,
  until timestamptz,
  time_zone text default 'UTC'
)
returns table (
  dimension text,
  key text,
  visitors bigint,
  leads bigint,
  intro_calls_booked bigint,
  enrolled bigint,
  spend_minor bigint,
  first_month_revenue_minor bigint,
  revenue_to_date_minor bigint,
  currency text,
  cost_per_lead_minor numeric,
  cost_per_call_minor numeric,
  cost_per_enrolled_minor numeric,
  return_on_spend numeric
)
language plpgsql
stable
security invoker
set search_path = ''
set work_mem = '64MB'
as $$
#variable_conflict use_column
declare
  report_currency text := private.report_currency();
  invoice_currency text := lower(private.report_currency());
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
  -- The days whose start in the zone lies in [since, until): a day's start only grows with the day.
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
    traffic as materialized (
      -- visitors per variant and campaign (null: none), as landing_report and landing_funnel count them
      select t.path collate "C" as path, nullif(t.utm_campaign, '') collate "C" as campaign, t.visitors
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
    ),
    lead_rows as materialized (
      select
        vp.path,
        case when vp.path is not null then nullif(l.utm_campaign, '') collate "C" end as campaign,
        l.id, l.created_at, l.enrolled_parent_id,
        l.status = 'enrolled' as is_enrolled,
        exists (select 1 from public.intro_calls c where c.lead_id = l.id) as booked
      from public.leads l
      left join variant_paths vp on vp.path = l.landing_variant collate "C"
      where l.created_at >= since and l.created_at < until
    ),
    brought as materialized (
      -- each family counts for its first enrolled lead only
      select r.id as lead_id, r.enrolled_parent_id as parent_id
      from lead_rows r
      where r.is_enrolled and r.enrolled_parent_id is not null
        and not exists (
          select 1 from public.leads e
          where e.enrolled_parent_id = r.enrolled_parent_id and e.status = 'enrolled'
            and (e.created_at < r.created_at or (e.created_at = r.created_at and e.id < r.id))
        )
    ),
    paid as (
      select b.lead_id, i.amount_paid::bigint as amount, i.stripe_created,
             min(i.stripe_created) filter (where i.amount_paid > 0) over (partition by b.lead_id) as first_paid_at
      from brought b
      join public.invoices i on i.parent_id = b.parent_id
      where i.status = 'paid' and i.currency = invoice_currency
    ),
    revenue as (
      select p.lead_id,
             sum(p.amount)::bigint as to_date,
             coalesce(sum(p.amount) filter (
               where p.stripe_created >= p.first_paid_at and p.stripe_created < p.first_paid_at + interval '720 hours'
             ), 0)::bigint as first_month
      from paid p
      group by p.lead_id
    ),
    per_lead as materialized (
      select r.path, r.campaign, r.booked, r.is_enrolled,
             coalesce(v.first_month, 0) as first_month, coalesce(v.to_date, 0) as to_date
      from lead_rows r
      left join revenue v on v.lead_id = r.id
    ),
    spend as materialized (
      select s.campaign, sum(s.amount_minor)::bigint as spend
      from public.ad_spend s
      where s.day between first_day and last_day and s.currency = report_currency
      group by s.campaign
    ),
    shares as (
      -- a campaign's spend over the variants its visitors landed on, in proportion to them
      select s.campaign, t.path, s.spend,
             case when t.path is null then s.spend::numeric
               else floor(s.spend::numeric * t.visitors / sum(t.visitors) over (partition by s.campaign)) end as part,
             case when t.path is null then 0::numeric
               else (s.spend::numeric * t.visitors) % sum(t.visitors) over (partition by s.campaign) end as remainder
      from spend s
      left join traffic t on t.campaign = s.campaign and t.visitors > 0
    ),
    ranked as (
      select h.path, h.part,
             row_number() over (partition by h.campaign order by h.remainder desc, h.path) as place,
             h.spend - sum(h.part) over (partition by h.campaign) as left_over
      from shares h
    ),
    campaign_rows as (
      select coalesce(t.campaign, l.campaign, s.campaign) as key,
             coalesce(t.visitors, 0) as visitors, l.leads, l.booked, l.enrolled, coalesce(s.spend, 0) as spend,
             l.first_month, l.to_date
      from (select x.campaign, sum(x.visitors)::bigint as visitors from traffic x group by x.campaign) t
      full join (
        select x.campaign, count(*) as leads, count(*) filter (where x.booked) as booked,
               count(*) filter (where x.is_enrolled) as enrolled,
               sum(x.first_month)::bigint as first_month, sum(x.to_date)::bigint as to_date
        from per_lead x group by x.campaign
      ) l on coalesce(l.campaign, '') = coalesce(t.campaign, '')
      full join spend s on s.campaign = coalesce(t.campaign, l.campaign)
    ),
    variant_rows as (
      select coalesce(t.path, l.path, s.path) as key,
             coalesce(t.visitors, 0) as visitors, l.leads, l.booked, l.enrolled, coalesce(s.spend, 0) as spend,
             l.first_month, l.to_date
      from (select x.path, sum(x.visitors)::bigint as visitors from traffic x group by x.path) t
      full join (
        select x.path, count(*) as leads, count(*) filter (where x.booked) as booked,
               count(*) filter (where x.is_enrolled) as enrolled,
               sum(x.first_month)::bigint as first_month, sum(x.to_date)::bigint as to_date
        from per_lead x group by x.path
      ) l on coalesce(l.path, '') = coalesce(t.path, '')
      full join (
        select r.path, sum(r.part + case when r.place <= r.left_over then 1 else 0 end)::bigint as spend
        from ranked r group by r.path
      ) s on coalesce(s.path, '') = coalesce(t.path, l.path, '')
    ),
    cockpit as (
      select 'campaign' as dimension, c.* from campaign_rows c
      union all
      select 'variant', v.* from variant_rows v
    )
    select
      k.dimension,
      k.key::text,
      k.visitors,
      coalesce(k.leads, 0),
      coalesce(k.booked, 0),
      coalesce(k.enrolled, 0),
      k.spend,
      coalesce(k.first_month, 0),
      coalesce(k.to_date, 0),
      report_currency,
      case when coalesce(k.leads, 0) > 0 then round(k.spend::numeric / k.leads, 2) end,
      case when coalesce(k.booked, 0) > 0 then round(k.spend::numeric / k.booked, 2) end,
      case when coalesce(k.enrolled, 0) > 0 then round(k.spend::numeric / k.enrolled, 2) end,
      case when k.spend > 0 then round(coalesce(k.to_date, 0)::numeric / k.spend, 4) end
    from cockpit k
    order by 1, 7 desc, 3 desc, 4 desc, 2 nulls last;
end;
$$;
revoke execute on function public.cockpit_report(timestamptz, timestamptz, text) from public, anon;
grant execute on function public.cockpit_report(timestamptz, timestamptz, text) to authenticated, service_role;
