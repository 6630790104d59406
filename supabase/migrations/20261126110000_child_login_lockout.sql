-- A child's login locks after a few wrong passwords or PINs, whatever address they come from
-- (docs/decisions/125-child-login-lockout.md). Supabase Auth asks the Password Verification Attempt
-- hook (config.toml [auth.hook.password_verification_attempt]) after every password it checks for a
-- user who has one; this function answers it. Five wrong in 15 minutes lock the login for 15
-- minutes, or until the parent unlocks it from /app/account/children; while locked, the right
-- secret is refused too (so a lock tells a guesser nothing about the secret). The parent reads the
-- attempts. Adults' logins are not locked by it (a stranger could lock a parent out); Auth's
-- per-address limits and staff two-factor apply to them.

-- What the parent sees: each attempt on a child's login, kept 30 days. Attempts and the lock belong
-- to the login: removing it (or the child) removes them; a new login starts clean.
create table public.child_login_attempts (
  id bigint generated always as identity primary key,
  child_id uuid not null references public.child_logins (child_id) on delete cascade,
  outcome text not null check (outcome in ('succeeded', 'failed', 'refused_locked')),
  attempted_at timestamptz not null default now()
);
alter table public.child_login_attempts enable row level security;
create index child_login_attempts_child_time on public.child_login_attempts (child_id, attempted_at desc);

-- The lock itself: one row per child whose login was ever locked or unlocked.
create table public.child_login_locks (
  child_id uuid primary key references public.child_logins (child_id) on delete cascade,
  -- the login refuses every password until then (null: not locked)
  locked_until timestamptz,
  -- wrong attempts before this no longer count (the parent unlocked it)
  unlocked_at timestamptz
);
alter table public.child_login_locks enable row level security;

-- Written only by the hook and the unlock function below; the child's parent and admins read.
revoke all on public.child_login_attempts, public.child_login_locks from anon, authenticated;
grant select on public.child_login_attempts, public.child_login_locks to authenticated;

create policy "Parents read their children's sign-in attempts and admins all"
  on public.child_login_attempts for select to authenticated
  using ((select private.is_parent_of_child(child_id)) or (select private.is_admin()));

create policy "Parents read their children's login locks and admins all"
  on public.child_login_locks for select to authenticated
  using ((select private.is_parent_of_child(child_id)) or (select private.is_admin()));

-- Staff two-factor sign-in (20261123009000) reaches these too, as every table of families' data.
create policy "Staff reach families' data only with two-factor sign-in"
  on public.child_login_attempts as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));
create policy "Staff reach families' data only with two-factor sign-in"
  on public.child_login_locks as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- The rule, in one place.
create or replace function private.child_login_lock_rule()
returns table (max_failures integer, failure_window interval, lock_for interval)
language sql
immutable
set search_path = ''
as $$
  select 5, interval '15 minutes', interval '15 minutes'
$$;

-- The message Auth answers while the login is locked (the site shows it in a child's words).
create or replace function private.child_login_locked_message()
returns text
language sql
immutable
set search_path = ''
as $$
  select 'This login is locked after too many wrong tries. A parent can unlock it from their account; otherwise it unlocks by itself in 15 minutes.'
$$;

-- Judges one checked password of a user: continue, or reject while the child's login is locked.
create or replace function private.judge_password_attempt(login_user uuid, valid boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  child uuid;
  lock_row public.child_login_locks%rowtype;
  rule record;
  last_success timestamptz;
  failures integer;
  reject jsonb := jsonb_build_object(
    'decision', 'reject',
    'message', private.child_login_locked_message(),
    'should_logout_user', false
  );
begin
  -- One child's attempts are judged one at a time (the login's row is held until commit).
  select l.child_id into child from public.child_logins l where l.user_id = login_user for update;
  if child is null then
    return jsonb_build_object('decision', 'continue');
  end if;
  select * into rule from private.child_login_lock_rule();
  delete from public.child_login_attempts a
    where a.child_id = child and a.attempted_at < now() - interval '30 days';
  select * into lock_row from public.child_login_locks k where k.child_id = child;

  if lock_row.locked_until > now() then
    insert into public.child_login_attempts (child_id, outcome) values (child, 'refused_locked');
    return reject;
  end if;

  if valid then
    insert into public.child_login_attempts (child_id, outcome) values (child, 'succeeded');
    return jsonb_build_object('decision', 'continue');
  end if;

  insert into public.child_login_attempts (child_id, outcome) values (child, 'failed');
  select max(a.attempted_at) into last_success
    from public.child_login_attempts a where a.child_id = child and a.outcome = 'succeeded';
  -- Wrong attempts count since the latest of: the window's start, a success, an unlock, a lock's end.
  select count(*) into failures
    from public.child_login_attempts a
    where a.child_id = child
      and a.outcome = 'failed'
      and a.attempted_at > greatest(
        now() - rule.failure_window,
        coalesce(last_success, '-infinity'),
        coalesce(lock_row.unlocked_at, '-infinity'),
        coalesce(lock_row.locked_until, '-infinity')
      );
  if failures >= rule.max_failures then
    insert into public.child_login_locks (child_id, locked_until)
    values (child, now() + rule.lock_for)
    on conflict (child_id) do update set locked_until = excluded.locked_until;
    return reject;
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$$;
revoke execute on function private.judge_password_attempt(uuid, boolean) from public, anon, authenticated;

-- The hook Auth calls: {user_id, valid} in, {decision, message, should_logout_user} out.
create or replace function public.hook_password_verification_attempt(event jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if jsonb_typeof(event -> 'user_id') <> 'string' or jsonb_typeof(event -> 'valid') <> 'boolean' then
    return jsonb_build_object('decision', 'continue');
  end if;
  return private.judge_password_attempt((event ->> 'user_id')::uuid, (event ->> 'valid')::boolean);
end;
$$;

-- Only Auth runs the hook (as supabase_auth_admin, the role hosted Auth connects with).
grant usage on schema private to supabase_auth_admin;
grant execute on function private.child_login_lock_rule(), private.child_login_locked_message()
  to supabase_auth_admin;
grant execute on function private.judge_password_attempt(uuid, boolean) to supabase_auth_admin;
grant execute on function public.hook_password_verification_attempt(jsonb) to supabase_auth_admin;
revoke execute on function public.hook_password_verification_attempt(jsonb) from authenticated, anon, public;

-- The parent (or an admin) unlocks a child's login: the lock ends and earlier wrong tries stop counting.
create or replace function private.unlock_child_login(child uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.require_staff_two_factor();
  if child is null or not (private.is_parent_of_child(child) or private.is_admin())
    or not exists (select 1 from public.child_logins l where l.child_id = child) then
    raise exception 'No such child login' using errcode = 'P0002';
  end if;
  insert into public.child_login_locks (child_id, locked_until, unlocked_at)
  values (child, null, now())
  on conflict (child_id) do update set locked_until = null, unlocked_at = now();
end;
$$;
revoke execute on function private.unlock_child_login(uuid) from public, anon;
grant execute on function private.unlock_child_login(uuid) to authenticated;

create or replace function public.unlock_child_login(child uuid)
returns void
language sql
security invoker
set search_path = ''
as $$
  select private.unlock_child_login(child)
$$;
revoke execute on function public.unlock_child_login(uuid) from public, anon;
grant execute on function public.unlock_child_login(uuid) to authenticated;
