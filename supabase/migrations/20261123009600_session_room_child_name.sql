-- A child's login reads no row of public.children (its parent's notes and details stay with the
-- parent: 20261123006300), so the room's header lost the child's own first name for the child.
-- The first name now comes from a definer helper, asked only for the session row the caller may
-- already read (RLS on coaching_sessions still decides who gets a row at all).

create or replace function private.session_child_first_name(session_id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select c.first_name
  from public.coaching_sessions s
  join public.children c on c.id = s.child_id
  where s.id = session_child_first_name.session_id
    and private.session_room_role(s.id) is not null
$$;
revoke execute on function private.session_child_first_name(uuid) from public, anon;
grant execute on function private.session_child_first_name(uuid) to authenticated, service_role;

create or replace function public.get_session_room(session_id uuid)
returns table (
  id uuid,
  room_id text,
  topic text,
  status text,
  starts_at timestamptz,
  ends_at timestamptz,
  opens_at timestamptz,
  closes_at timestamptz,
  child_first_name text,
  coach_name text,
  viewer_role text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.id, s.room_id, 'session-room:' || s.room_id, s.status, s.starts_at,
    s.starts_at + make_interval(mins => s.duration_minutes),
    private.session_room_opens_at(s.starts_at),
    private.session_room_closes_at(s.starts_at, s.duration_minutes),
    private.session_child_first_name(s.id),
    (select co.display_name from public.coaches co where co.id = s.coach_id),
    private.session_room_role(s.id)
  from public.coaching_sessions s
  where s.id = get_session_room.session_id
$$;
