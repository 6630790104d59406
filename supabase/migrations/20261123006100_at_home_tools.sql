-- At-home tools: what the coach sets a child to practise between sessions ("balloon breaths at
-- bedtime"). The child's coach (and admins) write them; the parent reads them; the child reads
-- them too, so their text is written for the child (no private notes here: those are session_notes).
create table public.at_home_tools (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  coach_id uuid references public.coaches (id) on delete set null,
  title text not null check (char_length(btrim(title)) between 1 and 120),
  instructions text not null default '' check (char_length(instructions) <= 1000),
  -- shown until archived (the coach retires a tool once it has become a habit)
  archived_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.at_home_tools enable row level security;
create index at_home_tools_child_idx on public.at_home_tools (child_id, created_at desc);
create index at_home_tools_coach_idx on public.at_home_tools (coach_id);

create trigger at_home_tools_set_updated_at
  before update on public.at_home_tools
  for each row execute function private.set_updated_at();

revoke all on public.at_home_tools from anon, authenticated;
grant select, delete on public.at_home_tools to authenticated;
grant insert (child_id, coach_id, title, instructions, archived_at) on public.at_home_tools to authenticated;
grant update (title, instructions, archived_at) on public.at_home_tools to authenticated;

create policy "The family, the child, the child's coach and admins read at-home tools"
  on public.at_home_tools for select to authenticated
  using (
    (select private.is_parent_of_child(child_id))
    or (select private.is_child_user(child_id))
    or (select private.is_coach_of_child(child_id))
    or (select private.is_admin())
  );

create policy "The child's coach and admins set at-home tools"
  on public.at_home_tools for insert to authenticated
  with check (
    (select private.is_admin())
    or (
      coach_id = (select private.current_coach_id())
      and (select private.is_coach_of_child(child_id))
    )
  );

create policy "The child's coach and admins edit at-home tools"
  on public.at_home_tools for update to authenticated
  using (
    (select private.is_admin())
    or (coach_id = (select private.current_coach_id()) and (select private.is_coach_of_child(child_id)))
  )
  with check (
    (select private.is_admin())
    or (coach_id = (select private.current_coach_id()) and (select private.is_coach_of_child(child_id)))
  );

create policy "The child's coach and admins remove at-home tools"
  on public.at_home_tools for delete to authenticated
  using (
    (select private.is_admin())
    or (coach_id = (select private.current_coach_id()) and (select private.is_coach_of_child(child_id)))
  );
