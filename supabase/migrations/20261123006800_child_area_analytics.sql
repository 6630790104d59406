-- No analytics from the child area beyond an anonymous page view (issue #8, "Children's data"). The
-- site already sends only that (src/features/analytics/lib/child-routes.ts); the database holds
-- the line for any client: a page leave from /child/* is dropped, and a page view keeps only the
-- route's section ('/child/session', no ids, no query), one shared session id, and nothing about
-- the browser, the device, the referrer or the campaign.
create or replace function private.web_analytics_child_anonymous()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  section text[];
begin
  if split_part(split_part(new.page_path, '#', 1), '?', 1) !~ '^/child(/|$)' then
    return new;
  end if;
  if new.event_type <> 'page_view' then
    return null;
  end if;
  section := (regexp_match(new.page_path, '^(/child(?:/[^/?#]+)?)'));
  new.page_path := section[1];
  new.session_id := 'anonymous';
  new.referrer := null;
  new.user_agent := null;
  new.device_type := null;
  new.duration_seconds := null;
  new.metadata := '{}'::jsonb;
  return new;
end;
$$;
grant execute on function private.web_analytics_child_anonymous() to anon, authenticated, service_role;

-- Named to run before web_analytics_derive_columns (same timing, alphabetical order), so the
-- derived path and campaign come from the reduced page_path.
create trigger web_analytics_child_anonymous
  before insert on public.web_analytics
  for each row execute function private.web_analytics_child_anonymous();
