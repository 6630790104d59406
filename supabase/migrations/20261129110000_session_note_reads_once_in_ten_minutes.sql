-- A note read again soon by the same person is one read in the audit log. The session's details
-- read the note each time they open, so a coach going back and forth wrote a "Session note read"
-- entry each time (six in a minute), and the log said less about who read what. A read is now kept
-- unless the same person's read of the same note is already kept from the last 10 minutes and no one
-- else has changed the note since (someone else's words read again are a new read; the reader's own
-- edit is not).
--
-- Redefines private.read_session_note (latest: 20261124000000_staff_two_factor_in_functions.sql):
-- the same checks and answer. The lookup uses audit_logs_actor_idx (actor, created_at).

create or replace function private.read_session_note(session_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  note text;
  -- when someone other than the caller last changed the note
  changed_at timestamptz;
begin
  if caller is null
     or not ((select private.is_admin()) or (select private.is_session_coach(read_session_note.session_id))) then
    raise exception 'Only the session''s coach and admins read its notes' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select n.body,
         case when n.updated_by = caller then '-infinity'::timestamptz else n.updated_at end
    into note, changed_at
    from public.session_notes n
   where n.session_id = read_session_note.session_id;
  if note is not null then
    -- Two opens at once (two tabs, a double click) wait for each other, so they keep one entry.
    perform pg_catalog.pg_advisory_xact_lock(
      pg_catalog.hashtextextended('session_note_read:' || caller::text || ':' || read_session_note.session_id::text, 0)
    );
    if not exists (
      select 1 from public.audit_logs a
       where a.actor_user_id = caller
         and a.created_at > pg_catalog.now() - interval '10 minutes'
         and a.created_at >= changed_at
         and a.action = 'SESSION_NOTE_READ'
         and a.entity_type = 'coaching_session'
         and a.entity_id = read_session_note.session_id::text
    ) then
      insert into public.audit_logs (actor_user_id, action, entity_type, entity_id)
      values (caller, 'SESSION_NOTE_READ', 'coaching_session', read_session_note.session_id::text);
    end if;
  end if;
  return note;
end;
$$;
revoke execute on function private.read_session_note(uuid) from public, anon;
grant execute on function private.read_session_note(uuid) to authenticated;
