-- Children's points and the leaderboard, as the family areas intend them:
-- - points are earned for sessions attended (awarded by the child's coach, or an admin) and for
--   at-home practice (also by the parent: 1 to 5 points at a time, at most 15 a day per child);
-- - the leaderboard shows first names and totals only, only of enrolled children whose parent
--   opted in, and only to an account with an enrolled child of its own (as parent or child login).
-- "Enrolled" is a child with a coach assigned, which only an admin does (children_guard_links);
-- when billing lands it may come to mean an active plan, in private.is_enrolled_child alone.

alter table public.children add column leaderboard_opt_in boolean not null default false;
comment on column public.children.leaderboard_opt_in is
  'The parent agreed to show this child''s first name and points on the leaderboard of enrolled families.';
grant insert (leaderboard_opt_in), update (leaderboard_opt_in) on public.children to authenticated;

create or replace function private.is_enrolled_child(child uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.children c where c.id = child and c.coach_id is not null)
$$;
grant execute on function private.is_enrolled_child(uuid) to authenticated, service_role;

-- The caller's account has an enrolled child: theirs as a parent, or their own child login.
create or replace function private.has_enrolled_child()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.children c
     where (c.parent_id = auth.uid() or c.user_id = auth.uid())
       and private.is_enrolled_child(c.id)
  )
$$;
grant execute on function private.has_enrolled_child() to authenticated, service_role;

create or replace function private.leaderboard(max_rows integer)
returns table (rank bigint, first_name text, total_points bigint, is_mine boolean)
language sql
stable
security definer
set search_path = ''
as $$
  with board as (
    select c.id, c.first_name, c.parent_id, c.user_id, sum(p.points)::bigint as total_points
      from public.children c
      join public.ploom_points p on p.child_id = c.id
     where c.leaderboard_opt_in and private.is_enrolled_child(c.id)
     group by c.id, c.first_name, c.parent_id, c.user_id
  )
  select
    rank() over (order by b.total_points desc) as rank,
    b.first_name,
    b.total_points,
    coalesce(b.parent_id = auth.uid() or b.user_id = auth.uid(), false) as is_mine
  from board b
  where auth.uid() is not null and private.has_enrolled_child()
  order by b.total_points desc, b.first_name
  limit least(greatest(coalesce(max_rows, 10), 1), 100)
$$;

-- A parent's award: only for their own child, 1 to 5 points at a time, at most 15 points a day
-- per child from the parent (awards are serialised per child so parallel inserts cannot pass the
-- cap together). Coaches of the child and admins are not limited here; requests without a JWT
-- subject (the service role, maintenance, the seed) neither.
create or replace function private.guard_points_award()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  given integer;
begin
  if auth.uid() is null
    or private.is_admin()
    or private.is_coach_of_child(new.child_id)
    or not private.is_parent_of_child(new.child_id) then
    return new; -- row level security decides the rest
  end if;
  if new.points not between 1 and 5 then
    raise exception 'A parent awards 1 to 5 points at a time.' using errcode = '23514';
  end if;
  perform pg_advisory_xact_lock(7304, hashtext(new.child_id::text));
  select coalesce(sum(p.points), 0) into given
    from public.ploom_points p
    join public.children c on c.id = p.child_id
   where p.child_id = new.child_id
     and p.awarded_by = c.parent_id
     and p.created_at > now() - interval '1 day';
  if given + new.points > 15 then
    raise exception 'A parent awards at most 15 points a day to one child.'
      using errcode = '23514', hint = format('%s of today''s 15 points are already awarded.', given);
  end if;
  return new;
end;
$$;

create trigger ploom_points_guard_award
  before insert on public.ploom_points
  for each row execute function private.guard_points_award();

-- Covers the foreign key to auth.users (a deleted account sets it to null).
create index ploom_points_awarded_by_idx on public.ploom_points (awarded_by);

-- One permissive policy per role and action.
drop policy "Parents read their children's points" on public.ploom_points;
drop policy "Children read their own points" on public.ploom_points;
drop policy "Coaches read the points of the children they coach" on public.ploom_points;
drop policy "Admins read all points" on public.ploom_points;
drop policy "Parents and coaches award points to their children" on public.ploom_points;
drop policy "Admins award points" on public.ploom_points;

create policy "The family, the child's coach and admins read a child's points"
  on public.ploom_points for select to authenticated
  using (
    (select private.is_admin())
    or (select private.is_parent_of_child(child_id))
    or (select private.is_child_user(child_id))
    or (select private.is_coach_of_child(child_id))
  );

create policy "Coaches and admins award points; parents a few for practice at home"
  on public.ploom_points for insert to authenticated
  with check (
    awarded_by = (select auth.uid())
    and (
      (select private.is_admin())
      or (select private.is_coach_of_child(child_id))
      or ((select private.is_parent_of_child(child_id)) and points between 1 and 5)
    )
  );
