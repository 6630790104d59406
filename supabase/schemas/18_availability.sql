-- Availability: schedules, hours, overrides, meeting rules, open slots
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.availability_hours_meeting()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from public.availability_schedules s where s.id = new.schedule_id and s.coach_id is null) then
    new.meeting := 'intro_call';
  end if;
  return new;
end;
$function$
;

revoke all on function private.availability_hours_meeting() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.availability_override_date_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null
     and (tg_op = 'INSERT' or new.on_date is distinct from old.on_date)
     and new.on_date < (
       select (now() at time zone s.time_zone)::date
       from public.availability_schedules s
       where s.id = new.schedule_id
     ) then
    raise exception 'That date has passed: choose today or a later date'
      using errcode = '22023';
  end if;
  return new;
end;
$function$
;

revoke all on function private.availability_override_date_rules() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.availability_schedule_rules()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if new.time_zone is null then
    select coalesce(
      (select c.time_zone from public.coaches c where c.id = new.coach_id),
      (select p.time_zone from public.profiles p where p.id = new.user_id),
      'America/New_York'
    ) into new.time_zone;
  end if;
  if not private.is_time_zone(new.time_zone) then
    raise exception 'Unknown time zone: %', new.time_zone
      using errcode = '22023', hint = 'Use an IANA time zone name such as America/New_York.';
  end if;
  if new.user_id is not null and not (
    private.has_role(new.user_id, 'admin') or private.has_role(new.user_id, 'coach')
  ) then
    raise exception 'Only coaches and team members keep a schedule' using errcode = '22023';
  end if;
  if new.user_id is not null and exists (select 1 from public.coaches c where c.user_id = new.user_id) then
    raise exception 'A coach keeps their hours on their coach schedule' using errcode = '22023';
  end if;
  if new.takes_intro_calls and new.coach_id is not null
     and (select c.user_id from public.coaches c where c.id = new.coach_id) is null then
    raise exception 'A coach without a login cannot take intro calls' using errcode = '22023';
  end if;
  if auth.uid() is not null and not private.is_admin()
     and new.takes_intro_calls is distinct from (case when tg_op = 'UPDATE' then old.takes_intro_calls else false end) then
    raise exception 'Only an admin decides who takes intro calls' using errcode = '42501';
  end if;
  return new;
end;
$function$
;

revoke all on function private.availability_schedule_rules() from "anon", "authenticated", public, "service_role";
grant execute on function private.availability_schedule_rules() to public;

