-- A family is matched with a coach when its child's first session is booked: a child without a
-- coach takes the coach of the session booked for them, so the family's dashboard, the coach's
-- families and the coach's access follow the booking without a second step. A child who has a
-- coach keeps them (a session with a stand-in coach changes nothing).
create or replace function private.match_child_with_session_coach()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.coach_id is not null and new.status = 'scheduled' then
    update public.children c
    set coach_id = new.coach_id
    where c.id = new.child_id and c.coach_id is null;
  end if;
  return new;
end;
$$;
revoke execute on function private.match_child_with_session_coach() from public, anon, authenticated;

create trigger coaching_sessions_match_child_coach
  after insert on public.coaching_sessions
  for each row execute function private.match_child_with_session_coach();
