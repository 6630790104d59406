-- A stranger who knows a child's username cannot keep the child locked out (issue 35, finding 4;
-- docs/decisions/229-child-login-lockout.md). The password hook locked a child's login for everyone
-- after five wrong secrets from any address (decision 125), so five wrong PINs from anywhere kept the
-- child out, again every 15 minutes. Now the child-sign-in function has every try judged here before
-- it asks Auth, counted per username and client address:
-- - five wrong tries on one username from one address within 15 minutes refuse that address for that
--   username until the oldest of them is 15 minutes old (429); every other address goes on;
-- - thirty wrong tries from one address within an hour, over all usernames, refuse that address;
-- - thirty wrong tries on one username within a day, over all addresses, lock it for everyone for a
--   day or until a parent unlocks it; the parent is emailed once a lock (family_notices).
-- The right secret ends its address's count for that username; the parent's unlock ends every count.
-- A username nobody has is counted and locked the same way (by a hash of the name, never the name),
-- with the same work, so no answer tells whether a name is taken. The password hook no longer counts:
-- it only refuses while the login is locked.

-- The rule, in one place.
create or replace function private.child_sign_in_limits()
returns table (
  per_address_and_name integer,
  address_and_name_window interval,
  per_address integer,
  address_window interval,
  per_name integer,
  name_window interval
)
language sql
immutable
set search_path = ''
as $$
  select 5, interval '15 minutes', 30, interval '1 hour', 30, interval '24 hours'
$$;
revoke execute on function private.child_sign_in_limits() from public, anon, authenticated;

-- The message while a username is locked for everyone (the site shows a child "ask your parent").
create or replace function private.child_login_locked_message()
returns text
language sql
immutable
set search_path = ''
as $$
  select 'This login is locked after too many wrong tries today. A parent can unlock it from their account; otherwise it unlocks by itself after a day.'
$$;

-- Every try of the last day: whose login (a child's, or a name nobody has, by its hash), from which
-- address, and how it went. Kept no longer than the rule needs; nobody reads it through the API.
create table private.child_sign_in_tries (
  id bigint generated always as identity primary key,
  -- what the counts are kept by: the child's id (uuid_send, 16 bytes) when a child has the name,
  -- else the SHA-256 of the name (32 bytes)
  subject bytea not null,
  -- the child, when one has the name: the tries go with the login
  child_id uuid references public.child_logins (child_id) on delete cascade,
  -- the client's address as the gateway saw it (an IPv6 one by its /64: child_sign_in_client_key)
  client text not null check (char_length(client) <= 64),
  -- null while Auth is asked: a try whose answer never came counts as a wrong one
  outcome text check (outcome in ('failed', 'succeeded')),
  tried_at timestamptz not null default now(),
  constraint child_sign_in_tries_subject_of_child
    check (child_id is null or subject = uuid_send(child_id))
);
alter table private.child_sign_in_tries enable row level security;
create index child_sign_in_tries_subject_time on private.child_sign_in_tries (subject, tried_at);
create index child_sign_in_tries_client_time on private.child_sign_in_tries (client, tried_at);
create index child_sign_in_tries_child on private.child_sign_in_tries (child_id);
create index child_sign_in_tries_time on private.child_sign_in_tries (tried_at);

-- The day's lock of a name nobody has (a child's is public.child_login_locks, which the parent sees).
create table private.child_sign_in_name_locks (
  subject bytea primary key,
  locked_until timestamptz not null
);
alter table private.child_sign_in_name_locks enable row level security;
revoke all on private.child_sign_in_tries, private.child_sign_in_name_locks from public, anon, authenticated;

