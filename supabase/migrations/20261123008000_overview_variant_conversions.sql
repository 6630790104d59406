-- The overview's "conversions per landing variant" listed every path with a page view (/admin,
-- /login, ...): it summed the old landing_variant_report, which groups all of web_analytics. It now
-- lists the landing variants only, and each of them even without a visit.
--
-- The variants are data (src/content/variants.ts, docs/decisions/050): their paths are named here
-- once, and tests/database/overview.test.ts fails when the two lists differ, so a new variant is
-- one entry there and one line here.
create or replace function private.landing_variant_paths()
returns table (path text)
language sql
immutable
set search_path = ''
as $$
  values ('/'), ('/coaching'), ('/coaching-home'), ('/pricing'), ('/coaching-v2')
$$;
revoke execute on function private.landing_variant_paths() from public;
grant execute on function private.landing_variant_paths() to authenticated, service_role;

-- Per landing variant over a range (all campaigns together): visitors, leads (the conversions that
-- reach the leads pipeline: quiz, intro call, waitlist, contact), all conversions (newsletter
-- included) and the share of visitors who converted. Admins only, as the landing report it sums.
create or replace function public.landing_variant_conversions(since timestamptz, until timestamptz)
returns table (
  path text,
  visitors bigint,
  leads bigint,
  conversions bigint,
  converted_visitors bigint,
  conversion_rate numeric
)
language sql
stable
security invoker
set search_path = ''
as $$
  select
    v.path,
    coalesce(sum(r.visitors), 0)::bigint,
    coalesce(sum(r.quiz_completed + r.fit_calls + r.waitlist_joins + r.contact_requests), 0)::bigint,
    coalesce(sum(r.conversions), 0)::bigint,
    coalesce(sum(r.converted_visitors), 0)::bigint,
    case when coalesce(sum(r.visitors), 0) > 0
      then round(sum(r.converted_visitors)::numeric / sum(r.visitors), 4) end
  from private.landing_variant_paths() v
  left join public.landing_report(since, until) r on r.path = v.path
  group by v.path
  order by 3 desc, 2 desc, 1
$$;
revoke execute on function public.landing_variant_conversions(timestamptz, timestamptz) from public, anon;
grant execute on function public.landing_variant_conversions(timestamptz, timestamptz) to authenticated, service_role;

-- The reply promise behind "overdue" leads is the team's setting (/admin/settings), not a constant.
-- Security definer: coaches count their overdue leads but may not read the settings row.
create or replace function private.lead_reply_window()
returns interval
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select make_interval(hours => s.reply_within_hours) from public.app_settings s where s.id = 'team'),
    interval '24 hours'
  )
$$;
