-- A person may also turn their calendar feed off: the row goes, so the URL answers 404 at once and
-- no token is kept. Making a link again later starts a new feed (docs/decisions/176).
create or replace function private.delete_calendar_feed()
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.calendar_feeds f where f.user_id = auth.uid()
$$;
revoke execute on function private.delete_calendar_feed() from public, anon;
grant execute on function private.delete_calendar_feed() to authenticated;

create or replace function public.delete_calendar_feed()
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.delete_calendar_feed()
$$;
revoke execute on function public.delete_calendar_feed() from public, anon;
grant execute on function public.delete_calendar_feed() to authenticated;
