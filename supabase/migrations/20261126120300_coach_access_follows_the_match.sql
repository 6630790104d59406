-- A coach kept access to a family through any session they ever had with its child, cancelled ones
-- included: a coach whose one session with a child was cancelled read the child's notes, hopes and
-- birth year, the parent's profile and preferred times, and could award the child points.
-- Access now follows the match (docs/decisions/132):
-- - the child's current coach (children.coach_id, set when the family is matched, see
--   20261123009900_first_session_matches_coach.sql) reads and writes as before;
-- - a coach with a session of their own with the child that was not cancelled (one they delivered,
--   or one they are booked to run, e.g. as a stand-in) reads the child and the family, read-only;
-- - a cancelled session gives nothing.
-- Writing for a child (points, at-home tools, parent updates) is for the current coach alone.
-- Redefines private.is_coach_of_child (20261121001100_coaching_sessions.sql) and
-- private.guard_points_award (20261123000500_points_and_leaderboard_rules.sql); private.coaches_family_of
-- (the parent's profile) calls is_coach_of_child and follows it.

-- Read access: the current coach, or a coach of one of the child's sessions that was not cancelled.
create or replace function private.is_coach_of_child(child uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.coaches me
    where me.user_id = auth.uid()
      and (
        exists (select 1 from public.children c where c.id = child and c.coach_id = me.id)
        or exists (
          select 1 from public.coaching_sessions s
           where s.child_id = child and s.coach_id = me.id and s.status <> 'cancelled'
        )
      )
  )
$$;

-- Write access: the child's current coach only.
create or replace function private.is_current_coach_of_child(child uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.coaches me
    join public.children c on c.coach_id = me.id
    where me.user_id = auth.uid() and c.id = child
  )
$$;
revoke execute on function private.is_current_coach_of_child(uuid) from public;
grant execute on function private.is_current_coach_of_child(uuid) to authenticated, service_role;

alter policy "Coaches and admins award points; parents a few for practice at " on public.ploom_points
  with check (
    awarded_by = (select auth.uid())
    and (
      (select private.is_admin())
      or (select private.is_current_coach_of_child(child_id))
      or ((select private.is_parent_of_child(child_id)) and points between 1 and 5)
    )
  );

-- The parent's daily limit applies to everyone but admins and the child's current coach.
create or replace function private.guard_points_award()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  given integer;
begin
  if auth.uid() is null
    or private.is_admin()
    or private.is_current_coach_of_child(new.child_id)
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

alter policy "Coaches write updates for the children they coach and admins an" on public.parent_updates
  with check (
    (select private.is_admin())
    or (coach_id = (select private.current_coach_id()) and (select private.is_current_coach_of_child(child_id)))
  );

alter policy "The child's coach and admins set at-home tools" on public.at_home_tools
  with check (
    (select private.is_admin())
    or (coach_id = (select private.current_coach_id()) and (select private.is_current_coach_of_child(child_id)))
  );

alter policy "The child's coach and admins edit at-home tools" on public.at_home_tools
  using (
    (select private.is_admin())
    or (coach_id = (select private.current_coach_id()) and (select private.is_current_coach_of_child(child_id)))
  )
  with check (
    (select private.is_admin())
    or (coach_id = (select private.current_coach_id()) and (select private.is_current_coach_of_child(child_id)))
  );

alter policy "The child's coach and admins remove at-home tools" on public.at_home_tools
  using (
    (select private.is_admin())
    or (coach_id = (select private.current_coach_id()) and (select private.is_current_coach_of_child(child_id)))
  );
