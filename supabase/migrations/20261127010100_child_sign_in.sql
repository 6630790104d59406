-- What the child-sign-in function asks the database (docs/decisions/151-child-sign-in-function.md):
-- the Auth address behind a username, and, for a username nobody has, the same lock a real login
-- would get, so that five wrong tries answer "locked" whether or not the name exists. Both are for
-- the service role alone.

-- The Auth address of the child login with this username (lowercased, trimmed), or null.
create or replace function private.child_sign_in_email(login_username text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text
    from public.child_logins l
    join auth.users u on u.id = l.user_id
   where l.username = lower(btrim(login_username))
$$;
revoke execute on function private.child_sign_in_email(text) from public, anon, authenticated;
grant execute on function private.child_sign_in_email(text) to service_role;

create or replace function public.child_sign_in_email(login_username text)
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select private.child_sign_in_email(login_username)
$$;
revoke execute on function public.child_sign_in_email(text) from public, anon, authenticated;
grant execute on function public.child_sign_in_email(text) to service_role;

-- Wrong tries on usernames that belong to nobody, and their locks, by a hash of the name (never the
-- name itself), kept no longer than the lock rule needs.
create table private.unknown_child_sign_in_failures (
  id bigint generated always as identity primary key,
  username_hash bytea not null,
  failed_at timestamptz not null default now()
);
alter table private.unknown_child_sign_in_failures enable row level security;
create index unknown_child_sign_in_failures_name_time
  on private.unknown_child_sign_in_failures (username_hash, failed_at);

create table private.unknown_child_sign_in_locks (
  username_hash bytea primary key,
  locked_until timestamptz not null
);
alter table private.unknown_child_sign_in_locks enable row level security;
revoke all on private.unknown_child_sign_in_failures, private.unknown_child_sign_in_locks
  from public, anon, authenticated;

-- Counts one wrong try on a username nobody has and answers the lock message when the answer is
-- "locked" (null when it is not), by
-- private.child_login_lock_rule() exactly as private.judge_password_attempt judges a real login's
-- wrong try: while locked every try is refused (and not counted); the try that makes max_failures
-- within the window (counted since the last lock ended) locks for lock_for.
create or replace function private.judge_unknown_child_sign_in(login_username text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  name_hash bytea := sha256(convert_to(lower(btrim(coalesce(login_username, ''))), 'UTF8'));
  rule record;
  lock_end timestamptz;
  failures integer;
begin
  select * into rule from private.child_login_lock_rule();
  -- One name's tries are judged one at a time.
  perform pg_advisory_xact_lock(hashtextextended('unknown_child_sign_in:' || encode(name_hash, 'hex'), 0));
  delete from private.unknown_child_sign_in_failures f where f.failed_at < now() - rule.failure_window;
  delete from private.unknown_child_sign_in_locks k where k.locked_until < now() - rule.failure_window;
  select k.locked_until into lock_end from private.unknown_child_sign_in_locks k
   where k.username_hash = name_hash;
  if lock_end > now() then
    return private.child_login_locked_message();
  end if;
  insert into private.unknown_child_sign_in_failures (username_hash) values (name_hash);
  select count(*) into failures
    from private.unknown_child_sign_in_failures f
   where f.username_hash = name_hash
     and f.failed_at > greatest(now() - rule.failure_window, coalesce(lock_end, '-infinity'));
  if failures >= rule.max_failures then
    insert into private.unknown_child_sign_in_locks (username_hash, locked_until)
    values (name_hash, now() + rule.lock_for)
    on conflict (username_hash) do update set locked_until = excluded.locked_until;
    return private.child_login_locked_message();
  end if;
  return null;
end;
$$;
revoke execute on function private.judge_unknown_child_sign_in(text) from public, anon, authenticated;
grant execute on function private.judge_unknown_child_sign_in(text) to service_role;

create or replace function public.judge_unknown_child_sign_in(login_username text)
returns text
language sql
security invoker
set search_path = ''
as $$
  select private.judge_unknown_child_sign_in(login_username)
$$;
revoke execute on function public.judge_unknown_child_sign_in(text) from public, anon, authenticated;
grant execute on function public.judge_unknown_child_sign_in(text) to service_role;
