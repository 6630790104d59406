-- Private calendar feeds (docs/decisions/176-private-calendar-feeds.md): each family and each team
-- member may have one secret feed URL that Google Calendar, Apple Calendar and Outlook subscribe to.
-- A family's feed holds their children's sessions; a team member's, the sessions they coach and the
-- intro calls they host. Only a SHA-256 hash of the token is stored: the owner sees the URL once,
-- when it is made; making a new one replaces the hash, so the old URL stops working at once.
-- Calendar apps send no key, so the calendar-feed function reads the feed with the service role,
-- by the token's hash, in one query (public.calendar_feed_events).
create table private.calendar_feeds (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- 'family': the parent's children's sessions; 'staff': sessions coached, intro calls hosted
  kind text not null check (kind in ('family', 'staff')),
  token_hash bytea not null unique check (octet_length(token_hash) = 32),
  created_at timestamptz not null default now()
);
alter table private.calendar_feeds enable row level security;
revoke all on private.calendar_feeds from public, anon, authenticated;

-- The caller's feed, if they made one: its kind and when (never the token, which is not kept).
create or replace function private.my_calendar_feed()
returns table (kind text, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select f.kind, f.created_at from private.calendar_feeds f where f.user_id = auth.uid()
$$;
revoke execute on function private.my_calendar_feed() from public, anon;
grant execute on function private.my_calendar_feed() to authenticated;

create or replace function public.get_calendar_feed()
returns table (kind text, created_at timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.my_calendar_feed()
$$;
revoke execute on function public.get_calendar_feed() from public, anon;
grant execute on function public.get_calendar_feed() to authenticated;

-- Makes the caller's feed, or a new token for it (the old URL stops working in the same commit),
-- and returns the token once. Team members (coach or admin) get the staff feed, which carries
-- children's names: it takes two-factor sign-in, as every path to families' data does for staff.
-- Parents get their family's feed. Anyone else (a child's login) is refused.
create or replace function private.create_calendar_feed()
returns table (token text, kind text, created_at timestamptz)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  feed_kind text;
  new_token text;
begin
  if caller is null then
    raise exception 'Sign in to make a calendar feed' using errcode = '42501';
  end if;
  if private.has_role(caller, 'coach') or private.has_role(caller, 'admin') then
    perform private.require_staff_two_factor();
    feed_kind := 'staff';
  elsif private.has_role(caller, 'parent') then
    feed_kind := 'family';
  else
    raise exception 'Calendar feeds are for parents and the team' using errcode = '42501';
  end if;
  -- 244 random bits (two version-4 UUIDs), as 64 hex characters
  new_token := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  return query
    insert into private.calendar_feeds as f (user_id, kind, token_hash, created_at)
    values (caller, feed_kind, sha256(convert_to(new_token, 'UTF8')), clock_timestamp())
    on conflict (user_id) do update
      set kind = excluded.kind, token_hash = excluded.token_hash, created_at = excluded.created_at
    returning new_token, f.kind, f.created_at;
end;
$$;
revoke execute on function private.create_calendar_feed() from public, anon;
grant execute on function private.create_calendar_feed() to authenticated;

create or replace function public.create_calendar_feed()
returns table (token text, kind text, created_at timestamptz)
language sql
volatile
security invoker
set search_path = ''
as $$
  select * from private.create_calendar_feed()
$$;
revoke execute on function public.create_calendar_feed() from public, anon;
grant execute on function public.create_calendar_feed() to authenticated;

-- For calendar-feed (service role only): the feed's owner and its meetings from 30 days back to
-- six months ahead, in one query. No row: no such token, or its owner no longer has the role the
-- feed was made for (or is banned). One row with a null meeting: a feed with nothing in it.
-- Only what a calendar needs leaves the product: times, the child's first name, the coach's name.
create or replace function private.calendar_feed_events(feed_token text)
returns table (
  owner_kind text,
  meeting text,
  id uuid,
  starts_at timestamptz,
  duration_minutes integer,
  child_first_name text,
  coach_name text
)
language sql
stable
security definer
set search_path = ''
as $$
  with feed as (
    select f.user_id, f.kind
    from private.calendar_feeds f
    join auth.users u on u.id = f.user_id
    where f.token_hash = sha256(convert_to(feed_token, 'UTF8'))
      and (u.banned_until is null or u.banned_until <= now())
      and case f.kind
        when 'family' then private.has_role(f.user_id, 'parent')
        else private.has_role(f.user_id, 'coach') or private.has_role(f.user_id, 'admin')
      end
  ),
  meetings as (
    select 'session'::text as meeting, s.id, s.starts_at, s.duration_minutes, ch.first_name, co.display_name
    from feed
    join public.coaching_sessions s on s.parent_id = feed.user_id
    join public.children ch on ch.id = s.child_id
    left join public.coaches co on co.id = s.coach_id
    where feed.kind = 'family'
      and s.status <> 'cancelled'
      and s.starts_at >= now() - interval '30 days'
      and s.starts_at < now() + interval '183 days'
    union all
    select 'session', s.id, s.starts_at, s.duration_minutes, ch.first_name, co.display_name
    from feed
    join public.coaches co on co.user_id = feed.user_id
    join public.coaching_sessions s on s.coach_id = co.id
    join public.children ch on ch.id = s.child_id
    where feed.kind = 'staff'
      and s.status <> 'cancelled'
      and s.starts_at >= now() - interval '30 days'
      and s.starts_at < now() + interval '183 days'
    union all
    select 'intro_call', c.id, c.starts_at, c.duration_minutes, null, null
    from feed
    join public.intro_calls c on c.host_id = feed.user_id
    where feed.kind = 'staff'
      and c.status <> 'cancelled'
      and c.starts_at >= now() - interval '30 days'
      and c.starts_at < now() + interval '183 days'
  )
  select feed.kind, m.meeting, m.id, m.starts_at, m.duration_minutes, m.first_name, m.display_name
  from feed
  left join lateral (select * from meetings order by meetings.starts_at limit 2000) m on true
$$;
revoke execute on function private.calendar_feed_events(text) from public, anon, authenticated;
grant execute on function private.calendar_feed_events(text) to service_role;

create or replace function public.calendar_feed_events(feed_token text)
returns table (
  owner_kind text,
  meeting text,
  id uuid,
  starts_at timestamptz,
  duration_minutes integer,
  child_first_name text,
  coach_name text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.calendar_feed_events(calendar_feed_events.feed_token)
$$;
revoke execute on function public.calendar_feed_events(text) from public, anon, authenticated;
grant execute on function public.calendar_feed_events(text) to service_role;
