-- Messages between a family and its coach (docs/decisions/185-family-messages.md).
--
-- One conversation per family. A family is its parent's account (children.parent_id), so the
-- conversation is keyed by the parent's user id (`family_id`); its members are
--   - the parent;
--   - the family's coach: the current coach of one of its children (children.coach_id, decision
--     132). A coach who only ran a session as a stand-in reads nothing here;
--   - admins, who read every conversation and may write in one (safeguarding: both sides are told
--     so on their screen).
-- Children (child logins) have no access at all. Text only, at most 2,000 characters; the screens
-- render it as text and make links clickable, nothing else. Messages are never edited or deleted
-- by their members: they go with the family (the foreign key cascades, so private.family_rows
-- exports and deletes them) or by the retention job (20261127130200).

-- Whether the caller is a member of `family`'s conversation (reads it and writes to it).
create or replace function private.may_message_family(family uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select auth.uid() is not null and (
    (family = auth.uid() and private.has_role(auth.uid(), 'parent'))
    or private.is_admin()
    or exists (
      select 1
      from public.children c
      join public.coaches co on co.id = c.coach_id
      where c.parent_id = family and co.user_id = auth.uid()
    )
  )
$$;
revoke execute on function private.may_message_family(uuid) from public;
grant execute on function private.may_message_family(uuid) to authenticated, service_role;

-- The caller's part in `family`'s conversation: 'parent', 'coach', 'admin' or null.
create or replace function private.family_message_role(family uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case
    when auth.uid() is null then null
    when family = auth.uid() and private.has_role(auth.uid(), 'parent') then 'parent'
    when exists (
      select 1
      from public.children c
      join public.coaches co on co.id = c.coach_id
      where c.parent_id = family and co.user_id = auth.uid()
    ) then 'coach'
    when private.is_admin() then 'admin'
  end
$$;
revoke execute on function private.family_message_role(uuid) from public;
grant execute on function private.family_message_role(uuid) to authenticated, service_role;

create table public.family_messages (
  id uuid primary key default gen_random_uuid(),
  -- the family: its parent's account
  family_id uuid not null references auth.users (id) on delete cascade,
  sender_id uuid references auth.users (id) on delete set null,
  -- set by the insert trigger from the caller's part
  sender_role text not null default 'parent' check (sender_role in ('parent', 'coach', 'admin')),
  body text not null constraint family_messages_body_length
    check (char_length(body) between 1 and 2000 and btrim(body) <> ''),
  created_at timestamptz not null default now()
);
alter table public.family_messages enable row level security;
create index family_messages_family_idx on public.family_messages (family_id, created_at desc);
create index family_messages_sender_idx on public.family_messages (sender_id);

-- Who wrote, in which part, and when: set by the database from the caller, never sent by the
-- client. A write without a caller (the seed, the service role) keeps what it gives.
create or replace function private.family_messages_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if auth.uid() is not null then
    new.sender_id := auth.uid();
    new.sender_role := coalesce(private.family_message_role(new.family_id), 'parent');
    new.created_at := now();
  end if;
  new.body := rtrim(new.body, E' \t\r\n');
  return new;
end;
$$;

create trigger family_messages_stamp
  before insert on public.family_messages
  for each row execute function private.family_messages_stamp();

revoke all on public.family_messages from anon, authenticated;
grant select on public.family_messages to authenticated;
grant insert (family_id, body) on public.family_messages to authenticated;

create policy "The family, its coach and admins read the family's messages"
  on public.family_messages for select to authenticated
  using ((select private.may_message_family(family_id)));

create policy "The family, its coach and admins write in the family's conversation"
  on public.family_messages for insert to authenticated
  with check ((select private.may_message_family(family_id)));

create policy "Staff reach families' data only with two-factor sign-in"
  on public.family_messages as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- Each member's place in the conversation: everything up to `last_read_at` is read. Set by the
-- database when the member opens the conversation (the client sends no time).
create table public.family_message_reads (
  family_id uuid not null references auth.users (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  last_read_at timestamptz not null default now(),
  primary key (family_id, user_id)
);
alter table public.family_message_reads enable row level security;
create index family_message_reads_user_idx on public.family_message_reads (user_id);

create or replace function private.family_message_reads_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if auth.uid() is not null then
    new.last_read_at := now();
  end if;
  return new;
end;
$$;

create trigger family_message_reads_stamp
  before insert or update on public.family_message_reads
  for each row execute function private.family_message_reads_stamp();

revoke all on public.family_message_reads from anon, authenticated;
grant select on public.family_message_reads to authenticated;
grant insert (family_id, user_id, last_read_at), update (family_id, user_id, last_read_at)
  on public.family_message_reads to authenticated;

create policy "Members read their own place in a conversation"
  on public.family_message_reads for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Members mark a conversation read"
  on public.family_message_reads for insert to authenticated
  with check (user_id = (select auth.uid()) and (select private.may_message_family(family_id)));

create policy "Members move their place in a conversation"
  on public.family_message_reads for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and (select private.may_message_family(family_id)));

create policy "Staff reach families' data only with two-factor sign-in"
  on public.family_message_reads as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- Live: the screens follow family_messages through Realtime (postgres_changes, so each member
-- receives only the rows the select policy lets them read), on the private channel
-- `family-messages:<family_id>`, which only the conversation's members may join (Realtime
-- Authorization: the policy below on realtime.messages, as the session room's).
alter publication supabase_realtime add table public.family_messages;

create or replace function private.may_follow_family_messages(topic text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  family uuid;
begin
  if topic is null or topic !~ '^family-messages:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    return false;
  end if;
  family := substr(topic, length('family-messages:') + 1)::uuid;
  return private.meets_staff_two_factor() and private.may_message_family(family);
end;
$$;
revoke execute on function private.may_follow_family_messages(text) from public;
grant execute on function private.may_follow_family_messages(text) to authenticated;

create policy "A family's conversation members follow its messages"
  on realtime.messages for select to authenticated
  using (
    extension = 'broadcast'
    and (select private.may_follow_family_messages((select realtime.topic())))
  );

-- The coach's reply promise to families ("your coach usually replies within 24 hours"), a team
-- setting beside the leads' reply promise.
alter table public.app_settings
  add column message_reply_within_hours integer not null default 24
    check (message_reply_within_hours between 1 and 168);
grant update (message_reply_within_hours) on public.app_settings to authenticated;

drop trigger app_settings_audit on public.app_settings;
create trigger app_settings_audit after update on public.app_settings
  for each row execute function private.audit_change(
    'SETTINGS_CHANGED', 'app_settings', 'id', 'team_notification_email', 'reply_within_hours',
    'message_reply_within_hours'
  );

-- What a family is promised (parents cannot read app_settings itself).
create or replace function public.message_reply_promise()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select s.message_reply_within_hours from public.app_settings s where s.id = 'team'
$$;
revoke execute on function public.message_reply_promise() from public, anon;
grant execute on function public.message_reply_promise() to authenticated, service_role;

-- The conversations the caller may read, one row per family, unread first, then newest first.
-- A coach sees each family they coach (with or without messages); an admin every family that has a
-- child (they read for safeguarding, and their unread count is their own). Security invoker: the
-- tables' row level security (and staff two-factor sign-in) applies.
create or replace function public.family_conversations()
returns table (
  family_id uuid,
  parent_name text,
  children_names text,
  coach_names text,
  last_message_at timestamptz,
  last_sender_role text,
  message_count integer,
  unread integer,
  is_mine boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  with families as (
    select c.parent_id as family_id,
           string_agg(c.first_name, ', ' order by c.created_at) as children_names,
           string_agg(distinct co.display_name, ', ') as coach_names,
           bool_or(co.user_id = auth.uid()) as is_mine
      from public.children c
      left join public.coaches co on co.id = c.coach_id
     where (select private.is_admin()) or co.user_id = auth.uid()
     group by c.parent_id
  )
  select f.family_id,
         nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
         f.children_names,
         f.coach_names,
         last.created_at,
         last.sender_role,
         (select count(*)::integer from public.family_messages m where m.family_id = f.family_id),
         (select count(*)::integer from public.family_messages m
           where m.family_id = f.family_id
             and m.sender_id is distinct from auth.uid()
             and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)),
         coalesce(f.is_mine, false)
    from families f
    left join public.profiles p on p.id = f.family_id
    left join public.family_message_reads r on r.family_id = f.family_id and r.user_id = auth.uid()
    left join lateral (
      select m.created_at, m.sender_role from public.family_messages m
       where m.family_id = f.family_id order by m.created_at desc limit 1
    ) last on true
   where (select private.may_message_family(f.family_id))
   order by 8 > 0 desc, last.created_at desc nulls last, 2
$$;
revoke execute on function public.family_conversations() from public, anon;
grant execute on function public.family_conversations() to authenticated;

-- The caller's unread messages, for the nav: a parent's in their family's conversation, a coach's
-- in the conversations of the families they coach (an admin's own reading of others' families is
-- not counted). Security invoker.
create or replace function public.family_messages_unread()
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select count(*)::integer
    from public.family_messages m
    left join public.family_message_reads r on r.family_id = m.family_id and r.user_id = auth.uid()
   where m.sender_id is distinct from auth.uid()
     and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
     and (
       (m.family_id = auth.uid() and (select private.has_role(auth.uid(), 'parent')))
       or exists (
         select 1 from public.children c join public.coaches co on co.id = c.coach_id
          where c.parent_id = m.family_id and co.user_id = auth.uid()
       )
     )
$$;
revoke execute on function public.family_messages_unread() from public, anon;
grant execute on function public.family_messages_unread() to authenticated;
