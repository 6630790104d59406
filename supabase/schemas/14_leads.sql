-- Leads: the pipeline, waitlist, newsletter, contact messages, the quiz, intro calls
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.attach_quiz_results_email(p_assessment_id uuid, p_email text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if p_email is null or char_length(p_email) > 254 or p_email !~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  update public.quiz_assessments
     set email = lower(btrim(p_email)), email_consent_at = now()
   where id = p_assessment_id
     and email is null
     and created_at > now() - interval '1 hour';
  if not found then
    raise exception 'These results can no longer be emailed.'
      using errcode = 'PT404',
            hint = 'Results can be emailed once, within an hour of taking the assessment. Please take the quiz again.';
  end if;
end;
$function$
;

revoke all on function private.attach_quiz_results_email(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.attach_quiz_results_email(uuid,text) to "anon";
grant execute on function private.attach_quiz_results_email(uuid,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.book_intro_call(token text, slot timestamp with time zone, time_zone text)
 RETURNS TABLE(call_id uuid, starts_at timestamp with time zone, host_name text)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  lead_row public.leads;
  current_call public.intro_calls;
  chosen uuid;
  chosen_host uuid;
  len integer;
  booked uuid;
  sc record;
begin
  select * into lead_row from public.leads l where l.id = private.lead_of_intro_call_token(token) for update;
  if slot is null then
    raise exception 'Choose a time' using errcode = '22023';
  end if;
  if time_zone is null or not private.is_time_zone(time_zone) then
    raise exception 'Unknown time zone: %', coalesce(time_zone, 'none')
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  if lead_row.status = 'enrolled' then
    raise exception 'Your family is already enrolled: your coach schedules with you directly' using errcode = '22023';
  end if;
  select * into current_call from public.intro_calls c where c.lead_id = lead_row.id and c.status = 'scheduled';
  if current_call.id is not null and current_call.starts_at = slot then
    return query select current_call.id, current_call.starts_at,
      (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = current_call.host_id);
    return;
  end if;
  if current_call.id is not null and current_call.starts_at <= now() then
    raise exception 'This intro call has already started' using errcode = '22023';
  end if;

  -- every host who offers that time at all (bookings aside), locked in one order
  for sc in
    select distinct s.id as schedule_id
    from public.availability_schedules s
    cross join lateral private.open_slots(s.id, 'intro_call', slot, slot + interval '1 minute', now(), null, false) o
    where s.takes_intro_calls and o.starts_at = slot
    order by s.id
  loop
    perform private.lock_host_bookings(sc.schedule_id);
  end loop;
  if not found then
    raise exception 'That time is not one of the open times' using errcode = '22023',
      hint = 'Choose one of the times offered.';
  end if;

  -- after the locks: who still has it open, the fewest upcoming calls first (then at random)
  -- (the call being moved blocks no time of its own)
  select s.id, private.schedule_host(s.id) into chosen, chosen_host
  from public.availability_schedules s
  cross join lateral private.open_slots(s.id, 'intro_call', slot, slot + interval '1 minute', now(), current_call.id) o
  where s.takes_intro_calls and o.starts_at = slot
  order by (
    select count(*) from public.intro_calls x
    where x.host_id = private.schedule_host(s.id) and x.status = 'scheduled' and x.starts_at > now()
      and x.id is distinct from current_call.id
  ), random()
  limit 1;
  if chosen is null then
    raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
  end if;

  select m.length_minutes into len from public.meeting_rules m where m.kind = 'intro_call';
  begin
    if current_call.id is null then
      insert into public.intro_calls (lead_id, host_id, starts_at, duration_minutes, parent_time_zone)
      values (lead_row.id, chosen_host, slot, len, time_zone)
      returning id into booked;
    else
      update public.intro_calls c
         set starts_at = slot, host_id = chosen_host, duration_minutes = len, parent_time_zone = time_zone
       where c.id = current_call.id
      returning c.id into booked;
    end if;
  exception
    when exclusion_violation then
      raise exception 'That time was just taken' using errcode = '23P01', hint = 'Choose another time.';
  end;

  update public.leads l
     set status = 'call_scheduled',
         assignee_id = coalesce(l.assignee_id, chosen_host)
   where l.id = lead_row.id;

  return query select booked, slot,
    (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = chosen_host);
end;
$function$
;

revoke all on function private.book_intro_call(text,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.book_intro_call(text,timestamp with time zone,text) to "anon";
grant execute on function private.book_intro_call(text,timestamp with time zone,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.can_work_lead(lead uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.is_admin()
    or exists (select 1 from public.leads l where l.id = lead and l.assignee_id = auth.uid())
$function$
;

revoke all on function private.can_work_lead(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.can_work_lead(uuid) to "authenticated";
grant execute on function private.can_work_lead(uuid) to public;
grant execute on function private.can_work_lead(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.cancel_intro_call(token text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  lead uuid := private.lead_of_intro_call_token(token);
  call public.intro_calls;
begin
  select * into call from public.intro_calls c where c.lead_id = lead and c.status = 'scheduled' for update;
  if call.id is null then
    raise exception 'There is no intro call to cancel' using errcode = 'PT404';
  end if;
  if call.starts_at <= now() then
    raise exception 'This intro call has already started' using errcode = '22023';
  end if;
  update public.intro_calls c set status = 'cancelled' where c.id = call.id;
  update public.leads l set status = 'new' where l.id = lead and l.status = 'call_scheduled';
end;
$function$
;

revoke all on function private.cancel_intro_call(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.cancel_intro_call(text) to "anon";
grant execute on function private.cancel_intro_call(text) to "authenticated";

CREATE OR REPLACE FUNCTION private.conversion_attribution_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  v_kind text;
  v_landing text;
  v_session text;
begin
  if tg_op in ('UPDATE', 'DELETE') then
    delete from private.conversion_attributions c where c.conversion_id = old.id::text;
  end if;
  if tg_op = 'DELETE' then
    return null;
  end if;
  v_session := new.analytics_session_id;
  if tg_table_name = 'waitlist' then
    v_kind := case new.source when 'fit-call' then 'fit_call' when 'contact-v2' then 'contact' else 'waitlist' end;
    v_landing := new.landing_path;
  elsif tg_table_name = 'quiz_assessments' then
    v_kind := 'quiz';
    v_landing := new.landing_path;
  elsif tg_table_name = 'newsletter_subscribers' then
    v_kind := 'newsletter';
  else
    v_kind := 'contact';
  end if;
  insert into private.conversion_attributions (conversion_id, session_key, session_id, kind, created_at, path, utm_campaign)
  select new.id::text, coalesce(v_session, 'conversion:' || new.id::text), v_session, v_kind, new.created_at,
         a.path, a.utm_campaign
  from private.conversion_attribution(v_session, v_landing) a;
  return null;
end;
$function$
;

revoke all on function private.conversion_attribution_changed() from "anon", "authenticated", public, "service_role";
grant execute on function private.conversion_attribution_changed() to "anon";
grant execute on function private.conversion_attribution_changed() to "authenticated";
grant execute on function private.conversion_attribution_changed() to "service_role";

CREATE OR REPLACE FUNCTION private.conversion_hourly_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
-- Appends the change (decision 236): sign-ups of one hour never wait on each other's row.
begin
  if tg_op in ('UPDATE', 'DELETE') then
    insert into private.conversion_hourly (hour, conversions)
    values (date_trunc('hour', old.created_at, 'UTC'), -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.conversion_hourly (hour, conversions)
    values (date_trunc('hour', new.created_at, 'UTC'), 1);
  end if;
  return null;
end;
$function$
;

revoke all on function private.conversion_hourly_changed() from "anon", "authenticated", public, "service_role";
grant execute on function private.conversion_hourly_changed() to "anon";
grant execute on function private.conversion_hourly_changed() to "authenticated";
grant execute on function private.conversion_hourly_changed() to "service_role";

CREATE OR REPLACE FUNCTION private.enrol_lead(lead_id uuid, child_first_name text, child_age smallint)
 RETURNS TABLE(parent_id uuid, child_id uuid, already_enrolled boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  lead public.leads%rowtype;
  parent uuid;
  child uuid;
  wanted_name text := btrim(coalesce(child_first_name, ''));
begin
  if not private.is_admin() then
    raise exception 'Only admins enrol leads' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select * into lead from public.leads l where l.id = enrol_lead.lead_id for update;
  if not found then
    raise exception 'Lead not found' using errcode = 'PT404';
  end if;
  if lead.enrolled_child_id is not null then
    return query select lead.enrolled_parent_id, lead.enrolled_child_id, true;
    return;
  end if;
  if char_length(wanted_name) not between 1 and 50 then
    raise exception 'The child''s first name is required (at most 50 characters).' using errcode = '22023';
  end if;
  if child_age is not null and child_age not between 3 and 18 then
    raise exception 'The child''s age must be between 3 and 18.' using errcode = '22023';
  end if;
  -- Only an account that the address's owner holds: confirmed, or our invitation not yet accepted
  -- (no password: only the emailed link opens it). A sign-up that never confirmed may be anyone's.
  select u.id into parent from auth.users u
   where lower(u.email) = lower(lead.email)
     and (u.email_confirmed_at is not null
          or (u.invited_at is not null and coalesce(u.encrypted_password, '') = ''));
  if parent is null then
    raise exception 'No account for this address yet: invite the parent first.'
      using errcode = 'PT409', detail = lead.email;
  end if;
  insert into public.user_roles (user_id, role) values (parent, 'parent')
  on conflict (user_id, role) do nothing;
  select c.id into child
  from public.children c
  where c.parent_id = parent and lower(c.first_name) = lower(wanted_name)
  limit 1;
  if child is null then
    insert into public.children (parent_id, first_name, age_band, birth_year, focus_areas)
    values (
      parent, wanted_name, child_age::text,
      case when child_age is not null then (extract(year from now())::int - child_age)::smallint end,
      case when lead.focus_area in ('emotions', 'confidence', 'focus', 'connection', 'other')
        then array[lead.focus_area] else '{}'::text[] end
    )
    returning id into child;
  end if;
  update public.leads l
     set status = 'enrolled', enrolled_parent_id = parent, enrolled_child_id = child
   where l.id = lead.id;
  return query select parent, child, false;
end;
$function$
;

revoke all on function private.enrol_lead(uuid,text,smallint) from "anon", "authenticated", public, "service_role";
grant execute on function private.enrol_lead(uuid,text,smallint) to "authenticated";
grant execute on function private.enrol_lead(uuid,text,smallint) to "service_role";

CREATE OR REPLACE FUNCTION private.intro_call_caps()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  claims jsonb := nullif(pg_catalog.current_setting('request.jwt.claims', true), '')::jsonb;
  from_client text := private.request_client();
  family_email text;
  other public.intro_calls;
  held integer;
begin
  -- the team's own bookings, and statements run inside the database, are not a visitor's
  if claims is null or claims ->> 'role' = 'service_role' or private.is_admin() or private.current_coach_id() is not null then
    return new;
  end if;

  select lower(btrim(l.email)) into family_email from public.leads l where l.id = new.lead_id;
  select c.* into other
    from public.intro_calls c
    join public.leads l on l.id = c.lead_id
   where lower(btrim(l.email)) = family_email and c.lead_id <> new.lead_id
     and c.status = 'scheduled' and c.starts_at > now()
   order by c.starts_at
   limit 1;
  if other.id is not null then
    raise exception 'This email already has an intro call booked'
      using errcode = '22023',
            hint = 'Use the link in the email that confirmed it to move or cancel that call.';
  end if;

  perform pg_catalog.pg_advisory_xact_lock(7304, pg_catalog.hashtext(from_client));
  select count(*) into held
    from private.intro_call_clients k
    join public.intro_calls c on c.id = k.intro_call_id
   where k.client = from_client and c.status = 'scheduled' and c.starts_at > now();
  if held >= 2 then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', 'Too many intro calls booked from this device.',
        'hint', 'Each family needs one: move or cancel a call you have with the link in its email.'
      )::text,
      detail = json_build_object('status', 429)::text;
  end if;

  insert into private.intro_call_clients (intro_call_id, client) values (new.id, from_client);
  return new;
end;
$function$
;

revoke all on function private.intro_call_caps() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.intro_call_for_token(token text)
 RETURNS TABLE(parent_name text, call_id uuid, starts_at timestamp with time zone, duration_minutes integer, host_name text, parent_time_zone text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  lead uuid := private.lead_of_intro_call_token(token);
begin
  return query
    select l.name::text, c.id, c.starts_at,
      coalesce(c.duration_minutes, (select r.length_minutes from public.meeting_rules r where r.kind = 'intro_call')),
      (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = c.host_id),
      c.parent_time_zone
    from public.leads l
    left join public.intro_calls c on c.lead_id = l.id and c.status = 'scheduled'
    where l.id = lead;
end;
$function$
;

revoke all on function private.intro_call_for_token(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.intro_call_for_token(text) to "anon";
grant execute on function private.intro_call_for_token(text) to "authenticated";

CREATE OR REPLACE FUNCTION private.intro_call_open_slots(range_start timestamp with time zone, range_end timestamp with time zone, now_at timestamp with time zone DEFAULT now())
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone, schedule_id uuid)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select o.starts_at, o.ends_at, sc.id
  from public.availability_schedules sc
  cross join lateral private.open_slots(sc.id, 'intro_call', range_start, range_end, now_at) o
  where sc.takes_intro_calls
  order by o.starts_at, sc.id
$function$
;

revoke all on function private.intro_call_open_slots(timestamp with time zone,timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.intro_call_open_times(range_start timestamp with time zone, range_end timestamp with time zone)
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.check_slot_range(range_start, range_end);
  return query
    select distinct o.starts_at, o.ends_at
    from private.intro_call_open_slots(range_start, range_end) o
    order by 1;
end;
$function$
;

revoke all on function private.intro_call_open_times(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.intro_call_open_times(timestamp with time zone,timestamp with time zone) to "anon";
grant execute on function private.intro_call_open_times(timestamp with time zone,timestamp with time zone) to "authenticated";

CREATE OR REPLACE FUNCTION private.intro_call_token_hash(token text)
 RETURNS bytea
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8'))
$function$
;

revoke all on function private.intro_call_token_hash(text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.issue_intro_call_token(lead uuid, valid interval)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if not exists (select 1 from public.leads l where l.id = lead) then
    raise exception 'Lead not found' using errcode = 'P0002';
  end if;
  delete from private.intro_call_tokens t where t.expires_at < now() - interval '1 day';
  insert into private.intro_call_tokens (token_hash, lead_id, expires_at)
  values (private.intro_call_token_hash(token), lead, now() + valid);
  return token;
end;
$function$
;

revoke all on function private.issue_intro_call_token(uuid,interval) from "anon", "authenticated", public, "service_role";
grant execute on function private.issue_intro_call_token(uuid,interval) to "service_role";

CREATE OR REPLACE FUNCTION private.lead_assignees()
 RETURNS TABLE(id uuid, name text, role app_role)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if not (private.is_admin() or private.has_role(auth.uid(), 'coach')) then
    raise exception 'Only the team may list assignees' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  return query
    select r.user_id, private.person_name(r.user_id), min(r.role)
    from public.user_roles r
    where r.role in ('admin', 'coach')
    group by r.user_id
    order by 2;
end;
$function$
;

revoke all on function private.lead_assignees() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_assignees() to "authenticated";
grant execute on function private.lead_assignees() to "service_role";

CREATE OR REPLACE FUNCTION private.lead_events_stamp()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null then
    new.actor_id := auth.uid();
    new.actor_name := private.person_name(auth.uid());
    new.created_at := now();
    new.body := btrim(new.body);
  end if;
  return new;
end;
$function$
;

revoke all on function private.lead_events_stamp() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_events_stamp() to public;

CREATE OR REPLACE FUNCTION private.lead_from_contact_message()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  landing text;
begin
  if new.analytics_session_id is not null then
    select w.page_path into landing
    from public.web_analytics w
    where w.session_id = new.analytics_session_id and w.event_type = 'page_view'
    order by w.created_at
    limit 1;
  end if;
  insert into public.leads (
    source, contact_message_id, name, email, message, landing_path,
    utm_source, utm_medium, utm_campaign, status, created_at
  ) values (
    'contact', new.id, new.name, new.email, left(new.topic || ': ' || new.message, 5200), landing,
    left(private.query_param(landing, 'utm_source'), 200),
    left(private.query_param(landing, 'utm_medium'), 200),
    left(private.query_param(landing, 'utm_campaign'), 200),
    case new.status when 'replied' then 'contacted' when 'closed' then 'closed' else 'new' end,
    new.created_at
  )
  on conflict (contact_message_id) do nothing;
  return null;
end;
$function$
;

revoke all on function private.lead_from_contact_message() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_from_contact_message() to public;

CREATE OR REPLACE FUNCTION private.lead_from_quiz()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.email is null or (tg_op = 'UPDATE' and old.email is not null) then
    return null;
  end if;
  insert into public.leads (
    source, quiz_assessment_id, email, child_name, child_age, focus_area, message, landing_path,
    utm_source, utm_medium, utm_campaign, created_at
  ) values (
    'quiz', new.id, new.email, new.child_first_name, new.child_age::text, new.top_focus_area,
    'Recommended plan: ' || new.recommended_plan, new.landing_path,
    new.utm_source, new.utm_medium, new.utm_campaign, new.created_at
  )
  on conflict (quiz_assessment_id) do nothing;
  return null;
end;
$function$
;

revoke all on function private.lead_from_quiz() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_from_quiz() to public;

CREATE OR REPLACE FUNCTION private.lead_from_waitlist()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into public.leads (
    source, waitlist_id, name, email, phone, child_name, child_age, focus_area, landing_path,
    utm_source, utm_medium, utm_campaign, status, created_at
  ) values (
    new.source, new.id, new.name, new.email, new.phone, new.child_name, new.age_band, new.challenge,
    new.landing_path, new.utm_source, new.utm_medium, new.utm_campaign, new.status, new.created_at
  )
  on conflict (waitlist_id) do nothing;
  return null;
end;
$function$
;

revoke all on function private.lead_from_waitlist() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_from_waitlist() to public;

CREATE OR REPLACE FUNCTION private.lead_of_intro_call_token(token text)
 RETURNS uuid
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  lead uuid;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    raise exception 'This link is not valid or has expired' using errcode = '42501',
      hint = 'Open the link in your latest email from Ploom, or request an intro call again.';
  end if;
  select t.lead_id into lead
  from private.intro_call_tokens t
  where t.token_hash = private.intro_call_token_hash(token) and t.expires_at > now();
  if lead is null then
    raise exception 'This link is not valid or has expired' using errcode = '42501',
      hint = 'Open the link in your latest email from Ploom, or request an intro call again.';
  end if;
  return lead;
end;
$function$
;

revoke all on function private.lead_of_intro_call_token(text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.lead_reply_window()
 RETURNS interval
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(
    (select make_interval(hours => s.reply_within_hours) from public.app_settings s where s.id = 'team'),
    interval '24 hours'
  )
$function$
;

revoke all on function private.lead_reply_window() from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_reply_window() to "authenticated";
grant execute on function private.lead_reply_window() to public;
grant execute on function private.lead_reply_window() to "service_role";

CREATE OR REPLACE FUNCTION private.leaderboard(max_rows integer)
 RETURNS TABLE(rank bigint, first_name text, total_points bigint, is_mine boolean)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with board as (
    select c.id, c.first_name, c.parent_id, c.user_id, sum(p.points)::bigint as total_points
      from public.children c
      join public.ploom_points p on p.child_id = c.id
     where c.leaderboard_opt_in and private.is_enrolled_child(c.id)
     group by c.id, c.first_name, c.parent_id, c.user_id
  )
  select
    rank() over (order by b.total_points desc) as rank,
    b.first_name,
    b.total_points,
    coalesce(b.parent_id = auth.uid() or b.user_id = auth.uid(), false) as is_mine
  from board b
  where auth.uid() is not null and private.has_enrolled_child() and private.meets_staff_two_factor()
  order by b.total_points desc, b.first_name
  limit least(greatest(coalesce(max_rows, 10), 1), 100)
$function$
;

revoke all on function private.leaderboard(integer) from "anon", "authenticated", public, "service_role";
grant execute on function private.leaderboard(integer) to "authenticated";
grant execute on function private.leaderboard(integer) to "service_role";

CREATE OR REPLACE FUNCTION private.leads_guard_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.status <> 'new' and old.status = 'new' and new.first_response_at is null then
    new.first_response_at := now();
  end if;
  if auth.uid() is null then
    return new;
  end if;
  if new.status = 'enrolled' and old.status <> 'enrolled' and new.enrolled_child_id is null then
    raise exception 'A lead is enrolled with Enrol, which creates the family''s account and child.'
      using errcode = '23514';
  end if;
  if new.assignee_id is distinct from old.assignee_id and new.assignee_id is not null
    and not (private.has_role(new.assignee_id, 'admin') or private.has_role(new.assignee_id, 'coach')) then
    raise exception 'A lead can only be assigned to an admin or a coach.' using errcode = '23514';
  end if;
  return new;
end;
$function$
;

revoke all on function private.leads_guard_update() from "anon", "authenticated", public, "service_role";
grant execute on function private.leads_guard_update() to public;

CREATE OR REPLACE FUNCTION private.leads_record_events()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor uuid := auth.uid();
  actor_label text := private.person_name(auth.uid());
begin
  if tg_op = 'INSERT' then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, to_value, created_at)
    values (new.id, actor, actor_label, 'created', new.source, new.created_at);
    return null;
  end if;
  if new.status is distinct from old.status then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
    values (new.id, actor, actor_label, 'status', old.status, new.status);
    -- The waitlist row keeps the same status, so anything reading it agrees with the pipeline.
    if new.waitlist_id is not null then
      update public.waitlist set status = new.status where id = new.waitlist_id;
    end if;
  end if;
  if new.assignee_id is distinct from old.assignee_id then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
    values (
      new.id, actor, actor_label, 'assignment',
      private.person_name(old.assignee_id), private.person_name(new.assignee_id)
    );
  end if;
  return null;
end;
$function$
;

revoke all on function private.leads_record_events() from "anon", "authenticated", public, "service_role";
grant execute on function private.leads_record_events() to public;

CREATE OR REPLACE FUNCTION private.limit_rows_per_email()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  recent integer;
begin
  if new.email is null then
    return new;
  end if;
  perform pg_advisory_xact_lock(
    7303,
    hashtext(tg_table_schema || '.' || tg_table_name || ':' || lower(btrim(new.email)))
  );
  -- Rows inserted earlier by the same statement are visible here, so a bulk insert is capped too.
  -- (Stored addresses carry no surrounding spaces: trimmed by waitlist_normalize, refused by the
  -- contact_messages format check.)
  execute format(
    'select count(*) from %I.%I where lower(email) = lower(btrim($1)) and created_at > now() - interval ''1 hour''',
    tg_table_schema, tg_table_name
  ) into recent using new.email;
  if recent >= 10 then
    raise exception 'Too many requests for this email address. Please try again later.'
      using errcode = 'P0001', hint = 'At most 10 an hour for one email address.';
  end if;
  return new;
end;
$function$
;

revoke all on function private.limit_rows_per_email() from "anon", "authenticated", public, "service_role";
grant execute on function private.limit_rows_per_email() to public;

CREATE OR REPLACE FUNCTION private.newsletter_subscribers_normalize()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.email := btrim(new.email);
  new.first_name := nullif(btrim(new.first_name), '');
  return new;
end;
$function$
;

revoke all on function private.newsletter_subscribers_normalize() from "anon", "authenticated", public, "service_role";
grant execute on function private.newsletter_subscribers_normalize() to public;

CREATE OR REPLACE FUNCTION private.queue_intro_call_change_emails()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'INSERT' then
    if new.status = 'scheduled' and new.starts_at > now() then
      perform private.queue_intro_call_email(new.id, 'booked', 'parent', null, new.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'booked', 'host', new.host_id, new.starts_at, null);
    end if;
    return null;
  end if;
  if old.status = 'scheduled' and new.status = 'cancelled' then
    if old.starts_at > now() then
      perform private.queue_intro_call_email(new.id, 'cancelled', 'parent', null, old.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'cancelled', 'host', old.host_id, old.starts_at, null);
    end if;
  elsif old.status <> 'scheduled' and new.status = 'scheduled' then
    if new.starts_at > now() then
      perform private.queue_intro_call_email(new.id, 'booked', 'parent', null, new.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'booked', 'host', new.host_id, new.starts_at, null);
    end if;
  elsif new.status = 'scheduled' and new.starts_at > now() then
    if new.starts_at <> old.starts_at then
      perform private.queue_intro_call_email(new.id, 'moved', 'parent', null, new.starts_at, old.starts_at);
    end if;
    if new.host_id is distinct from old.host_id then
      -- the new host learns of the call; the former host that it left their calendar
      perform private.queue_intro_call_email(new.id, 'booked', 'host', new.host_id, new.starts_at, null);
      perform private.queue_intro_call_email(new.id, 'cancelled', 'host', old.host_id, old.starts_at, null);
    elsif new.starts_at <> old.starts_at then
      perform private.queue_intro_call_email(new.id, 'moved', 'host', new.host_id, new.starts_at, old.starts_at);
    end if;
  end if;
  return null;
end;
$function$
;

revoke all on function private.queue_intro_call_change_emails() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.queue_intro_call_email(call uuid, kind text, recipient text, host uuid, starts_at timestamp with time zone, previous timestamp with time zone)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into public.outbox (kind, event, intro_call_id, recipient, recipient_user_id, starts_at, previous_starts_at)
  select 'intro_call_email', kind, call, recipient, case when recipient = 'host' then host end, starts_at, previous
  -- (a host whose account is being deleted is told nothing)
  where recipient = 'parent' or exists (select 1 from auth.users u where u.id = host)
$function$
;

revoke all on function private.queue_intro_call_email(uuid,text,text,uuid,timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.reserve_form_save(form text, client text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  recent integer;
  oldest timestamptz;
  wait_seconds integer;
begin
  perform pg_catalog.pg_advisory_xact_lock(7303, pg_catalog.hashtext(client));
  delete from private.form_save_attempts a where a.created_at < now() - interval '1 day';

  select count(*), min(a.created_at) into recent, oldest
    from private.form_save_attempts a
   where a.client = reserve_form_save.client and a.form = reserve_form_save.form
     and a.created_at > now() - interval '1 hour';
  if recent >= 10 then
    wait_seconds := greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
  else
    select count(*), min(a.created_at) into recent, oldest
      from private.form_save_attempts a
     where a.client = reserve_form_save.client and a.created_at > now() - interval '1 day';
    if recent >= 30 then
      wait_seconds := greatest(1, ceil(extract(epoch from oldest + interval '1 day' - now())))::integer;
    end if;
  end if;

  if wait_seconds is not null then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'P0429',
        'message', 'Too many forms sent from this device. Please try again later.',
        'hint', 'Try again in ' || ceil(wait_seconds / 60.0)::integer || ' minutes.'
      )::text,
      detail = json_build_object(
        'status', 429,
        'headers', json_build_object('Retry-After', wait_seconds::text)
      )::text;
  end if;

  insert into private.form_save_attempts (form, client) values (reserve_form_save.form, reserve_form_save.client);
end;
$function$
;

revoke all on function private.reserve_form_save(text,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.reserve_form_save(text,text) to "anon";
grant execute on function private.reserve_form_save(text,text) to "authenticated";

CREATE OR REPLACE FUNCTION private.waitlist_attribute()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.landing_path is not null
    and new.utm_source is null and new.utm_medium is null and new.utm_campaign is null
    and new.utm_term is null and new.utm_content is null then
    new.utm_source := left(private.query_param(new.landing_path, 'utm_source'), 200);
    new.utm_medium := left(private.query_param(new.landing_path, 'utm_medium'), 200);
    new.utm_campaign := left(private.query_param(new.landing_path, 'utm_campaign'), 200);
    new.utm_term := left(private.query_param(new.landing_path, 'utm_term'), 200);
    new.utm_content := left(private.query_param(new.landing_path, 'utm_content'), 200);
  end if;
  return new;
end;
$function$
;

revoke all on function private.waitlist_attribute() from "anon", "authenticated", public, "service_role";
grant execute on function private.waitlist_attribute() to public;

CREATE OR REPLACE FUNCTION private.waitlist_normalize()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.name := btrim(new.name);
  new.email := btrim(new.email);
  new.phone := nullif(btrim(new.phone), '');
  new.child_name := nullif(btrim(new.child_name), '');
  new.age_band := nullif(btrim(new.age_band), '');
  new.challenge := nullif(btrim(new.challenge), '');
  new.notes := nullif(btrim(new.notes), '');
  return new;
end;
$function$
;

revoke all on function private.waitlist_normalize() from "anon", "authenticated", public, "service_role";
grant execute on function private.waitlist_normalize() to public;

CREATE OR REPLACE FUNCTION public.book_intro_call(token text, starts_at timestamp with time zone, time_zone text)
 RETURNS TABLE(call_id uuid, starts_at timestamp with time zone, host_name text)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.book_intro_call(book_intro_call.token, book_intro_call.starts_at, book_intro_call.time_zone)
$function$
;

revoke all on function public.book_intro_call(text,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.book_intro_call(text,timestamp with time zone,text) to "anon";
grant execute on function public.book_intro_call(text,timestamp with time zone,text) to "authenticated";
grant execute on function public.book_intro_call(text,timestamp with time zone,text) to "service_role";

CREATE OR REPLACE FUNCTION public.cancel_intro_call(token text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.cancel_intro_call(cancel_intro_call.token)
$function$
;

revoke all on function public.cancel_intro_call(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.cancel_intro_call(text) to "anon";
grant execute on function public.cancel_intro_call(text) to "authenticated";
grant execute on function public.cancel_intro_call(text) to "service_role";

CREATE OR REPLACE FUNCTION public.email_me_quiz_results(assessment_id uuid, email text)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.attach_quiz_results_email(assessment_id, email);
$function$
;

revoke all on function public.email_me_quiz_results(uuid,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.email_me_quiz_results(uuid,text) to "anon";
grant execute on function public.email_me_quiz_results(uuid,text) to "authenticated";
grant execute on function public.email_me_quiz_results(uuid,text) to "service_role";

CREATE OR REPLACE FUNCTION public.enrol_lead(lead_id uuid, child_first_name text, child_age smallint DEFAULT NULL::smallint)
 RETURNS TABLE(parent_id uuid, child_id uuid, already_enrolled boolean)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.enrol_lead(lead_id, child_first_name, child_age)
$function$
;

revoke all on function public.enrol_lead(uuid,text,smallint) from "anon", "authenticated", public, "service_role";
grant execute on function public.enrol_lead(uuid,text,smallint) to "authenticated";
grant execute on function public.enrol_lead(uuid,text,smallint) to "service_role";

CREATE OR REPLACE FUNCTION public.get_intro_call_booking(token text)
 RETURNS TABLE(parent_name text, call_id uuid, starts_at timestamp with time zone, duration_minutes integer, host_name text, parent_time_zone text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.intro_call_for_token(get_intro_call_booking.token)
$function$
;

revoke all on function public.get_intro_call_booking(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_intro_call_booking(text) to "anon";
grant execute on function public.get_intro_call_booking(text) to "authenticated";
grant execute on function public.get_intro_call_booking(text) to "service_role";

CREATE OR REPLACE FUNCTION public.get_intro_call_slots(range_start timestamp with time zone, range_end timestamp with time zone)
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.intro_call_open_times(get_intro_call_slots.range_start, get_intro_call_slots.range_end)
$function$
;

revoke all on function public.get_intro_call_slots(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_intro_call_slots(timestamp with time zone,timestamp with time zone) to "anon";
grant execute on function public.get_intro_call_slots(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.get_intro_call_slots(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.issue_intro_call_token(waitlist_id uuid)
 RETURNS text
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select private.issue_intro_call_token(l.id, interval '14 days')
  from public.leads l
  where l.waitlist_id = issue_intro_call_token.waitlist_id and l.source = 'fit-call'
$function$
;

revoke all on function public.issue_intro_call_token(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function public.issue_intro_call_token(uuid) to "service_role";

CREATE OR REPLACE FUNCTION public.lead_assignees()
 RETURNS TABLE(id uuid, name text, role app_role)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.lead_assignees()
$function$
;

revoke all on function public.lead_assignees() from "anon", "authenticated", public, "service_role";
grant execute on function public.lead_assignees() to "authenticated";
grant execute on function public.lead_assignees() to "service_role";

CREATE OR REPLACE FUNCTION public.leaderboard(max_rows integer DEFAULT 10)
 RETURNS TABLE(rank bigint, first_name text, total_points bigint, is_mine boolean)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.leaderboard(max_rows)
$function$
;

revoke all on function public.leaderboard(integer) from "anon", "authenticated", public, "service_role";
grant execute on function public.leaderboard(integer) to "authenticated";
grant execute on function public.leaderboard(integer) to "service_role";

create table "private"."intro_call_clients" (
    "intro_call_id" uuid not null,
    "client" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX intro_call_clients_client_idx ON private.intro_call_clients USING btree (client);

CREATE UNIQUE INDEX intro_call_clients_pkey ON private.intro_call_clients USING btree (intro_call_id);

alter table "private"."intro_call_clients" add constraint "intro_call_clients_pkey" PRIMARY KEY using index "intro_call_clients_pkey";

alter table "private"."intro_call_clients" add constraint "intro_call_clients_client_check" CHECK (((char_length(client) >= 1) AND (char_length(client) <= 64))) not valid;

alter table "private"."intro_call_clients" validate constraint "intro_call_clients_client_check";

alter table "private"."intro_call_clients" enable row level security;

revoke all on table private.intro_call_clients from "anon", "authenticated", public, "service_role";

create table "private"."intro_call_tokens" (
    "token_hash" bytea not null,
    "lead_id" uuid not null,
    "expires_at" timestamp with time zone not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX intro_call_tokens_expires_idx ON private.intro_call_tokens USING btree (expires_at);

CREATE INDEX intro_call_tokens_lead_idx ON private.intro_call_tokens USING btree (lead_id);

CREATE UNIQUE INDEX intro_call_tokens_pkey ON private.intro_call_tokens USING btree (token_hash);

alter table "private"."intro_call_tokens" add constraint "intro_call_tokens_pkey" PRIMARY KEY using index "intro_call_tokens_pkey";

alter table "private"."intro_call_tokens" add constraint "intro_call_tokens_token_hash_check" CHECK ((octet_length(token_hash) = 32)) not valid;

alter table "private"."intro_call_tokens" validate constraint "intro_call_tokens_token_hash_check";

alter table "private"."intro_call_tokens" enable row level security;

revoke all on table private.intro_call_tokens from "anon", "authenticated", public, "service_role";

create table "public"."contact_messages" (
    "id" uuid not null default gen_random_uuid(),
    "name" text not null,
    "email" text not null,
    "topic" text not null,
    "message" text not null,
    "analytics_session_id" text,
    "status" text not null default 'new'::text,
    "notified_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX contact_messages_analytics_session_idx ON public.contact_messages USING btree (analytics_session_id) WHERE (analytics_session_id IS NOT NULL);

CREATE INDEX contact_messages_created_at_idx ON public.contact_messages USING btree (created_at DESC);

CREATE INDEX contact_messages_email_idx ON public.contact_messages USING btree (lower(email), created_at DESC);

CREATE UNIQUE INDEX contact_messages_pkey ON public.contact_messages USING btree (id);

alter table "public"."contact_messages" add constraint "contact_messages_pkey" PRIMARY KEY using index "contact_messages_pkey";

alter table "public"."contact_messages" add constraint "contact_messages_email_format" CHECK (((char_length(email) <= 254) AND (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_email_format";

alter table "public"."contact_messages" add constraint "contact_messages_message_length" CHECK (((char_length(btrim(message)) >= 10) AND (char_length(btrim(message)) <= 5000))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_message_length";

alter table "public"."contact_messages" add constraint "contact_messages_name_length" CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 100))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_name_length";

alter table "public"."contact_messages" add constraint "contact_messages_name_one_line" CHECK ((name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_name_one_line";

alter table "public"."contact_messages" add constraint "contact_messages_session_id_length" CHECK (((analytics_session_id IS NULL) OR (char_length(analytics_session_id) <= 100))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_session_id_length";

alter table "public"."contact_messages" add constraint "contact_messages_status_known" CHECK ((status = ANY (ARRAY['new'::text, 'replied'::text, 'closed'::text]))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_status_known";

alter table "public"."contact_messages" add constraint "contact_messages_topic_known" CHECK ((topic = ANY (ARRAY['general'::text, 'program'::text, 'enrollment'::text, 'billing'::text, 'privacy'::text, 'partnership'::text, 'other'::text]))) not valid;

alter table "public"."contact_messages" validate constraint "contact_messages_topic_known";

alter table "public"."contact_messages" enable row level security;

create policy "Admins can delete messages"
  on "public"."contact_messages"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins can read messages"
  on "public"."contact_messages"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins can update a message's status"
  on "public"."contact_messages"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users can send a message"
  on "public"."contact_messages"
  as permissive
  for insert
  to authenticated
with check (((status = 'new'::text) AND (notified_at IS NULL)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."contact_messages"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors can send a message"
  on "public"."contact_messages"
  as permissive
  for insert
  to anon
with check (((status = 'new'::text) AND (notified_at IS NULL)));

CREATE TRIGGER contact_messages_limit_per_email BEFORE INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.limit_rows_per_email();

CREATE TRIGGER contact_messages_set_updated_at BEFORE UPDATE ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER contact_messages_to_leads AFTER INSERT ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.lead_from_contact_message();

CREATE TRIGGER conversion_attribution AFTER INSERT OR DELETE OR UPDATE OF created_at, analytics_session_id ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.conversion_attribution_changed();

CREATE TRIGGER conversion_hourly AFTER INSERT OR DELETE OR UPDATE OF created_at ON public.contact_messages FOR EACH ROW EXECUTE FUNCTION private.conversion_hourly_changed();

revoke all on table public.contact_messages from "anon", "authenticated", public, "service_role";
grant delete, select on table public.contact_messages to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.contact_messages to "service_role";

grant insert (analytics_session_id) on table public.contact_messages to "anon";

grant insert (analytics_session_id) on table public.contact_messages to "authenticated";

grant insert (email) on table public.contact_messages to "anon";

grant insert (email) on table public.contact_messages to "authenticated";

grant insert (id) on table public.contact_messages to "anon";

grant insert (id) on table public.contact_messages to "authenticated";

grant insert (message) on table public.contact_messages to "anon";

grant insert (message) on table public.contact_messages to "authenticated";

grant insert (name) on table public.contact_messages to "anon";

grant insert (name) on table public.contact_messages to "authenticated";

grant update (status) on table public.contact_messages to "authenticated";

grant insert (topic) on table public.contact_messages to "anon";

grant insert (topic) on table public.contact_messages to "authenticated";

comment on table public.contact_messages is 'Messages sent through the contact form. Anon insert-only; admins read and update.';

create table "public"."intro_calls" (
    "id" uuid not null default gen_random_uuid(),
    "lead_id" uuid not null,
    "host_id" uuid,
    "starts_at" timestamp with time zone not null,
    "duration_minutes" integer not null default 15,
    "status" text not null default 'scheduled'::text,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now(),
    "parent_time_zone" text not null default 'UTC'::text
      );

CREATE INDEX intro_calls_host_starts_idx ON public.intro_calls USING btree (host_id, starts_at);

CREATE INDEX intro_calls_lead_idx ON public.intro_calls USING btree (lead_id);

CREATE UNIQUE INDEX intro_calls_one_scheduled_per_lead_idx ON public.intro_calls USING btree (lead_id) WHERE (status = 'scheduled'::text);

CREATE UNIQUE INDEX intro_calls_pkey ON public.intro_calls USING btree (id);

alter table "public"."intro_calls" add constraint "intro_calls_pkey" PRIMARY KEY using index "intro_calls_pkey";

alter table "public"."intro_calls" add constraint "intro_calls_duration_minutes_check" CHECK (((duration_minutes >= 10) AND (duration_minutes <= 120))) not valid;

alter table "public"."intro_calls" validate constraint "intro_calls_duration_minutes_check";

alter table "public"."intro_calls" add constraint "intro_calls_host_no_overlap" EXCLUDE USING gist (host_id WITH =, private.session_period(starts_at, duration_minutes) WITH &&) WHERE (((status <> 'cancelled'::text) AND (host_id IS NOT NULL)));

alter table "public"."intro_calls" add constraint "intro_calls_status_check" CHECK ((status = ANY (ARRAY['scheduled'::text, 'completed'::text, 'cancelled'::text, 'no_show'::text]))) not valid;

alter table "public"."intro_calls" validate constraint "intro_calls_status_check";

alter table "public"."intro_calls" enable row level security;

create policy "Admins read every intro call, hosts theirs"
  on "public"."intro_calls"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (host_id = ( SELECT auth.uid() AS uid))));

create policy "Admins settle every intro call, hosts theirs"
  on "public"."intro_calls"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (host_id = ( SELECT auth.uid() AS uid))))
with check ((( SELECT private.is_admin() AS is_admin) OR (host_id = ( SELECT auth.uid() AS uid))));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."intro_calls"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER intro_calls_caps AFTER INSERT ON public.intro_calls FOR EACH ROW EXECUTE FUNCTION private.intro_call_caps();

CREATE TRIGGER intro_calls_queue_emails AFTER INSERT OR UPDATE OF starts_at, status, host_id ON public.intro_calls FOR EACH ROW EXECUTE FUNCTION private.queue_intro_call_change_emails();

CREATE TRIGGER intro_calls_set_updated_at BEFORE UPDATE ON public.intro_calls FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.intro_calls from "anon", "authenticated", public, "service_role";
grant select on table public.intro_calls to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.intro_calls to "service_role";

grant update (status) on table public.intro_calls to "authenticated";

create table "public"."lead_events" (
    "id" uuid not null default gen_random_uuid(),
    "lead_id" uuid not null,
    "actor_id" uuid,
    "actor_name" text,
    "kind" text not null default 'note'::text,
    "from_value" text,
    "to_value" text,
    "body" text,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX lead_events_actor_idx ON public.lead_events USING btree (actor_id);

CREATE INDEX lead_events_lead_created_at_idx ON public.lead_events USING btree (lead_id, created_at);

CREATE UNIQUE INDEX lead_events_pkey ON public.lead_events USING btree (id);

alter table "public"."lead_events" add constraint "lead_events_pkey" PRIMARY KEY using index "lead_events_pkey";

alter table "public"."lead_events" add constraint "lead_events_actor_name_check" CHECK ((char_length(actor_name) <= 201)) not valid;

alter table "public"."lead_events" validate constraint "lead_events_actor_name_check";

alter table "public"."lead_events" add constraint "lead_events_body_check" CHECK (((char_length(btrim(body)) >= 1) AND (char_length(btrim(body)) <= 2000))) not valid;

alter table "public"."lead_events" validate constraint "lead_events_body_check";

alter table "public"."lead_events" add constraint "lead_events_from_value_check" CHECK ((char_length(from_value) <= 201)) not valid;

alter table "public"."lead_events" validate constraint "lead_events_from_value_check";

alter table "public"."lead_events" add constraint "lead_events_kind_check" CHECK ((kind = ANY (ARRAY['created'::text, 'status'::text, 'assignment'::text, 'note'::text]))) not valid;

alter table "public"."lead_events" validate constraint "lead_events_kind_check";

alter table "public"."lead_events" add constraint "lead_events_note_has_body" CHECK (((kind = 'note'::text) = (body IS NOT NULL))) not valid;

alter table "public"."lead_events" validate constraint "lead_events_note_has_body";

alter table "public"."lead_events" add constraint "lead_events_to_value_check" CHECK ((char_length(to_value) <= 201)) not valid;

alter table "public"."lead_events" validate constraint "lead_events_to_value_check";

alter table "public"."lead_events" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."lead_events"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER lead_events_audit_note AFTER INSERT ON public.lead_events FOR EACH ROW WHEN ((new.kind = 'note'::text)) EXECUTE FUNCTION private.audit_change('LEAD_NOTE_ADDED', 'lead', 'lead_id', 'body');

CREATE TRIGGER lead_events_stamp BEFORE INSERT ON public.lead_events FOR EACH ROW EXECUTE FUNCTION private.lead_events_stamp();

revoke all on table public.lead_events from "anon", "authenticated", public, "service_role";
grant select on table public.lead_events to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.lead_events to "service_role";

grant insert (body) on table public.lead_events to "authenticated";

grant insert (lead_id) on table public.lead_events to "authenticated";

create or replace view "public"."lead_intro_calls" as  SELECT id,
    lead_id,
    host_id,
    private.person_name(host_id) AS host_name,
    starts_at,
    duration_minutes,
    status,
    parent_time_zone,
    created_at,
    updated_at
   FROM intro_calls c;

alter view public.lead_intro_calls set (security_invoker=true);

revoke all on table public.lead_intro_calls from "anon", "authenticated", public, "service_role";
grant select on table public.lead_intro_calls to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.lead_intro_calls to "service_role";

create table "public"."leads" (
    "id" uuid not null default gen_random_uuid(),
    "source" text not null,
    "waitlist_id" uuid,
    "contact_message_id" uuid,
    "quiz_assessment_id" uuid,
    "name" text collate pg_catalog."und-x-icu",
    "email" text not null,
    "phone" text,
    "child_name" text,
    "child_age" text,
    "focus_area" text,
    "message" text,
    "landing_path" text,
    "landing_variant" text generated always as (NULLIF(split_part(split_part(landing_path, '#'::text, 1), '?'::text, 1), ''::text)) stored,
    "utm_source" text,
    "utm_medium" text,
    "utm_campaign" text,
    "status" text not null default 'new'::text,
    "assignee_id" uuid,
    "enrolled_parent_id" uuid,
    "enrolled_child_id" uuid,
    "first_response_at" timestamp with time zone,
    "search_text" text generated always as (lower(((((COALESCE(name, ''::text) || ' '::text) || email) || ' '::text) || COALESCE(child_name, ''::text)))) stored,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

create or replace view "public"."lead_list" as  SELECT id,
    source,
    name,
    email,
    phone,
    child_name,
    child_age,
    focus_area,
    message,
    landing_path,
    landing_variant,
    utm_source,
    utm_medium,
    utm_campaign,
    status,
    assignee_id,
        CASE
            WHEN (assignee_id IS NOT NULL) THEN COALESCE(( SELECT NULLIF(btrim(concat_ws(' '::text, p.first_name, p.last_name)), ''::text) AS "nullif"
               FROM profiles p
              WHERE (p.id = l.assignee_id)), private.person_name(assignee_id))
            ELSE NULL::text
        END AS assignee_name,
    enrolled_parent_id,
    enrolled_child_id,
    first_response_at,
    search_text,
    created_at,
    updated_at,
    ((status = 'new'::text) AND (created_at < (now() - ( SELECT private.lead_reply_window() AS lead_reply_window)))) AS overdue
   FROM leads l;

alter view public.lead_list set (security_invoker=true);

revoke all on table public.lead_list from "anon", "authenticated", public, "service_role";
grant select on table public.lead_list to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.lead_list to "service_role";

CREATE INDEX leads_assignee_created_at_idx ON public.leads USING btree (assignee_id, created_at DESC);

CREATE INDEX leads_campaign_created_at_idx ON public.leads USING btree (utm_campaign, created_at DESC, id DESC) INCLUDE (assignee_id) WHERE (utm_campaign IS NOT NULL);

CREATE UNIQUE INDEX leads_contact_message_id_key ON public.leads USING btree (contact_message_id);

CREATE INDEX leads_created_at_idx ON public.leads USING btree (created_at DESC, id DESC) INCLUDE (assignee_id);

CREATE INDEX leads_email_id_idx ON public.leads USING btree (email, id);

CREATE INDEX leads_enrolled_child_idx ON public.leads USING btree (enrolled_child_id);

CREATE INDEX leads_enrolled_parent_idx ON public.leads USING btree (enrolled_parent_id);

CREATE INDEX leads_name_desc_id_idx ON public.leads USING btree (name DESC NULLS LAST, id DESC);

CREATE INDEX leads_name_id_idx ON public.leads USING btree (name, id);

CREATE UNIQUE INDEX leads_pkey ON public.leads USING btree (id);

CREATE UNIQUE INDEX leads_quiz_assessment_id_key ON public.leads USING btree (quiz_assessment_id);

CREATE INDEX leads_search_trgm_idx ON public.leads USING gin (search_text gin_trgm_ops);

CREATE INDEX leads_source_created_at_idx ON public.leads USING btree (source, created_at DESC, id DESC) INCLUDE (assignee_id);

CREATE INDEX leads_source_id_idx ON public.leads USING btree (source, id);

CREATE INDEX leads_status_created_at_idx ON public.leads USING btree (status, created_at DESC, id DESC) INCLUDE (assignee_id);

CREATE INDEX leads_status_id_idx ON public.leads USING btree (status, id);

CREATE INDEX leads_variant_created_at_idx ON public.leads USING btree (landing_variant, created_at DESC, id DESC) INCLUDE (assignee_id);

CREATE UNIQUE INDEX leads_waitlist_id_key ON public.leads USING btree (waitlist_id);

alter table "public"."leads" add constraint "leads_pkey" PRIMARY KEY using index "leads_pkey";

alter table "public"."leads" add constraint "leads_child_age_check" CHECK ((char_length(child_age) <= 20)) not valid;

alter table "public"."leads" validate constraint "leads_child_age_check";

alter table "public"."leads" add constraint "leads_child_name_check" CHECK ((char_length(child_name) <= 100)) not valid;

alter table "public"."leads" validate constraint "leads_child_name_check";

alter table "public"."leads" add constraint "leads_child_name_one_line" CHECK ((child_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."leads" validate constraint "leads_child_name_one_line";

alter table "public"."leads" add constraint "leads_contact_message_id_key" UNIQUE using index "leads_contact_message_id_key";

alter table "public"."leads" add constraint "leads_email_check" CHECK ((char_length(email) <= 254)) not valid;

alter table "public"."leads" validate constraint "leads_email_check";

alter table "public"."leads" add constraint "leads_focus_area_check" CHECK ((char_length(focus_area) <= 20)) not valid;

alter table "public"."leads" validate constraint "leads_focus_area_check";

alter table "public"."leads" add constraint "leads_landing_path_check" CHECK ((char_length(landing_path) <= 2048)) not valid;

alter table "public"."leads" validate constraint "leads_landing_path_check";

alter table "public"."leads" add constraint "leads_message_check" CHECK ((char_length(message) <= 5200)) not valid;

alter table "public"."leads" validate constraint "leads_message_check";

alter table "public"."leads" add constraint "leads_name_check" CHECK ((char_length(name) <= 100)) not valid;

alter table "public"."leads" validate constraint "leads_name_check";

alter table "public"."leads" add constraint "leads_name_one_line" CHECK ((name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."leads" validate constraint "leads_name_one_line";

alter table "public"."leads" add constraint "leads_one_origin" CHECK ((num_nonnulls(waitlist_id, contact_message_id, quiz_assessment_id) <= 1)) not valid;

alter table "public"."leads" validate constraint "leads_one_origin";

alter table "public"."leads" add constraint "leads_phone_check" CHECK ((char_length(phone) <= 25)) not valid;

alter table "public"."leads" validate constraint "leads_phone_check";

alter table "public"."leads" add constraint "leads_quiz_assessment_id_key" UNIQUE using index "leads_quiz_assessment_id_key";

alter table "public"."leads" add constraint "leads_status_check" CHECK ((status = ANY (ARRAY['new'::text, 'contacted'::text, 'call_scheduled'::text, 'enrolled'::text, 'not_a_fit'::text, 'closed'::text]))) not valid;

alter table "public"."leads" validate constraint "leads_status_check";

alter table "public"."leads" add constraint "leads_utm_campaign_check" CHECK ((char_length(utm_campaign) <= 200)) not valid;

alter table "public"."leads" validate constraint "leads_utm_campaign_check";

alter table "public"."leads" add constraint "leads_utm_medium_check" CHECK ((char_length(utm_medium) <= 200)) not valid;

alter table "public"."leads" validate constraint "leads_utm_medium_check";

alter table "public"."leads" add constraint "leads_utm_source_check" CHECK ((char_length(utm_source) <= 200)) not valid;

alter table "public"."leads" validate constraint "leads_utm_source_check";

alter table "public"."leads" add constraint "leads_waitlist_id_key" UNIQUE using index "leads_waitlist_id_key";

alter table "public"."leads" enable row level security;

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."leads"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER leads_audit_assignee AFTER UPDATE OF assignee_id ON public.leads FOR EACH ROW WHEN ((old.assignee_id IS DISTINCT FROM new.assignee_id)) EXECUTE FUNCTION private.audit_change('LEAD_ASSIGNED', 'lead', 'id', 'assignee_id');

CREATE TRIGGER leads_guard_update BEFORE UPDATE ON public.leads FOR EACH ROW EXECUTE FUNCTION private.leads_guard_update();

CREATE TRIGGER leads_record_events AFTER INSERT OR UPDATE OF status, assignee_id ON public.leads FOR EACH ROW EXECUTE FUNCTION private.leads_record_events();

CREATE TRIGGER leads_set_updated_at BEFORE UPDATE ON public.leads FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.leads from "anon", "authenticated", public, "service_role";
grant select on table public.leads to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.leads to "service_role";

grant update (assignee_id) on table public.leads to "authenticated";

grant update (status) on table public.leads to "authenticated";

comment on table public.leads is 'The leads pipeline: one row per form submission that reached the team. Created by triggers; admins work every lead, coaches the ones assigned to them.';

create table "public"."newsletter_subscribers" (
    "id" uuid not null default gen_random_uuid(),
    "email" text not null,
    "first_name" text,
    "source" text,
    "confirmation_sent_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "analytics_session_id" text
      );

CREATE INDEX newsletter_subscribers_analytics_session_idx ON public.newsletter_subscribers USING btree (analytics_session_id) WHERE (analytics_session_id IS NOT NULL);

CREATE INDEX newsletter_subscribers_created_at_idx ON public.newsletter_subscribers USING btree (created_at DESC);

CREATE UNIQUE INDEX newsletter_subscribers_email_key ON public.newsletter_subscribers USING btree (lower(email));

CREATE INDEX newsletter_subscribers_email_trgm_idx ON public.newsletter_subscribers USING gin (email gin_trgm_ops);

CREATE INDEX newsletter_subscribers_first_name_trgm_idx ON public.newsletter_subscribers USING gin (first_name gin_trgm_ops);

CREATE UNIQUE INDEX newsletter_subscribers_pkey ON public.newsletter_subscribers USING btree (id);

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_pkey" PRIMARY KEY using index "newsletter_subscribers_pkey";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_analytics_session_id_check" CHECK ((char_length(analytics_session_id) <= 100)) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_analytics_session_id_check";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_email_check" CHECK (((char_length(email) <= 254) AND (email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'::text))) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_email_check";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_first_name_check" CHECK (((char_length(first_name) >= 1) AND (char_length(first_name) <= 100))) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_first_name_check";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_first_name_one_line" CHECK ((first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_first_name_one_line";

alter table "public"."newsletter_subscribers" add constraint "newsletter_subscribers_source_check" CHECK ((source ~ '^[a-z0-9][a-z0-9_/-]{0,63}$'::text)) not valid;

alter table "public"."newsletter_subscribers" validate constraint "newsletter_subscribers_source_check";

alter table "public"."newsletter_subscribers" enable row level security;

create policy "Admins read subscribers"
  on "public"."newsletter_subscribers"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins remove subscribers"
  on "public"."newsletter_subscribers"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users subscribe to the newsletter"
  on "public"."newsletter_subscribers"
  as permissive
  for insert
  to authenticated
with check ((confirmation_sent_at IS NULL));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."newsletter_subscribers"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors subscribe to the newsletter"
  on "public"."newsletter_subscribers"
  as permissive
  for insert
  to anon
with check ((confirmation_sent_at IS NULL));

CREATE TRIGGER conversion_attribution AFTER INSERT OR DELETE OR UPDATE OF created_at, analytics_session_id ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION private.conversion_attribution_changed();

CREATE TRIGGER conversion_hourly AFTER INSERT OR DELETE OR UPDATE OF created_at ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION private.conversion_hourly_changed();

CREATE TRIGGER newsletter_subscribers_normalize BEFORE INSERT OR UPDATE ON public.newsletter_subscribers FOR EACH ROW EXECUTE FUNCTION private.newsletter_subscribers_normalize();

revoke all on table public.newsletter_subscribers from "anon", "authenticated", public, "service_role";
grant delete, select on table public.newsletter_subscribers to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.newsletter_subscribers to "service_role";

grant insert (analytics_session_id) on table public.newsletter_subscribers to "anon";

grant insert (analytics_session_id) on table public.newsletter_subscribers to "authenticated";

grant insert (email) on table public.newsletter_subscribers to "anon";

grant insert (email) on table public.newsletter_subscribers to "authenticated";

grant insert (first_name) on table public.newsletter_subscribers to "anon";

grant insert (first_name) on table public.newsletter_subscribers to "authenticated";

grant insert (id) on table public.newsletter_subscribers to "anon";

grant insert (id) on table public.newsletter_subscribers to "authenticated";

grant insert (source) on table public.newsletter_subscribers to "anon";

grant insert (source) on table public.newsletter_subscribers to "authenticated";

create table "public"."quiz_assessments" (
    "id" uuid not null default gen_random_uuid(),
    "answers" jsonb not null,
    "scores" jsonb not null,
    "recommended_plan" text not null,
    "top_focus_area" text,
    "child_first_name" text,
    "child_age" smallint,
    "email" text,
    "email_consent_at" timestamp with time zone,
    "analytics_session_id" text,
    "landing_path" text,
    "utm_source" text,
    "utm_medium" text,
    "utm_campaign" text,
    "utm_term" text,
    "utm_content" text,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX quiz_assessments_analytics_session_idx ON public.quiz_assessments USING btree (analytics_session_id) WHERE (analytics_session_id IS NOT NULL);

CREATE INDEX quiz_assessments_created_at_idx ON public.quiz_assessments USING btree (created_at DESC);

CREATE UNIQUE INDEX quiz_assessments_pkey ON public.quiz_assessments USING btree (id);

alter table "public"."quiz_assessments" add constraint "quiz_assessments_pkey" PRIMARY KEY using index "quiz_assessments_pkey";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_answers_is_object" CHECK ((jsonb_typeof(answers) = 'object'::text)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_answers_is_object";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_answers_size" CHECK ((pg_column_size(answers) <= 4096)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_answers_size";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_child_age_range" CHECK (((child_age IS NULL) OR ((child_age >= 7) AND (child_age <= 12)))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_child_age_range";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_child_first_name_length" CHECK (((child_first_name IS NULL) OR ((char_length(btrim(child_first_name)) >= 1) AND (char_length(btrim(child_first_name)) <= 50)))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_child_first_name_length";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_child_first_name_one_line" CHECK ((child_first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_child_first_name_one_line";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_email_format" CHECK (((email IS NULL) OR ((char_length(email) <= 254) AND (email ~* '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_email_format";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_email_needs_consent" CHECK (((email IS NULL) = (email_consent_at IS NULL))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_email_needs_consent";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_landing_path_length" CHECK (((landing_path IS NULL) OR (char_length(landing_path) <= 2048))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_landing_path_length";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_recommended_plan_known" CHECK ((recommended_plan = ANY (ARRAY['steady-growth'::text, 'focused-progress'::text, 'intensive-momentum'::text]))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_recommended_plan_known";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_scores_is_object" CHECK ((jsonb_typeof(scores) = 'object'::text)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_scores_is_object";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_scores_size" CHECK ((pg_column_size(scores) <= 1024)) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_scores_size";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_session_id_length" CHECK (((analytics_session_id IS NULL) OR (char_length(analytics_session_id) <= 100))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_session_id_length";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_top_focus_area_known" CHECK (((top_focus_area IS NULL) OR (top_focus_area = ANY (ARRAY['emotions'::text, 'confidence'::text, 'focus'::text, 'connection'::text])))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_top_focus_area_known";

alter table "public"."quiz_assessments" add constraint "quiz_assessments_utm_length" CHECK (((COALESCE(char_length(utm_source), 0) <= 200) AND (COALESCE(char_length(utm_medium), 0) <= 200) AND (COALESCE(char_length(utm_campaign), 0) <= 200) AND (COALESCE(char_length(utm_term), 0) <= 200) AND (COALESCE(char_length(utm_content), 0) <= 200))) not valid;

alter table "public"."quiz_assessments" validate constraint "quiz_assessments_utm_length";

alter table "public"."quiz_assessments" enable row level security;

create policy "Admins can delete assessments"
  on "public"."quiz_assessments"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins can read assessments"
  on "public"."quiz_assessments"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users can submit an assessment"
  on "public"."quiz_assessments"
  as permissive
  for insert
  to authenticated
with check (((email IS NULL) AND (email_consent_at IS NULL)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."quiz_assessments"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors can submit an assessment"
  on "public"."quiz_assessments"
  as permissive
  for insert
  to anon
with check (((email IS NULL) AND (email_consent_at IS NULL)));

CREATE TRIGGER conversion_attribution AFTER INSERT OR DELETE OR UPDATE OF created_at, analytics_session_id, landing_path ON public.quiz_assessments FOR EACH ROW EXECUTE FUNCTION private.conversion_attribution_changed();

CREATE TRIGGER conversion_hourly AFTER INSERT OR DELETE OR UPDATE OF created_at ON public.quiz_assessments FOR EACH ROW EXECUTE FUNCTION private.conversion_hourly_changed();

CREATE TRIGGER quiz_assessments_to_leads AFTER INSERT OR UPDATE OF email ON public.quiz_assessments FOR EACH ROW EXECUTE FUNCTION private.lead_from_quiz();

revoke all on table public.quiz_assessments from "anon", "authenticated", public, "service_role";
grant delete, select on table public.quiz_assessments to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.quiz_assessments to "service_role";

grant insert (analytics_session_id) on table public.quiz_assessments to "anon";

grant insert (analytics_session_id) on table public.quiz_assessments to "authenticated";

grant insert (answers) on table public.quiz_assessments to "anon";

grant insert (answers) on table public.quiz_assessments to "authenticated";

grant insert (child_age) on table public.quiz_assessments to "anon";

grant insert (child_age) on table public.quiz_assessments to "authenticated";

grant insert (child_first_name) on table public.quiz_assessments to "anon";

grant insert (child_first_name) on table public.quiz_assessments to "authenticated";

grant insert (id) on table public.quiz_assessments to "anon";

grant insert (id) on table public.quiz_assessments to "authenticated";

grant insert (landing_path) on table public.quiz_assessments to "anon";

grant insert (landing_path) on table public.quiz_assessments to "authenticated";

grant insert (recommended_plan) on table public.quiz_assessments to "anon";

grant insert (recommended_plan) on table public.quiz_assessments to "authenticated";

grant insert (scores) on table public.quiz_assessments to "anon";

grant insert (scores) on table public.quiz_assessments to "authenticated";

grant insert (top_focus_area) on table public.quiz_assessments to "anon";

grant insert (top_focus_area) on table public.quiz_assessments to "authenticated";

grant insert (utm_campaign) on table public.quiz_assessments to "anon";

grant insert (utm_campaign) on table public.quiz_assessments to "authenticated";

grant insert (utm_content) on table public.quiz_assessments to "anon";

grant insert (utm_content) on table public.quiz_assessments to "authenticated";

grant insert (utm_medium) on table public.quiz_assessments to "anon";

grant insert (utm_medium) on table public.quiz_assessments to "authenticated";

grant insert (utm_source) on table public.quiz_assessments to "anon";

grant insert (utm_source) on table public.quiz_assessments to "authenticated";

grant insert (utm_term) on table public.quiz_assessments to "anon";

grant insert (utm_term) on table public.quiz_assessments to "authenticated";

comment on table public.quiz_assessments is 'Completed assessment quizzes (answers 1-5 per question, scores 0-100 per skill). Anon insert-only; admins read.';

create table "public"."waitlist" (
    "id" uuid not null default gen_random_uuid(),
    "name" text not null,
    "email" text not null,
    "phone" text,
    "child_name" text,
    "age_band" text,
    "challenge" text,
    "consent" boolean not null,
    "source" text not null default 'waitlist'::text,
    "landing_path" text,
    "analytics_session_id" text,
    "utm_source" text,
    "utm_medium" text,
    "utm_campaign" text,
    "utm_term" text,
    "utm_content" text,
    "status" text not null default 'new'::text,
    "notes" text,
    "notified_at" timestamp with time zone,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

alter table "public"."leads" add constraint "leads_source_check" CHECK ((source = ANY (ARRAY['fit-call'::text, 'contact-v2'::text, 'waitlist'::text, 'contact'::text, 'quiz'::text]))) not valid;

alter table "public"."leads" validate constraint "leads_source_check";

CREATE INDEX waitlist_analytics_session_idx ON public.waitlist USING btree (analytics_session_id) WHERE (analytics_session_id IS NOT NULL);

CREATE INDEX waitlist_attribution_idx ON public.waitlist USING btree (created_at, utm_campaign) WHERE (landing_path IS NOT NULL);

CREATE INDEX waitlist_created_at_idx ON public.waitlist USING btree (created_at DESC);

CREATE INDEX waitlist_email_idx ON public.waitlist USING btree (lower(email), created_at DESC);

CREATE UNIQUE INDEX waitlist_pkey ON public.waitlist USING btree (id);

CREATE INDEX waitlist_status_created_at_idx ON public.waitlist USING btree (status, created_at DESC);

alter table "public"."waitlist" add constraint "waitlist_pkey" PRIMARY KEY using index "waitlist_pkey";

alter table "public"."waitlist" add constraint "waitlist_age_band_check" CHECK ((char_length(age_band) <= 20)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_age_band_check";

alter table "public"."waitlist" add constraint "waitlist_analytics_session_id_check" CHECK ((char_length(analytics_session_id) <= 100)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_analytics_session_id_check";

alter table "public"."waitlist" add constraint "waitlist_challenge_check" CHECK ((challenge = ANY (ARRAY['emotions'::text, 'confidence'::text, 'focus'::text, 'connection'::text, 'other'::text]))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_challenge_check";

alter table "public"."waitlist" add constraint "waitlist_child_name_check" CHECK ((char_length(child_name) <= 100)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_child_name_check";

alter table "public"."waitlist" add constraint "waitlist_child_name_one_line" CHECK ((child_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_child_name_one_line";

alter table "public"."waitlist" add constraint "waitlist_consent_check" CHECK (consent) not valid;

alter table "public"."waitlist" validate constraint "waitlist_consent_check";

alter table "public"."waitlist" add constraint "waitlist_email_check" CHECK (((char_length(email) <= 254) AND (email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'::text))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_email_check";

alter table "public"."waitlist" add constraint "waitlist_landing_path_check" CHECK ((char_length(landing_path) <= 2048)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_landing_path_check";

alter table "public"."waitlist" add constraint "waitlist_name_check" CHECK (((char_length(btrim(name)) >= 1) AND (char_length(btrim(name)) <= 100))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_name_check";

alter table "public"."waitlist" add constraint "waitlist_name_one_line" CHECK ((name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'::text)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_name_one_line";

alter table "public"."waitlist" add constraint "waitlist_notes_check" CHECK ((char_length(notes) <= 2000)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_notes_check";

alter table "public"."waitlist" add constraint "waitlist_phone_check" CHECK ((phone ~ '^[0-9+()\-. ]{7,25}$'::text)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_phone_check";

alter table "public"."waitlist" add constraint "waitlist_source_check" CHECK ((source = ANY (ARRAY['fit-call'::text, 'contact-v2'::text, 'waitlist'::text]))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_source_check";

alter table "public"."waitlist" add constraint "waitlist_status_check" CHECK ((status = ANY (ARRAY['new'::text, 'contacted'::text, 'call_scheduled'::text, 'enrolled'::text, 'not_a_fit'::text, 'closed'::text]))) not valid;

alter table "public"."waitlist" validate constraint "waitlist_status_check";

alter table "public"."waitlist" add constraint "waitlist_utm_campaign_check" CHECK ((char_length(utm_campaign) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_campaign_check";

alter table "public"."waitlist" add constraint "waitlist_utm_content_check" CHECK ((char_length(utm_content) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_content_check";

alter table "public"."waitlist" add constraint "waitlist_utm_medium_check" CHECK ((char_length(utm_medium) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_medium_check";

alter table "public"."waitlist" add constraint "waitlist_utm_source_check" CHECK ((char_length(utm_source) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_source_check";

alter table "public"."waitlist" add constraint "waitlist_utm_term_check" CHECK ((char_length(utm_term) <= 200)) not valid;

alter table "public"."waitlist" validate constraint "waitlist_utm_term_check";

alter table "public"."waitlist" enable row level security;

create policy "Admins delete leads"
  on "public"."waitlist"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins read leads"
  on "public"."waitlist"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins update leads"
  on "public"."waitlist"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users join the waitlist or request an intro call"
  on "public"."waitlist"
  as permissive
  for insert
  to authenticated
with check (((status = 'new'::text) AND (notes IS NULL) AND (notified_at IS NULL)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."waitlist"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors join the waitlist or request an intro call"
  on "public"."waitlist"
  as permissive
  for insert
  to anon
with check (((status = 'new'::text) AND (notes IS NULL) AND (notified_at IS NULL)));

CREATE TRIGGER conversion_attribution AFTER INSERT OR DELETE OR UPDATE OF created_at, analytics_session_id, landing_path, source ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.conversion_attribution_changed();

CREATE TRIGGER conversion_hourly AFTER INSERT OR DELETE OR UPDATE OF created_at ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.conversion_hourly_changed();

CREATE TRIGGER waitlist_attribute BEFORE INSERT ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.waitlist_attribute();

CREATE TRIGGER waitlist_audit_status AFTER UPDATE OF status ON public.waitlist FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION private.audit_change('LEAD_STATUS_CHANGED', 'waitlist', 'id', 'status');

CREATE TRIGGER waitlist_limit_per_email BEFORE INSERT ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.limit_rows_per_email();

CREATE TRIGGER waitlist_normalize BEFORE INSERT OR UPDATE ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.waitlist_normalize();

CREATE TRIGGER waitlist_set_updated_at BEFORE UPDATE ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER waitlist_to_leads AFTER INSERT ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.lead_from_waitlist();

revoke all on table public.waitlist from "anon", "authenticated", public, "service_role";
grant delete, select on table public.waitlist to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.waitlist to "service_role";

grant insert (age_band) on table public.waitlist to "anon";

grant insert (age_band) on table public.waitlist to "authenticated";

grant update (age_band) on table public.waitlist to "authenticated";

grant insert (analytics_session_id) on table public.waitlist to "anon";

grant insert (analytics_session_id) on table public.waitlist to "authenticated";

grant insert (challenge) on table public.waitlist to "anon";

grant insert (challenge) on table public.waitlist to "authenticated";

grant update (challenge) on table public.waitlist to "authenticated";

grant insert (child_name) on table public.waitlist to "anon";

grant insert (child_name) on table public.waitlist to "authenticated";

grant update (child_name) on table public.waitlist to "authenticated";

grant insert (consent) on table public.waitlist to "anon";

grant insert (consent) on table public.waitlist to "authenticated";

grant insert (email) on table public.waitlist to "anon";

grant insert (email) on table public.waitlist to "authenticated";

grant update (email) on table public.waitlist to "authenticated";

grant insert (id) on table public.waitlist to "anon";

grant insert (id) on table public.waitlist to "authenticated";

grant insert (landing_path) on table public.waitlist to "anon";

grant insert (landing_path) on table public.waitlist to "authenticated";

grant insert (name) on table public.waitlist to "anon";

grant insert (name) on table public.waitlist to "authenticated";

grant update (name) on table public.waitlist to "authenticated";

grant update (notes) on table public.waitlist to "authenticated";

grant insert (phone) on table public.waitlist to "anon";

grant insert (phone) on table public.waitlist to "authenticated";

grant update (phone) on table public.waitlist to "authenticated";

grant insert (source) on table public.waitlist to "anon";

grant insert (source) on table public.waitlist to "authenticated";

grant update (status) on table public.waitlist to "authenticated";

grant insert (utm_campaign) on table public.waitlist to "anon";

grant insert (utm_campaign) on table public.waitlist to "authenticated";

grant insert (utm_content) on table public.waitlist to "anon";

grant insert (utm_content) on table public.waitlist to "authenticated";

grant insert (utm_medium) on table public.waitlist to "anon";

grant insert (utm_medium) on table public.waitlist to "authenticated";

grant insert (utm_source) on table public.waitlist to "anon";

grant insert (utm_source) on table public.waitlist to "authenticated";

grant insert (utm_term) on table public.waitlist to "anon";

grant insert (utm_term) on table public.waitlist to "authenticated";

CREATE OR REPLACE FUNCTION private.lead_list_search(q text)
 RETURNS SETOF lead_list
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  term text := lower(btrim(coalesce(q, '')));
  admin boolean := private.is_admin();
  me uuid := auth.uid();
begin
  if me is null or not (admin or private.has_role(me, 'coach')) then
    raise exception 'Only the team may search leads' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if length(term) > 200 then
    raise exception 'q must be at most 200 characters' using errcode = '22023';
  end if;
  return query
    select v.*
    from public.lead_list v
    where v.search_text ilike '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%'
      and (admin or v.assignee_id = me);
end;
$function$
;

revoke all on function private.lead_list_search(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.lead_list_search(text) to "authenticated";
grant execute on function private.lead_list_search(text) to "service_role";

CREATE OR REPLACE FUNCTION private.newsletter_search(q text)
 RETURNS SETOF newsletter_subscribers
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  term text := btrim(coalesce(q, ''));
  pattern text;
begin
  if not private.is_admin() then
    raise exception 'Only admins may search subscribers' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if length(term) > 200 then
    raise exception 'q must be at most 200 characters' using errcode = '22023';
  end if;
  pattern := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
    select s.* from public.newsletter_subscribers s
    where s.email ilike pattern or s.first_name ilike pattern;
end;
$function$
;

revoke all on function private.newsletter_search(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.newsletter_search(text) to "authenticated";
grant execute on function private.newsletter_search(text) to "service_role";

CREATE OR REPLACE FUNCTION public.lead_list_search(q text)
 RETURNS SETOF lead_list
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.lead_list_search(q)
$function$
;

revoke all on function public.lead_list_search(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.lead_list_search(text) to "authenticated";
grant execute on function public.lead_list_search(text) to "service_role";

CREATE OR REPLACE FUNCTION public.newsletter_search(q text)
 RETURNS SETOF newsletter_subscribers
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.newsletter_search(q)
$function$
;

revoke all on function public.newsletter_search(text) from "anon", "authenticated", public, "service_role";
grant execute on function public.newsletter_search(text) to "authenticated";
grant execute on function public.newsletter_search(text) to "service_role";

alter table "private"."intro_call_clients" add constraint "intro_call_clients_intro_call_id_fkey" FOREIGN KEY (intro_call_id) REFERENCES intro_calls(id) ON DELETE CASCADE not valid;

alter table "private"."intro_call_clients" validate constraint "intro_call_clients_intro_call_id_fkey";

alter table "private"."intro_call_tokens" add constraint "intro_call_tokens_lead_id_fkey" FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE not valid;

alter table "private"."intro_call_tokens" validate constraint "intro_call_tokens_lead_id_fkey";

alter table "public"."intro_calls" add constraint "intro_calls_host_id_fkey" FOREIGN KEY (host_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."intro_calls" validate constraint "intro_calls_host_id_fkey";

alter table "public"."intro_calls" add constraint "intro_calls_lead_id_fkey" FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE not valid;

alter table "public"."intro_calls" validate constraint "intro_calls_lead_id_fkey";

alter table "public"."lead_events" add constraint "lead_events_actor_id_fkey" FOREIGN KEY (actor_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."lead_events" validate constraint "lead_events_actor_id_fkey";

alter table "public"."lead_events" add constraint "lead_events_lead_id_fkey" FOREIGN KEY (lead_id) REFERENCES leads(id) ON DELETE CASCADE not valid;

alter table "public"."lead_events" validate constraint "lead_events_lead_id_fkey";

alter table "public"."leads" add constraint "leads_assignee_id_fkey" FOREIGN KEY (assignee_id) REFERENCES profiles(id) ON DELETE SET NULL not valid;

alter table "public"."leads" validate constraint "leads_assignee_id_fkey";

alter table "public"."leads" add constraint "leads_contact_message_id_fkey" FOREIGN KEY (contact_message_id) REFERENCES contact_messages(id) ON DELETE CASCADE not valid;

alter table "public"."leads" validate constraint "leads_contact_message_id_fkey";

alter table "public"."leads" add constraint "leads_enrolled_child_id_fkey" FOREIGN KEY (enrolled_child_id) REFERENCES children(id) ON DELETE SET NULL not valid;

alter table "public"."leads" validate constraint "leads_enrolled_child_id_fkey";

alter table "public"."leads" add constraint "leads_enrolled_parent_id_fkey" FOREIGN KEY (enrolled_parent_id) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."leads" validate constraint "leads_enrolled_parent_id_fkey";

alter table "public"."leads" add constraint "leads_quiz_assessment_id_fkey" FOREIGN KEY (quiz_assessment_id) REFERENCES quiz_assessments(id) ON DELETE CASCADE not valid;

alter table "public"."leads" validate constraint "leads_quiz_assessment_id_fkey";

alter table "public"."leads" add constraint "leads_waitlist_id_fkey" FOREIGN KEY (waitlist_id) REFERENCES waitlist(id) ON DELETE CASCADE not valid;

alter table "public"."leads" validate constraint "leads_waitlist_id_fkey";
