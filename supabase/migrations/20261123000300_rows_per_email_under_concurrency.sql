-- The cap of 10 form rows an hour for one email address (20261121200000_abuse_limits) counted only
-- the rows it could see: parallel inserts each saw the others uncommitted and all passed (60
-- parallel inserts stored 11). Now an insert for an address waits for any other insert for the
-- same table and address to finish (a transaction-level advisory lock), then counts with a fresh
-- snapshot, so the cap holds however many requests arrive at once.
create or replace function private.limit_rows_per_email()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  recent integer;
begin
  if new.email is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(
    7303,
    hashtext(tg_table_schema || '.' || tg_table_name || ':' || lower(btrim(new.email)))
  );
  -- Rows inserted earlier by the same statement are visible here, so a bulk insert is capped too.
  -- (Stored addresses carry no surrounding spaces: trimmed by waitlist_normalize, refused by the
  -- contact_messages format check.)
  execute format(
    'select count(*) from %I.%I where lower(email) = lower(btrim($1)) and created_at > now() - interval ''1 hour''',
    tg_table_schema, tg_table_name
  ) into recent using new.email;
  if recent >= 10 then
    raise exception 'Too many requests for this email address. Please try again later.'
      using errcode = 'P0001', hint = 'At most 10 an hour for one email address.';
  end if;
  return new;
end;
$$;