-- The address a try is counted against: an IPv4 address as it is; an IPv6 address by its /64, the
-- block one household or machine is given (counting each of its 2^64 addresses apart would give one
-- machine as many fresh counts as it likes). Anything else as it came, or 'unknown'.
create or replace function private.child_sign_in_client_key(client_address text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  ip inet;
begin
  begin
    ip := btrim(client_address)::inet;
  exception when others then
    return left(coalesce(nullif(btrim(client_address), ''), 'unknown'), 64);
  end;
  if ip is null then
    return 'unknown';
  end if;
  if family(ip) = 6 and not ip <<= '::ffff:0:0/96'::inet then
    return host(network(set_masklen(ip, 64))) || '/64';
  end if;
  return host(ip);
end;
$$;
revoke execute on function private.child_sign_in_client_key(text) from public, anon, authenticated;

-- A subject's lock and the moment its wrong tries count from: the latest of the window's start, the
-- parent's unlock and the end of its last lock (while a lock runs, nothing is counted).
create or replace function private.child_sign_in_lock_state(
  child uuid,
  subject bytea,
  out locked_until timestamptz,
  out counts_since timestamptz
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  unlocked_at timestamptz;
begin
  if child is not null then
    select k.locked_until, k.unlocked_at into locked_until, unlocked_at
      from public.child_login_locks k where k.child_id = child;
  else
    select k.locked_until into locked_until
      from private.child_sign_in_name_locks k where k.subject = child_sign_in_lock_state.subject;
  end if;
  counts_since := greatest(
    now() - (select l.name_window from private.child_sign_in_limits() l),
    coalesce(unlocked_at, '-infinity'),
    coalesce(locked_until, '-infinity')
  );
end;
$$;
revoke execute on function private.child_sign_in_lock_state(uuid, bytea) from public, anon, authenticated;

-- Locks a subject for everyone for a day. A child's lock is the parent's to see and lift, and the
-- parent is emailed when it begins (once a lock: a lock already running is left as it is), with the
-- number of wrong tries that made it.
create or replace function private.lock_child_sign_in(child uuid, subject bytea, wrong_tries integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  lock_end timestamptz := now() + (select l.name_window from private.child_sign_in_limits() l);
begin
  if child is null then
    insert into private.child_sign_in_name_locks as k (subject, locked_until)
    values (lock_child_sign_in.subject, lock_end)
    on conflict on constraint child_sign_in_name_locks_pkey do update set locked_until = excluded.locked_until
      where k.locked_until <= now();
    return;
  end if;
  insert into public.child_login_locks as k (child_id, locked_until)
  values (child, lock_end)
  on conflict (child_id) do update set locked_until = excluded.locked_until
    where k.locked_until is null or k.locked_until <= now();
  if found then
    insert into public.family_notices (kind, child_id, recipient_user_id, wrong_tries)
    select 'child_login_locked', c.id, c.parent_id, greatest(lock_child_sign_in.wrong_tries, 1)
      from public.children c where c.id = child;
  end if;
end;
$$;
revoke execute on function private.lock_child_sign_in(uuid, bytea, integer) from public, anon, authenticated;

-- Before Auth is asked: refuses the try ({refused: 'locked', message} while the name is locked;
-- {refused: 'address', retry_after: seconds} while this address has had its tries), or counts it
-- ({try: id}, a wrong one until finish_child_sign_in says otherwise). A name nobody has takes the
-- same steps as a child's.
create or replace function private.begin_child_sign_in(login_username text, client_address text)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  wanted text := lower(btrim(coalesce(login_username, '')));
  from_client text := private.child_sign_in_client_key(client_address);
  limits record;
  child uuid;
  try_subject bytea;
  state record;
  wrong_tries integer;
  last_success timestamptz;
  recent timestamptz[];
  try_id bigint;
begin
  select * into limits from private.child_sign_in_limits();
  select l.child_id into child from public.child_logins l where l.username = wanted;
  try_subject := coalesce(uuid_send(child), sha256(convert_to(wanted, 'UTF8')));
  -- One subject's tries, and one address's, are judged one at a time (subject first: no deadlock),
  -- so tries sent at once cannot slip past a count.
  perform pg_advisory_xact_lock(hashtextextended('child_sign_in:' || encode(try_subject, 'hex'), 0));
  perform pg_advisory_xact_lock(hashtextextended('child_sign_in_client:' || from_client, 0));
  -- What the rule no longer needs goes (rows another call is removing are left to it).
  delete from private.child_sign_in_tries t
   where t.id in (select o.id from private.child_sign_in_tries o
                   where o.tried_at < now() - limits.name_window
                   for update skip locked);
  delete from private.child_sign_in_name_locks k where k.locked_until < now();

  select * into state from private.child_sign_in_lock_state(child, try_subject);
  if state.locked_until > now() then
    return jsonb_build_object('refused', 'locked', 'message', private.child_login_locked_message());
  end if;
  -- Tries still waiting for Auth's answer count as wrong ones: the day's ceiling holds for tries sent at once.
  select count(*) into wrong_tries from private.child_sign_in_tries t
   where t.subject = try_subject
     and t.outcome is distinct from 'succeeded'
     and t.tried_at > state.counts_since;
  if wrong_tries >= limits.per_name then
    perform private.lock_child_sign_in(child, try_subject, wrong_tries);
    return jsonb_build_object('refused', 'locked', 'message', private.child_login_locked_message());
  end if;

  -- This address on this name: its wrong tries since its last success, the parent's unlock, and
  -- within the window; refused until the oldest of the last few is out of the window.
  select max(t.tried_at) into last_success
    from private.child_sign_in_tries t
   where t.subject = try_subject and t.client = from_client
     and t.outcome = 'succeeded';
  recent := array(
    select t.tried_at from private.child_sign_in_tries t
     where t.subject = try_subject and t.client = from_client
       and t.outcome is distinct from 'succeeded'
       and t.tried_at > greatest(
         now() - limits.address_and_name_window,
         coalesce(last_success, '-infinity'),
         state.counts_since
       )
     order by t.tried_at desc
     limit limits.per_address_and_name
  );
  if cardinality(recent) >= limits.per_address_and_name then
    return jsonb_build_object(
      'refused', 'address',
      'retry_after', greatest(1, ceil(extract(epoch from
        recent[limits.per_address_and_name] + limits.address_and_name_window - now())))::integer
    );
  end if;

  -- This address on any name: its wrong tries within the window.
  recent := array(
    select t.tried_at from private.child_sign_in_tries t
     where t.client = from_client
       and t.outcome is distinct from 'succeeded'
       and t.tried_at > now() - limits.address_window
     order by t.tried_at desc
     limit limits.per_address
  );
  if cardinality(recent) >= limits.per_address then
    return jsonb_build_object(
      'refused', 'address',
      'retry_after', greatest(1, ceil(extract(epoch from
        recent[limits.per_address] + limits.address_window - now())))::integer
    );
  end if;

  insert into private.child_sign_in_tries (subject, child_id, client)
  values (try_subject, child, from_client)
  returning id into try_id;
  return jsonb_build_object('try', try_id);
end;
$$;
revoke execute on function private.begin_child_sign_in(text, text) from public, anon, authenticated;
grant execute on function private.begin_child_sign_in(text, text) to service_role;

-- After Auth answered: 'succeeded' or 'failed' (the parent sees it; the day's ceiling may lock the
-- name, and then the lock message is answered), or 'unchecked' (Auth compared nothing, e.g. its own
-- rate limit: the try does not count). Each try is finished once.
create or replace function private.finish_child_sign_in(try_id bigint, outcome text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  limits record;
  try private.child_sign_in_tries%rowtype;
  result text;
  state record;
  wrong_tries integer;
begin
  if outcome is null or outcome not in ('succeeded', 'failed', 'unchecked') then
    raise exception 'outcome must be succeeded, failed or unchecked' using errcode = '22023';
  end if;
  select * into limits from private.child_sign_in_limits();
  select * into try from private.child_sign_in_tries t where t.id = try_id;
  if try.id is null or try.outcome is not null then
    return null;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('child_sign_in:' || encode(try.subject, 'hex'), 0));
  if outcome = 'unchecked' then
    delete from private.child_sign_in_tries t where t.id = try.id and t.outcome is null;
    return null;
  end if;
  -- Only a child's login can be signed in to.
  result := case when outcome = 'succeeded' and try.child_id is not null then 'succeeded' else 'failed' end;
  update private.child_sign_in_tries t set outcome = result where t.id = try.id and t.outcome is null;
  if not found then
    return null;
  end if;
  if try.child_id is not null then
    delete from public.child_login_attempts a
     where a.child_id = try.child_id and a.attempted_at < now() - interval '30 days';
    insert into public.child_login_attempts (child_id, outcome) values (try.child_id, result);
  end if;
  if result = 'succeeded' then
    return null;
  end if;
  select * into state from private.child_sign_in_lock_state(try.child_id, try.subject);
  if state.locked_until > now() then
    return private.child_login_locked_message();
  end if;
  select count(*) into wrong_tries from private.child_sign_in_tries t
   where t.subject = try.subject
     and t.outcome is distinct from 'succeeded'
     and t.tried_at > state.counts_since;
  if wrong_tries >= limits.per_name then
    perform private.lock_child_sign_in(try.child_id, try.subject, wrong_tries);
    return private.child_login_locked_message();
  end if;
  return null;
end;
$$;
revoke execute on function private.finish_child_sign_in(bigint, text) from public, anon, authenticated;
grant execute on function private.finish_child_sign_in(bigint, text) to service_role;

create or replace function public.begin_child_sign_in(login_username text, client_address text)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.begin_child_sign_in(login_username, client_address)
$$;
revoke execute on function public.begin_child_sign_in(text, text) from public, anon, authenticated;
grant execute on function public.begin_child_sign_in(text, text) to service_role;

create or replace function public.finish_child_sign_in(try_id bigint, outcome text)
returns text
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.finish_child_sign_in(try_id, outcome)
$$;
revoke execute on function public.finish_child_sign_in(bigint, text) from public, anon, authenticated;
grant execute on function public.finish_child_sign_in(bigint, text) to service_role;

-- The password hook (newest definition: 20261126110000_child_login_lockout.sql) no longer counts:
-- the counting above knows the client's address, the hook does not. It still refuses every
-- password while a child's login is locked, whatever path reached Auth.
create or replace function private.judge_password_attempt(login_user uuid, valid boolean)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when exists (
      select 1 from public.child_logins l
        join public.child_login_locks k on k.child_id = l.child_id
       where l.user_id = login_user and k.locked_until > now()
    ) then jsonb_build_object(
      'decision', 'reject',
      'message', private.child_login_locked_message(),
      'should_logout_user', false
    )
    else jsonb_build_object('decision', 'continue')
  end
$$;
revoke execute on function private.judge_password_attempt(uuid, boolean) from public, anon, authenticated;
grant execute on function private.judge_password_attempt(uuid, boolean) to supabase_auth_admin;

-- What the counting above replaces (20261127010100_child_sign_in.sql, 20261126110000).
drop function public.judge_unknown_child_sign_in(text);
drop function private.judge_unknown_child_sign_in(text);
drop table private.unknown_child_sign_in_failures;
drop table private.unknown_child_sign_in_locks;
drop function private.child_login_lock_rule();

-- The parent is told when a child's login is locked for the day: a notice of its own kind in the
-- family's outbox, with the number of wrong tries that locked it (never an address or a secret) and
-- the child's secret kind. It is no longer true (skipped) once the lock has ended or been lifted.
alter table public.family_notices
  add column wrong_tries integer check (wrong_tries > 0);
alter table public.family_notices drop constraint family_notices_kind_check;
alter table public.family_notices add constraint family_notices_kind_check
  check (kind in ('coach_match', 'progress_report', 'child_login_locked'));
alter table public.family_notices add constraint family_notices_lock_counts_tries
  check (kind <> 'child_login_locked' or wrong_tries is not null);

-- Newest definition: 20261129000500_progress_reports.sql; the child_login_locked kind is added.
create or replace function public.claim_family_notices(max_rows integer default 50)
returns table (
  id bigint,
  kind text,
  to_email text,
  recipient_name text,
  child_id uuid,
  child_first_name text,
  details jsonb,
  current boolean
)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select n.id
    from public.family_notices n
    where n.outcome is null
      and n.attempts < 5
      and (n.claimed_at is null or n.claimed_at < now() - interval '10 minutes')
    order by n.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.family_notices n
    set claimed_at = now(), attempts = n.attempts + 1
    from picked
    where n.id = picked.id
    returning n.*
  )
  select
    c.id,
    c.kind,
    u.email::text,
    p.first_name,
    c.child_id,
    ch.first_name,
    case c.kind
      when 'coach_match' then jsonb_build_object('coach_name', k.display_name, 'coach_title', k.title)
      when 'progress_report' then jsonb_build_object(
        'report_id', r.id, 'cadence', r.cadence, 'period_start', r.period_start, 'period_end', r.period_end,
        'coach_name', rk.display_name)
      when 'child_login_locked' then jsonb_build_object('secret_kind', cl.secret_kind, 'wrong_tries', c.wrong_tries)
    end,
    case c.kind
      when 'coach_match' then ch.coach_id is not distinct from c.coach_id
      when 'progress_report' then r.status = 'published'
      when 'child_login_locked' then exists (
        select 1 from public.child_login_locks lk where lk.child_id = c.child_id and lk.locked_until > now())
      else true
    end
  from claimed c
  join public.children ch on ch.id = c.child_id
  left join public.coaches k on k.id = c.coach_id
  left join public.progress_reports r on r.id = c.report_id
  left join public.coaches rk on rk.id = r.coach_id
  left join public.child_logins cl on cl.child_id = c.child_id
  join auth.users u on u.id = c.recipient_user_id
  left join public.profiles p on p.id = c.recipient_user_id
  order by c.id
$$;
revoke execute on function public.claim_family_notices(integer) from public, anon, authenticated;
grant execute on function public.claim_family_notices(integer) to service_role;
