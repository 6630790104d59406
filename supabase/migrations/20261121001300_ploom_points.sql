-- Points a child earns (sessions attended, at-home tools practised). Awarded by the child's coach,
-- the child's parent, or an admin, always in the awarder's own name; never edited, only removed by
-- an admin. The leaderboard shows first names and totals only.
create table public.ploom_points (
  id bigint generated always as identity primary key,
  child_id uuid not null references public.children (id) on delete cascade,
  points integer not null check (points between -1000 and 1000 and points <> 0),
  reason text not null check (char_length(btrim(reason)) between 1 and 200),
  awarded_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
alter table public.ploom_points enable row level security;
create index ploom_points_child_idx on public.ploom_points (child_id, created_at desc);

revoke all on public.ploom_points from anon, authenticated;
grant select, delete on public.ploom_points to authenticated;
grant insert (child_id, points, reason, awarded_by) on public.ploom_points to authenticated;

create policy "Parents read their children's points"
  on public.ploom_points for select to authenticated
  using ((select private.is_parent_of_child(child_id)));

create policy "Children read their own points"
  on public.ploom_points for select to authenticated
  using ((select private.is_child_user(child_id)));

create policy "Coaches read the points of the children they coach"
  on public.ploom_points for select to authenticated
  using ((select private.is_coach_of_child(child_id)));

create policy "Admins read all points"
  on public.ploom_points for select to authenticated
  using ((select private.is_admin()));

create policy "Parents and coaches award points to their children"
  on public.ploom_points for insert to authenticated
  with check (
    awarded_by = (select auth.uid())
    and (
      (select private.is_parent_of_child(child_id))
      or (select private.is_coach_of_child(child_id))
    )
  );

create policy "Admins award points"
  on public.ploom_points for insert to authenticated
  with check (awarded_by = (select auth.uid()) and (select private.is_admin()));

create policy "Admins remove points"
  on public.ploom_points for delete to authenticated
  using ((select private.is_admin()));

-- The leaderboard across all families: a child's first name and point total, never a surname, an
-- id or a parent. is_mine marks the caller's own children (or the caller, for a child login).
create or replace function private.leaderboard(max_rows integer)
returns table (rank bigint, first_name text, total_points bigint, is_mine boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select
    rank() over (order by sum(p.points) desc) as rank,
    c.first_name,
    sum(p.points)::bigint as total_points,
    coalesce(c.parent_id = auth.uid() or c.user_id = auth.uid(), false) as is_mine
  from public.ploom_points p
  join public.children c on c.id = p.child_id
  where auth.uid() is not null
  group by c.id, c.first_name, c.parent_id, c.user_id
  order by total_points desc, c.first_name
  limit least(greatest(coalesce(max_rows, 10), 1), 100)
$$;
revoke execute on function private.leaderboard(integer) from public;
grant execute on function private.leaderboard(integer) to authenticated, service_role;

create or replace function public.leaderboard(max_rows integer default 10)
returns table (rank bigint, first_name text, total_points bigint, is_mine boolean)
language sql
stable
set search_path = ''
as $$
  select * from private.leaderboard(max_rows)
$$;
revoke execute on function public.leaderboard(integer) from public, anon;
grant execute on function public.leaderboard(integer) to authenticated, service_role;
