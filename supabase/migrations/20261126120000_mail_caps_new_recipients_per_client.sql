-- The per-client sending cap counted sends (30 an hour), so one client could still welcome 30
-- strangers an hour: a relay. A form mails the person who fills it in; at most 10 different
-- recipients an hour from one client is plenty for a household or an office behind one address.
-- The 30 sends an hour stays (several emails to the same few people). The client is the address
-- the gateway appended to x-forwarded-for (supabase/functions/_shared/caps.ts), not the client's
-- own claim. Redefines private.reserve_mail_send (20261123000200_mail_send_caps.sql).

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

  -- A newsletter form, a quiz or an intro-call request mails the person filling it in: one client
  -- has no reason to reach more than a handful of different people an hour.
  if not exists (
    select 1 from private.mail_send_attempts a
     where a.client = from_client and a.recipient = to_address and a.created_at > now() - interval '1 hour'
  ) then
    select count(distinct a.recipient), min(a.created_at) into recent, oldest
      from private.mail_send_attempts a
     where a.client = from_client and a.created_at > now() - interval '1 hour';
    if recent >= 10 then
      return query select false, 'Too many emails requested from this device. Please try again later.',
        greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
      return;
    end if;
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
