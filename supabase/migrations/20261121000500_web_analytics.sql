-- Page views and page leaves from the site, for the landing-variant report. Visitors write rows and
-- never read them back; only admins read. `path` and the UTM columns are derived from page_path by
-- a trigger, so the report groups by variant and campaign without parsing URLs at query time.
create table public.web_analytics (
  id bigint generated always as identity primary key,
  session_id text not null check (char_length(session_id) between 1 and 100),
  event_type text not null check (event_type in ('page_view', 'page_leave')),
  page_path text not null check (char_length(page_path) between 1 and 2048 and left(page_path, 1) = '/'),
  path text,
  referrer text check (char_length(referrer) <= 2048),
  user_agent text check (char_length(user_agent) <= 512),
  device_type text check (device_type in ('mobile', 'tablet', 'desktop')),
  duration_seconds integer check (duration_seconds between 0 and 86400),
  metadata jsonb not null default '{}'::jsonb
    check (jsonb_typeof(metadata) = 'object' and octet_length(metadata::text) <= 2048),
  utm_source text,
  utm_medium text,
  utm_campaign text,
  utm_term text,
  utm_content text,
  created_at timestamptz not null default now()
);
alter table public.web_analytics enable row level security;

create index web_analytics_path_created_at_idx on public.web_analytics (path, created_at);
create index web_analytics_created_at_idx on public.web_analytics (created_at);
create index web_analytics_campaign_created_at_idx on public.web_analytics (utm_campaign, created_at)
  where utm_campaign is not null;
create index web_analytics_session_idx on public.web_analytics (session_id);

-- path: page_path without query or fragment; utm_*: decoded, at most 200 characters.
create or replace function private.web_analytics_derive_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.path := left(split_part(split_part(new.page_path, '#', 1), '?', 1), 2048);
  if new.path = '' then
    new.path := '/';
  end if;
  new.utm_source := left(private.query_param(new.page_path, 'utm_source'), 200);
  new.utm_medium := left(private.query_param(new.page_path, 'utm_medium'), 200);
  new.utm_campaign := left(private.query_param(new.page_path, 'utm_campaign'), 200);
  new.utm_term := left(private.query_param(new.page_path, 'utm_term'), 200);
  new.utm_content := left(private.query_param(new.page_path, 'utm_content'), 200);
  return new;
end;
$$;
grant execute on function private.web_analytics_derive_columns() to anon, authenticated, service_role;

create trigger web_analytics_derive_columns
  before insert or update of page_path on public.web_analytics
  for each row execute function private.web_analytics_derive_columns();

revoke all on public.web_analytics from anon, authenticated;
grant insert (session_id, event_type, page_path, referrer, user_agent, device_type, duration_seconds, metadata)
  on public.web_analytics to anon, authenticated;
grant select on public.web_analytics to authenticated;

create policy "Visitors record page events"
  on public.web_analytics for insert to anon
  with check (true);

create policy "Signed-in users record page events"
  on public.web_analytics for insert to authenticated
  with check (true);

create policy "Admins read page events"
  on public.web_analytics for select to authenticated
  using ((select private.is_admin()));
