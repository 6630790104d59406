-- The outbox and mail delivery
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.outbox_wake_sender()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.request_outbox_delivery();
  return null;
end;
$function$
;

revoke all on function private.outbox_wake_sender() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.request_outbox_delivery()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  url text;
  api_key text;
  due record;
begin
  select value into url from private.job_settings where name = 'functions_url';
  select value into api_key from private.job_settings where name = 'functions_api_key';
  for due in
    select s.kind, s.sender
    from (values
      ('session_email', 'send-session-emails'),
      ('intro_call_email', 'send-intro-call-emails'),
      ('check_in_invitation', 'send-check-in-invitations'),
      ('message_email', 'send-message-emails'),
      ('family_notice', 'send-family-notices')
    ) as s (kind, sender)
    where exists (
      select 1 from public.outbox o where o.kind = s.kind and o.outcome is null and o.attempts < 5
    )
  loop
    continue when current_setting('private.outbox_wake_' || due.kind, true) = txid_current()::text;
    perform set_config('private.outbox_wake_' || due.kind, txid_current()::text, true);
    if url is null or to_regnamespace('net') is null then
      raise log '% queued but not sent: private.job_settings or pg_net is missing', due.kind;
      continue;
    end if;
    perform net.http_post(
      url := rtrim(url, '/') || '/' || due.sender,
      body := '{}'::jsonb,
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || coalesce(api_key, ''),
        'apikey', coalesce(api_key, '')
      ),
      timeout_milliseconds := 30000
    );
  end loop;
end;
$function$
;

revoke all on function private.request_outbox_delivery() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.reserve_mail_send(function_name text, recipient text, client text)
 RETURNS TABLE(allowed boolean, reason text, retry_after_seconds integer)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  to_address text := lower(btrim(recipient));
  from_client text := left(coalesce(nullif(btrim(client), ''), 'unknown'), 64);
  oldest timestamptz;
  recent integer;
begin
  if function_name is null or function_name !~ '^[a-z][a-z0-9-]{0,63}$' then
    raise exception 'function_name must be a function''s name' using errcode = '22023';
  end if;
  if to_address is null or char_length(to_address) not between 3 and 254 or strpos(to_address, '@') = 0 then
    raise exception 'recipient must be an email address' using errcode = '22023';
  end if;

  perform pg_advisory_xact_lock(7301, hashtext(from_client));
  perform pg_advisory_xact_lock(7302, hashtext(to_address));

  -- Each statement below reads a fresh snapshot (read committed), so it sees what the previous
  -- holder of the locks committed.
  delete from private.mail_send_attempts a where a.created_at < now() - interval '1 day';

  select count(*), min(a.created_at) into recent, oldest
    from private.mail_send_attempts a
   where a.client = from_client and a.created_at > now() - interval '1 hour';
  if recent >= 30 then
    return query select false, 'Too many emails requested from this device. Please try again later.',
      greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
    return;
  end if;

  -- A newsletter form, a quiz or an intro-call request mails the person filling it in: one client
  -- has no reason to reach more than a handful of different people an hour.
  if not exists (
    select 1 from private.mail_send_attempts a
     where a.client = from_client and a.recipient = to_address and a.created_at > now() - interval '1 hour'
  ) then
    select count(distinct a.recipient), min(a.created_at) into recent, oldest
      from private.mail_send_attempts a
     where a.client = from_client and a.created_at > now() - interval '1 hour';
    if recent >= 10 then
      return query select false, 'Too many emails requested from this device. Please try again later.',
        greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
      return;
    end if;
  end if;

  select count(*), min(a.created_at) into recent, oldest
    from private.mail_send_attempts a
   where a.recipient = to_address and a.created_at > now() - interval '1 hour';
  if recent >= 5 then
    return query select false, 'Too many emails to this address. Please try again later.',
      greatest(1, ceil(extract(epoch from oldest + interval '1 hour' - now())))::integer;
    return;
  end if;

  select count(*), min(a.created_at) into recent, oldest
    from private.mail_send_attempts a
   where a.recipient = to_address and a.created_at > now() - interval '1 day';
  if recent >= 10 then
    return query select false, 'Too many emails to this address today. Please try again tomorrow.',
      greatest(1, ceil(extract(epoch from oldest + interval '1 day' - now())))::integer;
    return;
  end if;

  insert into private.mail_send_attempts (function_name, recipient, client)
  values (reserve_mail_send.function_name, to_address, from_client);
  return query select true, null::text, null::integer;
