-- The session room: a WebRTC call between a session's coach, its child and the child's parents
-- (admins may enter too), signalled over the private Realtime channel `session-room:<room_id>`.
-- Who may join, receive and send on that channel is decided here, by RLS policies on
-- realtime.messages (Supabase Realtime Authorization), never by the browser. The room is open from
-- 10 minutes before the session's start until 15 minutes after its scheduled end, while the
-- session is still 'scheduled' (the coach ending the session marks it 'completed', which closes it).

-- The room's opening hours, defined once: the RLS policies and the room screen both use them.
create or replace function private.session_room_opens_at(starts_at timestamptz)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select starts_at - interval '10 minutes'
$$;

create or replace function private.session_room_closes_at(starts_at timestamptz, duration_minutes integer)
returns timestamptz
language sql
immutable
set search_path = ''
as $$
  select starts_at + make_interval(mins => duration_minutes) + interval '15 minutes'
$$;

-- The caller's part in a session: 'coach' (its assigned coach), 'parent' (the child's parent),
-- 'child' (the child's own login), 'admin', or null (a stranger, or no such session).
create or replace function private.session_room_role(session uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when s.coach_id is not null and s.coach_id = private.current_coach_id() then 'coach'
    when s.parent_id = auth.uid() then 'parent'
    when private.is_child_user(s.child_id) then 'child'
    when private.is_admin() then 'admin'
  end
  from public.coaching_sessions s
  where s.id = session
$$;

-- Whether the caller may be in the session's room now: a participant, the room open.
create or replace function private.may_enter_session(session uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select private.session_room_role(s.id) is not null
      and s.status = 'scheduled'
      and now() >= private.session_room_opens_at(s.starts_at)
      and now() < private.session_room_closes_at(s.starts_at, s.duration_minutes)
    from public.coaching_sessions s
    where s.id = session
  ), false)
$$;

-- The same for a Realtime topic: `session-room:<room_id>` (any other topic: no).
create or replace function private.may_enter_session_room(topic text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select private.may_enter_session(s.id)
    from public.coaching_sessions s
    where topic like 'session-room:%' and s.room_id = substr(topic, char_length('session-room:') + 1)
  ), false)
$$;

grant execute on function
  private.session_room_opens_at(timestamptz),
  private.session_room_closes_at(timestamptz, integer),
  private.session_room_role(uuid),
  private.may_enter_session(uuid),
  private.may_enter_session_room(text)
  to authenticated, service_role;

-- Realtime Authorization: joining and receiving (SELECT), sending and tracking presence (INSERT).
-- anon has no policy, so a signed-out client is refused every private channel.
create policy "Session participants receive the open room's signals and presence"
  on realtime.messages for select to authenticated
  using (
    extension in ('broadcast', 'presence')
    and (select private.may_enter_session_room((select realtime.topic())))
  );

create policy "Session participants send signals and presence in the open room"
  on realtime.messages for insert to authenticated
  with check (
    extension in ('broadcast', 'presence')
    and (select private.may_enter_session_room((select realtime.topic())))
  );

-- What the room screen needs about a session, for a caller who may read it (RLS on
-- coaching_sessions applies: a stranger gets no row). `viewer_role` is the caller's part in it.
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
    (select c.first_name from public.children c where c.id = s.child_id),
    (select co.display_name from public.coaches co where co.id = s.coach_id),
    private.session_room_role(s.id)
  from public.coaching_sessions s
  where s.id = get_session_room.session_id
$$;
revoke execute on function public.get_session_room(uuid) from public, anon;
grant execute on function public.get_session_room(uuid) to authenticated, service_role;

-- Attendance: one row per visit to the room (a reload is a new visit), for the coach's notes,
-- Ploom Points and billing. A participant records their own arrival; the server sets who, when
-- and in which part. `last_seen_at` is refreshed while they stay, so a visit that ended without a
-- goodbye (a closed tab, a lost network) still shows roughly when it ended. No media is stored.
create table public.session_attendance (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references public.coaching_sessions (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  role text not null check (role in ('admin', 'coach', 'parent', 'child')),
  joined_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  left_at timestamptz,
  check (last_seen_at >= joined_at),
  check (left_at is null or left_at >= joined_at)
);
alter table public.session_attendance enable row level security;
create index session_attendance_session_idx on public.session_attendance (session_id, joined_at);
create index session_attendance_user_idx on public.session_attendance (user_id);

-- The server's clock and the caller's part, whatever the client sends.
create or replace function private.session_attendance_stamp()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if auth.uid() is not null then
      new.user_id := auth.uid();
      new.role := private.session_room_role(new.session_id);
      new.joined_at := now();
      new.last_seen_at := now();
      new.left_at := null;
    end if;
    return new;
  end if;
  if auth.uid() is not null then
    if old.left_at is not null then
      raise exception 'This visit to the room has already ended' using errcode = '42501';
    end if;
    new.last_seen_at := greatest(now(), old.joined_at);
    new.left_at := case when new.left_at is not null then greatest(now(), old.joined_at) end;
  end if;
  return new;
end;
$$;

create trigger session_attendance_stamp
  before insert or update on public.session_attendance
  for each row execute function private.session_attendance_stamp();

revoke all on public.session_attendance from anon, authenticated;
grant select on public.session_attendance to authenticated;
grant insert (session_id) on public.session_attendance to authenticated;
grant update (last_seen_at, left_at) on public.session_attendance to authenticated;

create policy "Participants, the session's coach and parents, and admins read attendance"
  on public.session_attendance for select to authenticated
  using (
    user_id = (select auth.uid())
    or (select private.is_admin())
    or (select private.session_room_role(session_id)) in ('coach', 'parent')
  );

create policy "Participants record their own arrival in an open room"
  on public.session_attendance for insert to authenticated
  with check (user_id = (select auth.uid()) and (select private.may_enter_session(session_id)));

create policy "Participants record their own presence and departure"
  on public.session_attendance for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
