-- A visitor holds no more intro calls than one family needs (issue 35, finding 1). Each lead had at
-- most one upcoming call, but anyone could send the intro-call form again and again and book a call
-- for each request, taking the hosts' times. Now, when a call is booked from the intro-call page
-- (anon or a signed-in parent; not the service role or a staff member):
--   - one email address holds one upcoming call: a second request from the same family is answered
--     with where to move the one it has;
--   - one client address (the gateway's, private.request_client) holds at most 2 upcoming calls:
--     two families behind one household or office address, not more.
-- Moving a call keeps its row, so it never counts against itself. The client a call was booked from
-- is kept apart from the call (private, never shown), and goes with the call.

create table private.intro_call_clients (
  intro_call_id uuid primary key references public.intro_calls (id) on delete cascade,
  client text not null check (char_length(client) between 1 and 64),
  created_at timestamptz not null default now()
);
alter table private.intro_call_clients enable row level security;
create index intro_call_clients_client_idx on private.intro_call_clients (client);
revoke all on private.intro_call_clients from public, anon, authenticated, service_role;

create or replace function private.intro_call_caps()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claims jsonb := nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb;
  from_client text := private.request_client();
  family_email text;
  other public.intro_calls;
  held integer;
begin
  -- the team's own bookings, and statements run inside the database, are not a visitor's
  if claims is null or claims ->> 'role' = 'service_role' or private.is_admin() or private.current_coach_id() is not null then
    return new;
  end if;

  select lower(btrim(l.email)) into family_email from public.leads l where l.id = new.lead_id;
  select c.* into other
    from public.intro_calls c
    join public.leads l on l.id = c.lead_id
   where lower(btrim(l.email)) = family_email and c.lead_id <> new.lead_id
     and c.status = 'scheduled' and c.starts_at > now()
   order by c.starts_at
   limit 1;
  if other.id is not null then
    raise exception 'This email already has an intro call booked'
      using errcode = '22023',
            hint = 'Use the link in the email that confirmed it to move or cancel that call.';
  end if;

  perform pg_catalog.pg_advisory_xact_lock(7304, pg_catalog.hashtext(from_client));
  select count(*) into held
    from private.intro_call_clients k
    join public.intro_calls c on c.id = k.intro_call_id
   where k.client = from_client and c.status = 'scheduled' and c.starts_at > now();
  if held >= 2 then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', 'Too many intro calls booked from this device.',
        'hint', 'Each family needs one: move or cancel a call you have with the link in its email.'
      )::text,
      detail = json_build_object('status', 429)::text;
  end if;

  insert into private.intro_call_clients (intro_call_id, client) values (new.id, from_client);
  return new;
end;
$$;
revoke all on function private.intro_call_caps() from public;

create trigger intro_calls_caps
  after insert on public.intro_calls
  for each row execute function private.intro_call_caps();