CREATE OR REPLACE FUNCTION private.can_edit_schedule(schedule uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select private.is_admin() or exists (
    select 1 from public.availability_schedules s
    where s.id = schedule
      and auth.uid() is not null
      and (s.user_id = auth.uid() or s.coach_id = private.current_coach_id())
  )
$function$
;

revoke all on function private.can_edit_schedule(uuid) from "anon", "authenticated", public, "service_role";
grant execute on function private.can_edit_schedule(uuid) to "authenticated";
grant execute on function private.can_edit_schedule(uuid) to "service_role";

CREATE OR REPLACE FUNCTION private.check_slot_range(range_start timestamp with time zone, range_end timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if range_start is null or range_end is null or range_end <= range_start then
    raise exception 'Give a range whose end is after its start' using errcode = '22023';
  end if;
  if range_end - range_start > interval '62 days' then
    raise exception 'Ask for at most 62 days of open times at once' using errcode = '22023';
  end if;
end;
$function$
;

revoke all on function private.check_slot_range(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.hour_blocks(h1 bigint, h2 bigint)
 RETURNS TABLE(level smallint, block bigint)
 LANGUAGE plpgsql
 IMMUTABLE ROWS 24
 SET search_path TO ''
AS $function$
declare
  lo bigint := h1;
  l integer;
begin
  while lo < h2 loop
    l := 11;
    while l > 0 and (lo % (1::bigint << l) <> 0 or lo + (1::bigint << l) > h2) loop
      l := l - 1;
    end loop;
    level := l;
    block := lo >> l;
    return next;
    lo := lo + (1::bigint << l);
  end loop;
end;
$function$
;

revoke all on function private.hour_blocks(bigint,bigint) from "anon", "authenticated", public, "service_role";
grant execute on function private.hour_blocks(bigint,bigint) to public;

CREATE OR REPLACE FUNCTION private.meeting_rules_set_updated_by()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.updated_by := auth.uid();
  return new;
end;
$function$
;

revoke all on function private.meeting_rules_set_updated_by() from "anon", "authenticated", public, "service_role";
grant execute on function private.meeting_rules_set_updated_by() to public;

CREATE OR REPLACE FUNCTION private.minutes_of_day(starts time without time zone, ends time without time zone)
 RETURNS int4range
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select pg_catalog.int4range(
    (extract(epoch from starts) / 60)::integer,
    (extract(epoch from ends) / 60)::integer,
    '[)'
  )
$function$
;

revoke all on function private.minutes_of_day(time without time zone,time without time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.minutes_of_day(time without time zone,time without time zone) to "authenticated";
grant execute on function private.minutes_of_day(time without time zone,time without time zone) to public;
grant execute on function private.minutes_of_day(time without time zone,time without time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.open_slots(schedule uuid, meeting text, range_start timestamp with time zone, range_end timestamp with time zone, now_at timestamp with time zone DEFAULT now(), ignore_session uuid DEFAULT NULL::uuid, with_bookings boolean DEFAULT true)
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with
  host as (
    select sc.id, sc.time_zone,
      coalesce(sc.coach_id, (select c.id from public.coaches c where c.user_id = sc.user_id)) as coach_id,
      coalesce(sc.user_id, (select c.user_id from public.coaches c where c.id = sc.coach_id)) as user_id,
      -- a team member's hours are all for intro calls; a coach's are each for one kind of meeting
      sc.coach_id is null as team
    from public.availability_schedules sc
    where sc.id = open_slots.schedule
  ),
  rules as (
    select m.daily_maximum,
      pg_catalog.make_interval(mins => m.length_minutes) as len,
      pg_catalog.make_interval(mins => m.buffer_minutes) as buf,
      pg_catalog.make_interval(mins => m.slot_step_minutes) as step,
      greatest(open_slots.range_start, open_slots.now_at + pg_catalog.make_interval(mins => m.minimum_notice_minutes)) as lo,
      -- the window in whole days of 24 hours, whatever the session's time zone setting
      least(open_slots.range_end, open_slots.now_at + pg_catalog.make_interval(mins => m.booking_window_days * 1440)) as hi
    from public.meeting_rules m
    where m.kind = open_slots.meeting
  ),
  days as (
    select (rules.lo at time zone host.time_zone)::date + i as day
    from host, rules,
      pg_catalog.generate_series(
        0,
        (rules.hi at time zone host.time_zone)::date - (rules.lo at time zone host.time_zone)::date
      ) as i
    where rules.lo < rules.hi
  ),
  hours as (
    -- a date override gives a coach's family-session hours that day (none for intro calls)
    select d.day, o.start_time, o.end_time
    from days d, host
    join public.availability_overrides o on o.schedule_id = open_slots.schedule
    where o.on_date = d.day and o.start_time is not null
      and (host.team or open_slots.meeting = 'coaching_session')
    union all
    select d.day, h.start_time, h.end_time
    from days d, host
    join public.availability_hours h on h.schedule_id = open_slots.schedule
    where h.weekday = extract(isodow from d.day)
      and (host.team or h.meeting = open_slots.meeting)
      and not exists (
      select 1 from public.availability_overrides o
      where o.schedule_id = open_slots.schedule and o.on_date = d.day
    )
  ),
  candidates as (
    select distinct h.day, t.t as starts_at
    from hours h, host, rules,
      pg_catalog.generate_series(
        private.first_instant(h.day + h.start_time, host.time_zone),
        ((h.day + h.end_time) at time zone host.time_zone) - rules.len,
        rules.step
      ) as t (t)
    where t.t >= rules.lo and t.t < rules.hi
      -- a coach's intro call keeps its buffer off the family-session hours beside it
      and not (
        not host.team and open_slots.meeting = 'intro_call'
        and exists (
          select 1 from public.availability_hours s
          where s.schedule_id = open_slots.schedule and s.meeting = 'coaching_session'
            and s.weekday = extract(isodow from h.day)
            and pg_catalog.tstzrange(
                  private.first_instant(h.day + s.start_time, host.time_zone),
                  (h.day + s.end_time) at time zone host.time_zone, '[)')
                && pg_catalog.tstzrange(t.t - rules.buf, t.t + rules.len + rules.buf, '[)')
        )
      )
  ),
  -- meetings of this kind per local date of the host, for the daily maximum
  daily as materialized (
    select (x.starts_at at time zone host.time_zone)::date as day, count(*) as booked
    from host, rules, public.coaching_sessions x
    where open_slots.meeting = 'coaching_session' and open_slots.with_bookings
      and x.coach_id = host.coach_id and x.status <> 'cancelled'
      and x.id is distinct from open_slots.ignore_session
      and x.starts_at >= rules.lo - interval '2 days' and x.starts_at < rules.hi + interval '2 days'
    group by 1
    union all
    select (x.starts_at at time zone host.time_zone)::date, count(*)
    from host, rules, public.intro_calls x
    where open_slots.meeting = 'intro_call' and open_slots.with_bookings
      and x.host_id = host.user_id and x.status <> 'cancelled'
      and x.id is distinct from open_slots.ignore_session
      and x.starts_at >= rules.lo - interval '2 days' and x.starts_at < rules.hi + interval '2 days'
    group by 1
  )
  select c.starts_at, c.starts_at + rules.len
  from candidates c, rules, host
  where (
      not open_slots.with_bookings
      or (
        not exists (
          select 1 from public.coaching_sessions x
          where x.coach_id = host.coach_id and x.status <> 'cancelled'
            and x.id is distinct from open_slots.ignore_session
            and private.session_period(x.starts_at, x.duration_minutes)
              && pg_catalog.tstzrange(c.starts_at - rules.buf, c.starts_at + rules.len + rules.buf, '[)')
        )
        and not exists (
          select 1 from public.intro_calls x
          where x.host_id = host.user_id and x.status <> 'cancelled'
            and x.id is distinct from open_slots.ignore_session
            and private.session_period(x.starts_at, x.duration_minutes)
              && pg_catalog.tstzrange(c.starts_at - rules.buf, c.starts_at + rules.len + rules.buf, '[)')
        )
      )
    )
    and (
      rules.daily_maximum is null
      or coalesce((select sum(d.booked) from daily d where d.day = c.day), 0) < rules.daily_maximum
    )
  order by c.starts_at
$function$
;

revoke all on function private.open_slots(uuid,text,timestamp with time zone,timestamp with time zone,timestamp with time zone,uuid,boolean) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.schedule_host(schedule uuid)
 RETURNS uuid
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(s.user_id, (select c.user_id from public.coaches c where c.id = s.coach_id))
  from public.availability_schedules s
  where s.id = schedule
$function$
;

revoke all on function private.schedule_host(uuid) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION public.get_coach_open_slots(coach_id uuid, range_start timestamp with time zone, range_end timestamp with time zone)
 RETURNS TABLE(starts_at timestamp with time zone, ends_at timestamp with time zone)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select * from private.coach_open_slots(
    get_coach_open_slots.coach_id, get_coach_open_slots.range_start, get_coach_open_slots.range_end
  )
$function$
;

revoke all on function public.get_coach_open_slots(uuid,timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.get_coach_open_slots(uuid,timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.get_coach_open_slots(uuid,timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.save_availability_week(schedule_id uuid, time_zone text, hours jsonb)
 RETURNS void
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  found_schedule uuid;
begin
  if hours is null or jsonb_typeof(hours) <> 'array' then
    raise exception 'The hours must be a list of weekday spans' using errcode = '22023';
  end if;
  if exists (
    select 1 from jsonb_array_elements(hours) span
    where jsonb_typeof(span) <> 'object'
       or coalesce(span ->> 'meeting', 'coaching_session') not in ('coaching_session', 'intro_call')
  ) then
    raise exception 'Each span is a weekday, a start, an end, and what it is for (coaching_session or intro_call)'
      using errcode = '22023';
  end if;
  update public.availability_schedules s
     set time_zone = save_availability_week.time_zone
   where s.id = save_availability_week.schedule_id
  returning s.id into found_schedule;
  if found_schedule is null then
    raise exception 'No schedule you may change' using errcode = '42501';
  end if;
  delete from public.availability_hours h where h.schedule_id = save_availability_week.schedule_id;
  insert into public.availability_hours (schedule_id, weekday, start_time, end_time, meeting)
  select save_availability_week.schedule_id, (span ->> 'weekday')::smallint,
         (span ->> 'start')::time, (span ->> 'end')::time,
         coalesce(span ->> 'meeting', 'coaching_session')
    from jsonb_array_elements(hours) span;
end;
$function$
;

revoke all on function public.save_availability_week(uuid,text,jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function public.save_availability_week(uuid,text,jsonb) to "authenticated";
grant execute on function public.save_availability_week(uuid,text,jsonb) to "service_role";

create table "public"."availability_hours" (
    "id" uuid not null default gen_random_uuid(),
    "schedule_id" uuid not null,
    "weekday" smallint not null,
    "start_time" time without time zone not null,
    "end_time" time without time zone not null,
    "created_at" timestamp with time zone not null default now(),
    "meeting" text not null default 'coaching_session'::text
      );

CREATE UNIQUE INDEX availability_hours_pkey ON public.availability_hours USING btree (id);

CREATE INDEX availability_hours_schedule_idx ON public.availability_hours USING btree (schedule_id, weekday, start_time);

alter table "public"."availability_hours" add constraint "availability_hours_pkey" PRIMARY KEY using index "availability_hours_pkey";

alter table "public"."availability_hours" add constraint "availability_hours_end_after_start" CHECK ((end_time > start_time)) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_end_after_start";

alter table "public"."availability_hours" add constraint "availability_hours_end_time_check" CHECK (((end_time)::interval = date_trunc('minute'::text, (end_time)::interval))) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_end_time_check";

alter table "public"."availability_hours" add constraint "availability_hours_long_enough" CHECK (((end_time - start_time) >= '00:10:00'::interval)) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_long_enough";

alter table "public"."availability_hours" add constraint "availability_hours_meeting_check" CHECK ((meeting = ANY (ARRAY['coaching_session'::text, 'intro_call'::text]))) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_meeting_check";

alter table "public"."availability_hours" add constraint "availability_hours_no_overlap" EXCLUDE USING gist (schedule_id WITH =, weekday WITH =, private.minutes_of_day(start_time, end_time) WITH &&);

alter table "public"."availability_hours" add constraint "availability_hours_start_time_check" CHECK (((start_time)::interval = date_trunc('minute'::text, (start_time)::interval))) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_start_time_check";

alter table "public"."availability_hours" add constraint "availability_hours_weekday_check" CHECK (((weekday >= 1) AND (weekday <= 7))) not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_weekday_check";

alter table "public"."availability_hours" enable row level security;

create policy "Hosts add their own weekly hours, admins anyone's"
  on "public"."availability_hours"
  as permissive
  for insert
  to authenticated
with check (private.can_edit_schedule(schedule_id));

create policy "Hosts change their own weekly hours, admins anyone's"
  on "public"."availability_hours"
  as permissive
  for update
  to authenticated
using (private.can_edit_schedule(schedule_id))
with check (private.can_edit_schedule(schedule_id));

create policy "Hosts read their own weekly hours, admins everyone's"
  on "public"."availability_hours"
  as permissive
  for select
  to authenticated
using (private.can_edit_schedule(schedule_id));

create policy "Hosts remove their own weekly hours, admins anyone's"
  on "public"."availability_hours"
  as permissive
  for delete
  to authenticated
using (private.can_edit_schedule(schedule_id));

create policy "Staff delete only with two-factor sign-in"
  on "public"."availability_hours"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."availability_hours"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."availability_hours"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER availability_hours_meeting BEFORE INSERT OR UPDATE ON public.availability_hours FOR EACH ROW EXECUTE FUNCTION private.availability_hours_meeting();

revoke all on table public.availability_hours from "anon", "authenticated", public, "service_role";
grant delete, select on table public.availability_hours to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.availability_hours to "service_role";

grant insert (end_time) on table public.availability_hours to "authenticated";

grant update (end_time) on table public.availability_hours to "authenticated";

grant insert (id) on table public.availability_hours to "authenticated";

grant insert (meeting) on table public.availability_hours to "authenticated";

grant update (meeting) on table public.availability_hours to "authenticated";

grant insert (schedule_id) on table public.availability_hours to "authenticated";

grant insert (start_time) on table public.availability_hours to "authenticated";

grant update (start_time) on table public.availability_hours to "authenticated";

grant insert (weekday) on table public.availability_hours to "authenticated";

grant update (weekday) on table public.availability_hours to "authenticated";

comment on column public.availability_hours.meeting is 'What the hours are for on a coach''s schedule: family sessions or intro calls (a team member''s are all intro calls)';

create table "public"."availability_overrides" (
    "id" uuid not null default gen_random_uuid(),
    "schedule_id" uuid not null,
    "on_date" date not null,
    "start_time" time without time zone,
    "end_time" time without time zone,
    "created_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX availability_overrides_pkey ON public.availability_overrides USING btree (id);

CREATE INDEX availability_overrides_schedule_idx ON public.availability_overrides USING btree (schedule_id, on_date);

alter table "public"."availability_overrides" add constraint "availability_overrides_pkey" PRIMARY KEY using index "availability_overrides_pkey";

alter table "public"."availability_overrides" add constraint "availability_overrides_both_times_or_none" CHECK (((start_time IS NULL) = (end_time IS NULL))) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_both_times_or_none";

alter table "public"."availability_overrides" add constraint "availability_overrides_end_after_start" CHECK ((end_time > start_time)) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_end_after_start";

alter table "public"."availability_overrides" add constraint "availability_overrides_end_time_check" CHECK (((end_time)::interval = date_trunc('minute'::text, (end_time)::interval))) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_end_time_check";

alter table "public"."availability_overrides" add constraint "availability_overrides_long_enough" CHECK (((end_time - start_time) >= '00:10:00'::interval)) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_long_enough";

alter table "public"."availability_overrides" add constraint "availability_overrides_no_overlap" EXCLUDE USING gist (schedule_id WITH =, on_date WITH =, private.minutes_of_day(COALESCE(start_time, '00:00:00'::time without time zone), COALESCE(end_time, '24:00:00'::time without time zone)) WITH &&);

alter table "public"."availability_overrides" add constraint "availability_overrides_on_date_check" CHECK (((on_date >= '2020-01-01'::date) AND (on_date <= '2099-12-31'::date))) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_on_date_check";

alter table "public"."availability_overrides" add constraint "availability_overrides_start_time_check" CHECK (((start_time)::interval = date_trunc('minute'::text, (start_time)::interval))) not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_start_time_check";

alter table "public"."availability_overrides" enable row level security;

create policy "Hosts add their own date overrides, admins anyone's"
  on "public"."availability_overrides"
  as permissive
  for insert
  to authenticated
with check (private.can_edit_schedule(schedule_id));

create policy "Hosts change their own date overrides, admins anyone's"
  on "public"."availability_overrides"
  as permissive
  for update
  to authenticated
using (private.can_edit_schedule(schedule_id))
with check (private.can_edit_schedule(schedule_id));

create policy "Hosts read their own date overrides, admins everyone's"
  on "public"."availability_overrides"
  as permissive
  for select
  to authenticated
using (private.can_edit_schedule(schedule_id));

create policy "Hosts remove their own date overrides, admins anyone's"
  on "public"."availability_overrides"
  as permissive
  for delete
  to authenticated
using (private.can_edit_schedule(schedule_id));

create policy "Staff delete only with two-factor sign-in"
  on "public"."availability_overrides"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."availability_overrides"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."availability_overrides"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER availability_overrides_date_rules BEFORE INSERT OR UPDATE OF on_date ON public.availability_overrides FOR EACH ROW EXECUTE FUNCTION private.availability_override_date_rules();

revoke all on table public.availability_overrides from "anon", "authenticated", public, "service_role";
grant delete, select on table public.availability_overrides to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.availability_overrides to "service_role";

grant insert (end_time) on table public.availability_overrides to "authenticated";

grant update (end_time) on table public.availability_overrides to "authenticated";

grant insert (id) on table public.availability_overrides to "authenticated";

grant insert (on_date) on table public.availability_overrides to "authenticated";

grant update (on_date) on table public.availability_overrides to "authenticated";

grant insert (schedule_id) on table public.availability_overrides to "authenticated";

grant insert (start_time) on table public.availability_overrides to "authenticated";

grant update (start_time) on table public.availability_overrides to "authenticated";

create table "public"."availability_schedules" (
    "id" uuid not null default gen_random_uuid(),
    "coach_id" uuid,
    "user_id" uuid,
    "time_zone" text not null,
    "takes_intro_calls" boolean not null default false,
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE UNIQUE INDEX availability_schedules_coach_id_key ON public.availability_schedules USING btree (coach_id);

CREATE INDEX availability_schedules_intro_calls_idx ON public.availability_schedules USING btree (takes_intro_calls) WHERE takes_intro_calls;

CREATE UNIQUE INDEX availability_schedules_pkey ON public.availability_schedules USING btree (id);

CREATE UNIQUE INDEX availability_schedules_user_id_key ON public.availability_schedules USING btree (user_id);

alter table "public"."availability_schedules" add constraint "availability_schedules_pkey" PRIMARY KEY using index "availability_schedules_pkey";

alter table "public"."availability_schedules" add constraint "availability_schedules_coach_id_key" UNIQUE using index "availability_schedules_coach_id_key";

alter table "public"."availability_schedules" add constraint "availability_schedules_one_host" CHECK ((num_nonnulls(coach_id, user_id) = 1)) not valid;

alter table "public"."availability_schedules" validate constraint "availability_schedules_one_host";

alter table "public"."availability_schedules" add constraint "availability_schedules_user_id_key" UNIQUE using index "availability_schedules_user_id_key";

alter table "public"."availability_schedules" enable row level security;

create policy "Admins remove schedules"
  on "public"."availability_schedules"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Coaches create their own schedule, admins anyone's"
  on "public"."availability_schedules"
  as permissive
  for insert
  to authenticated
with check ((( SELECT private.is_admin() AS is_admin) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))));

create policy "Hosts edit their own schedule, admins every schedule"
  on "public"."availability_schedules"
  as permissive
  for update
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (user_id = ( SELECT auth.uid() AS uid)) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))))
with check ((( SELECT private.is_admin() AS is_admin) OR (user_id = ( SELECT auth.uid() AS uid)) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))));

create policy "Hosts read their own schedule, admins every schedule"
  on "public"."availability_schedules"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR (user_id = ( SELECT auth.uid() AS uid)) OR (coach_id = ( SELECT private.current_coach_id() AS current_coach_id))));

create policy "Staff delete only with two-factor sign-in"
  on "public"."availability_schedules"
  as restrictive
  for delete
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff insert only with two-factor sign-in"
  on "public"."availability_schedules"
  as restrictive
  for insert
  to authenticated
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Staff update only with two-factor sign-in"
  on "public"."availability_schedules"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER availability_schedules_rules BEFORE INSERT OR UPDATE ON public.availability_schedules FOR EACH ROW EXECUTE FUNCTION private.availability_schedule_rules();

CREATE TRIGGER availability_schedules_set_updated_at BEFORE UPDATE ON public.availability_schedules FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.availability_schedules from "anon", "authenticated", public, "service_role";
grant delete, select on table public.availability_schedules to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.availability_schedules to "service_role";

grant insert (coach_id) on table public.availability_schedules to "authenticated";

grant insert (id) on table public.availability_schedules to "authenticated";

grant insert (takes_intro_calls) on table public.availability_schedules to "authenticated";

grant update (takes_intro_calls) on table public.availability_schedules to "authenticated";

grant insert (time_zone) on table public.availability_schedules to "authenticated";

grant update (time_zone) on table public.availability_schedules to "authenticated";

grant insert (user_id) on table public.availability_schedules to "authenticated";

comment on table public.availability_schedules is 'One availability schedule per host (a coach, or a team member who takes intro calls), in the host''s own time zone.';

create table "public"."meeting_rules" (
    "kind" text not null,
    "length_minutes" integer not null,
    "buffer_minutes" integer not null default 0,
    "minimum_notice_minutes" integer not null,
    "booking_window_days" integer not null,
    "daily_maximum" integer,
    "slot_step_minutes" integer not null,
    "updated_at" timestamp with time zone not null default now(),
    "updated_by" uuid default auth.uid()
      );

CREATE UNIQUE INDEX meeting_rules_pkey ON public.meeting_rules USING btree (kind);

CREATE INDEX meeting_rules_updated_by_idx ON public.meeting_rules USING btree (updated_by);

alter table "public"."meeting_rules" add constraint "meeting_rules_pkey" PRIMARY KEY using index "meeting_rules_pkey";

alter table "public"."meeting_rules" add constraint "meeting_rules_booking_window_days_check" CHECK (((booking_window_days >= 1) AND (booking_window_days <= 365))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_booking_window_days_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_buffer_minutes_check" CHECK (((buffer_minutes >= 0) AND (buffer_minutes <= 120))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_buffer_minutes_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_daily_maximum_check" CHECK (((daily_maximum >= 1) AND (daily_maximum <= 48))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_daily_maximum_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_kind_check" CHECK ((kind = ANY (ARRAY['coaching_session'::text, 'intro_call'::text]))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_kind_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_length_minutes_check" CHECK (((length_minutes >= 10) AND (length_minutes <= 120))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_length_minutes_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_minimum_notice_minutes_check" CHECK (((minimum_notice_minutes >= 0) AND (minimum_notice_minutes <= 43200))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_minimum_notice_minutes_check";

alter table "public"."meeting_rules" add constraint "meeting_rules_slot_step_minutes_check" CHECK (((slot_step_minutes >= 5) AND (slot_step_minutes <= 120))) not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_slot_step_minutes_check";

alter table "public"."meeting_rules" enable row level security;

create policy "Admins change the meeting rules"
  on "public"."meeting_rules"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Staff read the meeting rules"
  on "public"."meeting_rules"
  as permissive
  for select
  to authenticated
using ((( SELECT private.is_admin() AS is_admin) OR ( SELECT private.has_role(( SELECT auth.uid() AS uid), 'coach'::app_role) AS has_role)));

create policy "Staff update only with two-factor sign-in"
  on "public"."meeting_rules"
  as restrictive
  for update
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER meeting_rules_audit AFTER UPDATE ON public.meeting_rules FOR EACH ROW EXECUTE FUNCTION private.audit_change('MEETING_RULES_*', 'meeting_rules', 'kind', 'length_minutes', 'buffer_minutes', 'minimum_notice_minutes', 'booking_window_days', 'daily_maximum', 'slot_step_minutes');

CREATE TRIGGER meeting_rules_set_updated_at BEFORE UPDATE ON public.meeting_rules FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

CREATE TRIGGER meeting_rules_set_updated_by BEFORE UPDATE ON public.meeting_rules FOR EACH ROW EXECUTE FUNCTION private.meeting_rules_set_updated_by();

revoke all on table public.meeting_rules from "anon", "authenticated", public, "service_role";
grant select on table public.meeting_rules to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.meeting_rules to "service_role";

grant update (booking_window_days) on table public.meeting_rules to "authenticated";

grant update (buffer_minutes) on table public.meeting_rules to "authenticated";

grant update (daily_maximum) on table public.meeting_rules to "authenticated";

grant update (length_minutes) on table public.meeting_rules to "authenticated";

grant update (minimum_notice_minutes) on table public.meeting_rules to "authenticated";

grant update (slot_step_minutes) on table public.meeting_rules to "authenticated";

comment on table public.meeting_rules is 'Rules per kind of meeting (length, buffer, minimum notice, booking window, daily maximum), set by admins.';

alter table "public"."availability_hours" add constraint "availability_hours_schedule_id_fkey" FOREIGN KEY (schedule_id) REFERENCES availability_schedules(id) ON DELETE CASCADE not valid;

alter table "public"."availability_hours" validate constraint "availability_hours_schedule_id_fkey";

alter table "public"."availability_overrides" add constraint "availability_overrides_schedule_id_fkey" FOREIGN KEY (schedule_id) REFERENCES availability_schedules(id) ON DELETE CASCADE not valid;

alter table "public"."availability_overrides" validate constraint "availability_overrides_schedule_id_fkey";

alter table "public"."availability_schedules" add constraint "availability_schedules_coach_id_fkey" FOREIGN KEY (coach_id) REFERENCES coaches(id) ON DELETE CASCADE not valid;

alter table "public"."availability_schedules" validate constraint "availability_schedules_coach_id_fkey";

alter table "public"."availability_schedules" add constraint "availability_schedules_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE not valid;

alter table "public"."availability_schedules" validate constraint "availability_schedules_user_id_fkey";

alter table "public"."meeting_rules" add constraint "meeting_rules_updated_by_fkey" FOREIGN KEY (updated_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."meeting_rules" validate constraint "meeting_rules_updated_by_fkey";
