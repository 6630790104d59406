-- Who reads a session note is kept: a note's text is readable only through read_session_note(),
-- which writes a SESSION_NOTE_READ audit row for each read that returns a note. Direct selects keep
-- the columns that say whether a note exists and when it changed, never its text.

revoke select on public.session_notes from authenticated;
grant select (session_id, updated_by, created_at, updated_at) on public.session_notes to authenticated;

create or replace function private.read_session_note(session_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  note text;
begin
  if caller is null
     or not ((select private.is_admin()) or (select private.is_session_coach(read_session_note.session_id)))
     or not (select private.meets_staff_two_factor()) then
    raise exception 'Only the session''s coach and admins read its notes' using errcode = '42501';
  end if;
  select n.body into note from public.session_notes n where n.session_id = read_session_note.session_id;
  if note is not null then
    insert into public.audit_logs (actor_user_id, action, entity_type, entity_id)
    values (caller, 'SESSION_NOTE_READ', 'coaching_session', read_session_note.session_id::text);
  end if;
  return note;
end;
$$;
revoke execute on function private.read_session_note(uuid) from public, anon;
grant execute on function private.read_session_note(uuid) to authenticated;

-- What the site calls (rpc): security invoker, so only the private function reads the note.
create or replace function public.read_session_note(session_id uuid)
returns text
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.read_session_note(read_session_note.session_id)
$$;
revoke execute on function public.read_session_note(uuid) from public, anon;
grant execute on function public.read_session_note(uuid) to authenticated;
