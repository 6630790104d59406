-- "Nothing to act on" answers 404, not 500: cancelling an intro call with a valid link when the lead
-- has no call, and unlocking a child login that is not the caller's or does not exist, raised
-- P0002 (no_data_found), which PostgREST answers 500 (the P0 class is its "PL/pgSQL error", only
-- P0001 is 400). PT404 is PostgREST's code for an HTTP 404; its message is also the status line's
-- reason phrase, so it stays a fixed sentence. Another family's child and no child at all still get
-- the same answer, so the answer says nothing about which ids exist.

-- Newest definition: 20261127100100_intro_call_booking.sql; only the "no call" code changes.
create or replace function private.cancel_intro_call(token text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lead uuid := private.lead_of_intro_call_token(token);
  call public.intro_calls;
begin
  select * into call from public.intro_calls c where c.lead_id = lead and c.status = 'scheduled' for update;
  if call.id is null then
    raise exception 'There is no intro call to cancel' using errcode = 'PT404';
  end if;
  if call.starts_at <= now() then
    raise exception 'This intro call has already started' using errcode = '22023';
  end if;
  update public.intro_calls c set status = 'cancelled' where c.id = call.id;
  update public.leads l set status = 'new' where l.id = lead and l.status = 'call_scheduled';
end;
$$;
revoke execute on function private.cancel_intro_call(text) from public;
grant execute on function private.cancel_intro_call(text) to anon, authenticated;

-- Newest definition: 20261126110000_child_login_lockout.sql; only the "no such login" code changes.
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
    raise exception 'No such child login' using errcode = 'PT404';
  end if;
  insert into public.child_login_locks (child_id, locked_until, unlocked_at)
  values (child, null, now())
  on conflict (child_id) do update set locked_until = null, unlocked_at = now();
end;
$$;
revoke execute on function private.unlock_child_login(uuid) from public, anon;
grant execute on function private.unlock_child_login(uuid) to authenticated;
