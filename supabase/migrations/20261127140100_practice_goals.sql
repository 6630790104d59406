-- Practice between sessions (docs/decisions/191): the child's current coach sets one to three
-- practice goals from a session's follow-up ("balloon breaths before homework"); the parent ticks
-- off each day the child practised, one row per goal and date (the date in the family's zone).
-- The child's parent, the child's coach and admins (with staff two-factor sign-in) read both;
-- children and visitors get nothing. Deleted with the child; in the family's export.

create table public.practice_goals (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  -- the coach who set it (the signed-in coach by default; null when an admin sets it)
  coach_id uuid default private.current_coach_id() references public.coaches (id) on delete set null,
  -- the session whose follow-up it came from, if any
  session_id uuid references public.coaching_sessions (id) on delete set null,
  title text not null check (char_length(btrim(title)) between 1 and 120),
  -- shown until the coach retires it (it became a habit, or another goal takes its place)
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.practice_goals enable row level security;
create index practice_goals_child_idx on public.practice_goals (child_id, created_at);
create index practice_goals_coach_idx on public.practice_goals (coach_id);
create index practice_goals_session_idx on public.practice_goals (session_id);

create trigger practice_goals_set_updated_at
  before update on public.practice_goals
  for each row execute function private.set_updated_at();

-- At most three goals at a time per child (archived ones do not count): a fourth is refused.
create or replace function private.guard_practice_goal_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.archived_at is not null
    or (auth.uid() is not null
        and not private.is_admin() and not private.is_current_coach_of_child(new.child_id)) then
    return new; -- row level security refuses a caller who may not set goals, before any count
  end if;
  perform pg_advisory_xact_lock(7311, hashtext(new.child_id::text));
  if (select count(*) from public.practice_goals g
       where g.child_id = new.child_id and g.archived_at is null and g.id <> new.id) >= 3 then
    raise exception 'A child has at most three practice goals at a time.'
      using errcode = '23514', hint = 'Retire a goal before setting another.';
  end if;
  return new;
end;
$$;

create trigger practice_goals_at_most_three
  before insert or update of archived_at on public.practice_goals
  for each row execute function private.guard_practice_goal_count();

revoke all on public.practice_goals from anon, authenticated;
grant select, delete on public.practice_goals to authenticated;
grant insert (child_id, coach_id, session_id, title) on public.practice_goals to authenticated;
grant update (title, archived_at) on public.practice_goals to authenticated;

create policy "The child's parent, the child's coach and admins read practice goals"
  on public.practice_goals for select to authenticated
  using (
    (select private.is_parent_of_child(child_id))
    or (select private.is_coach_of_child(child_id))
    or (select private.is_admin())
  );

create policy "The child's current coach and admins set practice goals"
  on public.practice_goals for insert to authenticated
  with check (
    (select private.is_admin())
    or (coach_id = (select private.current_coach_id()) and (select private.is_current_coach_of_child(child_id)))
  );

create policy "The child's current coach and admins edit practice goals"
  on public.practice_goals for update to authenticated
  using (
    (select private.is_admin())
    or (select private.is_current_coach_of_child(child_id))
  )
  with check (
    (select private.is_admin())
    or (select private.is_current_coach_of_child(child_id))
  );

create policy "The child's current coach and admins remove practice goals"
  on public.practice_goals for delete to authenticated
  using (
    (select private.is_admin())
    or (select private.is_current_coach_of_child(child_id))
  );

create policy "Staff reach families' data only with two-factor sign-in"
  on public.practice_goals as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- One row per goal and day practised. child_id is always the goal's (the trigger below sets it,
-- whatever the client sent, so the policies read it without a join).
create table public.practice_days (
  goal_id uuid not null references public.practice_goals (id) on delete cascade,
  practised_on date not null,
  child_id uuid not null references public.children (id) on delete cascade,
  marked_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (goal_id, practised_on)
);
alter table public.practice_days enable row level security;
create index practice_days_child_idx on public.practice_days (child_id, practised_on);
create index practice_days_marked_by_idx on public.practice_days (marked_by);

-- The family's today, in the parent's zone (profiles.time_zone).
create or replace function private.family_today(child uuid, now_at timestamptz default now())
returns date
language sql
stable
security definer
set search_path = ''
as $$
  select (now_at at time zone coalesce(p.time_zone, 'UTC'))::date
    from public.children c
    left join public.profiles p on p.id = c.parent_id
   where c.id = child
$$;
revoke execute on function private.family_today(uuid, timestamptz) from public;
grant execute on function private.family_today(uuid, timestamptz) to service_role;

-- A tick belongs to the goal's child, for a goal still current, on a day of the last two weeks up
-- to the family's today: never a day to come, never a month ago.
create or replace function private.prepare_practice_day()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  goal record;
  today date;
begin
  select g.child_id, g.archived_at into goal from public.practice_goals g where g.id = new.goal_id;
  if not found then
    return new; -- the foreign key refuses it
  end if;
  if goal.archived_at is not null then
    raise exception 'This practice goal has been retired.' using errcode = '23514';
  end if;
  new.child_id := goal.child_id;
  today := private.family_today(goal.child_id);
  if new.practised_on > today or new.practised_on < today - 13 then
    raise exception 'A practice day is one of the last two weeks, up to today.'
      using errcode = '23514', hint = format('Today is %s in the family''s time zone.', today);
  end if;
  return new;
end;
$$;

create trigger practice_days_prepare
  before insert on public.practice_days
  for each row execute function private.prepare_practice_day();

revoke all on public.practice_days from anon, authenticated;
grant select, delete on public.practice_days to authenticated;
grant insert (goal_id, practised_on, child_id) on public.practice_days to authenticated;

create policy "The child's parent, the child's coach and admins read practice days"
  on public.practice_days for select to authenticated
  using (
    (select private.is_parent_of_child(child_id))
    or (select private.is_coach_of_child(child_id))
    or (select private.is_admin())
  );

create policy "The child's parent ticks a practice day"
  on public.practice_days for insert to authenticated
  with check (
    marked_by = (select auth.uid())
    and (select private.is_parent_of_child(child_id))
  );

create policy "The child's parent unticks a practice day"
  on public.practice_days for delete to authenticated
  using ((select private.is_parent_of_child(child_id)));

create policy "Staff reach families' data only with two-factor sign-in"
  on public.practice_days as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));
