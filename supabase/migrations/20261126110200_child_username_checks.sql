-- Each username a parent tries for a child's login (giving one or renaming it) tells whether the
-- name is taken, so the child-accounts function lets one parent try 10 an hour
-- (docs/decisions/126-child-usernames-not-for-sign-up.md). Before, 30 names were tried in 1.1 s.
create table private.child_username_tries (
  parent_id uuid not null references auth.users (id) on delete cascade,
  tried_at timestamptz not null default now()
);
alter table private.child_username_tries enable row level security;
create index child_username_tries_parent_time on private.child_username_tries (parent_id, tried_at);
revoke all on private.child_username_tries from public, anon, authenticated;

-- Counts one try for the parent; false (and nothing counted) when the hour's 10 are used up.
create or replace function private.take_child_username_try(parent uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
begin
  -- One parent's tries are counted one at a time.
  perform pg_advisory_xact_lock(hashtextextended('child_username_tries:' || parent::text, 0));
  delete from private.child_username_tries t
    where t.parent_id = parent and t.tried_at < now() - interval '1 hour';
  select count(*) into recent from private.child_username_tries t where t.parent_id = parent;
  if recent >= 10 then
    return false;
  end if;
  insert into private.child_username_tries (parent_id) values (parent);
  return true;
end;
$$;
revoke execute on function private.take_child_username_try(uuid) from public, anon, authenticated;
grant execute on function private.take_child_username_try(uuid) to service_role;

-- For the child-accounts function (service role) alone.
create or replace function public.take_child_username_try(parent uuid)
returns boolean
language sql
security invoker
set search_path = ''
as $$
  select private.take_child_username_try(parent)
$$;
revoke execute on function public.take_child_username_try(uuid) from public, anon, authenticated;
grant execute on function public.take_child_username_try(uuid) to service_role;
