-- Public forms are capped per client (issue 35, finding 1): 12 waitlist rows from one client with a
-- forged X-Forwarded-For were all saved. The Data API's pre-request check (private.check_request,
-- PostgREST's db-pre-request) now counts the saves of the public forms (waitlist and intro-call
-- requests, newsletter, contact, quiz) by the client's address: the last X-Forwarded-For entry,
-- the one the gateway in front of the API appends from the connection it received (hosted
-- Supabase's, and the local stack's); entries before it are the client's own claim and never
-- trusted, as for the mail caps (supabase/functions/_shared/caps.ts).
--
-- A family fills a form once or twice; a household or an office shares one address. So:
--   - at most 10 saves of one form an hour from one client,
--   - at most 30 saves of all the forms a day from one client.
-- Over a cap the API answers 429 with Retry-After and saves nothing; the form keeps what was typed.
-- The service role (the edge functions, the team's tools) is not capped. Redefines
-- private.check_request (20261126160000_ended_sessions_refused.sql), its session check unchanged.

create table private.form_save_attempts (
  id bigint generated always as identity primary key,
  form text not null check (form ~ '^[a-z][a-z_]{0,62}$'),
  client text not null check (char_length(client) between 1 and 64),
  created_at timestamptz not null default now()
);
alter table private.form_save_attempts enable row level security;
create index form_save_attempts_client_idx on private.form_save_attempts (client, created_at);
create index form_save_attempts_created_at_idx on private.form_save_attempts (created_at);
revoke all on private.form_save_attempts from public, anon, authenticated, service_role;

-- The address the request came from, as the gateway appended it to X-Forwarded-For; 'unknown' when
-- there is none that reads as an address (a request made inside the database).
create or replace function private.request_client()
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (
      select lower(a)
      from pg_catalog.btrim(
        (pg_catalog.regexp_match(
          coalesce(nullif(pg_catalog.current_setting('request.headers', true), '')::jsonb ->> 'x-forwarded-for', ''),
          '([^,]*)$'
        ))[1]
      ) as a
      where a ~ '^[0-9A-Fa-f:.]{1,64}$'
    ),
    'unknown'
  )
$$;
revoke all on function private.request_client() from public;
grant execute on function private.request_client() to anon, authenticated, service_role;

-- Records one save of `form` from `client`, or refuses it (nothing recorded) with 429. Saves from
-- one client are serialised by an advisory lock, so parallel requests cannot all take the last place.
create or replace function private.reserve_form_save(form text, client text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  recent integer;
  oldest timestamptz;
  wait_seconds integer;
begin
  perform pg_catalog.pg_advisory_xact_lock(7303, pg_catalog.hashtext(client));
  delete from private.form_save_attempts a where a.created_at < now() - interval '1 day';

  select count(*), min(a.created_at) into recent, oldest
    from private.form_save_attempts a
   where a.client = reserve_form_save.client and a.form = reserve_form_save.form
     and a.created_at > now() - interval '1 hour';
  if recent >= 10 then
    wait_seconds := greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
  else
    select count(*), min(a.created_at) into recent, oldest
      from private.form_save_attempts a
     where a.client = reserve_form_save.client and a.created_at > now() - interval '1 day';
    if recent >= 30 then
      wait_seconds := greatest(1, ceil(extract(epoch from oldest + interval '1 day' - now())))::integer;
    end if;
  end if;

  if wait_seconds is not null then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', 'Too many forms sent from this device. Please try again later.',
        'hint', 'Try again in ' || ceil(wait_seconds / 60.0)::integer || ' minutes.'
      )::text,
      detail = json_build_object(
        'status', 429,
        'headers', json_build_object('Retry-After', wait_seconds::text)
      )::text;
  end if;

  insert into private.form_save_attempts (form, client) values (reserve_form_save.form, reserve_form_save.client);
end;
$$;
revoke all on function private.reserve_form_save(text, text) from public;
grant execute on function private.reserve_form_save(text, text) to anon, authenticated;

create or replace function private.check_request()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  session_id text := claims ->> 'session_id';
  form text;
begin
  if session_id is not null then
    if session_id !~ '^[0-9a-fA-F-]{36}$'
      or not exists (select 1 from auth.sessions s where s.id = session_id::uuid) then
      raise sqlstate 'PT401'
        using message = 'Your session has ended',
              hint = 'Sign in again.';
    end if;
  end if;

  -- A public form's save: POST to its table (a row, or a few in one request).
  if current_setting('request.method', true) = 'POST'
    and (claims ->> 'role') is distinct from 'service_role' then
    form := case current_setting('request.path', true)
      when '/waitlist' then 'waitlist'
      when '/newsletter_subscribers' then 'newsletter'
      when '/contact_messages' then 'contact'
      when '/quiz_assessments' then 'quiz'
    end;
    if form is not null then
      perform private.reserve_form_save(form, private.request_client());
    end if;
  end if;
end;
$$;

revoke all on function private.check_request() from public;
grant execute on function private.check_request() to anon, authenticated, service_role;
