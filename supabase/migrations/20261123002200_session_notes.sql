-- Session notes are the coach's private record of a session: only the session's coach and admins
-- read or write them. They used to be a column of coaching_sessions, which parents and children
-- read (RLS is per row, and column privileges are per role: every signed-in user is
-- `authenticated`), so they move to their own table with their own policies and the column goes.
create table public.session_notes (
  session_id uuid primary key references public.coaching_sessions (id) on delete cascade,
  body text not null check (char_length(btrim(body)) between 1 and 4000),
  updated_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.session_notes enable row level security;
create index session_notes_updated_by_idx on public.session_notes (updated_by);

create trigger session_notes_set_updated_at
  before update on public.session_notes
  for each row execute function private.set_updated_at();

-- Whether the caller is the coach assigned to this session.
create or replace function private.is_session_coach(session uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.coaching_sessions s
    join public.coaches c on c.id = s.coach_id
    where s.id = session and c.user_id = auth.uid()
  )
$$;
grant execute on function private.is_session_coach(uuid) to authenticated, service_role;

insert into public.session_notes (session_id, body, created_at, updated_at)
select s.id, s.notes, s.updated_at, s.updated_at
from public.coaching_sessions s
where s.notes is not null and btrim(s.notes) <> '';

alter table public.coaching_sessions drop column notes;

revoke all on public.session_notes from anon, authenticated;
grant select, delete on public.session_notes to authenticated;
grant insert (session_id, body, updated_by), update (body, updated_by) on public.session_notes to authenticated;

create policy "The session's coach and admins read session notes"
  on public.session_notes for select to authenticated
  using ((select private.is_admin()) or (select private.is_session_coach(session_id)));

create policy "The session's coach and admins write session notes"
  on public.session_notes for insert to authenticated
  with check (
    updated_by = (select auth.uid())
    and ((select private.is_admin()) or (select private.is_session_coach(session_id)))
  );

create policy "The session's coach and admins edit session notes"
  on public.session_notes for update to authenticated
  using ((select private.is_admin()) or (select private.is_session_coach(session_id)))
  with check (
    updated_by = (select auth.uid())
    and ((select private.is_admin()) or (select private.is_session_coach(session_id)))
  );

create policy "The session's coach and admins delete session notes"
  on public.session_notes for delete to authenticated
  using ((select private.is_admin()) or (select private.is_session_coach(session_id)));
