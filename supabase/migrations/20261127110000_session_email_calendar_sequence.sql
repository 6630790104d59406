-- Each session email carries the session as an .ics (UID session-<id>@ploom). A calendar keeps one
-- event per UID and takes a version only when its SEQUENCE is higher than the one it holds, so the
-- claim says which version of the session each email describes: the number of changes announced to
-- that recipient before it ("booked" is 0, each later "moved", "cancelled" or "booked again" one
-- more). Counted per recipient because each calendar only ever sees its owner's emails (a coach who
-- takes the session over starts at 0). Reminders describe the latest change before them. Emails that
-- failed still count: the numbers only ever grow, which is all a calendar needs.
drop function public.claim_session_emails(integer);
create function public.claim_session_emails(max_rows integer default 50)
returns table (
  id bigint,
  kind text,
  recipient text,
  to_email text,
  recipient_name text,
  recipient_time_zone text,
  session_id uuid,
  starts_at timestamptz,
  previous_starts_at timestamptz,
  duration_minutes integer,
  child_first_name text,
  coach_name text,
  current boolean,
  message text,
  calendar_sequence integer
)
language sql
volatile
set search_path = ''
as $$
  with picked as (
    select e.id
    from public.session_emails e
    where e.outcome is null
      and e.attempts < 5
      and (e.claimed_at is null or e.claimed_at < now() - interval '10 minutes')
    order by e.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.session_emails e
    set claimed_at = now(), attempts = e.attempts + 1
    from picked
    where e.id = picked.id
    returning e.*
  )
  select
    c.id,
    c.kind,
    c.recipient,
    u.email::text,
    case when c.recipient = 'coach' then coalesce(co.display_name, p.first_name) else p.first_name end,
    case when c.recipient = 'coach' then coalesce(rc.time_zone, p.time_zone) else p.time_zone end,
    c.session_id,
    c.starts_at,
    c.previous_starts_at,
    s.duration_minutes,
    ch.first_name,
    co.display_name,
    c.kind not like 'reminder%' or (s.status = 'scheduled' and s.starts_at = c.starts_at),
    c.message,
    greatest(
      (
        select count(*)::integer - 1
        from public.session_emails earlier
        where earlier.session_id = c.session_id
          and earlier.recipient_user_id = c.recipient_user_id
          and earlier.kind in ('booked', 'moved', 'cancelled')
          and earlier.id <= c.id
      ),
      0
    )
  from claimed c
  join public.coaching_sessions s on s.id = c.session_id
  join public.children ch on ch.id = s.child_id
  join auth.users u on u.id = c.recipient_user_id
  left join public.profiles p on p.id = c.recipient_user_id
  left join public.coaches co on co.id = s.coach_id
  left join public.coaches rc on rc.user_id = c.recipient_user_id
  order by c.id
$$;
revoke execute on function public.claim_session_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_session_emails(integer) to service_role;
