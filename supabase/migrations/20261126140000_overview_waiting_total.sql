-- The overview says plainly what each figure counts. Besides the leads received since yesterday and
-- this week (whatever their status now) and those past the reply promise, it counts every lead still
-- waiting for a first reply (status 'new', of any age), so "waiting" and "overdue" are two figures,
-- one inside the other, rather than one figure under a label that promised both. A coach's figures
-- are their own (row level security on lead_list and coaching_sessions, security invoker).
drop function public.admin_overview(timestamptz, timestamptz);
create function public.admin_overview(day_start timestamptz, week_start timestamptz)
returns table (
  leads_since_yesterday bigint,
  overdue_since_yesterday bigint,
  leads_this_week bigint,
  overdue_this_week bigint,
  waiting_total bigint,
  overdue_total bigint,
  sessions_today bigint,
  sessions_this_week bigint,
  families_enrolled bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  with lead_counts as (
    select
      count(*) filter (where l.created_at >= day_start - interval '1 day') as since_yesterday,
      count(*) filter (where l.created_at >= day_start - interval '1 day' and l.overdue) as overdue_since_yesterday,
      count(*) filter (where l.created_at >= week_start) as this_week,
      count(*) filter (where l.created_at >= week_start and l.overdue) as overdue_this_week,
      count(*) filter (where l.status = 'new') as waiting_total,
      count(*) filter (where l.overdue) as overdue_total
    from public.lead_list l
    where l.created_at >= least(day_start - interval '1 day', week_start) or l.status = 'new'
  ),
  session_counts as (
    select
      count(*) filter (where s.starts_at >= day_start and s.starts_at < day_start + interval '1 day') as today,
      count(*) as this_week
    from public.coaching_sessions s
    where s.starts_at >= week_start and s.starts_at < week_start + interval '7 days'
      and s.status <> 'cancelled'
  )
  select
    lc.since_yesterday, lc.overdue_since_yesterday, lc.this_week, lc.overdue_this_week,
    lc.waiting_total, lc.overdue_total,
    sc.today, sc.this_week,
    case when private.is_admin() then (select count(distinct c.parent_id) from public.children c) end
  from lead_counts lc, session_counts sc
$$;
revoke execute on function public.admin_overview(timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_overview(timestamptz, timestamptz) to authenticated, service_role;
