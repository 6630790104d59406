-- The weekly note a coach writes to a family. A draft (shared_at null) is visible to its coach and
-- admins; once shared, the child's parent reads it.
create table public.parent_updates (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  session_id uuid references public.coaching_sessions (id) on delete set null,
  coach_id uuid references public.coaches (id) on delete set null,
  body text not null check (char_length(btrim(body)) between 1 and 4000),
  shared_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.parent_updates enable row level security;
create index parent_updates_child_idx on public.parent_updates (child_id, created_at desc);
create index parent_updates_session_idx on public.parent_updates (session_id);
create index parent_updates_coach_idx on public.parent_updates (coach_id, created_at desc);

create trigger parent_updates_set_updated_at
  before update on public.parent_updates
  for each row execute function private.set_updated_at();

revoke all on public.parent_updates from anon, authenticated;
grant select, delete on public.parent_updates to authenticated;
grant insert (id, child_id, session_id, coach_id, body, shared_at) on public.parent_updates to authenticated;
grant update (session_id, body, shared_at) on public.parent_updates to authenticated;

create policy "Parents read the shared updates about their children"
  on public.parent_updates for select to authenticated
  using (shared_at is not null and (select private.is_parent_of_child(child_id)));

create policy "Coaches read their own updates"
  on public.parent_updates for select to authenticated
  using (coach_id = (select private.current_coach_id()));

create policy "Admins read all updates"
  on public.parent_updates for select to authenticated
  using ((select private.is_admin()));

create policy "Coaches write updates for the children they coach"
  on public.parent_updates for insert to authenticated
  with check (
    coach_id = (select private.current_coach_id())
    and (select private.is_coach_of_child(child_id))
  );

create policy "Coaches edit their own updates"
  on public.parent_updates for update to authenticated
  using (coach_id = (select private.current_coach_id()))
  with check (coach_id = (select private.current_coach_id()));

create policy "Coaches delete their own updates"
  on public.parent_updates for delete to authenticated
  using (coach_id = (select private.current_coach_id()));

create policy "Admins write updates"
  on public.parent_updates for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins edit updates"
  on public.parent_updates for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins delete updates"
  on public.parent_updates for delete to authenticated
  using ((select private.is_admin()));
