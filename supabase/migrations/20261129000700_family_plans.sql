-- A custom family plan for each coached child, as the plans sell it (docs/decisions/227): "a custom
-- family plan" on Focused Progress, "a deep custom family plan, reviewed with you" on Intensive
-- Momentum; none on Steady Growth.
--
-- - family_plan_versions: the plan's goals (each with milestones, and the goal in a child's words),
--   strategies to use at home, and what to watch for. The coach edits one draft a child and shares
--   it; each shared version is kept as it was shared (never changed again).
-- - family_plan_ticks: the milestones the coach ticks off as the child reaches them (by the
--   milestone's id, which a new version keeps for the same milestone).
-- - family_plan_reviews: on Intensive Momentum the parent reviews a shared version with the coach:
--   an acknowledgement, or a comment, each with its time.
-- - The parent reads the shared versions, ticks and reviews of their own children; the child reads
--   only their own goals in a child's words (child_plan_goals()); the child's coach now and admins
--   everything; staff after two-factor sign-in.

-- Which plans include a family plan, and which a review with the parent.
create or replace function private.family_plan_kind(parent uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case x.plan when 'focused-progress' then 'plan' when 'intensive-momentum' then 'reviewed' end
  from public.subscriptions x
  where x.parent_id = parent and x.status not in ('incomplete', 'incomplete_expired', 'canceled')
  order by x.stripe_created desc, x.id desc
  limit 1
$$;
revoke execute on function private.family_plan_kind(uuid) from public;

-- The shape a plan's content must have (what the coach's screen sends, and no more):
-- {goals: [{id, title, child_words, milestones: [{id, text}]}], strategies: [text], watch_for: [text]}
create or replace function private.is_family_plan_content(content jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(content) = 'object'
    and (select count(*) from jsonb_object_keys(content) k where k not in ('goals', 'strategies', 'watch_for')) = 0
    and jsonb_typeof(content -> 'goals') = 'array'
    and jsonb_array_length(content -> 'goals') <= 6
    and jsonb_typeof(content -> 'strategies') = 'array'
    and jsonb_array_length(content -> 'strategies') <= 10
    and jsonb_typeof(content -> 'watch_for') = 'array'
    and jsonb_array_length(content -> 'watch_for') <= 10
    and not exists (
      select 1 from jsonb_array_elements(content -> 'strategies') s
      where jsonb_typeof(s) <> 'string' or char_length(btrim(s #>> '{}')) not between 1 and 240
    )
    and not exists (
      select 1 from jsonb_array_elements(content -> 'watch_for') s
      where jsonb_typeof(s) <> 'string' or char_length(btrim(s #>> '{}')) not between 1 and 240
    )
    and not exists (
      select 1 from jsonb_array_elements(content -> 'goals') g
      where jsonb_typeof(g) <> 'object'
        or (select count(*) from jsonb_object_keys(g) k where k not in ('id', 'title', 'child_words', 'milestones')) > 0
        or coalesce((g ->> 'id') !~ '^[0-9a-f-]{36}$', true)
        or char_length(btrim(coalesce(g ->> 'title', ''))) not between 1 and 120
        or char_length(btrim(coalesce(g ->> 'child_words', ''))) not between 1 and 160
        or jsonb_typeof(g -> 'milestones') <> 'array'
        or jsonb_array_length(g -> 'milestones') > 8
        or exists (
          select 1 from jsonb_array_elements(g -> 'milestones') m
          where jsonb_typeof(m) <> 'object'
            or (select count(*) from jsonb_object_keys(m) k where k not in ('id', 'text')) > 0
            or coalesce((m ->> 'id') !~ '^[0-9a-f-]{36}$', true)
            or char_length(btrim(coalesce(m ->> 'text', ''))) not between 1 and 160
        )
    )
$$;

create table public.family_plan_versions (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  parent_id uuid not null references auth.users (id) on delete cascade,
  -- the coach who shared it (or last saved the draft)
  coach_id uuid references public.coaches (id) on delete set null,
  version integer not null check (version >= 1),
  content jsonb not null constraint family_plan_versions_content_shape check (private.is_family_plan_content(content)),
  status text not null default 'draft' check (status in ('draft', 'shared')),
  shared_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint family_plan_versions_one_a_number unique (child_id, version),
  constraint family_plan_versions_shared_at check ((status = 'shared') = (shared_at is not null))
);
alter table public.family_plan_versions enable row level security;
-- one draft a child at a time
create unique index family_plan_versions_one_draft on public.family_plan_versions (child_id) where status = 'draft';
create index family_plan_versions_parent_idx on public.family_plan_versions (parent_id);
create index family_plan_versions_coach_idx on public.family_plan_versions (coach_id);

create trigger family_plan_versions_set_updated_at
  before update on public.family_plan_versions
  for each row execute function private.set_updated_at();

create table public.family_plan_ticks (
  child_id uuid not null references public.children (id) on delete cascade,
  milestone_id uuid not null,
  ticked_at timestamptz not null default now(),
  ticked_by uuid default auth.uid() references auth.users (id) on delete set null,
  primary key (child_id, milestone_id)
);
alter table public.family_plan_ticks enable row level security;
create index family_plan_ticks_ticked_by_idx on public.family_plan_ticks (ticked_by);

create table public.family_plan_reviews (
  id uuid primary key default gen_random_uuid(),
  version_id uuid not null references public.family_plan_versions (id) on delete cascade,
  child_id uuid not null references public.children (id) on delete cascade,
  parent_id uuid not null references auth.users (id) on delete cascade,
  -- null: the parent acknowledged the plan as it stands
  comment text check (char_length(btrim(comment)) between 1 and 2000),
  created_at timestamptz not null default now()
);
alter table public.family_plan_reviews enable row level security;
create index family_plan_reviews_version_idx on public.family_plan_reviews (version_id, created_at);
create index family_plan_reviews_child_idx on public.family_plan_reviews (child_id);
create index family_plan_reviews_parent_idx on public.family_plan_reviews (parent_id);

revoke all on public.family_plan_versions, public.family_plan_ticks, public.family_plan_reviews from anon, authenticated;
grant select on public.family_plan_versions, public.family_plan_ticks, public.family_plan_reviews to authenticated;

create policy "Parents read shared plans, the coach and admins all"
  on public.family_plan_versions for select to authenticated
  using (
    (parent_id = (select auth.uid()) and status = 'shared')
    or (select private.is_admin())
    or private.is_current_coach_of_child(child_id)
  );
create policy "Parents, the coach and admins read the ticks"
  on public.family_plan_ticks for select to authenticated
  using (
    (select private.is_parent_of_child(child_id))
    or (select private.is_admin())
    or private.is_current_coach_of_child(child_id)
  );
create policy "Parents, the coach and admins read the reviews"
  on public.family_plan_reviews for select to authenticated
  using (
    parent_id = (select auth.uid())
    or (select private.is_admin())
    or private.is_current_coach_of_child(child_id)
  );

create policy "Staff reach families' data only with two-factor sign-in"
  on public.family_plan_versions as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));
create policy "Staff reach families' data only with two-factor sign-in"
  on public.family_plan_ticks as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));
create policy "Staff reach families' data only with two-factor sign-in"
  on public.family_plan_reviews as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

create trigger family_plan_versions_audit after insert or update or delete on public.family_plan_versions
  for each row execute function private.audit_change('FAMILY_PLAN_*', 'child', 'child_id', 'version', 'status');

-- The coach (the child's now, or an admin) of a child whose family's plan includes a family plan.
create or replace function private.require_family_plan_writer(child uuid)
returns public.children
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  c public.children;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null then
    raise exception 'No such child' using errcode = 'P0002';
  end if;
  if not (private.is_admin() or private.is_current_coach_of_child(c.id)) then
    raise exception 'Only the child''s coach writes their family plan' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if private.family_plan_kind(c.parent_id) is null then
    raise exception '%''s family has no plan with a custom family plan', c.first_name
      using errcode = '22023', hint = 'Focused Progress and Intensive Momentum include one.';
  end if;
  return c;
end;
$$;
revoke execute on function private.require_family_plan_writer(uuid) from public;

-- Saves the child's draft (a new version number after the last one; the one draft there is).
create or replace function private.save_family_plan_draft(child uuid, content jsonb)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c public.children;
  draft uuid;
begin
  c := private.require_family_plan_writer(child);
  perform private.require_staff_two_factor();
  if content is null or not private.is_family_plan_content(content) then
    raise exception 'The plan is not complete: each goal needs a title and its words for the child, each item some text'
      using errcode = '22023';
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('family-plan:' || c.id::text, 0));
  update public.family_plan_versions v
  set content = save_family_plan_draft.content, coach_id = coalesce(private.current_coach_id(), c.coach_id)
  where v.child_id = c.id and v.status = 'draft'
  returning v.id into draft;
  if draft is null then
    insert into public.family_plan_versions (child_id, parent_id, coach_id, version, content)
    values (
      c.id, c.parent_id, coalesce(private.current_coach_id(), c.coach_id),
      coalesce((select max(v.version) from public.family_plan_versions v where v.child_id = c.id), 0) + 1,
      save_family_plan_draft.content
    )
    returning id into draft;
  end if;
  return draft;
end;
$$;
revoke execute on function private.save_family_plan_draft(uuid, jsonb) from public;
grant execute on function private.save_family_plan_draft(uuid, jsonb) to authenticated;

create or replace function public.save_family_plan_draft(child_id uuid, content jsonb)
returns uuid
language sql
volatile
security invoker
set search_path = ''
as $$ select private.save_family_plan_draft(save_family_plan_draft.child_id, save_family_plan_draft.content) $$;
revoke execute on function public.save_family_plan_draft(uuid, jsonb) from public, anon;
grant execute on function public.save_family_plan_draft(uuid, jsonb) to authenticated;

-- Shares the child's draft with the family: it becomes the plan they see, kept as it is.
create or replace function private.share_family_plan(child uuid)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c public.children;
  v public.family_plan_versions;
begin
  c := private.require_family_plan_writer(child);
  perform private.require_staff_two_factor();
  select * into v from public.family_plan_versions x where x.child_id = c.id and x.status = 'draft' for update;
  if v.id is null then
    raise exception 'There is no draft to share: save the plan first' using errcode = '22023';
  end if;
  if jsonb_array_length(v.content -> 'goals') = 0 then
    raise exception 'A family plan needs at least one goal' using errcode = '22023';
  end if;
  update public.family_plan_versions set status = 'shared', shared_at = pg_catalog.now() where id = v.id;
  return v.version;
end;
$$;
revoke execute on function private.share_family_plan(uuid) from public;
grant execute on function private.share_family_plan(uuid) to authenticated;

create or replace function public.share_family_plan(child_id uuid)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$ select private.share_family_plan(share_family_plan.child_id) $$;
revoke execute on function public.share_family_plan(uuid) from public, anon;
grant execute on function public.share_family_plan(uuid) to authenticated;

-- Ticks a milestone of the child's shared plan off (or takes the tick back).
create or replace function private.tick_plan_milestone(child uuid, milestone uuid, done boolean)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  c public.children;
begin
  c := private.require_family_plan_writer(child);
  perform private.require_staff_two_factor();
  if not exists (
    select 1 from public.family_plan_versions v,
      jsonb_array_elements(v.content -> 'goals') g, jsonb_array_elements(g -> 'milestones') m
    where v.child_id = c.id and v.status = 'shared' and m ->> 'id' = milestone::text
  ) then
    raise exception 'No such milestone in %''s shared plan', c.first_name using errcode = '22023';
  end if;
  if done then
    insert into public.family_plan_ticks (child_id, milestone_id) values (c.id, milestone)
    on conflict (child_id, milestone_id) do nothing;
  else
    delete from public.family_plan_ticks t where t.child_id = c.id and t.milestone_id = milestone;
  end if;
end;
$$;
revoke execute on function private.tick_plan_milestone(uuid, uuid, boolean) from public;
grant execute on function private.tick_plan_milestone(uuid, uuid, boolean) to authenticated;

create or replace function public.tick_plan_milestone(child_id uuid, milestone_id uuid, done boolean)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.tick_plan_milestone(tick_plan_milestone.child_id, tick_plan_milestone.milestone_id, tick_plan_milestone.done)
$$;
revoke execute on function public.tick_plan_milestone(uuid, uuid, boolean) from public, anon;
grant execute on function public.tick_plan_milestone(uuid, uuid, boolean) to authenticated;

-- The parent reviews a shared version with the coach (Intensive Momentum): an acknowledgement
-- (no comment) or a comment, recorded with its time.
create or replace function private.review_family_plan(plan_version uuid, note text)
returns timestamptz
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v public.family_plan_versions;
  at timestamptz := pg_catalog.now();
begin
  select * into v from public.family_plan_versions x where x.id = plan_version;
  if v.id is null or v.parent_id is distinct from auth.uid() or v.status <> 'shared' then
    raise exception 'No such plan in your family' using errcode = '42501';
  end if;
  if private.family_plan_kind(v.parent_id) is distinct from 'reviewed' then
    raise exception 'Reviewing the plan with your coach comes with Intensive Momentum'
      using errcode = '22023', hint = 'Write to your coach in Messages, or see the plans on the billing page.';
  end if;
  if note is not null and char_length(btrim(note)) = 0 then
    note := null;
  end if;
  if char_length(note) > 2000 then
    raise exception 'A comment is at most 2,000 characters' using errcode = '22001';
  end if;
  insert into public.family_plan_reviews (version_id, child_id, parent_id, comment, created_at)
  values (v.id, v.child_id, v.parent_id, btrim(note), at);
  return at;
end;
$$;
revoke execute on function private.review_family_plan(uuid, text) from public;
grant execute on function private.review_family_plan(uuid, text) to authenticated;

create or replace function public.review_family_plan(version_id uuid, comment text default null)
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$ select private.review_family_plan(review_family_plan.version_id, review_family_plan.comment) $$;
revoke execute on function public.review_family_plan(uuid, text) from public, anon;
grant execute on function public.review_family_plan(uuid, text) to authenticated;

-- The signed-in child's own goals, in a child's words, from the plan shared last: each with how
-- many of its milestones are done. Nothing else of the plan.
create or replace function private.child_plan_goals()
returns table (goal text, milestones integer, done integer)
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (
    select c.id from public.children c where c.user_id = auth.uid() and auth.uid() is not null
  ),
  plan as (
    select v.content, v.child_id from public.family_plan_versions v, mine
    where v.child_id = mine.id and v.status = 'shared'
    order by v.version desc limit 1
  )
  select g ->> 'child_words',
    jsonb_array_length(g -> 'milestones'),
    (select count(*)::integer from jsonb_array_elements(g -> 'milestones') m
      join public.family_plan_ticks t on t.child_id = plan.child_id and t.milestone_id::text = m ->> 'id')
  from plan, jsonb_array_elements(plan.content -> 'goals') with ordinality as goals(g, n)
  order by goals.n
$$;
revoke execute on function private.child_plan_goals() from public;
grant execute on function private.child_plan_goals() to authenticated;

create or replace function public.child_plan_goals()
returns table (goal text, milestones integer, done integer)
language sql
stable
security invoker
set search_path = ''
as $$ select * from private.child_plan_goals() $$;
revoke execute on function public.child_plan_goals() from public, anon;
grant execute on function public.child_plan_goals() to authenticated;

-- What the family's plan includes of a family plan, for the screens: null (none), 'plan', 'reviewed'.
create or replace function private.my_family_plan_kind(child uuid)
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_staff_two_factor();
  return (
    select private.family_plan_kind(c.parent_id) from public.children c
    where c.id = child
      and (c.parent_id = auth.uid() or private.is_admin() or private.is_current_coach_of_child(c.id))
  );
end;
$$;
revoke execute on function private.my_family_plan_kind(uuid) from public;
grant execute on function private.my_family_plan_kind(uuid) to authenticated;

create or replace function public.get_family_plan_kind(child_id uuid)
returns text
language sql
stable
security invoker
set search_path = ''
as $$ select private.my_family_plan_kind(get_family_plan_kind.child_id) $$;
revoke execute on function public.get_family_plan_kind(uuid) from public, anon;
grant execute on function public.get_family_plan_kind(uuid) to authenticated;
