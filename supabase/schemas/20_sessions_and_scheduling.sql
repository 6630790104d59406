-- Sessions and scheduling: sessions, series, attendance, notes, change requests, calendar feeds, the room
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.book_family_series(child uuid, slot timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  sc public.availability_schedules;
  rule public.meeting_rules;
  local_start timestamp;
  week timestamptz;
  created uuid;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null or c.parent_id is distinct from auth.uid() then
    raise exception 'No such child in your family' using errcode = '42501';
  end if;
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  if c.coach_id is null then
    raise exception 'Your child has no coach yet' using errcode = '22023';
  end if;
  if (select a.sessions_per_week from private.family_session_allowance(c.parent_id, slot) a) = 0 then
    perform private.raise_allowance_error(c.parent_id, slot);
  end if;
  select * into sc from public.availability_schedules s where s.coach_id = c.coach_id;
  select * into rule from public.meeting_rules m where m.kind = 'coaching_session';
  perform private.lock_coach_bookings(c.coach_id);
  -- the first time, as one booking
  perform private.require_open_coach_slot(c.coach_id, slot, null);
  -- every later week the coach's booking window shows must be open at that time too
  local_start := slot at time zone sc.time_zone;
  for i in 1 .. 52 loop
    week := (local_start + pg_catalog.make_interval(weeks => i)) at time zone sc.time_zone;
    exit when week >= pg_catalog.now() + pg_catalog.make_interval(days => rule.booking_window_days);
    if not exists (
      select 1 from private.open_slots(sc.id, 'coaching_session', week, week + interval '1 minute', pg_catalog.now(), null) o
      where o.starts_at = week
    ) then
      raise exception 'Your coach is not free at that time on %',
        to_char(local_start + pg_catalog.make_interval(weeks => i), 'FMDay, FMMonth FMDD')
        using errcode = '23P01',
          hint = 'Book that time week by week, or choose a time that is free every week.';
    end if;
  end loop;
  begin
    insert into public.session_series
      (child_id, coach_id, parent_id, weekday, local_time, time_zone, duration_minutes, starts_on)
    values (
      c.id, c.coach_id, c.parent_id, extract(isodow from local_start)::smallint,
      local_start::time, sc.time_zone, rule.length_minutes, local_start::date
    )
    returning id into created;
  exception
    when exclusion_violation then
      raise exception '%', sqlerrm using errcode = '23P01', hint = 'Choose another time.';
    when check_violation then
      if sqlerrm like 'This booking is over the family''s weekly sessions%' then
        raise exception 'Not every week has room in your plan: %', substring(sqlerrm from ': (.*)$')
          using errcode = '23514',
            hint = 'Choose another time, cancel a session that week, or change your plan on the billing page.';
      end if;
      raise;
  end;
  return created;
end;
$function$
;

revoke all on function private.book_family_series(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.book_family_series(uuid,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.book_family_session(child uuid, slot timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  len integer;
  booked uuid;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null or c.parent_id is distinct from auth.uid() then
    raise exception 'No such child in your family' using errcode = '42501';
  end if;
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  if c.coach_id is null then
    raise exception 'Your child has no coach yet' using errcode = '22023';
  end if;
  -- a paused or ended plan books nothing (checked first: it is the reason, whatever the slot)
  if (select a.sessions_per_week from private.family_session_allowance(c.parent_id, slot) a) = 0 then
    perform private.raise_allowance_error(c.parent_id, slot);
  end if;
  perform private.lock_coach_bookings(c.coach_id);
  perform private.require_open_coach_slot(c.coach_id, slot, null);
  select m.length_minutes into len from public.meeting_rules m where m.kind = 'coaching_session';
  begin
    insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at, duration_minutes)
    values (c.id, c.coach_id, c.parent_id, slot, len)
    returning id into booked;
  exception
    when exclusion_violation then
      if sqlerrm like '%child_no_overlap%' then
        raise exception '% already has a session at that time', c.first_name
          using errcode = '23P01', hint = 'Choose another time.';
      end if;
      raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
    when check_violation then
      if sqlerrm like 'This booking is over the family''s weekly sessions%' then
        perform private.raise_allowance_error(c.parent_id, slot);
      end if;
      raise;
  end;
  return booked;
end;
$function$
;

revoke all on function private.book_family_session(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.book_family_session(uuid,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.book_series_sessions(series uuid, horizon date, strict boolean)
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.session_series;
  occurrence date;
  last_date date;
  slot timestamptz;
  booked integer := 0;
begin
  select * into s from public.session_series where id = series for update;
  if not found then
    return 0;
  end if;
  occurrence := greatest(s.starts_on, (pg_catalog.now() at time zone s.time_zone)::date);
  occurrence := occurrence + ((s.weekday - extract(isodow from occurrence)::integer + 7) % 7);
  last_date := least(horizon, coalesce(s.ends_on, horizon));
  while occurrence <= last_date loop
    slot := (occurrence + s.local_time) at time zone s.time_zone;
    if slot > pg_catalog.now() and not exists (
      select 1 from public.coaching_sessions x where x.series_id = s.id and x.series_date = occurrence
    ) then
      begin
        insert into public.coaching_sessions
          (child_id, coach_id, parent_id, starts_at, duration_minutes, series_id, series_date)
        values (s.child_id, s.coach_id, s.parent_id, slot, s.duration_minutes, s.id, occurrence);
        booked := booked + 1;
      exception
        when exclusion_violation then
          if strict then
            raise exception '% is already booked on % at % (%)',
              case when sqlerrm like '%coach_no_overlap%' then 'The coach' else 'The child' end,
              to_char(occurrence, 'FMDay FMMonth FMDD, YYYY'),
              to_char(s.local_time, 'FMHH12:MI am'),
              s.time_zone
              using errcode = '23P01',
                hint = 'Choose another time, or cancel the other session first.';
          end if;
        when check_violation then
          if strict then
            raise;
          end if;
      end;
    end if;
    occurrence := occurrence + 7;
  end loop;
  return booked;
end;
$function$
;

revoke all on function private.book_series_sessions(uuid,date,boolean) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.calendar_feed_events(feed_token text)
 RETURNS TABLE(owner_kind text, meeting text, id uuid, starts_at timestamp with time zone, duration_minutes integer, child_first_name text, coach_name text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.calendar_feed_events(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.calendar_feed_events(text) to "service_role";

CREATE OR REPLACE FUNCTION private.cancel_family_session(session uuid, reason text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.coaching_sessions;
begin
  if char_length(reason) > 500 then
    raise exception 'The reason is too long (500 characters at most)' using errcode = '22023';
  end if;
  s := private.family_session_to_change(session);
  -- the session_emails trigger mails the family and the coach "cancelled"
  update public.coaching_sessions set status = 'cancelled' where id = s.id;
  insert into public.session_change_requests (session_id, parent_id, kind, message, status, settled_at)
  values (s.id, s.parent_id, 'cancel', nullif(btrim(reason), ''), 'done', now());
end;
$function$
;

revoke all on function private.cancel_family_session(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.cancel_family_session(uuid,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.coaching_sessions_count_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    insert into private.session_status_counts (status, sessions)
    select n.status, count(*) from new_rows n group by n.status;
  elsif tg_op = 'DELETE' then
    insert into private.session_status_counts (status, sessions)
    select o.status, -count(*) from old_rows o group by o.status;
  elsif tg_op = 'UPDATE' then
    insert into private.session_status_counts (status, sessions)
    select t.status, sum(t.change)
      from (
        select n.status, 1 as change from new_rows n
        union all
        select o.status, -1 from old_rows o
      ) t
     group by t.status
    having sum(t.change) <> 0;
  elsif tg_op = 'TRUNCATE' then
    delete from private.session_status_counts;
  end if;
  return null;
end;
$function$
;

revoke all on function private.coaching_sessions_count_changes() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.coaching_sessions_set_parent()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  select c.parent_id into new.parent_id from public.children c where c.id = new.child_id;
  return new;
end;
$function$
;

revoke all on function private.coaching_sessions_set_parent() from "anon", "authenticated", public, "service_role";
grant execute on function private.coaching_sessions_set_parent() to public;

CREATE OR REPLACE FUNCTION private.coaching_sessions_weekly_allowance()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  zone text;
  allowance record;
  week_start timestamp;
  booked integer;
begin
  if new.status = 'cancelled' then
    return new;
  end if;
  select coalesce(p.time_zone, 'America/New_York') into zone from public.profiles p where p.id = new.parent_id;
  zone := coalesce(zone, 'America/New_York');
  week_start := pg_catalog.date_trunc('week', new.starts_at at time zone zone);
  if tg_op = 'UPDATE' and old.status <> 'cancelled' and old.parent_id = new.parent_id
     and pg_catalog.date_trunc('week', old.starts_at at time zone zone) = week_start then
    return new; -- already counted in this week
  end if;
  select * into allowance from private.family_session_allowance(new.parent_id, new.starts_at);
  if allowance.sessions_per_week is null then
    return new;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('weekly-allowance:' || new.parent_id::text, 0));
  select count(*) into booked from public.coaching_sessions x
  where x.parent_id = new.parent_id
    and x.status <> 'cancelled'
    and x.id <> new.id
    and x.starts_at >= (week_start at time zone zone)
    and x.starts_at < ((week_start + interval '7 days') at time zone zone);
  if booked + 1 > allowance.sessions_per_week then
    raise exception 'This booking is over the family''s weekly sessions: %, and the week of % has % booked',
      allowance.reason, to_char(week_start, 'FMMonth FMDD, YYYY'), booked
      using errcode = '23514',
        hint = 'Cancel another session that week, or the family changes its plan on the billing page.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.coaching_sessions_weekly_allowance() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.create_calendar_feed()
 RETURNS TABLE(token text, kind text, created_at timestamp with time zone)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.create_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function private.create_calendar_feed() to "authenticated";

CREATE OR REPLACE FUNCTION private.day_part_of(local_time time without time zone)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case
    when local_time < time '12:00' then 'morning'
    when local_time < time '17:00' then 'afternoon'
    else 'evening'
  end
$function$
;

revoke all on function private.day_part_of(time without time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.delete_calendar_feed()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.calendar_feeds f where f.user_id = auth.uid()
$function$
;

revoke all on function private.delete_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function private.delete_calendar_feed() to "authenticated";

CREATE OR REPLACE FUNCTION private.end_family_series(series uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.session_series;
  last_kept date;
begin
  select * into s from public.session_series x where x.id = series for update;
  if s.id is null or s.parent_id is distinct from auth.uid() then
    raise exception 'No such weekly booking in your family' using errcode = '42501';
  end if;
  select max(x.series_date) into last_kept from public.coaching_sessions x
  where x.series_id = s.id and x.status = 'scheduled'
    and x.starts_at <= pg_catalog.now() + private.family_change_notice();
  last_kept := greatest(
    coalesce(last_kept, s.starts_on - 1),
    (pg_catalog.now() at time zone s.time_zone)::date - 1,
    s.starts_on - 1
  );
  if s.ends_on is not null and s.ends_on <= last_kept then
    return; -- already ended
  end if;
  -- ends_on may not be before starts_on: a series with nothing kept ends on its first date, whose
  -- session (if still scheduled and outside the notice) is cancelled here
  if last_kept < s.starts_on then
    update public.coaching_sessions set status = 'cancelled'
    where series_id = s.id and series_date = s.starts_on and status = 'scheduled';
    update public.session_series set ends_on = s.starts_on where id = s.id;
  else
    update public.session_series set ends_on = last_kept where id = s.id;
  end if;
end;
$function$
;

revoke all on function private.end_family_series(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.end_family_series(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.extend_session_series()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s record;
  booked integer := 0;
begin
  for s in
    select id, time_zone from public.session_series
    where ends_on is null or ends_on >= (pg_catalog.now() at time zone time_zone)::date
  loop
    booked := booked + private.book_series_sessions(
      s.id,
      (pg_catalog.now() at time zone s.time_zone)::date + 7 * private.series_horizon_weeks() - 1,
      false
    );
  end loop;
  return booked;
end;
$function$
;

revoke all on function private.extend_session_series() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.family_session_allowance(parent uuid, at timestamp with time zone)
 RETURNS TABLE(sessions_per_week integer, reason text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.subscriptions;
begin
  select * into s from public.subscriptions
  where parent_id = parent and status not in ('incomplete', 'incomplete_expired')
  order by stripe_created desc, id desc
  limit 1;
  if not found then
    return query select null::integer, null::text;
    return;
  end if;
  if s.status in ('canceled', 'unpaid')
     or (s.cancel_at_period_end and s.current_period_end is not null and at >= s.current_period_end) then
    return query select 0, 'the family''s subscription has ended';
  elsif s.status = 'paused' then
    return query select 0, 'the family''s subscription is paused';
  elsif s.pause_behavior is not null and (s.pause_resumes_at is null or at < s.pause_resumes_at) then
    return query select 0, 'the family''s subscription is paused';
  elsif s.status in ('past_due', 'active')
     and (
       select min(i.payment_failed_at) from public.invoices i
       where i.subscription_id = s.id and i.status = 'open' and i.payment_failed_at is not null
     ) + private.payment_grace_period() < pg_catalog.now() then
    return query select 0, 'the family''s payment has failed and its grace period is over';
  else
    return query select private.plan_weekly_sessions(s.plan),
      'the family''s plan includes ' || private.plan_weekly_sessions(s.plan)
        || case when private.plan_weekly_sessions(s.plan) = 1 then ' session' else ' sessions' end || ' a week';
  end if;
end;
$function$
;

revoke all on function private.family_session_allowance(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.family_slot_refusal(parent uuid, schedule uuid, slot timestamp with time zone, len interval)
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  zone text;
  coach_zone text;
  local_start time;
  local_end time;
begin
  select coalesce(p.time_zone, 'America/New_York') into zone from public.profiles p where p.id = parent;
  zone := coalesce(zone, 'America/New_York');
  if private.is_after_school(slot at time zone zone)
     and slot > pg_catalog.now() + private.priority_hold()
     and not private.family_has_priority(parent) then
    return 'held';
  end if;
  local_start := (slot at time zone zone)::time;
  local_end := ((slot + len) at time zone zone)::time;
  if local_start >= private.child_day_start()
     and local_end <= private.child_day_end()
     and local_end > local_start then
    return null;
  end if;
  -- outside a child's day: only a date the coach opened on purpose
  select sc.time_zone into coach_zone from public.availability_schedules sc where sc.id = schedule;
  if exists (
    select 1 from public.availability_overrides o
    where o.schedule_id = schedule and o.start_time is not null
      and o.on_date = (slot at time zone coach_zone)::date
  ) then
    return null;
  end if;
  return 'child-day';
end;
$function$
;

revoke all on function private.family_slot_refusal(uuid,uuid,timestamp with time zone,interval) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.family_week_allowance(week_of timestamp with time zone)
 RETURNS TABLE(sessions_per_week integer, reason text, week_start date, booked integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  parent uuid := auth.uid();
  zone text;
  monday timestamp;
begin
  if parent is null then
    raise exception 'Sign in to see your plan' using errcode = '42501';
  end if;
  if week_of is null then
    raise exception 'Give a date in the week' using errcode = '22023';
  end if;
  select p.time_zone into zone from public.profiles p where p.id = parent;
  zone := coalesce(zone, 'America/New_York');
  monday := pg_catalog.date_trunc('week', week_of at time zone zone);
  return query
    select coalesce(a.sessions_per_week, 0),
      coalesce(a.reason, 'the family has no plan yet'),
      monday::date,
      (
        select count(*)::integer from public.coaching_sessions x
        where x.parent_id = parent
          and x.status <> 'cancelled'
          and x.starts_at >= (monday at time zone zone)
          and x.starts_at < ((monday + interval '7 days') at time zone zone)
      )
    from private.family_session_allowance(parent, greatest(week_of, pg_catalog.now())) a;
end;
$function$
;

revoke all on function private.family_week_allowance(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.family_week_allowance(timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.first_instant(wall timestamp without time zone, tz text)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when (e.earlier at time zone tz) = wall then least(e.earlier, wall at time zone tz)
    else wall at time zone tz
  end
  from (select ((wall - interval '1 hour') at time zone tz) + interval '1 hour' as earlier) as e
$function$
;

revoke all on function private.first_instant(timestamp without time zone,text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.guard_session_child()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null
    and new.child_id is distinct from old.child_id
    and not private.is_admin() then
    raise exception 'Only an admin can move a session to another child.' using errcode = '42501';
  end if;
  return new;
end;
$function$
;

revoke all on function private.guard_session_child() from "anon", "authenticated", public, "service_role";
grant execute on function private.guard_session_child() to public;

CREATE OR REPLACE FUNCTION private.is_after_school(local_at timestamp without time zone)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select extract(isodow from local_at) between 1 and 5
    and local_at::time >= time '15:00' and local_at::time < time '18:00'
$function$
;

revoke all on function private.is_after_school(timestamp without time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.is_night_in(zone text, at timestamp with time zone)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select extract(hour from (at at time zone coalesce(zone, 'UTC'))) not between 8 and 20
$function$
;

revoke all on function private.is_night_in(text,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.is_session_coach(session uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select exists (
    select 1
    from public.coaching_sessions s
    join public.coaches c on c.id = s.coach_id
    where s.id = session and c.user_id = auth.uid()
  )
$function$
;

revoke all on function private.is_session_coach(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_session_coach(uuid) to "authenticated";
grant execute on function private.is_session_coach(uuid) to public;
grant execute on function private.is_session_coach(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.is_time_zone(zone text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from pg_catalog.pg_timezone_names z where z.name = zone)
$function$
;

revoke all on function private.is_time_zone(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.is_time_zone(text) to "authenticated";
grant execute on function private.is_time_zone(text) to public;
grant execute on function private.is_time_zone(text) to "service_role";

CREATE OR REPLACE FUNCTION private.lock_coach_bookings(coach uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('coach-bookings:' || coach::text, 0))
$function$
;

revoke all on function private.lock_coach_bookings(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.lock_host_bookings(schedule uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  sc public.availability_schedules;
begin
  select * into sc from public.availability_schedules s where s.id = schedule;
  if sc.coach_id is not null then
    perform private.lock_coach_bookings(sc.coach_id);
  elsif sc.user_id is not null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('host-bookings:' || sc.user_id::text, 0));
  end if;
end;
$function$
;

revoke all on function private.lock_host_bookings(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.match_child_with_session_coach()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.coach_id is not null and new.status = 'scheduled' then
    update public.children c
    set coach_id = new.coach_id
    where c.id = new.child_id and c.coach_id is null;
  end if;
  return new;
end;
$function$
;

revoke all on function private.match_child_with_session_coach() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.may_enter_session(session uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select private.session_room_role(s.id) is not null
      and s.status = 'scheduled'
      and now() >= private.session_room_opens_at(s.starts_at)
      and now() < private.session_room_closes_at(s.starts_at, s.duration_minutes)
      and private.meets_staff_two_factor()
    from public.coaching_sessions s
    where s.id = session
  ), false)
$function$
;

revoke all on function private.may_enter_session(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.may_enter_session(uuid) to "authenticated";
grant execute on function private.may_enter_session(uuid) to public;
grant execute on function private.may_enter_session(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.may_enter_session_room(topic text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce((
    select private.may_enter_session(s.id)
    from public.coaching_sessions s
    where topic like 'session-room:%' and s.room_id = substr(topic, char_length('session-room:') + 1)
  ), false)
$function$
;

revoke all on function private.may_enter_session_room(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.may_enter_session_room(text) to "authenticated";
grant execute on function private.may_enter_session_room(text) to public;
grant execute on function private.may_enter_session_room(text) to "service_role";

CREATE OR REPLACE FUNCTION private.move_family_session(session uuid, slot timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.coaching_sessions;
  c public.children;
begin
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  -- theirs, still scheduled, and outside the change notice
  s := private.family_session_to_change(session);
  select * into c from public.children x where x.id = s.child_id;
  if c.coach_id is distinct from s.coach_id then
    raise exception 'This session is not with your child''s coach: ask to reschedule it instead'
      using errcode = '22023';
  end if;
  if slot = s.starts_at then
    return;
  end if;
  perform private.lock_coach_bookings(s.coach_id);
  perform private.require_open_coach_slot(s.coach_id, slot, s.id);
  begin
    update public.coaching_sessions set starts_at = slot where id = s.id;
  exception
    when exclusion_violation then
      if sqlerrm like '%child_no_overlap%' then
        raise exception '% already has a session at that time', c.first_name
          using errcode = '23P01', hint = 'Choose another time.';
      end if;
      raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
    when check_violation then
      if sqlerrm like 'This booking is over the family''s weekly sessions%' then
        perform private.raise_allowance_error(s.parent_id, slot);
      end if;
      raise;
  end;
end;
$function$
;

revoke all on function private.move_family_session(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.move_family_session(uuid,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.my_calendar_feed()
 RETURNS TABLE(kind text, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select f.kind, f.created_at from private.calendar_feeds f where f.user_id = auth.uid()
$function$
;

revoke all on function private.my_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function private.my_calendar_feed() to "authenticated";

CREATE OR REPLACE FUNCTION private.priority_hold()
 RETURNS interval
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select interval '7 days' $function$
;

revoke all on function private.priority_hold() from "anon", "authenticated", public, "service_role";
grant execute on function private.priority_hold() to public;

CREATE OR REPLACE FUNCTION private.queue_session_change_emails()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  coach_user uuid;
  old_coach_user uuid;
begin
  select c.user_id into coach_user from public.coaches c where c.id = new.coach_id;
  if tg_op = 'INSERT' then
    if new.status = 'scheduled' and new.starts_at > now() then
      perform private.queue_session_email(new.id, 'booked', 'family', new.parent_id, new.starts_at, null);
      perform private.queue_session_email(new.id, 'booked', 'coach', coach_user, new.starts_at, null);
    end if;
    return null;
  end if;

  select c.user_id into old_coach_user from public.coaches c where c.id = old.coach_id;
  if old.status = 'scheduled' and new.status = 'cancelled' then
    if old.starts_at > now() then
      perform private.queue_session_email(new.id, 'cancelled', 'family', new.parent_id, old.starts_at, null);
      perform private.queue_session_email(new.id, 'cancelled', 'coach', old_coach_user, old.starts_at, null);
    end if;
  elsif old.status <> 'scheduled' and new.status = 'scheduled' then
    if new.starts_at > now() then
      perform private.queue_session_email(new.id, 'booked', 'family', new.parent_id, new.starts_at, null);
      perform private.queue_session_email(new.id, 'booked', 'coach', coach_user, new.starts_at, null);
    end if;
  elsif new.status = 'scheduled' and new.starts_at > now() then
    if new.starts_at <> old.starts_at then
      perform private.queue_session_email(new.id, 'moved', 'family', new.parent_id, new.starts_at, old.starts_at);
    end if;
    if new.coach_id is distinct from old.coach_id then
      -- the new coach learns of the session; the former coach that it left their calendar
      perform private.queue_session_email(new.id, 'booked', 'coach', coach_user, new.starts_at, null);
      perform private.queue_session_email(new.id, 'cancelled', 'coach', old_coach_user, old.starts_at, null);
    elsif new.starts_at <> old.starts_at then
      perform private.queue_session_email(new.id, 'moved', 'coach', coach_user, new.starts_at, old.starts_at);
    end if;
  end if;
  return null;
end;
$function$
;

revoke all on function private.queue_session_change_emails() from "anon", "authenticated", public, "service_role";
grant execute on function private.queue_session_change_emails() to public;

CREATE OR REPLACE FUNCTION private.queue_session_email(session uuid, kind text, recipient text, user_id uuid, starts_at timestamp with time zone, previous timestamp with time zone)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at, previous_starts_at)
  select 'session_email', kind, session, recipient, user_id, starts_at, previous
  where user_id is not null
$function$
;

revoke all on function private.queue_session_email(uuid,text,text,uuid,timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.raise_allowance_error(parent uuid, slot timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  allowance record;
begin
  select * into allowance from private.family_session_allowance(parent, slot);
  if allowance.sessions_per_week is null then
    raise exception 'No new sessions can be booked: your family has no plan yet'
      using errcode = '23514', hint = 'Choose a plan on the billing page, then book.';
  end if;
  if allowance.sessions_per_week = 0 then
    raise exception 'No new sessions can be booked: %', allowance.reason
      using errcode = '23514', hint = 'See your plan on the billing page.';
  end if;
  raise exception 'That week is full: your plan includes % a week',
    allowance.sessions_per_week || case when allowance.sessions_per_week = 1 then ' session' else ' sessions' end
    using errcode = '23514',
      hint = 'Choose a time in another week, cancel a session that week, or change your plan on the billing page.';
end;
$function$
;

revoke all on function private.raise_allowance_error(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.read_session_note(session_id uuid)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  caller uuid := auth.uid();
  note text;
  -- when someone other than the caller last changed the note
  changed_at timestamptz;
begin
  if caller is null
     or not ((select private.is_admin()) or (select private.is_session_coach(read_session_note.session_id))) then
    raise exception 'Only the session''s coach and admins read its notes' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select n.body,
         case when n.updated_by = caller then '-infinity'::timestamptz else n.updated_at end
    into note, changed_at
    from public.session_notes n
   where n.session_id = read_session_note.session_id;
  if note is not null then
    -- Two opens at once (two tabs, a double click) wait for each other, so they keep one entry.
    perform pg_catalog.pg_advisory_xact_lock(
      pg_catalog.hashtextextended('session_note_read:' || caller::text || ':' || read_session_note.session_id::text, 0)
    );
    if not exists (
      select 1 from public.audit_logs a
       where a.actor_user_id = caller
         and a.created_at > pg_catalog.now() - interval '10 minutes'
         and a.created_at >= changed_at
         and a.action = 'SESSION_NOTE_READ'
         and a.entity_type = 'coaching_session'
         and a.entity_id = read_session_note.session_id::text
    ) then
      insert into public.audit_logs (actor_user_id, action, entity_type, entity_id)
      values (caller, 'SESSION_NOTE_READ', 'coaching_session', read_session_note.session_id::text);
    end if;
  end if;
  return note;
end;
$function$
;

revoke all on function private.read_session_note(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.read_session_note(uuid) to "authenticated";

CREATE OR REPLACE FUNCTION private.request_session_reschedule(session uuid, message text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.coaching_sessions;
  coach_user uuid;
begin
  if message is null or char_length(btrim(message)) = 0 then
    raise exception 'Tell your coach which times suit you' using errcode = '22023';
  end if;
  if char_length(message) > 500 then
    raise exception 'The message is too long (500 characters at most)' using errcode = '22023';
  end if;
  s := private.family_session_to_change(session);
  if exists (select 1 from public.session_change_requests r where r.session_id = s.id and r.status = 'open') then
    raise exception 'You have already asked to reschedule this session' using errcode = '23505';
  end if;
  insert into public.session_change_requests (session_id, parent_id, kind, message)
  values (s.id, s.parent_id, 'reschedule', btrim(message));
  select c.user_id into coach_user from public.coaches c where c.id = s.coach_id;
  insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at, message)
  select 'session_email', 'reschedule_requested', s.id, 'coach', coach_user, s.starts_at, btrim(message)
  where coach_user is not null;
end;
$function$
;

revoke all on function private.request_session_reschedule(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.request_session_reschedule(uuid,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.require_family_slot(child uuid, slot timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  c public.children;
  schedule uuid;
  len interval;
  refusal text;
begin
  select * into c from public.children x where x.id = child;
  if c.id is null or c.parent_id is distinct from auth.uid() or c.coach_id is null or slot is null then
    return; -- the booking itself says what is wrong
  end if;
  -- a plan that books nothing, or a time the coach never offered: the booking says so first
  if (select a.sessions_per_week from private.family_session_allowance(c.parent_id, slot) a) = 0 then
    return;
  end if;
  select sc.id into schedule from public.availability_schedules sc where sc.coach_id = c.coach_id;
  if schedule is null or not exists (
    select 1 from private.open_slots(schedule, 'coaching_session', slot, slot + interval '1 minute', pg_catalog.now(), null, false) o
    where o.starts_at = slot
  ) then
    return;
  end if;
  select pg_catalog.make_interval(mins => m.length_minutes) into len
  from public.meeting_rules m where m.kind = 'coaching_session';
  refusal := private.family_slot_refusal(auth.uid(), schedule, slot, len);
  if refusal = 'held' then
    raise exception 'After-school times more than a week ahead are held for families with priority scheduling'
      using errcode = '22023',
        hint = 'Choose it within a week of the day, or another time of day. Focused Progress and Intensive Momentum include priority scheduling.';
  elsif refusal = 'child-day' then
    raise exception 'That time is outside a child''s day in your time zone'
      using errcode = '22023', hint = 'Sessions run from 7:00 AM to 8:30 PM in your time zone. Choose one of the times offered.';
  end if;
end;
$function$
;

revoke all on function private.require_family_slot(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.require_family_slot(uuid,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.require_open_coach_slot(coach uuid, slot timestamp with time zone, moving uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  schedule uuid;
begin
  select sc.id into schedule
  from public.availability_schedules sc
  join public.coaches co on co.id = sc.coach_id
  where sc.coach_id = coach;
  if schedule is null then
    raise exception 'Your child''s coach has no open times to book' using errcode = '22023';
  end if;
  if exists (
    select 1 from private.open_slots(schedule, 'coaching_session', slot, slot + interval '1 minute', now(), moving) o
    where o.starts_at = slot
  ) then
    return;
  end if;
  if exists (
    select 1 from private.open_slots(schedule, 'coaching_session', slot, slot + interval '1 minute', now(), moving, false) o
    where o.starts_at = slot
  ) then
    raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
  end if;
  raise exception 'That time is not one of the coach''s open times' using errcode = '22023',
    hint = 'Choose one of the times offered.';
end;
$function$
;

revoke all on function private.require_open_coach_slot(uuid,timestamp with time zone,uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.send_due_reminders()
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  queued integer;
  calls integer;
begin
  insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at)
  select 'session_email', r.kind, s.id, who.recipient, who.user_id, s.starts_at
  from public.coaching_sessions s
  cross join (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour'))
    as r (kind, lead)
  cross join lateral (
    values
      ('family', s.parent_id),
      ('coach', (select c.user_id from public.coaches c where c.id = s.coach_id))
  ) as who (recipient, user_id)
  where s.status = 'scheduled'
    and s.starts_at > now()
    and s.starts_at < now() + interval '24 hours'
    and s.starts_at - r.lead <= now()
    and (r.kind = 'reminder_1h' or s.starts_at - interval '1 hour' > now())
    and who.user_id is not null
    and private.wants_session_reminders(who.user_id)
    and not exists (
      select 1
      from public.outbox told
      where told.kind = 'session_email'
        and told.session_id = s.id
        and told.recipient_user_id = who.user_id
        and told.event in ('booked', 'moved')
        and told.starts_at = s.starts_at
        and told.created_at > s.starts_at - r.lead
    )
  on conflict (session_id, event, recipient_user_id, starts_at)
    where kind = 'session_email' and event in ('reminder_24h', 'reminder_1h')
    do nothing;
  get diagnostics queued = row_count;

  insert into public.outbox (kind, event, intro_call_id, recipient, recipient_user_id, starts_at)
  select 'intro_call_email', r.kind, c.id, who.recipient, who.user_id, c.starts_at
  from public.intro_calls c
  cross join (values ('reminder_24h', interval '24 hours'), ('reminder_1h', interval '1 hour'))
    as r (kind, lead)
  cross join lateral (values ('parent', null::uuid), ('host', c.host_id)) as who (recipient, user_id)
  where c.status = 'scheduled'
    and c.starts_at > now()
    and c.starts_at < now() + interval '24 hours'
    and c.starts_at - r.lead <= now()
    and (r.kind = 'reminder_1h' or c.starts_at - interval '1 hour' > now())
    and (who.recipient = 'parent' or (who.user_id is not null and private.wants_session_reminders(who.user_id)))
    and not exists (
      select 1
      from public.outbox told
      where told.kind = 'intro_call_email'
        and told.intro_call_id = c.id
        and told.recipient = who.recipient
        and told.event in ('booked', 'moved')
        and told.starts_at = c.starts_at
        and told.created_at > c.starts_at - r.lead
    )
  on conflict (intro_call_id, event, recipient, starts_at)
    where kind = 'intro_call_email' and event in ('reminder_24h', 'reminder_1h')
    do nothing;
  get diagnostics calls = row_count;
  return queued + calls;
end;
$function$
;

revoke all on function private.send_due_reminders() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.series_horizon_weeks()
 RETURNS integer
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 8 $function$
;

revoke all on function private.series_horizon_weeks() from "anon", "authenticated", public, "service_role";
grant execute on function private.series_horizon_weeks() to public;

CREATE OR REPLACE FUNCTION private.session_attendance_stamp()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if auth.uid() is not null then
      new.user_id := auth.uid();
      new.role := private.session_room_role(new.session_id);
      new.joined_at := now();
      new.last_seen_at := now();
      new.left_at := null;
    end if;
    return new;
  end if;
  if auth.uid() is not null then
    if old.left_at is not null then
      raise exception 'This visit to the room has already ended' using errcode = '42501';
    end if;
    new.last_seen_at := greatest(now(), old.joined_at);
    new.left_at := case when new.left_at is not null then greatest(now(), old.joined_at) end;
  end if;
  return new;
end;
$function$
;

revoke all on function private.session_attendance_stamp() from "anon", "authenticated", public, "service_role";
grant execute on function private.session_attendance_stamp() to public;

CREATE OR REPLACE FUNCTION private.session_child_first_name(session_id uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.first_name
  from public.coaching_sessions s
  join public.children c on c.id = s.child_id
  where s.id = session_child_first_name.session_id
    and private.session_room_role(s.id) is not null
    and private.meets_staff_two_factor()
$function$
;

revoke all on function private.session_child_first_name(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_child_first_name(uuid) to "authenticated";
grant execute on function private.session_child_first_name(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.session_landings(sessions text[])
 RETURNS TABLE(session_id text, landing_path text, landing_campaign text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select a.session_id, a.landing_path, a.landing_campaign
  from private.analytics_sessions a
  where a.session_id = any (sessions) and a.landing_path is not null
$function$
;

revoke all on function private.session_landings(text[]) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_landings(text[]) to "authenticated";
grant execute on function private.session_landings(text[]) to "service_role";

CREATE OR REPLACE FUNCTION private.session_room_closes_at(starts_at timestamp with time zone, duration_minutes integer)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select starts_at + make_interval(mins => duration_minutes) + interval '15 minutes'
$function$
;

revoke all on function private.session_room_closes_at(timestamp with time zone,integer) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_room_closes_at(timestamp with time zone,integer) to "authenticated";
grant execute on function private.session_room_closes_at(timestamp with time zone,integer) to public;
grant execute on function private.session_room_closes_at(timestamp with time zone,integer) to "service_role";

CREATE OR REPLACE FUNCTION private.session_room_opens_at(starts_at timestamp with time zone)
 RETURNS timestamp with time zone
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select starts_at - interval '10 minutes'
$function$
;

revoke all on function private.session_room_opens_at(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_room_opens_at(timestamp with time zone) to "authenticated";
grant execute on function private.session_room_opens_at(timestamp with time zone) to public;
grant execute on function private.session_room_opens_at(timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.session_room_role(session uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case
    when s.coach_id is not null and s.coach_id = private.current_coach_id() then 'coach'
    when s.parent_id = auth.uid() then 'parent'
    when private.is_child_user(s.child_id) then 'child'
    when private.is_admin() then 'admin'
  end
  from public.coaching_sessions s
  where s.id = session
$function$
;

revoke all on function private.session_room_role(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.session_room_role(uuid) to "authenticated";
grant execute on function private.session_room_role(uuid) to public;
grant execute on function private.session_room_role(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.session_series_book_first_weeks()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.book_series_sessions(
    new.id,
    greatest(new.starts_on, (pg_catalog.now() at time zone new.time_zone)::date)
      + 7 * private.series_horizon_weeks() - 1,
    true
  );
  return null;
end;
$function$
;

revoke all on function private.session_series_book_first_weeks() from "anon", "authenticated", public, "service_role";
grant execute on function private.session_series_book_first_weeks() to public;

CREATE OR REPLACE FUNCTION private.session_series_defaults()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  select c.parent_id into new.parent_id from public.children c where c.id = new.child_id;
  if new.time_zone is null then
    select p.time_zone into new.time_zone from public.profiles p where p.id = new.parent_id;
  end if;
  new.time_zone := coalesce(new.time_zone, 'America/New_York');
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  new.weekday := coalesce(new.weekday, extract(isodow from new.starts_on)::smallint);
  return new;
end;
$function$
;

revoke all on function private.session_series_defaults() from "anon", "authenticated", public, "service_role";
grant execute on function private.session_series_defaults() to public;

CREATE OR REPLACE FUNCTION private.session_series_end()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.ends_on is not null and (old.ends_on is null or new.ends_on < old.ends_on) then
    update public.coaching_sessions
    set status = 'cancelled'
    where series_id = new.id and series_date > new.ends_on and status = 'scheduled';
  end if;
  return null;
end;
$function$
;

revoke all on function private.session_series_end() from "anon", "authenticated", public, "service_role";
grant execute on function private.session_series_end() to public;

CREATE OR REPLACE FUNCTION private.settle_session_change_requests()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.starts_at <> old.starts_at or new.status <> old.status then
    update public.session_change_requests r
    set status = 'done', settled_at = now()
    where r.session_id = new.id and r.status = 'open';
  end if;
  return null;
end;
$function$
;

revoke all on function private.settle_session_change_requests() from "anon", "authenticated", public, "service_role";
grant execute on function private.settle_session_change_requests() to public;

CREATE OR REPLACE FUNCTION private.wants_session_reminders(account uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    (select n.session_reminders from public.notification_preferences n where n.user_id = account),
    true
  )
$function$
;

revoke all on function private.wants_session_reminders(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.wants_session_reminders(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.book_family_series(child_id uuid, starts_at timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.require_family_plan();
  perform private.require_family_slot(book_family_series.child_id, book_family_series.starts_at);
  return private.book_family_series(book_family_series.child_id, book_family_series.starts_at);
end;
$function$
;

revoke all on function public.book_family_series(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.book_family_series(uuid,timestamp with time zone) to "authenticated";
grant execute on function public.book_family_series(uuid,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.book_family_session(child_id uuid, starts_at timestamp with time zone)
 RETURNS uuid
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.require_family_plan();
  perform private.require_family_slot(book_family_session.child_id, book_family_session.starts_at);
  return private.book_family_session(book_family_session.child_id, book_family_session.starts_at);
end;
$function$
;

revoke all on function public.book_family_session(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.book_family_session(uuid,timestamp with time zone) to "authenticated";
grant execute on function public.book_family_session(uuid,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.calendar_feed_events(feed_token text)
 RETURNS TABLE(owner_kind text, meeting text, id uuid, starts_at timestamp with time zone, duration_minutes integer, child_first_name text, coach_name text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.calendar_feed_events(calendar_feed_events.feed_token)
$function$
;

revoke all on function public.calendar_feed_events(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.calendar_feed_events(text) to "service_role";

CREATE OR REPLACE FUNCTION public.cancel_family_session(session_id uuid, reason text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.cancel_family_session(cancel_family_session.session_id, cancel_family_session.reason)
$function$
;

revoke all on function public.cancel_family_session(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.cancel_family_session(uuid,text) to "authenticated";
grant execute on function public.cancel_family_session(uuid,text) to "service_role";

CREATE OR REPLACE FUNCTION public.create_calendar_feed()
 RETURNS TABLE(token text, kind text, created_at timestamp with time zone)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.create_calendar_feed()
$function$
;

revoke all on function public.create_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function public.create_calendar_feed() to "authenticated";
grant execute on function public.create_calendar_feed() to "service_role";

CREATE OR REPLACE FUNCTION public.delete_calendar_feed()
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.delete_calendar_feed()
$function$
;

revoke all on function public.delete_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function public.delete_calendar_feed() to "authenticated";
grant execute on function public.delete_calendar_feed() to "service_role";

CREATE OR REPLACE FUNCTION public.end_family_series(series_id uuid)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.end_family_series(end_family_series.series_id)
$function$
;

revoke all on function public.end_family_series(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.end_family_series(uuid) to "authenticated";
grant execute on function public.end_family_series(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.get_calendar_feed()
 RETURNS TABLE(kind text, created_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.my_calendar_feed()
$function$
;

revoke all on function public.get_calendar_feed() from "anon", "authenticated", public, "service_role";
grant execute on function public.get_calendar_feed() to "authenticated";
grant execute on function public.get_calendar_feed() to "service_role";

CREATE OR REPLACE FUNCTION public.get_child_schedule(child_id uuid)
 RETURNS TABLE(id uuid, starts_at timestamp with time zone, ends_at timestamp with time zone, status text, coach_name text, opens_at timestamp with time zone, closes_at timestamp with time zone, change_deadline timestamp with time zone, notice_hours integer, open_request text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select s.id, s.starts_at, s.starts_at + make_interval(mins => s.duration_minutes), s.status,
    (select co.display_name from public.coaches co where co.id = s.coach_id),
    private.session_room_opens_at(s.starts_at),
    private.session_room_closes_at(s.starts_at, s.duration_minutes),
    s.starts_at - private.family_change_notice(),
    (extract(epoch from private.family_change_notice()) / 3600)::integer,
    (select r.kind from public.session_change_requests r where r.session_id = s.id and r.status = 'open' limit 1)
  from public.coaching_sessions s
  where s.child_id = get_child_schedule.child_id
    and s.parent_id = (select auth.uid())
  order by s.starts_at
$function$
;

revoke all on function public.get_child_schedule(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_child_schedule(uuid) to "authenticated";
grant execute on function public.get_child_schedule(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.get_family_week_allowance(week_of timestamp with time zone)
 RETURNS TABLE(sessions_per_week integer, reason text, week_start date, booked integer)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.family_week_allowance(get_family_week_allowance.week_of)
$function$
;

revoke all on function public.get_family_week_allowance(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_family_week_allowance(timestamp with time zone) to "authenticated";
grant execute on function public.get_family_week_allowance(timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.get_session_room(session_id uuid)
 RETURNS TABLE(id uuid, room_id text, topic text, status text, starts_at timestamp with time zone, ends_at timestamp with time zone, opens_at timestamp with time zone, closes_at timestamp with time zone, child_first_name text, coach_name text, viewer_role text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select s.id, s.room_id, 'session-room:' || s.room_id, s.status, s.starts_at,
    s.starts_at + make_interval(mins => s.duration_minutes),
    private.session_room_opens_at(s.starts_at),
    private.session_room_closes_at(s.starts_at, s.duration_minutes),
    private.session_child_first_name(s.id),
    (select co.display_name from public.coaches co where co.id = s.coach_id),
    private.session_room_role(s.id)
  from public.coaching_sessions s
  where s.id = get_session_room.session_id
$function$
;

revoke all on function public.get_session_room(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_session_room(uuid) to "authenticated";
grant execute on function public.get_session_room(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.move_family_session(session_id uuid, starts_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  perform private.require_family_plan();
  perform private.require_family_slot(
    (select s.child_id from public.coaching_sessions s where s.id = move_family_session.session_id),
    move_family_session.starts_at
  );
  perform private.move_family_session(move_family_session.session_id, move_family_session.starts_at);
end;
$function$
;

revoke all on function public.move_family_session(uuid,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.move_family_session(uuid,timestamp with time zone) to "authenticated";
grant execute on function public.move_family_session(uuid,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.read_session_note(session_id uuid)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.read_session_note(read_session_note.session_id)
$function$
;

revoke all on function public.read_session_note(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.read_session_note(uuid) to "authenticated";
grant execute on function public.read_session_note(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.request_session_reschedule(session_id uuid, message text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.request_session_reschedule(request_session_reschedule.session_id, request_session_reschedule.message)
$function$
;

revoke all on function public.request_session_reschedule(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.request_session_reschedule(uuid,text) to "authenticated";
grant execute on function public.request_session_reschedule(uuid,text) to "service_role";

CREATE OR REPLACE FUNCTION public.session_list_count(status text DEFAULT NULL::text)
 RETURNS bigint
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce(
    private.kept_session_count(session_list_count.status),
    case
      when (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user) then
        (select count(*) from public.coaching_sessions s
          where session_list_count.status is null
             or (session_list_count.status = 'active' and s.status <> 'cancelled')
             or s.status = session_list_count.status)
      else
        (select count(*) from public.coaching_sessions s
          where (session_list_count.status is null
                 or (session_list_count.status = 'active' and s.status <> 'cancelled')
                 or s.status = session_list_count.status)
            and (s.parent_id = (select auth.uid())
                 or s.coach_id = (select private.current_coach_id())
                 or s.child_id = (select private.current_child_id())))
    end
  )
$function$
;

revoke all on function public.session_list_count(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.session_list_count(text) to "authenticated";
grant execute on function public.session_list_count(text) to "service_role";

create table "private"."calendar_feeds" (
    "user_id" uuid not null,
    "kind" text not null,
    "token_hash" bytea not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX calendar_feeds_pkey ON private.calendar_feeds USING btree (user_id);

CREATE UNIQUE INDEX calendar_feeds_token_hash_key ON private.calendar_feeds USING btree (token_hash);

alter table "private"."calendar_feeds" add constraint "calendar_feeds_pkey" PRIMARY KEY using index "calendar_feeds_pkey";

alter table "private"."calendar_feeds" add constraint "calendar_feeds_kind_check" CHECK ((kind = ANY (ARRAY['family'::text, 'staff'::text]))) not valid;

alter table "private"."calendar_feeds" validate constraint "calendar_feeds_kind_check";

alter table "private"."calendar_feeds" add constraint "calendar_feeds_token_hash_check" CHECK ((octet_length(token_hash) = 32)) not valid;

alter table "private"."calendar_feeds" validate constraint "calendar_feeds_token_hash_check";

alter table "private"."calendar_feeds" add constraint "calendar_feeds_token_hash_key" UNIQUE using index "calendar_feeds_token_hash_key";

alter table "private"."calendar_feeds" enable row level security;

revoke all on table private.calendar_feeds from "anon", "authenticated", public, "service_role";

create table "private"."session_status_counts" (
    "status" text not null,
    "sessions" bigint not null
      );

alter table "private"."session_status_counts" enable row level security;

revoke all on table private.session_status_counts from "anon", "authenticated", public, "service_role";

comment on table private.session_status_counts is 'Changes to the number of coaching_sessions in each status (sum them); kept by triggers on coaching_sessions.';

create table "public"."coaching_sessions" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "coach_id" uuid,
    "parent_id" uuid not null,
    "starts_at" timestamp with time zone not null,
    "duration_minutes" integer not null default 30,
    "status" text not null default 'scheduled'::text,
    "room_id" text not null default replace((gen_random_uuid())::text, '-'::text, ''::text),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "series_id" uuid,
    "series_date" date
      );

CREATE INDEX coaching_sessions_child_starts_idx ON public.coaching_sessions USING btree (child_id, starts_at);

CREATE INDEX coaching_sessions_coach_starts_idx ON public.coaching_sessions USING btree (coach_id, starts_at, id) INCLUDE (parent_id, child_id, status);

CREATE INDEX coaching_sessions_parent_starts_idx ON public.coaching_sessions USING btree (parent_id, starts_at);

CREATE UNIQUE INDEX coaching_sessions_pkey ON public.coaching_sessions USING btree (id);

CREATE UNIQUE INDEX coaching_sessions_room_id_key ON public.coaching_sessions USING btree (room_id);

CREATE UNIQUE INDEX coaching_sessions_series_date_unique ON public.coaching_sessions USING btree (series_id, series_date);

CREATE INDEX coaching_sessions_starts_idx ON public.coaching_sessions USING btree (starts_at, id) INCLUDE (parent_id, coach_id, child_id, status);

CREATE INDEX coaching_sessions_status_starts_idx ON public.coaching_sessions USING btree (status, starts_at, id) INCLUDE (parent_id, coach_id, child_id);

alter table "public"."coaching_sessions" add constraint "coaching_sessions_pkey" PRIMARY KEY using index "coaching_sessions_pkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_child_no_overlap" EXCLUDE USING gist (child_id WITH =, private.session_period(starts_at, duration_minutes) WITH &&) WHERE ((status <> 'cancelled'::text));

alter table "public"."coaching_sessions" add constraint "coaching_sessions_coach_no_overlap" EXCLUDE USING gist (coach_id WITH =, private.session_period(starts_at, duration_minutes) WITH &&) WHERE (((status <> 'cancelled'::text) AND (coach_id IS NOT NULL)));

alter table "public"."coaching_sessions" add constraint "coaching_sessions_duration_minutes_check" CHECK (((duration_minutes >= 10) AND (duration_minutes <= 120))) not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_duration_minutes_check";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_room_id_check" CHECK ((room_id ~ '^[A-Za-z0-9_-]{16,64}$'::text)) not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_room_id_check";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_room_id_key" UNIQUE using index "coaching_sessions_room_id_key";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_series_date_unique" UNIQUE using index "coaching_sessions_series_date_unique";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_status_check" CHECK ((status = ANY (ARRAY['scheduled'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text]))) not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_status_check";

alter table "public"."coaching_sessions" enable row level security;

create policy "Admins delete sessions"
  on "public"."coaching_sessions"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins schedule sessions"
  on "public"."coaching_sessions"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."coaching_sessions"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The assigned coach and admins update a session"
  on "public"."coaching_sessions"
  as permissive
  for update
  to authenticated
using (((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin)))
with check (((coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin)));

create policy "The family, the assigned coach and admins read a session"
  on "public"."coaching_sessions"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR ( SELECT private.is_admin() AS is_admin) OR (child_id = ( SELECT private.current_child_id() AS current_child_id))));

CREATE TRIGGER coaching_sessions_audit AFTER INSERT OR DELETE OR UPDATE ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.audit_change('SESSION_*', 'coaching_session', 'id', 'child_id', 'coach_id', 'starts_at', 'duration_minutes', 'status');

CREATE TRIGGER coaching_sessions_count_deletes AFTER DELETE ON public.coaching_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.coaching_sessions_count_changes();

CREATE TRIGGER coaching_sessions_count_inserts AFTER INSERT ON public.coaching_sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.coaching_sessions_count_changes();

CREATE TRIGGER coaching_sessions_count_truncates AFTER TRUNCATE ON public.coaching_sessions FOR EACH STATEMENT EXECUTE FUNCTION private.coaching_sessions_count_changes();

CREATE TRIGGER coaching_sessions_count_updates AFTER UPDATE ON public.coaching_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.coaching_sessions_count_changes();

CREATE TRIGGER coaching_sessions_guard_child BEFORE UPDATE OF child_id ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.guard_session_child();

CREATE TRIGGER coaching_sessions_match_child_coach AFTER INSERT ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.match_child_with_session_coach();

CREATE TRIGGER coaching_sessions_queue_emails AFTER INSERT OR UPDATE OF starts_at, status, coach_id ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.queue_session_change_emails();

CREATE TRIGGER coaching_sessions_set_parent BEFORE INSERT OR UPDATE OF child_id ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.coaching_sessions_set_parent();

CREATE TRIGGER coaching_sessions_set_updated_at BEFORE UPDATE ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER coaching_sessions_settle_change_requests AFTER UPDATE OF starts_at, status ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.settle_session_change_requests();

CREATE TRIGGER coaching_sessions_weekly_allowance BEFORE INSERT OR UPDATE OF starts_at, status, child_id ON public.coaching_sessions FOR EACH ROW EXECUTE FUNCTION private.coaching_sessions_weekly_allowance();

revoke all on table public.coaching_sessions from "anon", "authenticated", public, "service_role";
grant delete, select on table public.coaching_sessions to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.coaching_sessions to "service_role";

grant insert (child_id) on table public.coaching_sessions to "authenticated";

grant update (child_id) on table public.coaching_sessions to "authenticated";

grant insert (coach_id) on table public.coaching_sessions to "authenticated";

grant update (coach_id) on table public.coaching_sessions to "authenticated";

grant insert (duration_minutes) on table public.coaching_sessions to "authenticated";

grant update (duration_minutes) on table public.coaching_sessions to "authenticated";

grant insert (id) on table public.coaching_sessions to "authenticated";

grant insert (parent_id) on table public.coaching_sessions to "authenticated";

grant insert (starts_at) on table public.coaching_sessions to "authenticated";

grant update (starts_at) on table public.coaching_sessions to "authenticated";

grant insert (status) on table public.coaching_sessions to "authenticated";

grant update (status) on table public.coaching_sessions to "authenticated";

create table "public"."preferred_session_times" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "weekday" smallint not null,
    "day_part" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX preferred_session_times_child_id_weekday_day_part_key ON public.preferred_session_times USING btree (child_id, weekday, day_part);

CREATE UNIQUE INDEX preferred_session_times_pkey ON public.preferred_session_times USING btree (id);

alter table "public"."preferred_session_times" add constraint "preferred_session_times_pkey" PRIMARY KEY using index "preferred_session_times_pkey";

alter table "public"."preferred_session_times" add constraint "preferred_session_times_child_id_weekday_day_part_key" UNIQUE using index "preferred_session_times_child_id_weekday_day_part_key";

alter table "public"."preferred_session_times" add constraint "preferred_session_times_day_part_check" CHECK ((day_part = ANY (ARRAY['morning'::text, 'afternoon'::text, 'evening'::text]))) not valid;

alter table "public"."preferred_session_times" validate constraint "preferred_session_times_day_part_check";

alter table "public"."preferred_session_times" add constraint "preferred_session_times_weekday_check" CHECK (((weekday >= 1) AND (weekday <= 7))) not valid;

alter table "public"."preferred_session_times" validate constraint "preferred_session_times_weekday_check";

alter table "public"."preferred_session_times" enable row level security;

create policy "Parents add preferred times for their children"
  on "public"."preferred_session_times"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_parent_of_child(preferred_session_times.child_id) AS is_parent_of_child));

create policy "Parents remove preferred times of their children"
  on "public"."preferred_session_times"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_parent_of_child(preferred_session_times.child_id) AS is_parent_of_child));

create policy "Parents, the child's coach and admins read preferred times"
  on "public"."preferred_session_times"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_parent_of_child(preferred_session_times.child_id) AS is_parent_of_child) OR ( SELECT private.is_coach_of_child(preferred_session_times.child_id) AS is_coach_of_child) OR ( SELECT private.is_admin() AS is_admin)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."preferred_session_times"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

revoke all on table public.preferred_session_times from "anon", "authenticated", public, "service_role";
grant delete, select on table public.preferred_session_times to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.preferred_session_times to "service_role";

grant insert (child_id) on table public.preferred_session_times to "authenticated";

grant insert (day_part) on table public.preferred_session_times to "authenticated";

grant insert (weekday) on table public.preferred_session_times to "authenticated";

create table "public"."session_attendance" (
    "id" uuid not null default gen_random_uuid(),
    "session_id" uuid not null,
    "user_id" uuid not null default auth.uid(),
    "role" text not null,
    "joined_at" timestamp with time zone not null default now(),
    "last_seen_at" timestamp with time zone not null default now(),
    "left_at" timestamp with time zone
      );

CREATE UNIQUE INDEX session_attendance_pkey ON public.session_attendance USING btree (id);

CREATE INDEX session_attendance_session_idx ON public.session_attendance USING btree (session_id, joined_at);

CREATE INDEX session_attendance_user_idx ON public.session_attendance USING btree (user_id);

alter table "public"."session_attendance" add constraint "session_attendance_pkey" PRIMARY KEY using index "session_attendance_pkey";

alter table "public"."session_attendance" add constraint "session_attendance_check" CHECK ((last_seen_at >= joined_at)) not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_check";

alter table "public"."session_attendance" add constraint "session_attendance_check1" CHECK (((left_at IS NULL) OR (left_at >= joined_at))) not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_check1";

alter table "public"."session_attendance" add constraint "session_attendance_role_check" CHECK ((role = ANY (ARRAY['admin'::text, 'coach'::text, 'parent'::text, 'child'::text]))) not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_role_check";

alter table "public"."session_attendance" enable row level security;

create policy "Participants record their own arrival in an open room"
  on "public"."session_attendance"
  as permissive
  for insert
  to authenticated
with check (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.may_enter_session(session_attendance.session_id) AS may_enter_session)));

create policy "Participants record their own presence and departure"
  on "public"."session_attendance"
  as permissive
  for update
  to authenticated
using ((user_id = ( SELECT auth.uid() AS uid)))
with check ((user_id = ( SELECT auth.uid() AS uid)));

create policy "Participants, the session's coach and parents, and admins read "
  on "public"."session_attendance"
  as permissive
  for select
  to authenticated
using (((user_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin) OR (( SELECT private.session_room_role(session_attendance.session_id) AS session_room_role) = ANY (ARRAY['coach'::text, 'parent'::text]))));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."session_attendance"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER session_attendance_stamp BEFORE INSERT OR UPDATE ON public.session_attendance FOR EACH ROW EXECUTE FUNCTION private.session_attendance_stamp();

revoke all on table public.session_attendance from "anon", "authenticated", public, "service_role";
grant select on table public.session_attendance to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.session_attendance to "service_role";

grant update (last_seen_at) on table public.session_attendance to "authenticated";

grant update (left_at) on table public.session_attendance to "authenticated";

grant insert (session_id) on table public.session_attendance to "authenticated";

create table "public"."session_change_requests" (
    "id" uuid not null default gen_random_uuid(),
    "session_id" uuid not null,
    "parent_id" uuid not null,
    "kind" text not null,
    "message" text,
    "status" text not null default 'open'::text,
    "created_at" timestamp with time zone not null default now(),
    "settled_at" timestamp with time zone
      );

CREATE UNIQUE INDEX session_change_requests_one_open_idx ON public.session_change_requests USING btree (session_id) WHERE (status = 'open'::text);

CREATE INDEX session_change_requests_parent_idx ON public.session_change_requests USING btree (parent_id);

CREATE UNIQUE INDEX session_change_requests_pkey ON public.session_change_requests USING btree (id);

CREATE INDEX session_change_requests_session_idx ON public.session_change_requests USING btree (session_id, created_at DESC);

alter table "public"."session_change_requests" add constraint "session_change_requests_pkey" PRIMARY KEY using index "session_change_requests_pkey";

alter table "public"."session_change_requests" add constraint "session_change_requests_kind_check" CHECK ((kind = ANY (ARRAY['reschedule'::text, 'cancel'::text]))) not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_kind_check";

alter table "public"."session_change_requests" add constraint "session_change_requests_message_check" CHECK ((char_length(message) <= 500)) not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_message_check";

alter table "public"."session_change_requests" add constraint "session_change_requests_status_check" CHECK ((status = ANY (ARRAY['open'::text, 'done'::text]))) not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_status_check";

alter table "public"."session_change_requests" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."session_change_requests"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The family, the session's coach and admins read change requests"
  on "public"."session_change_requests"
  as permissive
  for select
  to authenticated
using (((parent_id = ( SELECT auth.uid() AS uid)) OR ( SELECT private.is_admin() AS is_admin) OR (( SELECT private.session_room_role(session_change_requests.session_id) AS session_room_role) = 'coach'::text)));

revoke all on table public.session_change_requests from "anon", "authenticated", public, "service_role";
grant select on table public.session_change_requests to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.session_change_requests to "service_role";

create table "public"."session_notes" (
    "session_id" uuid not null,
    "body" text not null,
    "updated_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX session_notes_pkey ON public.session_notes USING btree (session_id);

CREATE INDEX session_notes_updated_by_idx ON public.session_notes USING btree (updated_by);

alter table "public"."session_notes" add constraint "session_notes_pkey" PRIMARY KEY using index "session_notes_pkey";

alter table "public"."session_notes" add constraint "session_notes_body_check" CHECK (((char_length(btrim(body)) >= 1) AND (char_length(btrim(body)) <= 4000))) not valid;

alter table "public"."session_notes" validate constraint "session_notes_body_check";

alter table "public"."session_notes" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."session_notes"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "The session's coach and admins delete session notes"
  on "public"."session_notes"
  as permissive
  for delete
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach)));

create policy "The session's coach and admins edit session notes"
  on "public"."session_notes"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach)))
with check (((updated_by = ( SELECT auth.uid() AS uid)) AND (( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach))));

create policy "The session's coach and admins read session notes"
  on "public"."session_notes"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach)));

create policy "The session's coach and admins write session notes"
  on "public"."session_notes"
  as permissive
  for insert
  to authenticated
with check (((updated_by = ( SELECT auth.uid() AS uid)) AND (( SELECT private.is_admin() AS is_admin) OR ( SELECT private.is_session_coach(session_notes.session_id) AS is_session_coach))));

CREATE TRIGGER session_notes_set_updated_at BEFORE UPDATE ON public.session_notes FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.session_notes from "anon", "authenticated", public, "service_role";
grant delete on table public.session_notes to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.session_notes to "service_role";

grant insert (body) on table public.session_notes to "authenticated";

grant update (body) on table public.session_notes to "authenticated";

grant select (created_at) on table public.session_notes to "authenticated";

grant insert (session_id) on table public.session_notes to "authenticated";

grant select (session_id) on table public.session_notes to "authenticated";

grant select (updated_at) on table public.session_notes to "authenticated";

grant insert (updated_by) on table public.session_notes to "authenticated";

grant select (updated_by) on table public.session_notes to "authenticated";

grant update (updated_by) on table public.session_notes to "authenticated";

create table "public"."session_series" (
    "id" uuid not null default gen_random_uuid(),
    "child_id" uuid not null,
    "coach_id" uuid not null,
    "parent_id" uuid not null,
    "weekday" smallint not null,
    "local_time" time without time zone not null,
    "time_zone" text not null,
    "duration_minutes" integer not null default 30,
    "starts_on" date not null,
    "ends_on" date,
    "created_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX session_series_child_idx ON public.session_series USING btree (child_id);

CREATE INDEX session_series_coach_idx ON public.session_series USING btree (coach_id);

CREATE INDEX session_series_created_by_idx ON public.session_series USING btree (created_by);

CREATE INDEX session_series_parent_idx ON public.session_series USING btree (parent_id);

CREATE UNIQUE INDEX session_series_pkey ON public.session_series USING btree (id);

alter table "public"."session_series" add constraint "session_series_pkey" PRIMARY KEY using index "session_series_pkey";

alter table "public"."session_series" add constraint "session_series_check" CHECK ((EXTRACT(isodow FROM starts_on) = (weekday)::numeric)) not valid;

alter table "public"."session_series" validate constraint "session_series_check";

alter table "public"."session_series" add constraint "session_series_check1" CHECK (((ends_on IS NULL) OR (ends_on >= starts_on))) not valid;

alter table "public"."session_series" validate constraint "session_series_check1";

alter table "public"."session_series" add constraint "session_series_duration_minutes_check" CHECK (((duration_minutes >= 10) AND (duration_minutes <= 120))) not valid;

alter table "public"."session_series" validate constraint "session_series_duration_minutes_check";

alter table "public"."session_series" add constraint "session_series_local_time_check" CHECK (((local_time)::interval = date_trunc('minute'::text, (local_time)::interval))) not valid;

alter table "public"."session_series" validate constraint "session_series_local_time_check";

alter table "public"."session_series" add constraint "session_series_weekday_check" CHECK (((weekday >= 1) AND (weekday <= 7))) not valid;

alter table "public"."session_series" validate constraint "session_series_weekday_check";

alter table "public"."session_series" enable row level security;

create policy "Admins create series"
  on "public"."session_series"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins end any series, coaches their own"
  on "public"."session_series"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))))
with check ((( SELECT private.is_admin() AS is_admin) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))));

create policy "Admins read every series, coaches theirs, parents their childre"
  on "public"."session_series"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id)) OR (parent_id = ( SELECT auth.uid() AS uid))));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."session_series"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER session_series_book_first_weeks AFTER INSERT ON public.session_series FOR EACH ROW EXECUTE FUNCTION private.session_series_book_first_weeks();

CREATE TRIGGER session_series_defaults BEFORE INSERT ON public.session_series FOR EACH ROW EXECUTE FUNCTION private.session_series_defaults();

CREATE TRIGGER session_series_end AFTER UPDATE OF ends_on ON public.session_series FOR EACH ROW EXECUTE FUNCTION private.session_series_end();

CREATE TRIGGER session_series_set_updated_at BEFORE UPDATE ON public.session_series FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.session_series from "anon", "authenticated", public, "service_role";
grant select on table public.session_series to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.session_series to "service_role";

grant insert (child_id) on table public.session_series to "authenticated";

grant insert (coach_id) on table public.session_series to "authenticated";

grant insert (duration_minutes) on table public.session_series to "authenticated";

grant insert (ends_on) on table public.session_series to "authenticated";

grant update (ends_on) on table public.session_series to "authenticated";

grant insert (id) on table public.session_series to "authenticated";

grant insert (local_time) on table public.session_series to "authenticated";

grant insert (parent_id) on table public.session_series to "authenticated";

grant insert (starts_on) on table public.session_series to "authenticated";

grant insert (time_zone) on table public.session_series to "authenticated";

grant insert (weekday) on table public.session_series to "authenticated";

CREATE OR REPLACE FUNCTION private.family_session_to_change(session uuid)
 RETURNS coaching_sessions
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  s public.coaching_sessions;
begin
  select * into s from public.coaching_sessions x where x.id = session;
  if s.id is null or s.parent_id is distinct from auth.uid() then
    raise exception 'No such session in your family' using errcode = '42501';
  end if;
  if s.status <> 'scheduled' then
    raise exception 'This session is no longer scheduled' using errcode = '22023';
  end if;
  if now() > s.starts_at - private.family_change_notice() then
    raise exception 'Sessions can be changed up to 24 hours before they start. Please reply to your coach''s email instead.'
      using errcode = '22023';
  end if;
  return s;
end;
$function$
;

revoke all on function private.family_session_to_change(uuid) from "anon", "authenticated", public, "service_role";

alter table "private"."calendar_feeds" add constraint "calendar_feeds_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "private"."calendar_feeds" validate constraint "calendar_feeds_user_id_fkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_child_id_fkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE SET NULL not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_coach_id_fkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_parent_id_fkey";

alter table "public"."coaching_sessions" add constraint "coaching_sessions_series_id_fkey" FOREIGN KEY (series_id) REFERENCES session_series(id) ON DELETE SET NULL not valid;

alter table "public"."coaching_sessions" validate constraint "coaching_sessions_series_id_fkey";

alter table "public"."preferred_session_times" add constraint "preferred_session_times_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."preferred_session_times" validate constraint "preferred_session_times_child_id_fkey";

alter table "public"."session_attendance" add constraint "session_attendance_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE CASCADE not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_session_id_fkey";

alter table "public"."session_attendance" add constraint "session_attendance_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."session_attendance" validate constraint "session_attendance_user_id_fkey";

alter table "public"."session_change_requests" add constraint "session_change_requests_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_parent_id_fkey";

alter table "public"."session_change_requests" add constraint "session_change_requests_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE CASCADE not valid;

alter table "public"."session_change_requests" validate constraint "session_change_requests_session_id_fkey";

alter table "public"."session_notes" add constraint "session_notes_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE CASCADE not valid;

alter table "public"."session_notes" validate constraint "session_notes_session_id_fkey";

alter table "public"."session_notes" add constraint "session_notes_updated_by_fkey" FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."session_notes" validate constraint "session_notes_updated_by_fkey";

alter table "public"."session_series" add constraint "session_series_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."session_series" validate constraint "session_series_child_id_fkey";

alter table "public"."session_series" add constraint "session_series_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE CASCADE not valid;

alter table "public"."session_series" validate constraint "session_series_coach_id_fkey";

alter table "public"."session_series" add constraint "session_series_created_by_fkey" FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."session_series" validate constraint "session_series_created_by_fkey";

alter table "public"."session_series" add constraint "session_series_parent_id_fkey" FOREIGN KEY (parent_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."session_series" validate constraint "session_series_parent_id_fkey";
