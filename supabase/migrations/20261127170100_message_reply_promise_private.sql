-- The reply promise is read with the definer's rights (a parent cannot read app_settings), so that
-- part lives in private like every security definer function; public.message_reply_promise of
-- 20261127130000 becomes its security invoker door.
create or replace function private.message_reply_promise()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select s.message_reply_within_hours from public.app_settings s where s.id = 'team'
$$;
revoke execute on function private.message_reply_promise() from public, anon;
grant execute on function private.message_reply_promise() to authenticated, service_role;

create or replace function public.message_reply_promise()
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select private.message_reply_promise()
$$;
revoke execute on function public.message_reply_promise() from public, anon;
grant execute on function public.message_reply_promise() to authenticated, service_role;
