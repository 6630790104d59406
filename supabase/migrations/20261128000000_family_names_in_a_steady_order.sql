-- A family's children are named the same way everywhere, in a steady order. Children added
-- together (one form, one seed) share their `created_at`, and the names were ordered by it alone:
-- Postgres then gave them in whatever order the rows lay, which an update changes. So the same
-- coach read "Mia, Leo" one day and "Leo, Mia" the next. Ties now go by first name, then id, as the
-- family's dashboard orders them (get_family_dashboard: created_at, first_name).
--
-- The "a message waits for you" email to a coach also names only the children that coach
-- coaches, as the coach's own inbox does: a coach's email does not speak of a sibling who is
-- another coach's, and the subject reads as the row the link opens.

create or replace function public.claim_family_message_emails(max_rows integer default 50)
returns table (
  id bigint,
  recipient text,
  to_email text,
  recipient_name text,
  family_id uuid,
  children_names text,
  coach_name text,
  current boolean
)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select e.id
    from public.family_message_emails e
    where e.outcome is null
      and e.attempts < 5
      and (e.claimed_at is null or e.claimed_at < now() - interval '10 minutes')
    order by e.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.family_message_emails e
    set claimed_at = now(), attempts = e.attempts + 1
    from picked
    where e.id = picked.id
    returning e.*
  )
  select
    c.id,
    c.recipient,
    u.email::text,
    case when c.recipient = 'coach' then coalesce(rc.display_name, p.first_name) else p.first_name end,
    c.family_id,
    (select string_agg(ch.first_name, ', ' order by ch.created_at, ch.first_name, ch.id)
       from public.children ch
       left join public.coaches chc on chc.id = ch.coach_id
      where ch.parent_id = c.family_id
        and (c.recipient = 'parent' or chc.user_id = c.recipient_user_id)),
    (select string_agg(distinct co.display_name, ', ') from public.children ch
       join public.coaches co on co.id = ch.coach_id where ch.parent_id = c.family_id),
    not exists (
      select 1 from public.family_message_reads r
       where r.family_id = c.family_id and r.user_id = c.recipient_user_id and r.last_read_at >= c.created_at
    )
  from claimed c
  join auth.users u on u.id = c.recipient_user_id
  left join public.profiles p on p.id = c.recipient_user_id
  left join public.coaches rc on rc.user_id = c.recipient_user_id
  order by c.id
$$;
revoke execute on function public.claim_family_message_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_family_message_emails(integer) to service_role;

-- The staff inbox: as before (20261127199100), with the same order of the children's names.
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
           string_agg(c.first_name, ', ' order by c.created_at, c.first_name, c.id) as children_names,
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
