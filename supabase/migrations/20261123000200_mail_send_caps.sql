-- Caps on the emails the public functions send, so they cannot be used as a spam relay:
-- - per recipient: at most 5 emails an hour and 10 a day to one address, across every function
--   (each new quiz assessment or form row would otherwise be one more email to a stranger);
-- - per client: at most 30 sends an hour from one client address (the first x-forwarded-for
--   address the function sees behind the gateway), so distinct addresses cannot be mailed in bulk.
-- The count lives here, not in the function's memory, so it holds on hosted Supabase whatever the
-- number of function instances. A send is one function call that mails one form address (the
-- team's notification that goes with it is not counted against the recipient).

create table private.mail_send_attempts (
  id bigint generated always as identity primary key,
  function_name text not null check (function_name ~ '^[a-z][a-z0-9-]{0,63}$'),
  recipient text not null check (char_length(recipient) between 3 and 254),
  client text not null check (char_length(client) between 1 and 64),
  created_at timestamptz not null default now()
);
alter table private.mail_send_attempts enable row level security;
create index mail_send_attempts_recipient_idx on private.mail_send_attempts (recipient, created_at);
create index mail_send_attempts_client_idx on private.mail_send_attempts (client, created_at);
create index mail_send_attempts_created_at_idx on private.mail_send_attempts (created_at);
revoke all on private.mail_send_attempts from public, anon, authenticated, service_role;

-- Records one send if it is within the caps, or refuses it (nothing recorded) with the reason and
-- the seconds until a place frees up. Reservations for one client, and for one recipient, are
-- serialised by transaction-level advisory locks (always client first, then recipient, so two
-- calls never wait on each other in a cycle): concurrent calls cannot both take the last place.
create or replace function private.reserve_mail_send(function_name text, recipient text, client text)
returns table (allowed boolean, reason text, retry_after_seconds integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  to_address text := lower(btrim(recipient));
  from_client text := left(coalesce(nullif(btrim(client), ''), 'unknown'), 64);
  oldest timestamptz;
  recent integer;
begin
  if function_name is null or function_name !~ '^[a-z][a-z0-9-]{0,63}$' then
    raise exception 'function_name must be a function''s name' using errcode = '22023';
  end if;
  if to_address is null or char_length(to_address) not between 3 and 254 or strpos(to_address, '@') = 0 then
    raise exception 'recipient must be an email address' using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(7301, hashtext(from_client));
  perform pg_advisory_xact_lock(7302, hashtext(to_address));

  -- Each statement below reads a fresh snapshot (read committed), so it sees what the previous
  -- holder of the locks committed.
  delete from private.mail_send_attempts a where a.created_at < now() - interval '1 day';

  select count(*), min(a.created_at) into recent, oldest
    from private.mail_send_attempts a
   where a.client = from_client and a.created_at > now() - interval '1 hour';
  if recent >= 30 then
    return query select false, 'Too many emails requested from this device. Please try again later.',
      greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
    return;
  end if;

  select count(*), min(a.created_at) into recent, oldest
    from private.mail_send_attempts a
   where a.recipient = to_address and a.created_at > now() - interval '1 hour';
  if recent >= 5 then
    return query select false, 'Too many emails to this address. Please try again later.',
      greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
    return;
  end if;

  select count(*), min(a.created_at) into recent, oldest
    from private.mail_send_attempts a
   where a.recipient = to_address and a.created_at > now() - interval '1 day';
  if recent >= 10 then
    return query select false, 'Too many emails to this address today. Please try again tomorrow.',
      greatest(1, ceil(extract(epoch from oldest + interval '1 day' - now())))::integer;
    return;
  end if;

  insert into private.mail_send_attempts (function_name, recipient, client)
  values (reserve_mail_send.function_name, to_address, from_client);
  return query select true, null::text, null::integer;
end;
$$;
revoke all on function private.reserve_mail_send(text, text, text) from public;
grant execute on function private.reserve_mail_send(text, text, text) to service_role;

-- The entry point the functions call (rpc reserve_mail_send) with the service role; nobody else
-- may, so a visitor can neither fill the caps for someone else nor read them.
create or replace function public.reserve_mail_send(function_name text, recipient text, client text)
returns table (allowed boolean, reason text, retry_after_seconds integer)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.reserve_mail_send(function_name, recipient, client)
$$;
revoke all on function public.reserve_mail_send(text, text, text) from public, anon, authenticated;
grant execute on function public.reserve_mail_send(text, text, text) to service_role;
