-- Row level security that asks once per statement, not once per row (issue 25; docs/decisions/204).
-- Three read policies called a definer function with the row's own column, so Postgres ran it for
-- every row the query touched (a coach's week of sessions read each session of everyone's week and
-- asked, per row, whether its child was the caller's login; a coach's families asked, per child and
-- per profile, whether they coached it). Each now compares the row with a set worked out once for the
-- statement, `(select private.…())`, an initplan (hosted Supabase's own advice for RLS), with the
-- same meaning as the per-row predicate it replaces:
--   private.is_coach_of_child(children.id)     -> id = any (private.coached_child_ids())
--   private.coaches_family_of(profiles.id)     -> id = any (private.coached_family_ids())
--   private.is_child_user(coaching_sessions.child_id) -> child_id = private.current_child_id()
-- The per-row functions stay (other policies and functions still call them).

-- The children the caller coaches: assigned to them now, or in a session with them not cancelled
-- (private.is_coach_of_child, as a set).
create function private.coached_child_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct t.id), '{}')
  from (
    select c.id
      from public.coaches me
      join public.children c on c.coach_id = me.id
     where me.user_id = auth.uid()
    union all
    select s.child_id
      from public.coaches me
      join public.coaching_sessions s on s.coach_id = me.id
     where me.user_id = auth.uid() and s.status <> 'cancelled'
  ) t
$$;

-- The accounts of those children's families: each parent and each child's own login
-- (private.coaches_family_of, as a set).
create function private.coached_family_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(distinct t.id), '{}')
  from public.children c
  cross join lateral (values (c.parent_id), (c.user_id)) as t (id)
  where c.id = any ((select private.coached_child_ids())::uuid[]) and t.id is not null
$$;

-- The child whose login is the caller, if any (private.is_child_user, as a value).
create function private.current_child_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id from public.children c where c.user_id = auth.uid()
$$;

revoke execute on function private.coached_child_ids() from public;
revoke execute on function private.coached_family_ids() from public;
revoke execute on function private.current_child_id() from public;
grant execute on function private.coached_child_ids() to authenticated, service_role;
grant execute on function private.coached_family_ids() to authenticated, service_role;
grant execute on function private.current_child_id() to authenticated, service_role;

alter policy "Parents, the child's login, its coach and admins read a child" on public.children
  using (
    parent_id = (select auth.uid())
    or user_id = (select auth.uid())
    or (select private.is_admin())
    or id = any ((select private.coached_child_ids())::uuid[])
  );

alter policy "Users read their own profile, coaches their families', admins a" on public.profiles
  using (
    id = (select auth.uid())
    or (select private.is_admin())
    or id = any ((select private.coached_family_ids())::uuid[])
  );

alter policy "The family, the assigned coach and admins read a session" on public.coaching_sessions
  using (
    parent_id = (select auth.uid())
    or coach_id = (select private.current_coach_id())
    or (select private.is_admin())
    or child_id = (select private.current_child_id())
  );
