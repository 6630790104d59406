-- The child's dashboard names its times in the family's zone (docs/decisions/223): a child in London
-- read "Today at 2:19", in the device's zone and without AM/PM. child_dashboard (20261123006300)
-- now also gives the family's time zone (the parent's profile), in which "today" is counted too.

drop function if exists public.child_dashboard();
drop function if exists private.child_dashboard();

create function private.child_dashboard()
returns table (
  child_id uuid,
  first_name text,
  points integer,
  next_session_id uuid,
  next_starts_at timestamptz,
  next_ends_at timestamptz,
  next_opens_at timestamptz,
  next_closes_at timestamptz,
  coach_first_name text,
  time_zone text
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    c.id,
    c.first_name,
    coalesce((select sum(p.points) from public.ploom_points p where p.child_id = c.id), 0)::integer,
    s.id,
    s.starts_at,
    s.starts_at + make_interval(mins => s.duration_minutes),
    private.session_room_opens_at(s.starts_at),
    private.session_room_closes_at(s.starts_at, s.duration_minutes),
    split_part(btrim(co.display_name), ' ', 1),
    coalesce(pr.time_zone, 'America/New_York')
  from public.children c
  left join lateral (
    select x.*
    from public.coaching_sessions x
    where x.child_id = c.id
      and x.status = 'scheduled'
      and now() < private.session_room_closes_at(x.starts_at, x.duration_minutes)
    order by x.starts_at
    limit 1
  ) s on true
  left join public.coaches co on co.id = s.coach_id
  left join public.profiles pr on pr.id = c.parent_id
  where c.user_id = auth.uid()
    and auth.uid() is not null
$$;
revoke execute on function private.child_dashboard() from public;
grant execute on function private.child_dashboard() to authenticated, service_role;

create function public.child_dashboard()
returns table (
  child_id uuid,
  first_name text,
  points integer,
  next_session_id uuid,
  next_starts_at timestamptz,
  next_ends_at timestamptz,
  next_opens_at timestamptz,
  next_closes_at timestamptz,
  coach_first_name text,
  time_zone text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.child_dashboard()
$$;
revoke execute on function public.child_dashboard() from public, anon;
grant execute on function public.child_dashboard() to authenticated, service_role;
