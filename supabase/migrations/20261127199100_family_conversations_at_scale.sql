-- The staff inbox and the nav's unread count at a thousand times today's size
-- (docs/decisions/211-staff-messages-channel.md). Both were security invoker queries over
-- family_messages, whose select policy calls `private.may_message_family(family_id)` once a row:
-- an admin's inbox of 2,000 families with 10,000 messages took 2.2 s, and the badge on every staff
-- screen read the whole inbox. They now decide once who the caller may read (admins: every family
-- with a child; coaches: the families of the children they coach; staff with two-factor sign-in
-- only) and read the messages of those families in one pass. The security definer part lives in
-- private; public keeps security invoker doors. The inbox takes `only_family` for one family's
-- summary (the conversation screen's heading), and is paged by the caller (REST's range).

drop function public.family_conversations();

create or replace function private.family_conversations(only_family uuid)
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
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  admin boolean;
begin
  if me is null then
    return;
  end if;
  admin := private.is_admin();
  if not admin and not private.has_role(me, 'coach') then
    return;
  end if;
  perform private.require_staff_two_factor();
  return query
  with families as (
    select c.parent_id as family_id,
           string_agg(c.first_name, ', ' order by c.created_at) as children_names,
           string_agg(distinct co.display_name, ', ') as coach_names,
           coalesce(bool_or(co.user_id = me), false) as is_mine
      from public.children c
      left join public.coaches co on co.id = c.coach_id
     where (admin or co.user_id = me)
       and (only_family is null or c.parent_id = only_family)
     group by c.parent_id
  ),
  talk as (
    select m.family_id,
           count(*)::integer as message_count,
           (count(*) filter (
              where m.sender_id is distinct from me
                and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
           ))::integer as unread,
           max(m.created_at) as last_message_at,
           (array_agg(m.sender_role order by m.created_at desc))[1] as last_sender_role
      from public.family_messages m
      join families f on f.family_id = m.family_id
      left join public.family_message_reads r on r.family_id = m.family_id and r.user_id = me
     group by m.family_id
  )
  select f.family_id,
         nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
         f.children_names,
         f.coach_names,
         t.last_message_at,
         t.last_sender_role,
         coalesce(t.message_count, 0),
         coalesce(t.unread, 0),
         f.is_mine
    from families f
    left join public.profiles p on p.id = f.family_id
    left join talk t on t.family_id = f.family_id
   order by coalesce(t.unread, 0) > 0 desc, t.last_message_at desc nulls last, 2, f.family_id;
end;
$$;
revoke execute on function private.family_conversations(uuid) from public, anon;
grant execute on function private.family_conversations(uuid) to authenticated;

-- The conversations the caller may read, one row per family, unread first, then newest first.
create or replace function public.family_conversations(only_family uuid default null)
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
  select * from private.family_conversations(only_family)
$$;
revoke execute on function public.family_conversations(uuid) from public, anon;
grant execute on function public.family_conversations(uuid) to authenticated;

-- The caller's unread messages, for the nav: a parent's in their family's conversation, a coach's
-- in the conversations of the families they coach (an admin's own reading of others' families is
-- not counted). Read in one pass over the families the caller belongs to.
create or replace function private.family_messages_unread()
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  mine uuid[];
begin
  if me is null then
    return 0;
  end if;
  select array_agg(distinct c.parent_id) into mine
    from public.children c
    join public.coaches co on co.id = c.coach_id
   where co.user_id = me;
  if mine is not null then
    -- Staff: their families' data only with two-factor sign-in.
    perform private.require_staff_two_factor();
  end if;
  if private.has_role(me, 'parent') then
    mine := coalesce(mine, '{}') || me;
  end if;
  if mine is null then
    return 0;
  end if;
  return (
    select count(*)::integer
      from public.family_messages m
      left join public.family_message_reads r on r.family_id = m.family_id and r.user_id = me
     where m.family_id = any (mine)
       and m.sender_id is distinct from me
       and m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
  );
end;
$$;
revoke execute on function private.family_messages_unread() from public, anon;
grant execute on function private.family_messages_unread() to authenticated;

create or replace function public.family_messages_unread()
returns integer
language sql
stable
security invoker
set search_path = ''
as $$
  select private.family_messages_unread()
$$;
revoke execute on function public.family_messages_unread() from public, anon;
grant execute on function public.family_messages_unread() to authenticated;
