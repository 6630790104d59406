-- An access token whose session has ended (signed out everywhere, or every other session after a
-- password change or reset) reads nothing more: the Data API checks the token's session before
-- each request (PostgREST's db-pre-request), instead of trusting the token until it expires.
-- Tokens without a session (the anon and service_role keys) pass.

create or replace function private.check_request()
returns void
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  session_id text := nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'session_id';
begin
  if session_id is null then
    return;
  end if;
  if session_id !~ '^[0-9a-fA-F-]{36}$'
    or not exists (select 1 from auth.sessions s where s.id = session_id::uuid) then
    raise sqlstate 'PT401'
      using message = 'Your session has ended',
            hint = 'Sign in again.';
  end if;
end;
$$;

revoke all on function private.check_request() from public;
grant execute on function private.check_request() to anon, authenticated, service_role;

alter role authenticator set pgrst.db_pre_request = 'private.check_request';
notify pgrst, 'reload config';
