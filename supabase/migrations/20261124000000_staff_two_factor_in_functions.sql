-- Staff two-factor sign-in (20261123009000) reaches the paths that row level security does not:
-- `security definer` functions run as their owner, so a restrictive policy never sees the caller.
-- Each definer function that hands families', leads' or visitors' data to staff (or changes it)
-- now asks the same question as the policies, private.meets_staff_two_factor(): the ones staff
-- call directly refuse with a clear error (42501); the room's helpers return nothing instead.
-- Families, children and visitors are never affected (the check is true for anyone who is not
-- staff). The per-row name and email helpers of the lead_list and audit_log_entries views
-- (person_name, account_email) are left as they are: those views are security_invoker over
-- tables whose restrictive policy holds the check, so a staff session short of it gets no row to
-- name, and the check per row would cost about 0.3 ms a row (measured: 5,000 calls of
-- person_name 0.16 s without it, 1.6 s with it). docs/decisions/113-staff-two-factor-everywhere.md

-- Raises 42501 when the caller is staff and has not met two-factor sign-in: the message says
-- what to do (enter the app's code, or set one up while the setting requires it).
create or replace function private.require_staff_two_factor()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if private.meets_staff_two_factor() then
    return;
  end if;
  if private.staff_two_factor_step() = 'enrol' then
    raise exception 'Two-factor sign-in is required: set up an authenticator app at /admin/account before reaching families'' data'
      using errcode = '42501', hint = 'enrol';
  end if;
  raise exception 'Two-factor sign-in is required: enter the code from your authenticator app to reach families'' data'
    using errcode = '42501', hint = 'verify';
end;
$$;
revoke execute on function private.require_staff_two_factor() from public, anon;
grant execute on function private.require_staff_two_factor() to authenticated, service_role;

-- /admin/users: every account's email, name and roles.
create or replace function private.admin_accounts()
returns table (
  id uuid,
  email text,
  first_name text,
  last_name text,
  full_name text,
  roles public.app_role[],
  status text,
  created_at timestamptz,
  last_login_at timestamptz,
  last_sign_in_at timestamptz,
  invited_at timestamptz,
  banned_until timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins may list users' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    select
      u.id,
      u.email::text,
      p.first_name,
      p.last_name,
      nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
      coalesce(
        (select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = u.id),
        '{}'::public.app_role[]
      ),
      case
        when u.banned_until is not null and u.banned_until > now() then 'deactivated'
        when u.invited_at is not null and u.email_confirmed_at is null then 'invited'
        else 'active'
      end,
      u.created_at,
      coalesce(p.last_login_at, u.last_sign_in_at),
      u.last_sign_in_at,
      u.invited_at,
      case when u.banned_until > now() then u.banned_until end
    from auth.users u
    left join public.profiles p on p.id = u.id
    where u.deleted_at is null or u.deleted_at > now();
end;
$$;

create or replace function private.admin_users()
returns table (
  id uuid,
  email text,
  first_name text,
  last_name text,
  roles public.app_role[],
  created_at timestamptz,
  last_sign_in_at timestamptz,
  last_login_at timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins may list users' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    select
      u.id,
      u.email::text,
      p.first_name,
      p.last_name,
      coalesce(
        (select array_agg(r.role order by r.role) from public.user_roles r where r.user_id = u.id),
        '{}'::public.app_role[]
      ),
      u.created_at,
      u.last_sign_in_at,
      p.last_login_at
    from auth.users u
    left join public.profiles p on p.id = u.id
    order by u.created_at desc, u.id;
end;
$$;

-- A lead becomes a family: reads the lead and the parent's account, writes roles and a child.
create or replace function private.enrol_lead(lead_id uuid, child_first_name text, child_age smallint)
returns table (parent_id uuid, child_id uuid, already_enrolled boolean)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  lead public.leads%rowtype;
  parent uuid;
  child uuid;
  wanted_name text := btrim(coalesce(child_first_name, ''));
begin
  if not private.is_admin() then
    raise exception 'Only admins enrol leads' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select * into lead from public.leads l where l.id = enrol_lead.lead_id for update;
  if not found then
    raise exception 'Lead not found' using errcode = 'P0002';
  end if;
  if lead.enrolled_child_id is not null then
    return query select lead.enrolled_parent_id, lead.enrolled_child_id, true;
    return;
  end if;
  if char_length(wanted_name) not between 1 and 50 then
    raise exception 'The child''s first name is required (at most 50 characters).' using errcode = '22023';
  end if;
  if child_age is not null and child_age not between 3 and 18 then
    raise exception 'The child''s age must be between 3 and 18.' using errcode = '22023';
  end if;
  select u.id into parent from auth.users u where lower(u.email) = lower(lead.email);
  if parent is null then
    raise exception 'No account for % yet: invite the parent first.', lead.email using errcode = 'P0002';
  end if;
  insert into public.user_roles (user_id, role) values (parent, 'parent')
  on conflict (user_id, role) do nothing;
  select c.id into child
  from public.children c
  where c.parent_id = parent and lower(c.first_name) = lower(wanted_name)
  limit 1;
  if child is null then
    insert into public.children (parent_id, first_name, age_band, birth_year, focus_areas)
    values (
      parent, wanted_name, child_age::text,
      case when child_age is not null then (extract(year from now())::int - child_age)::smallint end,
      case when lead.focus_area in ('emotions', 'confidence', 'focus', 'connection', 'other')
        then array[lead.focus_area] else '{}'::text[] end
    )
    returning id into child;
  end if;
  update public.leads l
     set status = 'enrolled', enrolled_parent_id = parent, enrolled_child_id = child
   where l.id = lead.id;
  return query select parent, child, false;
end;
$$;

-- The leads pipeline's assignee picker (the team's names).
create or replace function private.lead_assignees()
returns table (id uuid, name text, role public.app_role)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (private.is_admin() or private.has_role(auth.uid(), 'coach')) then
    raise exception 'Only the team may list assignees' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    select r.user_id, private.person_name(r.user_id), min(r.role)
    from public.user_roles r
    where r.role in ('admin', 'coach')
    group by r.user_id
    order by 2;
end;
$$;

-- A session's note: the two-factor refusal now says so (it was folded into the role's message).
create or replace function private.read_session_note(session_id uuid)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  note text;
begin
  if caller is null
     or not ((select private.is_admin()) or (select private.is_session_coach(read_session_note.session_id))) then
    raise exception 'Only the session''s coach and admins read its notes' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select n.body into note from public.session_notes n where n.session_id = read_session_note.session_id;
  if note is not null then
    insert into public.audit_logs (actor_user_id, action, entity_type, entity_id)
    values (caller, 'SESSION_NOTE_READ', 'coaching_session', read_session_note.session_id::text);
  end if;
  return note;
end;
$$;

-- The landing report (visitors' data): admins at aal2, or the service role.
create or replace function private.require_report_access()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may read the landing report' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
end;
$$;

-- The room's header: the child's first name, for a session the caller may enter.
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
    and private.meets_staff_two_factor()
$$;

-- Children's first names and points: a staff member who is also a parent is held to the check.
create or replace function private.leaderboard(max_rows integer)
returns table (rank bigint, first_name text, total_points bigint, is_mine boolean)
language sql
stable
security definer
set search_path = ''
as $$
  with board as (
    select c.id, c.first_name, c.parent_id, c.user_id, sum(p.points)::bigint as total_points
      from public.children c
      join public.ploom_points p on p.child_id = c.id
     where c.leaderboard_opt_in and private.is_enrolled_child(c.id)
     group by c.id, c.first_name, c.parent_id, c.user_id
  )
  select
    rank() over (order by b.total_points desc) as rank,
    b.first_name,
    b.total_points,
    coalesce(b.parent_id = auth.uid() or b.user_id = auth.uid(), false) as is_mine
  from board b
  where auth.uid() is not null and private.has_enrolled_child() and private.meets_staff_two_factor()
  order by b.total_points desc, b.first_name
  limit least(greatest(coalesce(max_rows, 10), 1), 100)
$$;

-- The session room (its Realtime channel's policies, attendance, ice-servers): a staff member
-- enters only after two-factor sign-in, like every other path to the family.
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
      and private.meets_staff_two_factor()
    from public.coaching_sessions s
    where s.id = session
  ), false)
$$;

-- Jobs and triggers only (cron runs them as the owner; triggers are definer themselves): nobody
-- signed in calls them, so nobody signed in may (functions are executable by PUBLIC by default).
revoke execute on function private.book_series_sessions(uuid, date, boolean) from public, anon, authenticated;
revoke execute on function private.extend_session_series() from public, anon, authenticated;
revoke execute on function
  private.queue_session_email(uuid, text, text, uuid, timestamptz, timestamptz)
  from public, anon, authenticated;
revoke execute on function private.send_due_reminders() from public, anon, authenticated;
revoke execute on function private.request_session_email_delivery() from public, anon, authenticated;
