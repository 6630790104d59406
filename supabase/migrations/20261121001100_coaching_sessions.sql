-- Weekly 1:1 video sessions. parent_id is copied from the child so the parent's access is a plain
-- column check; room_id is the session room's key (an unguessable value, never the row id).
-- Admins schedule and assign; the assigned coach updates status, time and notes; the parent and
-- the child see their own sessions.
create table public.coaching_sessions (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  coach_id uuid references public.coaches (id) on delete set null,
  parent_id uuid not null references auth.users (id) on delete cascade,
  starts_at timestamptz not null,
  duration_minutes integer not null default 30 check (duration_minutes between 10 and 120),
  status text not null default 'scheduled'
    check (status in ('scheduled', 'completed', 'cancelled', 'no_show')),
  room_id text not null unique default replace(gen_random_uuid()::text, '-', '')
    check (room_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  notes text check (char_length(notes) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.coaching_sessions enable row level security;
create index coaching_sessions_child_starts_idx on public.coaching_sessions (child_id, starts_at);
create index coaching_sessions_coach_starts_idx on public.coaching_sessions (coach_id, starts_at);
create index coaching_sessions_parent_starts_idx on public.coaching_sessions (parent_id, starts_at);
create index coaching_sessions_starts_idx on public.coaching_sessions (starts_at);

create trigger coaching_sessions_set_updated_at
  before update on public.coaching_sessions
  for each row execute function private.set_updated_at();

-- parent_id always follows the child.
create or replace function private.coaching_sessions_set_parent()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  select c.parent_id into new.parent_id from public.children c where c.id = new.child_id;
  return new;
end;
$$;

create trigger coaching_sessions_set_parent
  before insert or update of child_id on public.coaching_sessions
  for each row execute function private.coaching_sessions_set_parent();

-- Whether the caller coaches this child: their dedicated coach, or the coach of one of its sessions.
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
        or exists (select 1 from public.coaching_sessions s where s.child_id = child and s.coach_id = me.id)
      )
  )
$$;
grant execute on function private.is_coach_of_child(uuid) to authenticated, service_role;

create policy "Coaches read the children they coach"
  on public.children for select to authenticated
  using ((select private.is_coach_of_child(id)));

revoke all on public.coaching_sessions from anon, authenticated;
grant select, delete on public.coaching_sessions to authenticated;
grant insert (id, child_id, coach_id, parent_id, starts_at, duration_minutes, status, notes)
  on public.coaching_sessions to authenticated;
grant update (child_id, coach_id, starts_at, duration_minutes, status, notes)
  on public.coaching_sessions to authenticated;

create policy "Parents read their children's sessions"
  on public.coaching_sessions for select to authenticated
  using (parent_id = (select auth.uid()));

create policy "Children read their own sessions"
  on public.coaching_sessions for select to authenticated
  using ((select private.is_child_user(child_id)));

create policy "Coaches read the sessions assigned to them"
  on public.coaching_sessions for select to authenticated
  using (coach_id = (select private.current_coach_id()));

create policy "Admins read all sessions"
  on public.coaching_sessions for select to authenticated
  using ((select private.is_admin()));

create policy "Admins schedule sessions"
  on public.coaching_sessions for insert to authenticated
  with check ((select private.is_admin()));

create policy "Coaches update the sessions assigned to them"
  on public.coaching_sessions for update to authenticated
  using (coach_id = (select private.current_coach_id()))
  with check (coach_id = (select private.current_coach_id()));

create policy "Admins update sessions"
  on public.coaching_sessions for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins delete sessions"
  on public.coaching_sessions for delete to authenticated
  using ((select private.is_admin()));
