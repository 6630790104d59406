-- Child logins (docs/decisions/091-child-logins.md). A child has no email address: the parent gives
-- them a username and a password or PIN, and the `child-accounts` edge function (service role)
-- creates an Auth user `<username>@child.ploom.invalid` (a reserved, non-routable domain), confirmed
-- at creation, with the role 'child', linked to the children row. This table keeps the username for
-- the parent's screen; the child signs in by typing it, and the site turns it into that address.

create table public.child_logins (
  child_id uuid primary key references public.children (id) on delete cascade,
  -- removing the Auth user (the function's "remove", or an account deletion) removes this row
  user_id uuid not null unique references auth.users (id) on delete cascade,
  username text not null unique
    check (username ~ '^[a-z0-9](?:[a-z0-9]|[.-](?=[a-z0-9])){2,29}$' and char_length(username) <= 30),
  secret_kind text not null check (secret_kind in ('password', 'pin')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.child_logins enable row level security;

create trigger child_logins_set_updated_at
  before update on public.child_logins
  for each row execute function private.set_updated_at();

-- Only the service role writes (through the function below); the child's parent and admins read.
revoke all on public.child_logins from anon, authenticated;
grant select on public.child_logins to authenticated;

create policy "Parents read their children's logins and admins all"
  on public.child_logins for select to authenticated
  using ((select private.is_parent_of_child(child_id)) or (select private.is_admin()));

-- Links (or re-links) a child's login: children.user_id and the username, in one transaction. The
-- guard on children lets only admins and the service role link a login, so this is for the
-- service role alone (the child-accounts function, after checking the caller is the parent).
create or replace function public.link_child_login(
  child uuid,
  login_user uuid,
  login_username text,
  login_secret_kind text
)
returns void
language plpgsql
security invoker
set search_path = ''
as $$
begin
  update public.children set user_id = login_user where id = child;
  if not found then
    raise exception 'No such child' using errcode = 'P0002';
  end if;
  insert into public.child_logins (child_id, user_id, username, secret_kind)
  values (child, login_user, login_username, login_secret_kind)
  on conflict (child_id) do update
    set user_id = excluded.user_id, username = excluded.username, secret_kind = excluded.secret_kind;
end;
$$;
revoke execute on function public.link_child_login(uuid, uuid, text, text) from public, anon, authenticated;
grant execute on function public.link_child_login(uuid, uuid, text, text) to service_role;

-- A child's data goes with the child: deleting a children row (by the parent, an admin, or the
-- parent's account deletion cascading) deletes the child's Auth user too, and its sessions.
create or replace function private.delete_child_login()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.user_id is not null and private.has_role(old.user_id, 'child') then
    delete from auth.users where id = old.user_id;
  end if;
  return old;
end;
$$;

create trigger children_delete_child_login
  after delete on public.children
  for each row execute function private.delete_child_login();

-- What a child's login may read about a children row is what the child dashboard shows, nothing
-- more: the parent's notes, the birth year and the focus areas are adults' records. So a child's
-- login reads no children row directly (this restrictive policy holds whatever permissive policy
-- lets other callers in), and gets its dashboard from public.child_dashboard() below.
create policy "A child's login reads no children row directly"
  on public.children as restrictive for select to authenticated
  using (user_id is distinct from (select auth.uid()));

-- The child dashboard: the child's first name, points, and next session (the room's opening hours
-- as the room itself computes them). The coach is named by first name. Only for a child's login.
create or replace function private.child_dashboard()
returns table (
  child_id uuid,
  first_name text,
  points integer,
  next_session_id uuid,
  next_starts_at timestamptz,
  next_ends_at timestamptz,
  next_opens_at timestamptz,
  next_closes_at timestamptz,
  coach_first_name text
)
language sql
stable
security definer
set search_path = ''
as $$
  select
    c.id,
    c.first_name,
    coalesce((select sum(p.points) from public.ploom_points p where p.child_id = c.id), 0)::integer,
    s.id,
    s.starts_at,
    s.starts_at + make_interval(mins => s.duration_minutes),
    private.session_room_opens_at(s.starts_at),
    private.session_room_closes_at(s.starts_at, s.duration_minutes),
    split_part(btrim(co.display_name), ' ', 1)
  from public.children c
  left join lateral (
    select x.*
    from public.coaching_sessions x
    where x.child_id = c.id
      and x.status = 'scheduled'
      and now() < private.session_room_closes_at(x.starts_at, x.duration_minutes)
    order by x.starts_at
    limit 1
  ) s on true
  left join public.coaches co on co.id = s.coach_id
  where c.user_id = auth.uid()
    and auth.uid() is not null
$$;
revoke execute on function private.child_dashboard() from public;
grant execute on function private.child_dashboard() to authenticated, service_role;

create or replace function public.child_dashboard()
returns table (
  child_id uuid,
  first_name text,
  points integer,
  next_session_id uuid,
  next_starts_at timestamptz,
  next_ends_at timestamptz,
  next_opens_at timestamptz,
  next_closes_at timestamptz,
  coach_first_name text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.child_dashboard()
$$;
revoke execute on function public.child_dashboard() from public, anon;
grant execute on function public.child_dashboard() to authenticated, service_role;

-- Giving, renaming and removing a child's login is audited (the function acts as the service role,
-- so the entry reads "via service_role"; the secret itself is never recorded).
create trigger child_logins_audit after insert or update or delete on public.child_logins
  for each row execute function private.audit_change('CHILD_LOGIN_*', 'child', 'child_id', 'username', 'secret_kind');
