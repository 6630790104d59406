-- Check-ins (docs/decisions/190): the assessment quiz, taken again by a signed-in parent for one of
-- their children, kept on the child so the parent and the coach see the four skills over time.
-- The family's data like the rest of it: the child's parent, the child's coach and admins (with
-- staff two-factor sign-in) read it; only the parent adds one; children and visitors get nothing.
-- Deleted with the child (and so with the family), and in the family's export (the export follows
-- the cascading foreign keys, private.family_rows).

-- The four skills' scores as the quiz computes them (src/features/quiz/lib/scoring.ts): exactly
-- the four keys, each a whole number from 0 to 100.
create or replace function private.is_check_in_scores(scores jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(scores) = 'object'
    and (select array_agg(k order by k) from jsonb_object_keys(scores) k)
        = array['confidence', 'connection', 'emotions', 'focus']
    and not exists (
      select 1 from jsonb_each(scores) e
       where jsonb_typeof(e.value) <> 'number'
          or (e.value)::numeric <> trunc((e.value)::numeric)
          or (e.value)::numeric not between 0 and 100
    )
$$;

-- The answers by question id, each 0 (Never) to 4 (Almost always), as the quiz stores them.
create or replace function private.is_check_in_answers(answers jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(answers) = 'object'
    and (select count(*) from jsonb_object_keys(answers)) between 1 and 40
    and not exists (
      select 1 from jsonb_each(answers) e
       where char_length(e.key) > 40
          or jsonb_typeof(e.value) <> 'number'
          or (e.value)::numeric not in (0, 1, 2, 3, 4)
    )
$$;

create table public.check_ins (
  -- made in the browser when the last answer is given, so a retried save stores one row (23505)
  id uuid primary key,
  child_id uuid not null references public.children (id) on delete cascade,
  taken_by uuid default auth.uid() references auth.users (id) on delete set null,
  answers jsonb not null constraint check_ins_answers_shape check (private.is_check_in_answers(answers)),
  scores jsonb not null constraint check_ins_scores_shape check (private.is_check_in_scores(scores)),
  taken_at timestamptz not null default now()
);
alter table public.check_ins enable row level security;
create index check_ins_child_idx on public.check_ins (child_id, taken_at);
create index check_ins_taken_by_idx on public.check_ins (taken_by);

revoke all on public.check_ins from anon, authenticated;
grant select on public.check_ins to authenticated;
grant insert (id, child_id, answers, scores) on public.check_ins to authenticated;

create policy "The child's parent, the child's coach and admins read check-ins"
  on public.check_ins for select to authenticated
  using (
    (select private.is_parent_of_child(child_id))
    or (select private.is_coach_of_child(child_id))
    or (select private.is_admin())
  );

create policy "The child's parent records a check-in"
  on public.check_ins for insert to authenticated
  with check (
    taken_by = (select auth.uid())
    and (select private.is_parent_of_child(child_id))
  );

create policy "Staff reach families' data only with two-factor sign-in"
  on public.check_ins as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));