end;
$function$
;

revoke all on function private.reserve_mail_send(text,text,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.reserve_mail_send(text,text,text) to "service_role";

CREATE OR REPLACE FUNCTION public.claim_outbox(kinds text[], max_rows integer DEFAULT 50)
 RETURNS TABLE(id bigint, kind text, event text, recipient text, to_email text, current boolean, letter jsonb)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  if kinds is null or cardinality(kinds) = 0 then
    raise exception 'name the kinds to claim' using errcode = '22023';
  end if;
  return query
  with picked as (
    select o.id
    from public.outbox o
    where o.kind = any (kinds)
      and o.outcome is null
      and o.attempts < 5
      and (o.claimed_at is null or o.claimed_at < now() - interval '10 minutes')
    order by o.id
    limit least(greatest(coalesce(max_rows, 50), 1), 200)
    for update skip locked
  ),
  claimed as (
    update public.outbox o
    set claimed_at = now(), attempts = o.attempts + 1
    from picked
    where o.id = picked.id
    returning o.id, o as item
  ),
  written as (
    select c.id, c.item, private.outbox_letter(c.item) as letter from claimed c
  )
  select
    w.id,
    (w.item).kind,
    (w.item).event,
    (w.item).recipient,
    w.letter ->> 'to_email',
    coalesce((w.letter ->> 'current')::boolean, false),
    w.letter - 'to_email' - 'current'
  from written w
  order by w.id;
end;
$function$
;

revoke all on function public.claim_outbox(text[],integer) from "anon", "authenticated", public, "service_role";
grant execute on function public.claim_outbox(text[],integer) to "service_role";

CREATE OR REPLACE FUNCTION public.reserve_mail_send(function_name text, recipient text, client text)
 RETURNS TABLE(allowed boolean, reason text, retry_after_seconds integer)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select * from private.reserve_mail_send(function_name, recipient, client)
$function$
;

revoke all on function public.reserve_mail_send(text,text,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.reserve_mail_send(text,text,text) to "service_role";

CREATE OR REPLACE FUNCTION public.settle_outbox(outbox_id bigint, result text, error text DEFAULT NULL::text)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if result is null or result not in ('sent', 'skipped', 'retry') then
    raise exception 'result must be sent, skipped or retry' using errcode = '22023';
  end if;
  update public.outbox o
  set outcome = case
        when result = 'retry' then (case when o.attempts >= 5 then 'failed' end)
        else result
      end,
      settled_at = case when result <> 'retry' or o.attempts >= 5 then now() end,
      claimed_at = case when result = 'retry' then null else o.claimed_at end,
      last_error = left(error, 1000)
  where o.id = outbox_id and o.outcome is null;
end;
$function$
;

revoke all on function public.settle_outbox(bigint,text,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.settle_outbox(bigint,text,text) to "service_role";

create table "private"."job_settings" (
    "name" text not null,
    "value" text not null
      );

CREATE UNIQUE INDEX job_settings_pkey ON private.job_settings USING btree (name);

alter table "private"."job_settings" add constraint "job_settings_pkey" PRIMARY KEY using index "job_settings_pkey";

alter table "private"."job_settings" add constraint "job_settings_name_check" CHECK ((name = ANY (ARRAY['functions_url'::text, 'functions_api_key'::text]))) not valid;

alter table "private"."job_settings" validate constraint "job_settings_name_check";

revoke all on table private.job_settings from "anon", "authenticated", public, "service_role";

create table "private"."mail_send_attempts" (
    "id" bigint generated always as identity not null,
    "function_name" text not null,
    "recipient" text not null,
    "client" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX mail_send_attempts_client_idx ON private.mail_send_attempts USING btree (client, created_at);

CREATE INDEX mail_send_attempts_created_at_idx ON private.mail_send_attempts USING btree (created_at);

CREATE UNIQUE INDEX mail_send_attempts_pkey ON private.mail_send_attempts USING btree (id);

CREATE INDEX mail_send_attempts_recipient_idx ON private.mail_send_attempts USING btree (recipient, created_at);

alter table "private"."mail_send_attempts" add constraint "mail_send_attempts_pkey" PRIMARY KEY using index "mail_send_attempts_pkey";

alter table "private"."mail_send_attempts" add constraint "mail_send_attempts_client_check" CHECK (((char_length(client) >= 1) AND (char_length(client) <= 64))) not valid;

alter table "private"."mail_send_attempts" validate constraint "mail_send_attempts_client_check";

alter table "private"."mail_send_attempts" add constraint "mail_send_attempts_function_name_check" CHECK ((function_name ~ '^[a-z][a-z0-9-]{0,63}$'::text)) not valid;

alter table "private"."mail_send_attempts" validate constraint "mail_send_attempts_function_name_check";

alter table "private"."mail_send_attempts" add constraint "mail_send_attempts_recipient_check" CHECK (((char_length(recipient) >= 3) AND (char_length(recipient) <= 254))) not valid;

alter table "private"."mail_send_attempts" validate constraint "mail_send_attempts_recipient_check";

alter table "private"."mail_send_attempts" enable row level security;

revoke all on sequence private.mail_send_attempts_id_seq from "anon", "authenticated", public, "service_role";

revoke all on table private.mail_send_attempts from "anon", "authenticated", public, "service_role";

create table "public"."outbox" (
    "id" bigint generated always as identity not null,
    "kind" text not null,
    "event" text,
    "recipient" text not null,
    "recipient_user_id" uuid,
    "session_id" uuid,
    "intro_call_id" uuid,
    "child_id" uuid,
    "family_id" uuid,
    "coach_id" uuid,
    "report_id" uuid,
    "starts_at" timestamp with time zone,
    "previous_starts_at" timestamp with time zone,
    "due_at" timestamp with time zone,
    "message" text,
    "wrong_tries" integer,
    "created_at" timestamp with time zone not null default now(),
    "claimed_at" timestamp with time zone,
    "attempts" integer not null default 0,
    "outcome" text,
    "settled_at" timestamp with time zone,
    "last_error" text
      );

CREATE INDEX outbox_child_idx ON public.outbox USING btree (child_id);

CREATE INDEX outbox_coach_idx ON public.outbox USING btree (coach_id);

CREATE INDEX outbox_family_idx ON public.outbox USING btree (family_id, recipient_user_id, created_at DESC);

CREATE INDEX outbox_intro_call_idx ON public.outbox USING btree (intro_call_id, created_at);

CREATE UNIQUE INDEX outbox_one_check_in_invitation_idx ON public.outbox USING btree (child_id, due_at) WHERE (kind = 'check_in_invitation'::text);

CREATE UNIQUE INDEX outbox_one_intro_call_reminder_idx ON public.outbox USING btree (intro_call_id, event, recipient, starts_at) WHERE ((kind = 'intro_call_email'::text) AND (event = ANY (ARRAY['reminder_24h'::text, 'reminder_1h'::text])));

CREATE UNIQUE INDEX outbox_one_session_reminder_idx ON public.outbox USING btree (session_id, event, recipient_user_id, starts_at) WHERE ((kind = 'session_email'::text) AND (event = ANY (ARRAY['reminder_24h'::text, 'reminder_1h'::text])));

CREATE UNIQUE INDEX outbox_pkey ON public.outbox USING btree (id);

CREATE INDEX outbox_queued_idx ON public.outbox USING btree (kind, id) WHERE (outcome IS NULL);

CREATE INDEX outbox_recipient_idx ON public.outbox USING btree (recipient_user_id);

CREATE INDEX outbox_report_idx ON public.outbox USING btree (report_id);

CREATE INDEX outbox_session_idx ON public.outbox USING btree (session_id, created_at);

alter table "public"."outbox" add constraint "outbox_pkey" PRIMARY KEY using index "outbox_pkey";

alter table "public"."outbox" add constraint "outbox_check_in_invitation" CHECK (((kind <> 'check_in_invitation'::text) OR ((event IS NULL) AND (recipient = 'parent'::text) AND (recipient_user_id IS NOT NULL) AND (child_id IS NOT NULL) AND (due_at IS NOT NULL)))) not valid;

alter table "public"."outbox" validate constraint "outbox_check_in_invitation";

alter table "public"."outbox" add constraint "outbox_family_notice" CHECK (((kind <> 'family_notice'::text) OR ((event = ANY (ARRAY['coach_match'::text, 'progress_report'::text, 'child_login_locked'::text])) AND (recipient = 'parent'::text) AND (recipient_user_id IS NOT NULL) AND (child_id IS NOT NULL) AND ((event <> 'coach_match'::text) OR (coach_id IS NOT NULL)) AND ((event <> 'progress_report'::text) OR (report_id IS NOT NULL)) AND ((event <> 'child_login_locked'::text) OR (wrong_tries IS NOT NULL))))) not valid;

alter table "public"."outbox" validate constraint "outbox_family_notice";

alter table "public"."outbox" add constraint "outbox_intro_call_email" CHECK (((kind <> 'intro_call_email'::text) OR ((event = ANY (ARRAY['booked'::text, 'moved'::text, 'cancelled'::text, 'reminder_24h'::text, 'reminder_1h'::text])) AND (recipient = ANY (ARRAY['parent'::text, 'host'::text])) AND ((recipient = 'host'::text) = (recipient_user_id IS NOT NULL)) AND (intro_call_id IS NOT NULL) AND (starts_at IS NOT NULL)))) not valid;

alter table "public"."outbox" validate constraint "outbox_intro_call_email";

alter table "public"."outbox" add constraint "outbox_kind_check" CHECK ((kind = ANY (ARRAY['session_email'::text, 'intro_call_email'::text, 'check_in_invitation'::text, 'message_email'::text, 'family_notice'::text]))) not valid;

alter table "public"."outbox" validate constraint "outbox_kind_check";

alter table "public"."outbox" add constraint "outbox_last_error_check" CHECK ((char_length(last_error) <= 1000)) not valid;

alter table "public"."outbox" validate constraint "outbox_last_error_check";

alter table "public"."outbox" add constraint "outbox_message_check" CHECK ((char_length(message) <= 500)) not valid;

alter table "public"."outbox" validate constraint "outbox_message_check";

alter table "public"."outbox" add constraint "outbox_message_email" CHECK (((kind <> 'message_email'::text) OR ((event IS NULL) AND (recipient = ANY (ARRAY['parent'::text, 'coach'::text])) AND (recipient_user_id IS NOT NULL) AND (family_id IS NOT NULL)))) not valid;

alter table "public"."outbox" validate constraint "outbox_message_email";

alter table "public"."outbox" add constraint "outbox_outcome_check" CHECK ((outcome = ANY (ARRAY['sent'::text, 'skipped'::text, 'failed'::text]))) not valid;

alter table "public"."outbox" validate constraint "outbox_outcome_check";

alter table "public"."outbox" add constraint "outbox_session_email" CHECK (((kind <> 'session_email'::text) OR ((event = ANY (ARRAY['booked'::text, 'moved'::text, 'cancelled'::text, 'reminder_24h'::text, 'reminder_1h'::text, 'reschedule_requested'::text])) AND (recipient = ANY (ARRAY['family'::text, 'coach'::text])) AND (recipient_user_id IS NOT NULL) AND (session_id IS NOT NULL) AND (starts_at IS NOT NULL)))) not valid;

alter table "public"."outbox" validate constraint "outbox_session_email";

alter table "public"."outbox" add constraint "outbox_wrong_tries_check" CHECK ((wrong_tries > 0)) not valid;

alter table "public"."outbox" validate constraint "outbox_wrong_tries_check";

alter table "public"."outbox" enable row level security;

create policy "Admins read the outbox"
  on "public"."outbox"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."outbox"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER outbox_wake_sender AFTER INSERT ON public.outbox FOR EACH STATEMENT EXECUTE FUNCTION private.outbox_wake_sender();

revoke all on sequence public.outbox_id_seq from "anon", "authenticated", public, "service_role";
grant select, update, usage on sequence public.outbox_id_seq to "anon";
grant select, update, usage on sequence public.outbox_id_seq to "authenticated";
grant select, update, usage on sequence public.outbox_id_seq to "service_role";

revoke all on table public.outbox from "anon", "authenticated", public, "service_role";
grant select on table public.outbox to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.outbox to "service_role";

CREATE OR REPLACE FUNCTION private.outbox_letter(o outbox)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  letter jsonb;
begin
  case o.kind
  when 'session_email' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name',
        case when o.recipient = 'coach' then coalesce(co.display_name, p.first_name) else p.first_name end,
      'recipient_time_zone',
        case when o.recipient = 'coach' then coalesce(rc.time_zone, p.time_zone) else p.time_zone end,
      'session_id', o.session_id,
      'starts_at', o.starts_at,
      'previous_starts_at', o.previous_starts_at,
      'duration_minutes', s.duration_minutes,
      'child_first_name', ch.first_name,
      'coach_name', co.display_name,
      'current', o.event not like 'reminder%' or (s.status = 'scheduled' and s.starts_at = o.starts_at),
      'message', o.message,
      'calendar_sequence', greatest(
        (select count(*)::integer - 1
           from public.outbox earlier
          where earlier.kind = 'session_email'
            and earlier.session_id = o.session_id
            and earlier.recipient_user_id = o.recipient_user_id
            and earlier.event in ('booked', 'moved', 'cancelled')
            and earlier.id <= o.id),
        0)
    )
    into letter
    from public.coaching_sessions s
    join public.children ch on ch.id = s.child_id
    join auth.users u on u.id = o.recipient_user_id
    left join public.profiles p on p.id = o.recipient_user_id
    left join public.coaches co on co.id = s.coach_id
    left join public.coaches rc on rc.user_id = o.recipient_user_id
    where s.id = o.session_id;

  when 'intro_call_email' then
    select jsonb_build_object(
      'to_email', case when o.recipient = 'host' then hu.email::text else l.email end,
      'recipient_name',
        case when o.recipient = 'host' then coalesce(nullif(btrim(hp.first_name), ''), 'there') else l.name::text end,
      'recipient_time_zone',
        case when o.recipient = 'host'
          then coalesce(
            (select s.time_zone from public.availability_schedules s
              left join public.coaches co on co.id = s.coach_id
              where s.user_id = o.recipient_user_id or co.user_id = o.recipient_user_id limit 1),
            hp.time_zone, 'UTC')
          else ic.parent_time_zone end,
      'intro_call_id', o.intro_call_id,
      'starts_at', o.starts_at,
      'previous_starts_at', o.previous_starts_at,
      'duration_minutes', ic.duration_minutes,
      'parent_name', l.name::text,
      'parent_email', l.email,
      'host_name', coalesce(nullif(btrim(concat_ws(' ', cp.first_name, cp.last_name)), ''), 'the Ploom team'),
      'host_email', cu.email::text,
      'lead_id', l.id,
      'sequence',
        (select count(*)::integer from public.outbox x
          where x.kind = 'intro_call_email' and x.intro_call_id = o.intro_call_id and x.id < o.id
            and x.event in ('booked', 'moved', 'cancelled')),
      'current', o.event not like 'reminder%' or (ic.status = 'scheduled' and ic.starts_at = o.starts_at),
      'manage_token',
        case when o.recipient = 'parent' then
          private.issue_intro_call_token(l.id, greatest(ic.starts_at + interval '7 days', now() + interval '14 days') - now())
        end
    )
    into letter
    from public.intro_calls ic
    join public.leads l on l.id = ic.lead_id
    left join auth.users hu on hu.id = o.recipient_user_id
    left join public.profiles hp on hp.id = o.recipient_user_id
    -- the call's host as the calendar file names them (the one now, or the one a cancellation was for)
    left join public.profiles cp on cp.id = coalesce(o.recipient_user_id, ic.host_id)
    left join auth.users cu on cu.id = coalesce(o.recipient_user_id, ic.host_id)
    where ic.id = o.intro_call_id;

  when 'check_in_invitation' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name', p.first_name,
      'child_id', o.child_id,
      'child_first_name', ch.first_name,
      'due_at', o.due_at,
      'current', private.wants_check_in_invitations(o.recipient_user_id)
        and not exists (
          select 1 from public.check_ins k
           where k.child_id = o.child_id and k.taken_at > o.due_at - interval '28 days'
        )
    )
    into letter
    from public.children ch
    join auth.users u on u.id = o.recipient_user_id
    left join public.profiles p on p.id = o.recipient_user_id
    where ch.id = o.child_id;

  when 'message_email' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name',
        case when o.recipient = 'coach' then coalesce(rc.display_name, p.first_name) else p.first_name end,
      'family_id', o.family_id,
      'children_names',
        (select string_agg(ch.first_name, ', ' order by ch.created_at, ch.first_name, ch.id)
           from public.children ch
           left join public.coaches chc on chc.id = ch.coach_id
          where ch.parent_id = o.family_id
            and (o.recipient = 'parent' or chc.user_id = o.recipient_user_id)),
      'coach_name',
        (select string_agg(distinct co.display_name, ', ') from public.children ch
           join public.coaches co on co.id = ch.coach_id where ch.parent_id = o.family_id),
      'current', not exists (
        select 1 from public.family_message_reads r
         where r.family_id = o.family_id and r.user_id = o.recipient_user_id and r.last_read_at >= o.created_at
      )
    )
    into letter
    from auth.users u
    left join public.profiles p on p.id = o.recipient_user_id
    left join public.coaches rc on rc.user_id = o.recipient_user_id
    where u.id = o.recipient_user_id;

  when 'family_notice' then
    select jsonb_build_object(
      'to_email', u.email::text,
      'recipient_name', p.first_name,
      'child_id', o.child_id,
      'child_first_name', ch.first_name,
      'details', case o.event
        when 'coach_match' then jsonb_build_object('coach_name', k.display_name, 'coach_title', k.title)
        when 'progress_report' then jsonb_build_object(
          'report_id', r.id, 'cadence', r.cadence, 'period_start', r.period_start, 'period_end', r.period_end,
          'coach_name', rk.display_name)
        when 'child_login_locked' then jsonb_build_object('secret_kind', cl.secret_kind, 'wrong_tries', o.wrong_tries)
      end,
      'current', case o.event
        when 'coach_match' then ch.coach_id is not distinct from o.coach_id
        when 'progress_report' then r.status = 'published'
        when 'child_login_locked' then exists (
          select 1 from public.child_login_locks lk where lk.child_id = o.child_id and lk.locked_until > now())
        else true
      end
    )
    into letter
    from public.children ch
    join auth.users u on u.id = o.recipient_user_id
    left join public.profiles p on p.id = o.recipient_user_id
    left join public.coaches k on k.id = o.coach_id
    left join public.progress_reports r on r.id = o.report_id
    left join public.coaches rk on rk.id = r.coach_id
    left join public.child_logins cl on cl.child_id = o.child_id
    where ch.id = o.child_id;
  else
    letter := null;
  end case;
  return letter;
end;
$function$
;

revoke all on function private.outbox_letter(public.outbox) from "anon", "authenticated", public, "service_role";
grant execute on function private.outbox_letter(public.outbox) to "service_role";

alter table "public"."outbox" add constraint "outbox_child_id_fkey" FOREIGN KEY (child_id) REFERENCES children(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_child_id_fkey";

alter table "public"."outbox" add constraint "outbox_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_coach_id_fkey";

alter table "public"."outbox" add constraint "outbox_family_id_fkey" FOREIGN KEY (family_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_family_id_fkey";

alter table "public"."outbox" add constraint "outbox_intro_call_id_fkey" FOREIGN KEY (intro_call_id) REFERENCES intro_calls(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_intro_call_id_fkey";

alter table "public"."outbox" add constraint "outbox_recipient_user_id_fkey" FOREIGN KEY (recipient_user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_recipient_user_id_fkey";

alter table "public"."outbox" add constraint "outbox_report_id_fkey" FOREIGN KEY (report_id) REFERENCES progress_reports(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_report_id_fkey";

alter table "public"."outbox" add constraint "outbox_session_id_fkey" FOREIGN KEY (session_id) REFERENCES coaching_sessions(id) ON DELETE CASCADE not valid;

alter table "public"."outbox" validate constraint "outbox_session_id_fkey";
