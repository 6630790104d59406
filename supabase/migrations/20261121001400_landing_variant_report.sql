-- The marketing team's landing-variant report: per landing path and UTM campaign, the views,
-- distinct visitors, average time on page and the leads that came from it.
--
-- Attribution: a lead carries the landing page it was sent from (landing_path, path plus query);
-- its UTM columns are filled from that query when the form did not send them, exactly as
-- web_analytics derives them from page_path, so both sides of the report group the same way.
create or replace function private.waitlist_attribute()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.landing_path is not null
    and new.utm_source is null and new.utm_medium is null and new.utm_campaign is null
    and new.utm_term is null and new.utm_content is null then
    new.utm_source := left(private.query_param(new.landing_path, 'utm_source'), 200);
    new.utm_medium := left(private.query_param(new.landing_path, 'utm_medium'), 200);
    new.utm_campaign := left(private.query_param(new.landing_path, 'utm_campaign'), 200);
    new.utm_term := left(private.query_param(new.landing_path, 'utm_term'), 200);
    new.utm_content := left(private.query_param(new.landing_path, 'utm_content'), 200);
  end if;
  return new;
end;
$$;

create trigger waitlist_attribute
  before insert on public.waitlist
  for each row execute function private.waitlist_attribute();

create index waitlist_attribution_idx on public.waitlist (created_at, utm_campaign)
  where landing_path is not null;

-- Security invoker: it reads through the caller's row level security, so only an admin gets rows.
create or replace function public.landing_variant_report(
  since timestamptz default now() - interval '30 days',
  until timestamptz default now()
)
returns table (
  path text,
  utm_campaign text,
  views bigint,
  visitors bigint,
  avg_seconds numeric,
  leads bigint,
  conversion_rate numeric
)
language sql
stable
security invoker
set search_path = ''
as $$
  with page as (
    select
      w.path,
      w.utm_campaign,
      count(*) filter (where w.event_type = 'page_view') as views,
      count(distinct w.session_id) filter (where w.event_type = 'page_view') as visitors,
      round(avg(w.duration_seconds) filter (where w.event_type = 'page_leave'), 1) as avg_seconds
    from public.web_analytics w
    where w.created_at >= since and w.created_at <= until
    group by w.path, w.utm_campaign
  ),
  lead as (
    select
      coalesce(nullif(split_part(split_part(l.landing_path, '#', 1), '?', 1), ''), '/') as path,
      l.utm_campaign,
      count(*) as leads
    from public.waitlist l
    where l.created_at >= since and l.created_at <= until and l.landing_path is not null
    group by 1, 2
  )
  select
    coalesce(page.path, lead.path) as path,
    coalesce(page.utm_campaign, lead.utm_campaign) as utm_campaign,
    coalesce(page.views, 0) as views,
    coalesce(page.visitors, 0) as visitors,
    page.avg_seconds,
    coalesce(lead.leads, 0) as leads,
    case when coalesce(page.visitors, 0) > 0
      then round(coalesce(lead.leads, 0)::numeric / page.visitors, 4)
    end as conversion_rate
  from page
  full join lead
    on lead.path = page.path and coalesce(lead.utm_campaign, '') = coalesce(page.utm_campaign, '')
  order by 1, 2 nulls first
$$;
revoke execute on function public.landing_variant_report(timestamptz, timestamptz) from public, anon;
grant execute on function public.landing_variant_report(timestamptz, timestamptz) to authenticated, service_role;
