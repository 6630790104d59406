-- Analytics and the report: web analytics, landing roll-ups, conversions, ad spend, the cockpit report
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.ad_spend_day_has_begun()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if new.day > (pg_catalog.now() at time zone 'UTC')::date + 1 then
    raise exception 'The day % has not begun yet: spend is entered for days that have', new.day
      using errcode = '23514';
  end if;
  return new;
end;
$function$
;

revoke all on function private.ad_spend_day_has_begun() from "anon", "authenticated", public, "service_role";
grant execute on function private.ad_spend_day_has_begun() to public;

CREATE OR REPLACE FUNCTION private.ad_spend_quoted(value jsonb)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when jsonb_typeof(value) = 'string' then
      '"' || regexp_replace(
        case when char_length(value #>> '{}') > 40 then left(value #>> '{}', 39) || '…' else value #>> '{}' end,
        '[\u0001-\u001f\u007f-\u009f]+', ' ', 'g') || '"'
    else case when char_length(value::text) > 40 then left(value::text, 39) || '…' else value::text end
  end
$function$
;

revoke all on function private.ad_spend_quoted(jsonb) from "anon", "authenticated", public, "service_role";
grant execute on function private.ad_spend_quoted(jsonb) to "authenticated";
grant execute on function private.ad_spend_quoted(jsonb) to public;
grant execute on function private.ad_spend_quoted(jsonb) to "service_role";

CREATE OR REPLACE FUNCTION private.ad_spend_row_problems(item jsonb, today date)
 RETURNS text[]
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  problems text[] := '{}';
  unknown text;
  v jsonb;
  d date;
  amount numeric;
  code text;
begin
  if jsonb_typeof(item) is distinct from 'object' then
    return array['The row is not an object with a day, a campaign, an amountMinor and a currency.'];
  end if;
  select string_agg(private.ad_spend_quoted(to_jsonb(k)), ', ' order by k) into unknown
  from jsonb_object_keys(item) k
  where k not in ('day', 'campaign', 'amountMinor', 'currency');
  if unknown is not null then
    problems := problems || ('The row has fields the import does not know: ' || unknown || '.');
  end if;

  v := item -> 'day';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The day is missing.'::text;
  elsif jsonb_typeof(v) <> 'string' or (v #>> '{}') !~ '^\d{4}-\d{2}-\d{2}$' then
    problems := problems || ('The day ' || private.ad_spend_quoted(v) || ' is not a date in the form YYYY-MM-DD.');
  else
    begin
      d := (v #>> '{}')::date;
    exception when others then
      d := null;
    end;
    if d is null then
      problems := problems || ('The day ' || private.ad_spend_quoted(v) || ' is not a real day.');
    elsif d < date '2000-01-01' then
      problems := problems || ('The day ' || (v #>> '{}') || ' is before 2000.');
    elsif d > today + 1 then
      problems := problems || ('The day ' || (v #>> '{}') || ' has not begun yet.');
    end if;
  end if;

  v := item -> 'campaign';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The campaign name is missing.'::text;
  elsif jsonb_typeof(v) <> 'string' then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' is not text.');
  elsif (v #>> '{}') = '' then
    problems := problems || 'The campaign name is empty.'::text;
  elsif (v #>> '{}') ~ '[\u0001-\u001f\u007f-\u009f]' then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' contains a line break or control character.');
  elsif char_length(v #>> '{}') > 200 then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' is longer than 200 characters.');
  elsif (v #>> '{}') <> btrim(v #>> '{}') then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' begins or ends with a space.');
  end if;

  v := item -> 'amountMinor';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The amount is missing.'::text;
  elsif jsonb_typeof(v) <> 'number' then
    problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' is not a number of cents.');
  else
    amount := v::text::numeric;
    if amount <> trunc(amount) then
      problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' is not a whole number of cents.');
    elsif amount < 0 then
      problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' is negative.');
    elsif amount > 1000000000 then
      problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' cents is more than the 10,000,000.00 a campaign''s day may hold.');
    end if;
  end if;

  v := item -> 'currency';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The currency is missing.'::text;
  elsif jsonb_typeof(v) <> 'string' or (v #>> '{}') !~ '^[A-Z]{3}$' then
    problems := problems || ('The currency ' || private.ad_spend_quoted(v) || ' is not a three-letter ISO 4217 code like USD.');
  else
    code := v #>> '{}';
    if code <> private.report_currency() then
      problems := problems || ('The amount is in ' || code || ', but the report counts in ' || private.report_currency()
        || ' only: export the report in ' || private.report_currency() || ' or convert the amounts first.');
    end if;
  end if;
  return problems;
end;
$function$
;

revoke all on function private.ad_spend_row_problems(jsonb,date) from "anon", "authenticated", public, "service_role";
grant execute on function private.ad_spend_row_problems(jsonb,date) to "authenticated";
grant execute on function private.ad_spend_row_problems(jsonb,date) to public;
grant execute on function private.ad_spend_row_problems(jsonb,date) to "service_role";

CREATE OR REPLACE FUNCTION private.audit_ad_spend()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  subject public.ad_spend;
  actor uuid := private.audit_actor();
  details jsonb;
begin
  if tg_op = 'DELETE' then
    subject := old;
  else
    subject := new;
  end if;
  details := jsonb_build_object('day', subject.day, 'source', subject.source, 'currency', subject.currency);
  if tg_op = 'UPDATE' then
    if old.amount_minor is not distinct from new.amount_minor and old.currency is not distinct from new.currency then
      return null;
    end if;
    details := details || jsonb_build_object('changes', jsonb_build_object(
      'amount_minor', jsonb_build_object('from', old.amount_minor, 'to', new.amount_minor)));
  else
    details := details || jsonb_build_object('amount_minor', subject.amount_minor);
  end if;
  if actor is null then
    details := details || jsonb_build_object('via', coalesce(nullif(auth.role(), ''), 'database'));
  end if;
  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (
    actor,
    'AD_SPEND_' || case tg_op when 'INSERT' then 'CREATED' when 'UPDATE' then 'UPDATED' else 'DELETED' end,
    'ad_spend',
    left(subject.campaign, 128),
    details
  );
  return null;
end;
$function$
;

revoke all on function private.audit_ad_spend() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.check_report_range(since timestamp with time zone, until timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if since is null or until is null or until <= since then
    raise exception 'The report range must end after it starts' using errcode = '22023';
  end if;
  if until - since > interval '367 days' then
    raise exception 'The report range can span at most a year' using errcode = '22023';
  end if;
end;
$function$
;

revoke all on function private.check_report_range(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.check_report_range(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.check_report_range(timestamp with time zone,timestamp with time zone) to public;
grant execute on function private.check_report_range(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.report_days(since timestamp with time zone, until timestamp with time zone, time_zone text)
 RETURNS TABLE(first_day date, last_day date)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
-- A report's range [since, until) as the days of `time_zone` it holds whole: the days whose start
-- in the zone lies in the range (a day's start only grows with the day). Refuses a range the
-- reports do not read (private.check_report_range) and a missing or unknown zone.
begin
  perform private.check_report_range(since, until);
  if time_zone is null then
    raise exception 'The time zone is required' using errcode = '22023';
  end if;
  begin
    perform pg_catalog.now() at time zone time_zone;
  exception when others then
    raise exception 'Unknown time zone: %', left(time_zone, 64) using errcode = '22023';
  end;
  first_day := (since at time zone time_zone)::date;
  if (first_day::timestamp at time zone time_zone) < since then
    first_day := first_day + 1;
  end if;
  last_day := (until at time zone time_zone)::date;
  if (last_day::timestamp at time zone time_zone) >= until then
    last_day := last_day - 1;
  end if;
  return next;
end;
$function$
;

revoke all on function private.report_days(timestamp with time zone,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.report_days(timestamp with time zone,timestamp with time zone,text) to "authenticated";
grant execute on function private.report_days(timestamp with time zone,timestamp with time zone,text) to "service_role";

CREATE OR REPLACE FUNCTION private.compact_kept_counts()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if exists (select 1 from private.session_status_counts k group by k.status having count(*) > 1) then
    with gone as (
      delete from private.session_status_counts returning status, sessions
    )
    insert into private.session_status_counts (status, sessions)
    select g.status, sum(g.sessions) from gone g group by g.status having sum(g.sessions) <> 0;
  end if;
  if exists (
    select 1 from private.audit_log_counts k
     group by k.action, k.entity_type, k.system having count(*) > 1
  ) then
    with gone as (
      delete from private.audit_log_counts returning action, entity_type, system, entries
    )
    insert into private.audit_log_counts (action, entity_type, system, entries)
    select g.action, g.entity_type, g.system, sum(g.entries)
      from gone g group by g.action, g.entity_type, g.system having sum(g.entries) <> 0;
  end if;
  -- Only the hours with changes to fold: there is a row for every hour with a conversion.
  with folded as (
    delete from private.conversion_hourly c
     where c.hour in (select k.hour from private.conversion_hourly k group by k.hour having count(*) > 1)
    returning c.hour, c.conversions
  )
  insert into private.conversion_hourly (hour, conversions)
  select f.hour, sum(f.conversions) from folded f group by f.hour having sum(f.conversions) <> 0;
end;
$function$
;

revoke all on function private.compact_kept_counts() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.conversion_attribution(v_session text, v_landing_path text)
 RETURNS TABLE(path text, utm_campaign text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select
    coalesce(a.landing_path, case when v_landing_path is not null
      then coalesce(nullif(split_part(split_part(v_landing_path, '#', 1), '?', 1), ''), '/') end),
    case when a.landing_path is not null then a.landing_campaign
      else left(private.query_param(v_landing_path, 'utm_campaign'), 200) end
  from (select 1) one
  left join private.analytics_sessions a on a.session_id = v_session and a.landing_path is not null
$function$
;

revoke all on function private.conversion_attribution(text,text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.conversion_events(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(conversion_id text, session_id text, kind text, created_at timestamp with time zone, landing_path text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select w.id::text, w.analytics_session_id,
         case w.source when 'fit-call' then 'fit_call' when 'contact-v2' then 'contact' else 'waitlist' end,
         w.created_at, w.landing_path
  from public.waitlist w
  where w.created_at >= since and w.created_at < until
  union all
  select q.id::text, q.analytics_session_id, 'quiz', q.created_at, q.landing_path
  from public.quiz_assessments q
  where q.created_at >= since and q.created_at < until
  union all
  select n.id::text, n.analytics_session_id, 'newsletter', n.created_at, null
  from public.newsletter_subscribers n
  where n.created_at >= since and n.created_at < until
  union all
  select c.id::text, c.analytics_session_id, 'contact', c.created_at, null
  from public.contact_messages c
  where c.created_at >= since and c.created_at < until
$function$
;

revoke all on function private.conversion_events(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.conversion_events(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.conversion_events(timestamp with time zone,timestamp with time zone) to public;
grant execute on function private.conversion_events(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.epoch_hour(at timestamp with time zone)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select floor(extract(epoch from at) / 3600)::bigint
$function$
;

revoke all on function private.epoch_hour(timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.epoch_hour(timestamp with time zone) to public;

CREATE OR REPLACE FUNCTION private.kept_session_count(status text)
 RETURNS bigint
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case when private.is_admin() and private.meets_staff_two_factor() then (
    select coalesce(sum(k.sessions), 0)::bigint
      from private.session_status_counts k
     where kept_session_count.status is null
        or (kept_session_count.status = 'active' and k.status <> 'cancelled')
        or k.status = kept_session_count.status
  ) end
$function$
;

revoke all on function private.kept_session_count(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.kept_session_count(text) to "authenticated";
grant execute on function private.kept_session_count(text) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_conversion_counts(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, utm_campaign text, quiz_completed bigint, fit_calls bigint, waitlist_joins bigint, newsletter_signups bigint, contact_requests bigint, conversions bigint, converted_visitors bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  with variant_paths as (
    select v.path collate "C" as path from private.landing_variant_paths() v
  ),
  per_session as (
    -- one row per variant, campaign and converting session (hashed, not sorted)
    select case when c.path in (select vp.path from variant_paths vp) then c.path end as path,
           case when c.path in (select vp.path from variant_paths vp) then c.utm_campaign end as utm_campaign,
           c.session_key,
           count(*) filter (where c.kind = 'quiz') as quiz,
           count(*) filter (where c.kind = 'fit_call') as fit_call,
           count(*) filter (where c.kind = 'waitlist') as waitlist,
           count(*) filter (where c.kind = 'newsletter') as newsletter,
           count(*) filter (where c.kind = 'contact') as contact,
           count(*) as all_kinds
    from private.conversion_attributions c
    where c.created_at >= since and c.created_at < until
    group by 1, 2, 3
  )
  select s.path::text, s.utm_campaign::text, sum(s.quiz)::bigint, sum(s.fit_call)::bigint,
         sum(s.waitlist)::bigint, sum(s.newsletter)::bigint, sum(s.contact)::bigint,
         sum(s.all_kinds)::bigint, count(*)::bigint
  from per_session s
  group by s.path, s.utm_campaign;
end;
$function$
;

revoke all on function private.landing_conversion_counts(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_conversion_counts(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.landing_conversion_counts(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_conversions(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(session_id text, kind text, path text, utm_campaign text)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with events as materialized (
    select * from private.conversion_events(since, until)
  ),
  landings as (
    select * from private.session_landings(array(select distinct e.session_id from events e where e.session_id is not null))
  )
  select
    coalesce(e.session_id, 'conversion:' || e.conversion_id),
    e.kind,
    coalesce(
      landing.landing_path,
      case when e.landing_path is not null
        then coalesce(nullif(split_part(split_part(e.landing_path, '#', 1), '?', 1), ''), '/') end
    ),
    case when landing.landing_path is not null then landing.landing_campaign
      else left(private.query_param(e.landing_path, 'utm_campaign'), 200) end
  from events e
  left join landings landing on landing.session_id = e.session_id collate "C"
$function$
;

revoke all on function private.landing_conversions(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_conversions(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.landing_conversions(timestamp with time zone,timestamp with time zone) to public;
grant execute on function private.landing_conversions(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_daily_conversions(since timestamp with time zone, until timestamp with time zone, cuts timestamp with time zone[], time_zone text)
 RETURNS TABLE(day date, conversions bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  with cut_hours as materialized (
    -- the hours a midnight or an end of the range falls inside (not on their start)
    select distinct date_trunc('hour', c, 'UTC') as h
    from unnest(cuts || array[since, until]) c
    where date_trunc('hour', c, 'UTC') <> c
  ),
  parts as (
    select (r.hour at time zone time_zone)::date as day, r.conversions
    from private.conversion_hourly r
    where r.hour >= since and r.hour + interval '1 hour' <= until
      and r.hour not in (select k.h from cut_hours k)
    union all
    select (e.created_at at time zone time_zone)::date, 1
    from cut_hours k
    cross join lateral (
      select w.created_at from public.waitlist w
      where w.created_at >= greatest(k.h, since) and w.created_at < least(k.h + interval '1 hour', until)
      union all
      select q.created_at from public.quiz_assessments q
      where q.created_at >= greatest(k.h, since) and q.created_at < least(k.h + interval '1 hour', until)
      union all
      select n.created_at from public.newsletter_subscribers n
      where n.created_at >= greatest(k.h, since) and n.created_at < least(k.h + interval '1 hour', until)
      union all
      select c.created_at from public.contact_messages c
      where c.created_at >= greatest(k.h, since) and c.created_at < least(k.h + interval '1 hour', until)
    ) e
  )
  select p.day, sum(p.conversions)::bigint
  from parts p
  group by p.day
  having sum(p.conversions) <> 0;
end;
$function$
;

revoke all on function private.landing_daily_conversions(timestamp with time zone,timestamp with time zone,timestamp with time zone[],text) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_daily_conversions(timestamp with time zone,timestamp with time zone,timestamp with time zone[],text) to "authenticated";
grant execute on function private.landing_daily_conversions(timestamp with time zone,timestamp with time zone,timestamp with time zone[],text) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_daily_traffic(since timestamp with time zone, until timestamp with time zone, cuts timestamp with time zone[])
 RETURNS TABLE(segment_start timestamp with time zone, visitors bigint, page_views bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  with bounds as (
    select b.s, coalesce(lead(b.s) over (order by b.s), until) as e
    from (select distinct c as s from unnest(array[since] || cuts) c where c >= since and c < until) b
  ),
  seg as (
    select b.s, b.e,
           case when h.h1 >= date_trunc('hour', b.e) then b.e else h.h1 end as h1,
           case when h.h1 >= date_trunc('hour', b.e) then b.e else date_trunc('hour', b.e) end as h2
    from bounds b
    cross join lateral (select case when date_trunc('hour', b.s) < b.s
      then date_trunc('hour', b.s) + interval '1 hour' else b.s end as h1) h
  ),
  variant_paths as (select p.path collate "C" as path from private.landing_variant_paths() p),
  parts as (
    select g.s, hs.first_sessions as starts, hs.variant_views as views
    from seg g join private.landing_hourly_sessions hs on hs.hour >= g.h1 and hs.hour < g.h2
    union all
    select g.s, 1, 0
    from seg g join private.analytics_sessions a
      on (a.variant_first_at >= g.s and a.variant_first_at < g.h1) or (a.variant_first_at >= g.h2 and a.variant_first_at < g.e)
    union all
    select g.s, 0, 1
    from seg g join public.web_analytics w
      on w.event_type = 'page_view'
     and ((w.created_at >= g.s and w.created_at < g.h1) or (w.created_at >= g.h2 and w.created_at < g.e))
    where w.path collate "C" in (select vp.path from variant_paths vp)
    union all
    select g.s, 1, 0
    from seg g join private.analytics_sessions a
      on tstzrange(a.variant_first_at, a.variant_last_at, '[]') @> g.s and a.variant_first_at is not null
     and a.variant_first_at < g.s
    where a.variant_last_at < g.e or exists (
      select 1 from public.web_analytics w
      where w.session_id = a.session_id and w.event_type = 'page_view'
        and w.created_at >= g.s and w.created_at < g.e
        and w.path collate "C" in (select vp.path from variant_paths vp))
  )
  select g.s, coalesce(sum(p.starts), 0)::bigint, coalesce(sum(p.views), 0)::bigint
  from seg g left join parts p on p.s = g.s
  group by g.s;
end;
$function$
;

revoke all on function private.landing_daily_traffic(timestamp with time zone,timestamp with time zone,timestamp with time zone[]) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_daily_traffic(timestamp with time zone,timestamp with time zone,timestamp with time zone[]) to "authenticated";
grant execute on function private.landing_daily_traffic(timestamp with time zone,timestamp with time zone,timestamp with time zone[]) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_hourly_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  d_views bigint := new.page_views - coalesce(old.page_views, 0);
  d_first bigint := new.first_views - coalesce(old.first_views, 0);
begin
  -- private.rebuild_landing_rollups() fills the day rollups set-based afterwards
  if current_setting('ploom.rebuilding_landing_rollups', true) = 'on' then
    return null;
  end if;
  if d_views = 0 and d_first = 0 then
    return null;
  end if;
  insert into private.landing_daily as d (day, path, campaign_key, page_views, first_views)
  values (date_trunc('day', new.hour, 'UTC'), new.path, new.campaign_key, d_views, d_first)
  on conflict (day, path, campaign_key)
    do update set page_views = d.page_views + excluded.page_views, first_views = d.first_views + excluded.first_views;
  if d_views <> 0 and new.path in (select p.path from private.landing_variant_paths() p) then
    insert into private.landing_hourly_sessions as h (hour, first_sessions, variant_views)
    values (new.hour, 0, d_views)
    on conflict (hour) do update set variant_views = h.variant_views + excluded.variant_views;
  end if;
  return null;
end;
$function$
;

revoke all on function private.landing_hourly_changed() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.landing_leave_add(v_path text, v_campaign text, v_seconds integer, v_at timestamp with time zone, v_delta integer)
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  insert into private.landing_leave_seconds as s (level, block, path, campaign_key, seconds, leaves)
  select l, private.epoch_hour(v_at) >> l, v_path, coalesce(v_campaign, ''), v_seconds, v_delta
  from generate_series(0, 11) l
  on conflict (level, block, path, campaign_key, seconds) do update set leaves = s.leaves + excluded.leaves;
  insert into private.landing_leave_bins as b (level, block, path, campaign_key, bin, leaves)
  select l, private.epoch_hour(v_at) >> l, v_path, coalesce(v_campaign, ''), v_seconds / 32, v_delta
  from generate_series(0, 11) l
  on conflict (level, block, path, campaign_key, bin) do update set leaves = b.leaves + excluded.leaves;
$function$
;

revoke all on function private.landing_leave_add(text,text,integer,timestamp with time zone,integer) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.landing_leave_event(v_id bigint, v_session text, v_type text, v_path text, v_campaign text, v_seconds integer, v_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r record;
begin
  if v_path is null or v_path not in (select p.path from private.landing_variant_paths() p) then
    return;
  end if;
  if v_type = 'page_leave' and v_seconds is not null then
    if exists (select 1 from private.analytics_sessions a
               where a.session_id = v_session and a.variant_first_at is not null) then
      perform private.landing_leave_add(v_path, v_campaign, v_seconds, v_at, 1);
    end if;
  elsif v_type = 'page_view' and not exists (
    select 1 from public.web_analytics w
    where w.session_id = v_session and w.event_type = 'page_view' and w.id <> v_id
      and w.path in (select p.path from private.landing_variant_paths() p)
  ) then
    -- The session's first view of a variant: its leaves so far become a visitor's.
    for r in
      select w.path, w.utm_campaign, w.duration_seconds, w.created_at
      from public.web_analytics w
      where w.session_id = v_session and w.event_type = 'page_leave' and w.duration_seconds is not null
        and w.path in (select p.path from private.landing_variant_paths() p)
    loop
      perform private.landing_leave_add(r.path, r.utm_campaign, r.duration_seconds, r.created_at, 1);
    end loop;
  end if;
end;
$function$
;

revoke all on function private.landing_leave_event(bigint,text,text,text,text,integer,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.landing_leave_medians(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, campaign_key text, median_seconds double precision)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  s1 timestamptz := date_trunc('hour', since);
  s2 timestamptz := date_trunc('hour', until);
begin
  perform private.require_staff_two_factor();
  if s1 < since then s1 := s1 + interval '1 hour'; end if;
  if s1 >= s2 then s1 := until; s2 := until; end if;
  -- [s1, s2): whole hours from the blocks; [since, s1) and [s2, until): raw leaves.
  return query
  with nodes as materialized (
    select b.level, b.block from private.hour_blocks(private.epoch_hour(s1), private.epoch_hour(s2)) b
  ),
  variant_paths as materialized (
    select p.path collate "C" as path from private.landing_variant_paths() p
  ),
  -- sessions with a variant view, but none inside the range, whose events span one of its ends: the
  -- rollups count their leaves, the range must not
  outside as materialized (
    select a.session_id from private.analytics_sessions a
    where (tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> since
           or tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> until)
      and a.variant_first_at is not null
      and not ((a.variant_first_at >= since and a.variant_first_at < until)
               or (a.variant_last_at >= since and a.variant_last_at < until)
               or (a.variant_first_at < since and a.variant_last_at >= until and exists (
                     select 1 from public.web_analytics w
                     where w.session_id = a.session_id and w.event_type = 'page_view'
                       and w.created_at >= since and w.created_at < until
                       and w.path collate "C" in (select vp.path from variant_paths vp))))
  ),
  loose as materialized (
    select w.path collate "C" as path, coalesce(w.utm_campaign, '') collate "C" as ck,
           w.duration_seconds as seconds, 1 as n
    from public.web_analytics w
    join private.analytics_sessions a on a.session_id = w.session_id collate "C" and a.variant_first_at is not null
    where w.event_type = 'page_leave' and w.duration_seconds is not null
      and ((w.created_at >= since and w.created_at < s1) or (w.created_at >= s2 and w.created_at < until))
      and w.path collate "C" in (select vp.path from variant_paths vp)
    union all
    select w.path, w.ck, w.seconds, -1
    from outside o
    -- each such session's events by its index (offset 0: never a scan of the range's rows)
    cross join lateral (
      select w.path collate "C" as path, coalesce(w.utm_campaign, '') collate "C" as ck, w.duration_seconds as seconds
      from public.web_analytics w
      where w.session_id = o.session_id collate "default"
        and w.event_type = 'page_leave' and w.duration_seconds is not null
        and w.created_at >= since and w.created_at < until
      offset 0
    ) w
    where w.path in (select vp.path from variant_paths vp)
  ),
  bins as (
    select x.path, x.ck, x.bin, sum(x.n)::bigint as n
    from (
      select b.path, b.campaign_key as ck, b.bin, b.leaves as n
      from nodes k join private.landing_leave_bins b on b.level = k.level and b.block = k.block
      union all
      select l.path, l.ck, l.seconds / 32, l.n from loose l
    ) x
    where x.path in (select vp.path from variant_paths vp)
    group by 1, 2, 3
    having sum(x.n) <> 0
  ),
  ranked as (
    select b.path, b.ck, b.bin, b.n,
           (sum(b.n) over (partition by b.path, b.ck order by b.bin))::bigint - b.n as before,
           (sum(b.n) over (partition by b.path, b.ck))::bigint as total
    from bins b
  ),
  -- percentile_cont(0.5) over n sorted values: the mean of those at (0-based) ranks (n-1)/2 and n/2
  wanted as (
    select r.path, r.ck, r.bin, r.before, r.total
    from ranked r
    where ((r.total - 1) / 2 >= r.before and (r.total - 1) / 2 < r.before + r.n)
       or (r.total / 2 >= r.before and r.total / 2 < r.before + r.n)
  ),
  fine as (
    select x.path, x.ck, x.bin, x.before, x.total, x.seconds, sum(x.n)::bigint as n
    from (
      select w.path, w.ck, w.bin, w.before, w.total, s.seconds, s.leaves as n
      from wanted w
      cross join nodes k
      -- one index range per block and bin (offset 0: kept a parameterized scan, not a hash of
      -- every block's rows)
      cross join lateral (
        select s.seconds, s.leaves from private.landing_leave_seconds s
        where s.level = k.level and s.block = k.block and s.path = w.path and s.campaign_key = w.ck
          and s.seconds >= w.bin * 32 and s.seconds < w.bin * 32 + 32
        offset 0
      ) s
      union all
      select w.path, w.ck, w.bin, w.before, w.total, l.seconds, l.n
      from wanted w join loose l on l.path = w.path and l.ck = w.ck and l.seconds / 32 = w.bin
    ) x
    group by 1, 2, 3, 4, 5, 6
    having sum(x.n) <> 0
  ),
  fine_ranked as (
    select f.path, f.ck, f.seconds, f.n, f.total,
           f.before + (sum(f.n) over (partition by f.path, f.ck, f.bin order by f.seconds))::bigint - f.n as before
    from fine f
  )
  select f.path::text, f.ck::text,
         (min(f.seconds) filter (where (f.total - 1) / 2 >= f.before and (f.total - 1) / 2 < f.before + f.n)
          + min(f.seconds) filter (where f.total / 2 >= f.before and f.total / 2 < f.before + f.n))::double precision / 2
  from fine_ranked f
  group by f.path, f.ck;
end;
$function$
;

revoke all on function private.landing_leave_medians(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_leave_medians(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.landing_leave_medians(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_rollup_event(v_session text, v_type text, v_path text, v_campaign text, v_at timestamp with time zone)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  ck text := coalesce(v_campaign, '');
  old_first timestamptz;
  s private.analytics_sessions;
  is_view boolean := v_type = 'page_view';
  is_variant boolean := v_type = 'page_view' and v_path in (select p.path from private.landing_variant_paths() p);
begin
  if is_view then
    insert into private.landing_visits (session_id, path, campaign_key, first_view_at, last_view_at, views)
    values (v_session, v_path, ck, v_at, v_at, 1)
    on conflict do nothing;
    if found then
      insert into private.landing_hourly as h (hour, path, campaign_key, page_views, first_views)
      values (date_trunc('hour', v_at), v_path, ck, 1, 1)
      on conflict (hour, path, campaign_key)
        do update set page_views = h.page_views + 1, first_views = h.first_views + 1;
    else
      select v.first_view_at into old_first from private.landing_visits v
      where v.session_id = v_session and v.path = v_path and v.campaign_key = ck for update;
      update private.landing_visits v
      set first_view_at = least(v.first_view_at, v_at), last_view_at = greatest(v.last_view_at, v_at),
          views = v.views + 1
      where v.session_id = v_session and v.path = v_path and v.campaign_key = ck;
      insert into private.landing_hourly as h (hour, path, campaign_key, page_views, first_views)
      values (date_trunc('hour', v_at), v_path, ck, 1, case when v_at < old_first then 1 else 0 end)
      on conflict (hour, path, campaign_key)
        do update set page_views = h.page_views + 1, first_views = h.first_views + excluded.first_views;
      if v_at < old_first then
        update private.landing_hourly h set first_views = h.first_views - 1
        where h.hour = date_trunc('hour', old_first) and h.path = v_path and h.campaign_key = ck;
      end if;
    end if;
  end if;

  insert into private.analytics_sessions (session_id, landing_at, landing_path, landing_campaign,
                                          variant_first_at, variant_last_at, activity_first_at, activity_last_at)
  values (v_session, case when is_view then v_at end, case when is_view then v_path end,
          case when is_view then v_campaign end,
          case when is_variant then v_at end, case when is_variant then v_at end, v_at, v_at)
  on conflict do nothing;
  if found then
    if is_variant then
      insert into private.landing_hourly_sessions as h (hour, first_sessions)
      values (date_trunc('hour', v_at), 1)
      on conflict (hour) do update set first_sessions = h.first_sessions + 1;
    end if;
    return;
  end if;
  select * into s from private.analytics_sessions a where a.session_id = v_session for update;
  update private.analytics_sessions a
  set activity_first_at = least(a.activity_first_at, v_at), activity_last_at = greatest(a.activity_last_at, v_at)
  where a.session_id = v_session;
  if is_view and (s.landing_at is null or v_at < s.landing_at) then
    update private.analytics_sessions a
    set landing_at = v_at, landing_path = v_path, landing_campaign = v_campaign
    where a.session_id = v_session;
  end if;
  if is_variant then
    update private.analytics_sessions a
    set variant_first_at = least(a.variant_first_at, v_at),
        variant_last_at = greatest(a.variant_last_at, v_at)
    where a.session_id = v_session;
    if s.variant_first_at is null or v_at < s.variant_first_at then
      insert into private.landing_hourly_sessions as h (hour, first_sessions)
      values (date_trunc('hour', v_at), 1)
      on conflict (hour) do update set first_sessions = h.first_sessions + 1;
      if s.variant_first_at is not null then
        update private.landing_hourly_sessions h set first_sessions = h.first_sessions - 1
        where h.hour = date_trunc('hour', s.variant_first_at);
      end if;
    end if;
  end if;
end;
$function$
;

revoke all on function private.landing_rollup_event(text,text,text,text,timestamp with time zone) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.landing_traffic(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, utm_campaign text, visitors bigint, page_views bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  h1 timestamptz := date_trunc('hour', since);
  h2 timestamptz := date_trunc('hour', until);
  d1 timestamptz;
  d2 timestamptz;
begin
  perform private.require_staff_two_factor();
  if h1 < since then h1 := h1 + interval '1 hour'; end if;
  if h1 >= h2 then h1 := until; h2 := until; end if;
  d1 := date_trunc('day', h1, 'UTC');
  if d1 < h1 then d1 := d1 + interval '1 day'; end if;
  d2 := date_trunc('day', h2, 'UTC');
  if d1 >= d2 then d1 := h2; d2 := h2; end if;
  -- [d1, d2): whole UTC days; [h1, d1) and [d2, h2): whole hours; [since, h1) and [h2, until): raw rows.
  return query
    with parts as (
      select h.path, h.campaign_key, h.page_views, h.first_views as starts
      from private.landing_daily h
      where h.day >= d1 and h.day < d2
      union all
      select h.path, h.campaign_key, h.page_views, h.first_views as starts
      from private.landing_hourly h
      where (h.hour >= h1 and h.hour < d1) or (h.hour >= d2 and h.hour < h2)
      union all
      select w.path collate "C", coalesce(w.utm_campaign, '') collate "C", 1, 0
      from public.web_analytics w
      where w.event_type = 'page_view'
        and ((w.created_at >= since and w.created_at < h1) or (w.created_at >= h2 and w.created_at < until))
      union all
      select v.path, v.campaign_key, 0, 1
      from private.landing_visits v
      where (v.first_view_at >= since and v.first_view_at < h1) or (v.first_view_at >= h2 and v.first_view_at < until)
      union all
      -- visits that began before the range and have a view inside it
      select v.path, v.campaign_key, 0, 1
      from private.landing_visits v
      where tstzrange(v.first_view_at, v.last_view_at, '[]') @> since and v.first_view_at < since
        and (v.last_view_at < until or exists (
          select 1 from public.web_analytics w
          where w.session_id = v.session_id and w.event_type = 'page_view'
            and w.created_at >= since and w.created_at < until
            and w.path = v.path and coalesce(w.utm_campaign, '') = v.campaign_key))
    )
    select p.path::text, nullif(p.campaign_key, '')::text, sum(p.starts)::bigint, sum(p.page_views)::bigint
    from parts p
    group by p.path, p.campaign_key
    having sum(p.starts) > 0 or sum(p.page_views) > 0;
end;
$function$
;

revoke all on function private.landing_traffic(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_traffic(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.landing_traffic(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.landing_variant_paths()
 RETURNS TABLE(path text)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  values ('/'), ('/coaching'), ('/coaching-home'), ('/pricing'), ('/coaching-v2')
$function$
;

revoke all on function private.landing_variant_paths() from "anon", "authenticated", public, "service_role";
grant execute on function private.landing_variant_paths() to "authenticated";
grant execute on function private.landing_variant_paths() to "service_role";

CREATE OR REPLACE FUNCTION private.non_visitor_sessions(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(session_id text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_staff_two_factor();
  return query
  select a.session_id from private.analytics_sessions a where a.variant_first_at is null
  union
  select a.session_id from private.analytics_sessions a
  where (tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> since
         or tstzrange(a.activity_first_at, a.activity_last_at, '[]') @> until)
    and a.variant_first_at is not null
    and not ((a.variant_first_at >= since and a.variant_first_at < until)
             or (a.variant_last_at >= since and a.variant_last_at < until)
             or (a.variant_first_at < since and a.variant_last_at >= until and exists (
                   select 1 from public.web_analytics w
                   where w.session_id = a.session_id and w.event_type = 'page_view'
                     and w.created_at >= since and w.created_at < until
                     and w.path in (select p.path from private.landing_variant_paths() p))));
end;
$function$
;

revoke all on function private.non_visitor_sessions(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function private.non_visitor_sessions(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function private.non_visitor_sessions(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION private.query_param(page_path text, param text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select nullif(private.url_decode(substr(pair, strpos(pair, '=') + 1)), '')
  from regexp_split_to_table(
    split_part(split_part(coalesce(page_path, ''), '#', 1), '?', 2),
    '&'
  ) with ordinality as parts(pair, n)
  where strpos(pair, '=') > 0
    and lower(private.url_decode(left(pair, strpos(pair, '=') - 1))) = lower(param)
  order by n
  limit 1
$function$
;

revoke all on function private.query_param(text,text) from "anon", "authenticated", public, "service_role";
grant execute on function private.query_param(text,text) to "anon";
grant execute on function private.query_param(text,text) to "authenticated";
grant execute on function private.query_param(text,text) to public;
grant execute on function private.query_param(text,text) to "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_conversion_attributions()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  truncate private.conversion_attributions;
  insert into private.conversion_attributions (conversion_id, session_key, session_id, kind, created_at, path, utm_campaign)
  select e.conversion_id, coalesce(e.session_id, 'conversion:' || e.conversion_id), e.session_id, e.kind, e.created_at,
    coalesce(a.landing_path, case when e.landing_path is not null
      then coalesce(nullif(split_part(split_part(e.landing_path, '#', 1), '?', 1), ''), '/') end),
    case when a.landing_path is not null then a.landing_campaign
      else left(private.query_param(e.landing_path, 'utm_campaign'), 200) end
  from (
    select w.id::text as conversion_id, w.analytics_session_id as session_id,
           case w.source when 'fit-call' then 'fit_call' when 'contact-v2' then 'contact' else 'waitlist' end as kind,
           w.created_at, w.landing_path
    from public.waitlist w
    union all
    select q.id::text, q.analytics_session_id, 'quiz', q.created_at, q.landing_path from public.quiz_assessments q
    union all
    select n.id::text, n.analytics_session_id, 'newsletter', n.created_at, null from public.newsletter_subscribers n
    union all
    select c.id::text, c.analytics_session_id, 'contact', c.created_at, null from public.contact_messages c
  ) e
  left join private.analytics_sessions a on a.session_id = e.session_id collate "C" and a.landing_path is not null;
$function$
;

revoke all on function private.rebuild_conversion_attributions() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_conversion_hourly()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  truncate private.conversion_hourly;
  insert into private.conversion_hourly (hour, conversions)
  select date_trunc('hour', c.created_at, 'UTC'), count(*)
  from (
    select w.created_at from public.waitlist w
    union all select q.created_at from public.quiz_assessments q
    union all select n.created_at from public.newsletter_subscribers n
    union all select c.created_at from public.contact_messages c
  ) c
  group by 1;
$function$
;

revoke all on function private.rebuild_conversion_hourly() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_landing_day_rollups()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  truncate private.landing_daily;
  insert into private.landing_daily (day, path, campaign_key, page_views, first_views)
  select date_trunc('day', h.hour, 'UTC'), h.path, h.campaign_key, sum(h.page_views), sum(h.first_views)
  from private.landing_hourly h
  group by 1, 2, 3;
  update private.landing_hourly_sessions h set variant_views = 0 where h.variant_views <> 0;
  insert into private.landing_hourly_sessions as s (hour, first_sessions, variant_views)
  select h.hour, 0, sum(h.page_views)
  from private.landing_hourly h
  where h.path in (select p.path from private.landing_variant_paths() p)
  group by 1
  on conflict (hour) do update set variant_views = excluded.variant_views;
end;
$function$
;

revoke all on function private.rebuild_landing_day_rollups() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_landing_leave_rollups()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  truncate private.landing_leave_bins, private.landing_leave_seconds;
  insert into private.landing_leave_seconds (level, block, path, campaign_key, seconds, leaves)
  select 0, private.epoch_hour(w.created_at), w.path, coalesce(w.utm_campaign, ''), w.duration_seconds, count(*)
  from public.web_analytics w
  join private.analytics_sessions a on a.session_id = w.session_id collate "C" and a.variant_first_at is not null
  where w.event_type = 'page_leave' and w.duration_seconds is not null
    and w.path in (select p.path from private.landing_variant_paths() p)
  group by 2, 3, 4, 5;
  for l in 1..11 loop
    insert into private.landing_leave_seconds (level, block, path, campaign_key, seconds, leaves)
    select l, s.block >> 1, s.path, s.campaign_key, s.seconds, sum(s.leaves)
    from private.landing_leave_seconds s
    where s.level = l - 1
    group by 2, 3, 4, 5;
  end loop;
  insert into private.landing_leave_bins (level, block, path, campaign_key, bin, leaves)
  select s.level, s.block, s.path, s.campaign_key, s.seconds / 32, sum(s.leaves)
  from private.landing_leave_seconds s
  group by 1, 2, 3, 4, 5;
end;
$function$
;

revoke all on function private.rebuild_landing_leave_rollups() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_landing_rollups()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform set_config('ploom.rebuilding_landing_rollups', 'on', true);
  truncate private.landing_visits, private.landing_hourly, private.analytics_sessions,
    private.landing_hourly_sessions;
  insert into private.landing_visits (session_id, path, campaign_key, first_view_at, last_view_at, views)
  select w.session_id, w.path, coalesce(w.utm_campaign, ''), min(w.created_at), max(w.created_at), count(*)
  from public.web_analytics w
  where w.event_type = 'page_view'
  group by 1, 2, 3;
  insert into private.landing_hourly (hour, path, campaign_key, page_views, first_views)
  select coalesce(p.hour, f.hour), coalesce(p.path, f.path), coalesce(p.campaign_key, f.campaign_key),
         coalesce(p.page_views, 0), coalesce(f.first_views, 0)
  from (
    select date_trunc('hour', w.created_at) as hour, w.path collate "C" as path,
           coalesce(w.utm_campaign, '') collate "C" as campaign_key, count(*) as page_views
    from public.web_analytics w where w.event_type = 'page_view'
    group by 1, 2, 3
  ) p
  full join (
    select date_trunc('hour', v.first_view_at) as hour, v.path, v.campaign_key, count(*) as first_views
    from private.landing_visits v group by 1, 2, 3
  ) f on f.hour = p.hour and f.path = p.path and f.campaign_key = p.campaign_key;
  insert into private.analytics_sessions (session_id, landing_at, landing_path, landing_campaign,
                                          variant_first_at, variant_last_at, activity_first_at, activity_last_at)
  select e.session_id, l.created_at, l.path, l.utm_campaign, vs.first_at, vs.last_at, e.first_at, e.last_at
  from (
    select w.session_id collate "C" as session_id, min(w.created_at) as first_at, max(w.created_at) as last_at
    from public.web_analytics w group by 1
  ) e
  left join (
    select distinct on (w.session_id) w.session_id collate "C" as session_id, w.created_at, w.path, w.utm_campaign
    from public.web_analytics w
    where w.event_type = 'page_view'
    order by w.session_id, w.created_at, w.id
  ) l on l.session_id = e.session_id
  left join (
    select v.session_id, min(v.first_view_at) as first_at, max(v.last_view_at) as last_at
    from private.landing_visits v
    where v.path in (select p.path from private.landing_variant_paths() p)
    group by 1
  ) vs on vs.session_id = e.session_id;
  insert into private.landing_hourly_sessions (hour, first_sessions)
  select date_trunc('hour', s.variant_first_at), count(*)
  from private.analytics_sessions s where s.variant_first_at is not null
  group by 1;
  perform set_config('ploom.rebuilding_landing_rollups', 'off', true);
  perform private.rebuild_landing_day_rollups();
  perform private.rebuild_landing_leave_rollups();
  perform private.rebuild_conversion_hourly();
  perform private.rebuild_conversion_attributions();
end;
$function$
;

revoke all on function private.rebuild_landing_rollups() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.rebuild_session_status_counts()
 RETURNS void
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  delete from private.session_status_counts;
  insert into private.session_status_counts (status, sessions)
  select s.status, count(*) from public.coaching_sessions s group by s.status;
$function$
;

revoke all on function private.rebuild_session_status_counts() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.report_currency()
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select 'USD' $function$
;

revoke all on function private.report_currency() from "anon", "authenticated", public, "service_role";
grant execute on function private.report_currency() to "authenticated";
grant execute on function private.report_currency() to public;
grant execute on function private.report_currency() to "service_role";

CREATE OR REPLACE FUNCTION private.report_facts(child uuid, first date, last date, zone text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with
  span as (
    select (first::timestamp at time zone zone) as lo, ((last + 1)::timestamp at time zone zone) as hi
  ),
  sessions as (
    select
      count(*) filter (where s.status = 'completed') as attended,
      count(*) filter (where s.status = 'no_show') as missed,
      count(*) filter (where s.status = 'cancelled') as cancelled,
      count(*) filter (where s.status = 'scheduled') as still_scheduled
    from public.coaching_sessions s, span
    where s.child_id = child and s.starts_at >= span.lo and s.starts_at < span.hi
  ),
  checks as (
    select k.taken_at, k.scores from public.check_ins k, span
    where k.child_id = child and k.taken_at < span.hi
    order by k.taken_at
  ),
  -- the first score of the period's change: the last check-in before it, or its own first
  baseline as (
    select c.taken_at, c.scores from checks c, span where c.taken_at < span.lo order by c.taken_at desc limit 1
  ),
  in_period as (
    select c.taken_at, c.scores from checks c, span where c.taken_at >= span.lo
  ),
  goals as (
    select g.id, g.title, g.archived_at,
      (select count(*) from public.practice_days d where d.goal_id = g.id and d.practised_on between first and last) as days
    from public.practice_goals g
    where g.child_id = child
      and g.created_at < (select hi from span)
      and (g.archived_at is null or g.archived_at >= (select lo from span))
  ),
  points as (
    select coalesce(sum(p.points) filter (where p.created_at >= span.lo and p.created_at < span.hi), 0) as earned,
      coalesce(sum(p.points) filter (where p.created_at < span.hi), 0) as total
    from public.ploom_points p, span
    where p.child_id = child
  )
  select jsonb_build_object(
    'sessions', (select jsonb_build_object('attended', attended, 'missed', missed, 'cancelled', cancelled,
                                           'still_scheduled', still_scheduled) from sessions),
    'check_ins', jsonb_build_object(
      'taken', (select coalesce(jsonb_agg(jsonb_build_object('taken_at', taken_at, 'scores', scores) order by taken_at), '[]'::jsonb) from in_period),
      'before', (select jsonb_build_object('taken_at', taken_at, 'scores', scores) from baseline)
    ),
    'practice', (
      select coalesce(jsonb_agg(jsonb_build_object('title', title, 'days', days, 'of_days', last - first + 1)
                                order by days desc, title), '[]'::jsonb)
      from goals
    ),
    'points', (select jsonb_build_object('earned', earned, 'total', total) from points)
  )
$function$
;

revoke all on function private.report_facts(uuid,date,date,text) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.report_period(cadence text, day date)
 RETURNS TABLE(period_start date, period_end date)
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select
    case cadence when 'weekly' then pg_catalog.date_trunc('week', day)::date else pg_catalog.date_trunc('month', day)::date end,
    case cadence
      when 'weekly' then (pg_catalog.date_trunc('week', day) + interval '6 days')::date
      else (pg_catalog.date_trunc('month', day) + interval '1 month' - interval '1 day')::date
    end
$function$
;

revoke all on function private.report_period(text,date) from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.session_landing_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if current_setting('ploom.rebuilding_landing_rollups', true) = 'on' then
    return null;
  end if;
  if new.landing_path is null
     or (tg_op = 'UPDATE' and old.landing_path is not distinct from new.landing_path
         and old.landing_campaign is not distinct from new.landing_campaign) then
    return null;
  end if;
  update private.conversion_attributions c
  set path = new.landing_path, utm_campaign = new.landing_campaign
  where c.session_id = new.session_id;
  return null;
end;
$function$
;

revoke all on function private.session_landing_changed() from "anon", "authenticated", public, "service_role";

CREATE OR REPLACE FUNCTION private.url_decode(encoded text)
 RETURNS text
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
declare
  bytes bytea := ''::bytea;
  pos integer := 1;
  total integer;
  ch text;
begin
  if encoded is null then
    return null;
  end if;
  encoded := replace(encoded, '+', ' ');
  total := length(encoded);
  while pos <= total loop
    ch := substr(encoded, pos, 1);
    if ch = '%' and substr(encoded, pos + 1, 2) ~ '^[0-9A-Fa-f]{2}$' then
      bytes := bytes || decode(substr(encoded, pos + 1, 2), 'hex');
      pos := pos + 3;
    else
      bytes := bytes || convert_to(ch, 'UTF8');
      pos := pos + 1;
    end if;
  end loop;
  return convert_from(bytes, 'UTF8');
exception
  when others then
    return encoded;
end;
$function$
;

revoke all on function private.url_decode(text) from "anon", "authenticated", public, "service_role";
grant execute on function private.url_decode(text) to "anon";
grant execute on function private.url_decode(text) to "authenticated";
grant execute on function private.url_decode(text) to public;
grant execute on function private.url_decode(text) to "service_role";

CREATE OR REPLACE FUNCTION private.web_analytics_child_anonymous()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  section text[];
begin
  if split_part(split_part(new.page_path, '#', 1), '?', 1) !~ '^/child(/|$)' then
    return new;
  end if;
  if new.event_type <> 'page_view' then
    return null;
  end if;
  section := (regexp_match(new.page_path, '^(/child(?:/[^/?#]+)?)'));
  new.page_path := section[1];
  new.session_id := 'anonymous';
  new.referrer := null;
  new.user_agent := null;
  new.device_type := null;
  new.duration_seconds := null;
  new.metadata := '{}'::jsonb;
  return new;
end;
$function$
;

revoke all on function private.web_analytics_child_anonymous() from "anon", "authenticated", public, "service_role";
grant execute on function private.web_analytics_child_anonymous() to "anon";
grant execute on function private.web_analytics_child_anonymous() to "authenticated";
grant execute on function private.web_analytics_child_anonymous() to public;
grant execute on function private.web_analytics_child_anonymous() to "service_role";

CREATE OR REPLACE FUNCTION private.web_analytics_derive_columns()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
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
$function$
;

revoke all on function private.web_analytics_derive_columns() from "anon", "authenticated", public, "service_role";
grant execute on function private.web_analytics_derive_columns() to "anon";
grant execute on function private.web_analytics_derive_columns() to "authenticated";
grant execute on function private.web_analytics_derive_columns() to public;
grant execute on function private.web_analytics_derive_columns() to "service_role";

CREATE OR REPLACE FUNCTION private.web_analytics_rollup()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.landing_rollup_event(new.session_id, new.event_type, new.path, new.utm_campaign,
                                      new.created_at);
  perform private.landing_leave_event(new.id, new.session_id, new.event_type, new.path, new.utm_campaign,
                                      new.duration_seconds, new.created_at);
  return null;
end;
$function$
;

revoke all on function private.web_analytics_rollup() from "anon", "authenticated", public, "service_role";
grant execute on function private.web_analytics_rollup() to "anon";
grant execute on function private.web_analytics_rollup() to "authenticated";
grant execute on function private.web_analytics_rollup() to "service_role";

CREATE OR REPLACE FUNCTION private.web_analytics_skip_staff()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if auth.uid() is not null then
    if private.has_role(auth.uid(), 'admin') or private.has_role(auth.uid(), 'coach') then
      return null;
    end if;
  end if;
  return new;
end;
$function$
;

revoke all on function private.web_analytics_skip_staff() from "anon", "authenticated", public, "service_role";
grant execute on function private.web_analytics_skip_staff() to "anon";
grant execute on function private.web_analytics_skip_staff() to "authenticated";
grant execute on function private.web_analytics_skip_staff() to "service_role";

CREATE OR REPLACE FUNCTION public.admin_overview(day_start timestamp with time zone, week_start timestamp with time zone)
 RETURNS TABLE(leads_since_yesterday bigint, overdue_since_yesterday bigint, leads_this_week bigint, overdue_this_week bigint, waiting_total bigint, overdue_total bigint, sessions_today bigint, sessions_this_week bigint, families_enrolled bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with lead_counts as (
    select
      count(*) filter (where l.created_at >= day_start - interval '1 day') as since_yesterday,
      count(*) filter (where l.created_at >= day_start - interval '1 day' and l.overdue) as overdue_since_yesterday,
      count(*) filter (where l.created_at >= week_start) as this_week,
      count(*) filter (where l.created_at >= week_start and l.overdue) as overdue_this_week,
      count(*) filter (where l.status = 'new') as waiting_total,
      count(*) filter (where l.overdue) as overdue_total
    from public.lead_list l
    where l.created_at >= least(day_start - interval '1 day', week_start) or l.status = 'new'
  ),
  session_counts as (
    select
      count(*) filter (where s.starts_at >= day_start and s.starts_at < day_start + interval '1 day') as today,
      count(*) as this_week
    from public.coaching_sessions s
    where s.starts_at >= week_start and s.starts_at < week_start + interval '7 days'
      and s.status <> 'cancelled'
  )
  select
    lc.since_yesterday, lc.overdue_since_yesterday, lc.this_week, lc.overdue_this_week,
    lc.waiting_total, lc.overdue_total,
    sc.today, sc.this_week,
    case when private.is_admin() then (select count(distinct c.parent_id) from public.children c) end
  from lead_counts lc, session_counts sc
$function$
;

revoke all on function public.admin_overview(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.admin_overview(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.admin_overview(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.cockpit_weekly(since timestamp with time zone, until timestamp with time zone, time_zone text DEFAULT 'UTC'::text)
 RETURNS TABLE(week_start date, campaign text, spend_minor bigint, enrolled bigint)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  report_currency text := private.report_currency();
  first_day date;
  last_day date;
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may read the marketing cockpit' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select d.first_day, d.last_day into first_day, last_day
  from private.report_days(since, until, time_zone) d;
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    spend as (
      select pg_catalog.date_trunc('week', s.day)::date as week, s.campaign collate "C" as campaign,
             sum(s.amount_minor)::bigint as spend
      from public.ad_spend s
      where s.day between first_day and last_day and s.currency = report_currency
      group by 1, 2
    ),
    enrolments as (
      select pg_catalog.date_trunc('week', (l.created_at at time zone time_zone))::date as week,
             nullif(l.utm_campaign, '') collate "C" as campaign, count(*)::bigint as enrolled
      from public.leads l
      join variant_paths vp on vp.path = l.landing_variant collate "C"
      where l.created_at >= since and l.created_at < until and l.status = 'enrolled'
        and nullif(l.utm_campaign, '') is not null
      group by 1, 2
    )
    select coalesce(s.week, e.week), coalesce(s.campaign, e.campaign)::text,
           coalesce(s.spend, 0), coalesce(e.enrolled, 0)
    from spend s
    full join enrolments e on e.week = s.week and e.campaign = s.campaign
    order by 1, 2;
end;
$function$
;

revoke all on function public.cockpit_weekly(timestamp with time zone,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.cockpit_weekly(timestamp with time zone,timestamp with time zone,text) to "authenticated";
grant execute on function public.cockpit_weekly(timestamp with time zone,timestamp with time zone,text) to "service_role";

CREATE OR REPLACE FUNCTION public.import_ad_spend(rows jsonb, source text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  max_rows constant integer := 20000;
  max_listed constant integer := 100;
  total integer;
  problems jsonb;
  problem_count integer;
  bad_rows integer;
  first_problem jsonb;
  message text;
  inserted integer;
  updated integer;
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may enter ad spend' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if import_ad_spend.source is null or import_ad_spend.source not in ('google-ads', 'meta', 'manual') then
    raise exception 'The source of the spend must be google-ads, meta or manual' using errcode = '22023';
  end if;
  if import_ad_spend.rows is null or jsonb_typeof(import_ad_spend.rows) <> 'array' then
    raise exception 'The rows must be a JSON array of {day, campaign, amountMinor, currency}' using errcode = '22023';
  end if;
  total := jsonb_array_length(import_ad_spend.rows);
  if total > max_rows then
    raise exception 'An import holds at most % rows (a year of 50 campaigns); this one has %: import it in parts',
      max_rows, total using errcode = '22023';
  end if;

  with items as (
    select (r.n - 1)::integer as idx, r.value,
           private.ad_spend_row_problems(r.value, (pg_catalog.now() at time zone 'UTC')::date) as found
    from jsonb_array_elements(import_ad_spend.rows) with ordinality as r (value, n)
  ),
  repeated as (
    -- A campaign's day twice in one import (the file's rows for it are added up before it comes here).
    select k.idx, k.campaign, k.day, k.first_idx
    from (
      select i.idx, i.value ->> 'campaign' as campaign, i.value ->> 'day' as day,
             min(i.idx) over (partition by i.value ->> 'campaign', i.value ->> 'day') as first_idx
      from items i
      where cardinality(i.found) = 0
    ) k
    where k.idx <> k.first_idx
  ),
  listed as (
    select i.idx, p.reason, p.n
    from items i, unnest(i.found) with ordinality as p (reason, n)
    union all
    select r.idx,
           'The campaign ' || private.ad_spend_quoted(to_jsonb(r.campaign)) || ' on ' || r.day
             || ' is also row ' || r.first_idx || ': a campaign''s day comes once in an import.',
           1
    from repeated r
  )
  select count(*), count(distinct l.idx),
         (select jsonb_agg(jsonb_build_object('index', f.idx, 'reason', f.reason) order by f.idx, f.n)
          from (select * from listed order by idx, n limit max_listed) f)
  into problem_count, bad_rows, problems
  from listed l;

  if problem_count > 0 then
    first_problem := problems -> 0;
    message := format('%s of the %s rows cannot be imported, so none was. Row %s: %s%s',
      bad_rows, total, first_problem ->> 'index', first_problem ->> 'reason',
      case when problem_count > 1
        then format(' And %s more problem%s (see the details).', problem_count - 1,
                    case when problem_count > 2 then 's' else '' end)
        else '' end);
    if problem_count > max_listed then
      raise exception '%', message using errcode = '22023', detail = problems::text,
        hint = format('The details list the first %s of the %s problems.', max_listed, problem_count);
    end if;
    raise exception '%', message using errcode = '22023', detail = problems::text;
  end if;

  with incoming as (
    select r.value ->> 'campaign' as campaign, (r.value ->> 'day')::date as day,
           (r.value -> 'amountMinor')::text::numeric::bigint as amount_minor, r.value ->> 'currency' as currency
    from jsonb_array_elements(import_ad_spend.rows) as r (value)
  ),
  applied as (
    insert into public.ad_spend as a (campaign, day, amount_minor, currency, source)
    select i.campaign, i.day, i.amount_minor, i.currency, import_ad_spend.source
    from incoming i
    order by i.campaign, i.day -- one order for every import: two at once never deadlock
    on conflict (campaign, day, source) do update
      set amount_minor = excluded.amount_minor, currency = excluded.currency
      where a.amount_minor <> excluded.amount_minor or a.currency <> excluded.currency
    returning (a.xmax = 0) as is_new
  )
  select count(*) filter (where ap.is_new), count(*) filter (where not ap.is_new)
  into inserted, updated
  from applied ap;

  return jsonb_build_object('inserted', inserted, 'updated', updated, 'unchanged', total - inserted - updated);
end;
$function$
;

revoke all on function public.import_ad_spend(jsonb,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.import_ad_spend(jsonb,text) to "authenticated";
grant execute on function public.import_ad_spend(jsonb,text) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_report(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, utm_campaign text, visitors bigint, page_views bigint, median_seconds numeric, quiz_completed bigint, fit_calls bigint, waitlist_joins bigint, newsletter_signups bigint, contact_requests bigint, conversions bigint, converted_visitors bigint, conversion_rate numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET work_mem TO '64MB'
AS $function$
#variable_conflict use_column
begin
  perform private.require_report_access();
  perform private.check_report_range(since, until);
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    traffic as (
      select t.path collate "C" as path, t.utm_campaign collate "C" as utm_campaign, t.visitors, t.page_views
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
    ),
    durations as (
      -- a visitor's leaves (its session has a recorded page view of a variant in the range)
      select m.path collate "C" as path, nullif(m.campaign_key, '') collate "C" as utm_campaign,
             m.median_seconds
      from private.landing_leave_medians(since, until) m
      where m.path collate "C" in (select vp.path from variant_paths vp)
    ),
    pages as (
      select coalesce(t.path, d.path) as path, coalesce(t.utm_campaign, d.utm_campaign) as utm_campaign,
             t.visitors, t.page_views, d.median_seconds
      from traffic t
      full join durations d
        on d.path = t.path and coalesce(d.utm_campaign, '') = coalesce(t.utm_campaign, '')
    ),
    conv as (
      select c.path collate "C" as path, c.utm_campaign collate "C" as utm_campaign, c.quiz_completed,
             c.fit_calls, c.waitlist_joins, c.newsletter_signups, c.contact_requests, c.conversions,
             c.converted_visitors
      from private.landing_conversion_counts(since, until) c
    )
    select
      coalesce(p.path, c.path)::text,
      coalesce(p.utm_campaign, c.utm_campaign)::text,
      coalesce(p.visitors, 0),
      coalesce(p.page_views, 0),
      round(p.median_seconds::numeric, 1),
      coalesce(c.quiz_completed, 0),
      coalesce(c.fit_calls, 0),
      coalesce(c.waitlist_joins, 0),
      coalesce(c.newsletter_signups, 0),
      coalesce(c.contact_requests, 0),
      coalesce(c.conversions, 0),
      coalesce(c.converted_visitors, 0),
      case when coalesce(p.visitors, 0) > 0
        then round(coalesce(c.converted_visitors, 0)::numeric / p.visitors, 4) end
    from pages p
    full join conv c
      on coalesce(c.path, '') collate "C" = p.path
      and coalesce(c.utm_campaign, '') collate "C" = coalesce(p.utm_campaign, '')
    order by 3 desc, 1 nulls last, 2 nulls first;
end;
$function$
;

revoke all on function public.landing_report(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_report(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.landing_report(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_report_daily(since timestamp with time zone, until timestamp with time zone, time_zone text DEFAULT 'UTC'::text)
 RETURNS TABLE(day date, visitors bigint, page_views bigint, conversions bigint)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET work_mem TO '64MB'
AS $function$
#variable_conflict use_column
begin
  perform private.require_report_access();
  perform private.check_report_range(since, until);
  begin
    perform now() at time zone time_zone;
  exception when others then
    raise exception 'Unknown time zone: %', time_zone using errcode = '22023';
  end;
  return query
    with days as (
      select g::date as day, (g::date)::timestamp at time zone time_zone as starts
      from generate_series(
        (since at time zone time_zone)::date,
        ((until - interval '1 microsecond') at time zone time_zone)::date,
        interval '1 day'
      ) as g
    ),
    views as (
      select (t.segment_start at time zone time_zone)::date as day, t.visitors, t.page_views
      from private.landing_daily_traffic(since, until, array(select d.starts from days d)) t
    ),
    conv as (
      select c.day, c.conversions
      from private.landing_daily_conversions(since, until, array(select d.starts from days d), time_zone) c
    )
    select d.day, coalesce(v.visitors, 0), coalesce(v.page_views, 0), coalesce(c.conversions, 0)
    from days d
    left join views v on v.day = d.day
    left join conv c on c.day = d.day
    order by d.day;
end;
$function$
;

revoke all on function public.landing_report_daily(timestamp with time zone,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_report_daily(timestamp with time zone,timestamp with time zone,text) to "authenticated";
grant execute on function public.landing_report_daily(timestamp with time zone,timestamp with time zone,text) to "service_role";

create table "private"."analytics_sessions" (
    "session_id" text collate pg_catalog."C" not null,
    "landing_at" timestamp with time zone,
    "landing_path" text,
    "landing_campaign" text,
    "variant_first_at" timestamp with time zone,
    "variant_last_at" timestamp with time zone,
    "activity_first_at" timestamp with time zone not null,
    "activity_last_at" timestamp with time zone not null
      );

CREATE INDEX analytics_sessions_activity_span_idx ON private.analytics_sessions USING gist (tstzrange(activity_first_at, activity_last_at, '[]'::text));

CREATE INDEX analytics_sessions_no_variant_idx ON private.analytics_sessions USING btree (session_id) WHERE (variant_first_at IS NULL);

CREATE UNIQUE INDEX analytics_sessions_pkey ON private.analytics_sessions USING btree (session_id);

CREATE INDEX analytics_sessions_variant_first_idx ON private.analytics_sessions USING btree (variant_first_at) WHERE (variant_first_at IS NOT NULL);

CREATE INDEX analytics_sessions_variant_span_idx ON private.analytics_sessions USING gist (tstzrange(variant_first_at, variant_last_at, '[]'::text)) WHERE (variant_first_at IS NOT NULL);

alter table "private"."analytics_sessions" add constraint "analytics_sessions_pkey" PRIMARY KEY using index "analytics_sessions_pkey";

alter table "private"."analytics_sessions" enable row level security;

CREATE TRIGGER session_landing_changed AFTER INSERT OR UPDATE OF landing_path, landing_campaign ON private.analytics_sessions FOR EACH ROW EXECUTE FUNCTION private.session_landing_changed();

revoke all on table private.analytics_sessions from "anon", "authenticated", public, "service_role";

create table "private"."conversion_attributions" (
    "conversion_id" text collate pg_catalog."C" not null,
    "session_key" text collate pg_catalog."C" not null,
    "session_id" text collate pg_catalog."C",
    "kind" text collate pg_catalog."C" not null,
    "created_at" timestamp with time zone not null,
    "path" text collate pg_catalog."C",
    "utm_campaign" text collate pg_catalog."C"
      );

CREATE INDEX conversion_attributions_created_idx ON private.conversion_attributions USING btree (created_at) INCLUDE (session_key, kind, path, utm_campaign);

CREATE UNIQUE INDEX conversion_attributions_pkey ON private.conversion_attributions USING btree (conversion_id);

CREATE INDEX conversion_attributions_session_idx ON private.conversion_attributions USING btree (session_id) WHERE (session_id IS NOT NULL);

alter table "private"."conversion_attributions" add constraint "conversion_attributions_pkey" PRIMARY KEY using index "conversion_attributions_pkey";

alter table "private"."conversion_attributions" enable row level security;

revoke all on table private.conversion_attributions from "anon", "authenticated", public, "service_role";

create table "private"."conversion_hourly" (
    "hour" timestamp with time zone not null,
    "conversions" bigint not null
      );

CREATE INDEX conversion_hourly_hour ON private.conversion_hourly USING btree (hour) INCLUDE (conversions);

alter table "private"."conversion_hourly" enable row level security;

revoke all on table private.conversion_hourly from "anon", "authenticated", public, "service_role";

comment on table private.conversion_hourly is 'Changes to the number of conversions in each UTC hour (sum them); kept by triggers on waitlist, quiz_assessments, newsletter_subscribers and contact_messages, folded each minute by private.compact_kept_counts().';

create table "private"."landing_daily" (
    "day" timestamp with time zone not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "page_views" bigint not null default 0,
    "first_views" bigint not null default 0
      );

CREATE UNIQUE INDEX landing_daily_pkey ON private.landing_daily USING btree (day, path, campaign_key);

alter table "private"."landing_daily" add constraint "landing_daily_pkey" PRIMARY KEY using index "landing_daily_pkey";

alter table "private"."landing_daily" enable row level security;

revoke all on table private.landing_daily from "anon", "authenticated", public, "service_role";

create table "private"."landing_hourly" (
    "hour" timestamp with time zone not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "page_views" bigint not null default 0,
    "first_views" bigint not null default 0
      );

CREATE UNIQUE INDEX landing_hourly_pkey ON private.landing_hourly USING btree (hour, path, campaign_key);

alter table "private"."landing_hourly" add constraint "landing_hourly_pkey" PRIMARY KEY using index "landing_hourly_pkey";

alter table "private"."landing_hourly" enable row level security;

CREATE TRIGGER landing_hourly_changed AFTER INSERT OR UPDATE ON private.landing_hourly FOR EACH ROW EXECUTE FUNCTION private.landing_hourly_changed();

revoke all on table private.landing_hourly from "anon", "authenticated", public, "service_role";

create table "private"."landing_hourly_sessions" (
    "hour" timestamp with time zone not null,
    "first_sessions" bigint not null default 0,
    "variant_views" bigint not null default 0
      );

CREATE UNIQUE INDEX landing_hourly_sessions_pkey ON private.landing_hourly_sessions USING btree (hour);

alter table "private"."landing_hourly_sessions" add constraint "landing_hourly_sessions_pkey" PRIMARY KEY using index "landing_hourly_sessions_pkey";

alter table "private"."landing_hourly_sessions" enable row level security;

revoke all on table private.landing_hourly_sessions from "anon", "authenticated", public, "service_role";

create table "private"."landing_leave_bins" (
    "level" smallint not null,
    "block" bigint not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "bin" integer not null,
    "leaves" bigint not null
      );

CREATE UNIQUE INDEX landing_leave_bins_pkey ON private.landing_leave_bins USING btree (level, block, path, campaign_key, bin) INCLUDE (leaves);

alter table "private"."landing_leave_bins" add constraint "landing_leave_bins_pkey" PRIMARY KEY using index "landing_leave_bins_pkey";

alter table "private"."landing_leave_bins" add constraint "landing_leave_bins_level_check" CHECK (((level >= 0) AND (level <= 11))) not valid;

alter table "private"."landing_leave_bins" validate constraint "landing_leave_bins_level_check";

alter table "private"."landing_leave_bins" enable row level security;

revoke all on table private.landing_leave_bins from "anon", "authenticated", public, "service_role";

create table "private"."landing_leave_seconds" (
    "level" smallint not null,
    "block" bigint not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "seconds" integer not null,
    "leaves" bigint not null
      );

CREATE UNIQUE INDEX landing_leave_seconds_pkey ON private.landing_leave_seconds USING btree (level, block, path, campaign_key, seconds) INCLUDE (leaves);

alter table "private"."landing_leave_seconds" add constraint "landing_leave_seconds_pkey" PRIMARY KEY using index "landing_leave_seconds_pkey";

alter table "private"."landing_leave_seconds" add constraint "landing_leave_seconds_level_check" CHECK (((level >= 0) AND (level <= 11))) not valid;

alter table "private"."landing_leave_seconds" validate constraint "landing_leave_seconds_level_check";

alter table "private"."landing_leave_seconds" enable row level security;

revoke all on table private.landing_leave_seconds from "anon", "authenticated", public, "service_role";

create table "private"."landing_visits" (
    "session_id" text collate pg_catalog."C" not null,
    "path" text collate pg_catalog."C" not null,
    "campaign_key" text collate pg_catalog."C" not null,
    "first_view_at" timestamp with time zone not null,
    "last_view_at" timestamp with time zone not null,
    "views" integer not null
      );

CREATE INDEX landing_visits_first_idx ON private.landing_visits USING btree (first_view_at);

CREATE UNIQUE INDEX landing_visits_pkey ON private.landing_visits USING btree (session_id, path, campaign_key);

CREATE INDEX landing_visits_span_idx ON private.landing_visits USING gist (tstzrange(first_view_at, last_view_at, '[]'::text));

alter table "private"."landing_visits" add constraint "landing_visits_pkey" PRIMARY KEY using index "landing_visits_pkey";

alter table "private"."landing_visits" enable row level security;

revoke all on table private.landing_visits from "anon", "authenticated", public, "service_role";

create table "public"."ad_spend" (
    "id" uuid not null default gen_random_uuid(),
    "campaign" text collate pg_catalog."C" not null,
    "day" date not null,
    "amount_minor" bigint not null,
    "currency" text not null default 'USD'::text,
    "source" text not null,
    "created_by" uuid default auth.uid(),
    "created_at" timestamp with time zone not null default now(),
    "updated_at" timestamp with time zone not null default now()
      );

CREATE INDEX ad_spend_created_by_idx ON public.ad_spend USING btree (created_by);

CREATE INDEX ad_spend_day_idx ON public.ad_spend USING btree (day) INCLUDE (campaign, amount_minor, currency);

CREATE UNIQUE INDEX ad_spend_one_figure_per_source ON public.ad_spend USING btree (campaign, day, source);

CREATE UNIQUE INDEX ad_spend_pkey ON public.ad_spend USING btree (id);

alter table "public"."ad_spend" add constraint "ad_spend_pkey" PRIMARY KEY using index "ad_spend_pkey";

alter table "public"."ad_spend" add constraint "ad_spend_amount_plausible" CHECK (((amount_minor >= 0) AND (amount_minor <= 1000000000))) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_amount_plausible";

alter table "public"."ad_spend" add constraint "ad_spend_campaign_readable" CHECK ((((char_length(campaign) >= 1) AND (char_length(campaign) <= 200)) AND (campaign = btrim(campaign)) AND (campaign !~ '[\u0001-\u001f\u007f-\u009f]'::text))) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_campaign_readable";

alter table "public"."ad_spend" add constraint "ad_spend_currency_code" CHECK ((currency ~ '^[A-Z]{3}$'::text)) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_currency_code";

alter table "public"."ad_spend" add constraint "ad_spend_day_plausible" CHECK ((day >= '2000-01-01'::date)) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_day_plausible";

alter table "public"."ad_spend" add constraint "ad_spend_in_the_report_currency" CHECK ((currency = private.report_currency())) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_in_the_report_currency";

alter table "public"."ad_spend" add constraint "ad_spend_one_figure_per_source" UNIQUE using index "ad_spend_one_figure_per_source";

alter table "public"."ad_spend" add constraint "ad_spend_source_check" CHECK ((source = ANY (ARRAY['google-ads'::text, 'meta'::text, 'manual'::text]))) not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_source_check";

alter table "public"."ad_spend" enable row level security;

create policy "Admins correct ad spend"
  on "public"."ad_spend"
  as permissive
  for update
  to authenticated
using (( SELECT private.is_admin() AS is_admin))
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins enter ad spend"
  on "public"."ad_spend"
  as permissive
  for insert
  to authenticated
with check (( SELECT private.is_admin() AS is_admin));

create policy "Admins read the ad spend"
  on "public"."ad_spend"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Admins remove ad spend"
  on "public"."ad_spend"
  as permissive
  for delete
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."ad_spend"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

CREATE TRIGGER ad_spend_audit AFTER INSERT OR DELETE OR UPDATE ON public.ad_spend FOR EACH ROW EXECUTE FUNCTION private.audit_ad_spend();

CREATE TRIGGER ad_spend_day_has_begun BEFORE INSERT OR UPDATE OF day ON public.ad_spend FOR EACH ROW EXECUTE FUNCTION private.ad_spend_day_has_begun();

CREATE TRIGGER ad_spend_set_updated_at BEFORE UPDATE ON public.ad_spend FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

revoke all on table public.ad_spend from "anon", "authenticated", public, "service_role";
grant delete, select on table public.ad_spend to "authenticated";
grant delete, insert, maintain, references, select, trigger, truncate, update on table public.ad_spend to "service_role";

grant insert (amount_minor) on table public.ad_spend to "authenticated";

grant update (amount_minor) on table public.ad_spend to "authenticated";

grant insert (campaign) on table public.ad_spend to "authenticated";

grant insert (currency) on table public.ad_spend to "authenticated";

grant update (currency) on table public.ad_spend to "authenticated";

grant insert (day) on table public.ad_spend to "authenticated";

grant insert (source) on table public.ad_spend to "authenticated";

comment on table public.ad_spend is 'Ad spend per campaign (utm_campaign), day and source (google-ads, meta, manual), in the report currency; admins enter it on /admin/report.';

create table "public"."web_analytics" (
    "id" bigint generated always as identity not null,
    "session_id" text not null,
    "event_type" text not null,
    "page_path" text not null,
    "path" text,
    "referrer" text,
    "user_agent" text,
    "device_type" text,
    "duration_seconds" integer,
    "metadata" jsonb not null default '{}'::jsonb,
    "utm_source" text,
    "utm_medium" text,
    "utm_campaign" text,
    "utm_term" text,
    "utm_content" text,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX web_analytics_campaign_created_at_idx ON public.web_analytics USING btree (utm_campaign, created_at) WHERE (utm_campaign IS NOT NULL);

CREATE INDEX web_analytics_created_at_idx ON public.web_analytics USING btree (created_at);

CREATE INDEX web_analytics_leaves_idx ON public.web_analytics USING btree (created_at) INCLUDE (path, utm_campaign, session_id, duration_seconds) WHERE (event_type = 'page_leave'::text);

CREATE INDEX web_analytics_path_created_at_idx ON public.web_analytics USING btree (path, created_at);

CREATE UNIQUE INDEX web_analytics_pkey ON public.web_analytics USING btree (id);

CREATE INDEX web_analytics_session_idx ON public.web_analytics USING btree (session_id);

CREATE INDEX web_analytics_session_landing_idx ON public.web_analytics USING btree (session_id, created_at) INCLUDE (path, utm_campaign) WHERE (event_type = 'page_view'::text);

alter table "public"."web_analytics" add constraint "web_analytics_pkey" PRIMARY KEY using index "web_analytics_pkey";

alter table "public"."web_analytics" add constraint "web_analytics_device_type_check" CHECK ((device_type = ANY (ARRAY['mobile'::text, 'tablet'::text, 'desktop'::text]))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_device_type_check";

alter table "public"."web_analytics" add constraint "web_analytics_duration_seconds_check" CHECK (((duration_seconds >= 0) AND (duration_seconds <= 86400))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_duration_seconds_check";

alter table "public"."web_analytics" add constraint "web_analytics_event_type_check" CHECK ((event_type = ANY (ARRAY['page_view'::text, 'page_leave'::text]))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_event_type_check";

alter table "public"."web_analytics" add constraint "web_analytics_metadata_check" CHECK (((jsonb_typeof(metadata) = 'object'::text) AND (octet_length((metadata)::text) <= 2048))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_metadata_check";

alter table "public"."web_analytics" add constraint "web_analytics_page_path_check" CHECK ((((char_length(page_path) >= 1) AND (char_length(page_path) <= 2048)) AND ("left"(page_path, 1) = '/'::text))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_page_path_check";

alter table "public"."web_analytics" add constraint "web_analytics_referrer_check" CHECK ((char_length(referrer) <= 2048)) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_referrer_check";

alter table "public"."web_analytics" add constraint "web_analytics_session_id_check" CHECK (((char_length(session_id) >= 1) AND (char_length(session_id) <= 100))) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_session_id_check";

alter table "public"."web_analytics" add constraint "web_analytics_user_agent_check" CHECK ((char_length(user_agent) <= 512)) not valid;

alter table "public"."web_analytics" validate constraint "web_analytics_user_agent_check";

alter table "public"."web_analytics" enable row level security;

create policy "Admins read page events"
  on "public"."web_analytics"
  as permissive
  for select
  to authenticated
using (( SELECT private.is_admin() AS is_admin));

create policy "Signed-in users record page views"
  on "public"."web_analytics"
  as permissive
  for insert
  to authenticated
with check (((event_type = 'page_view'::text) AND (duration_seconds IS NULL)));

create policy "Staff reach families' data only with two-factor sign-in"
  on "public"."web_analytics"
  as restrictive
  for all
  to authenticated
using (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor))
with check (( SELECT private.meets_staff_two_factor() AS meets_staff_two_factor));

create policy "Visitors record page views"
  on "public"."web_analytics"
  as permissive
  for insert
  to anon
with check (((event_type = 'page_view'::text) AND (duration_seconds IS NULL)));

CREATE TRIGGER web_analytics_a_skip_staff BEFORE INSERT ON public.web_analytics FOR EACH ROW EXECUTE FUNCTION private.web_analytics_skip_staff();

CREATE TRIGGER web_analytics_child_anonymous BEFORE INSERT ON public.web_analytics FOR EACH ROW EXECUTE FUNCTION private.web_analytics_child_anonymous();

CREATE TRIGGER web_analytics_derive_columns BEFORE INSERT OR UPDATE OF page_path ON public.web_analytics FOR EACH ROW EXECUTE FUNCTION private.web_analytics_derive_columns();

CREATE TRIGGER web_analytics_rollup AFTER INSERT ON public.web_analytics FOR EACH ROW EXECUTE FUNCTION private.web_analytics_rollup();

revoke all on sequence public.web_analytics_id_seq from "anon", "authenticated", public, "service_role";
grant select, update, usage on sequence public.web_analytics_id_seq to "anon";
grant select, update, usage on sequence public.web_analytics_id_seq to "authenticated";
grant select, update, usage on sequence public.web_analytics_id_seq to "service_role";

revoke all on table public.web_analytics from "anon", "authenticated", public, "service_role";
grant select on table public.web_analytics to "authenticated";
grant insert, maintain, references, select, trigger on table public.web_analytics to "service_role";

grant insert (device_type) on table public.web_analytics to "anon";

grant insert (device_type) on table public.web_analytics to "authenticated";

grant insert (duration_seconds) on table public.web_analytics to "anon";

grant insert (duration_seconds) on table public.web_analytics to "authenticated";

grant insert (event_type) on table public.web_analytics to "anon";

grant insert (event_type) on table public.web_analytics to "authenticated";

grant insert (metadata) on table public.web_analytics to "anon";

grant insert (metadata) on table public.web_analytics to "authenticated";

grant insert (page_path) on table public.web_analytics to "anon";

grant insert (page_path) on table public.web_analytics to "authenticated";

grant insert (referrer) on table public.web_analytics to "anon";

grant insert (referrer) on table public.web_analytics to "authenticated";

grant insert (session_id) on table public.web_analytics to "anon";

grant insert (session_id) on table public.web_analytics to "authenticated";

grant insert (user_agent) on table public.web_analytics to "anon";

grant insert (user_agent) on table public.web_analytics to "authenticated";

CREATE OR REPLACE FUNCTION public.cockpit_report(since timestamp with time zone, until timestamp with time zone, time_zone text DEFAULT 'UTC'::text)
 RETURNS TABLE(dimension text, key text, visitors bigint, leads bigint, intro_calls_booked bigint, enrolled bigint, spend_minor bigint, first_month_revenue_minor bigint, revenue_to_date_minor bigint, currency text, cost_per_lead_minor numeric, cost_per_call_minor numeric, cost_per_enrolled_minor numeric, return_on_spend numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET work_mem TO '64MB'
AS $function$
#variable_conflict use_column
declare
  report_currency text := private.report_currency();
  invoice_currency text := lower(private.report_currency());
  first_day date;
  last_day date;
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may read the marketing cockpit' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select d.first_day, d.last_day into first_day, last_day
  from private.report_days(since, until, time_zone) d;
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    traffic as materialized (
      -- visitors per variant and campaign (null: none), as landing_report and landing_funnel count them
      select t.path collate "C" as path, nullif(t.utm_campaign, '') collate "C" as campaign, t.visitors
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
    ),
    lead_rows as materialized (
      select
        vp.path,
        case when vp.path is not null then nullif(l.utm_campaign, '') collate "C" end as campaign,
        l.id, l.created_at, l.enrolled_parent_id,
        l.status = 'enrolled' as is_enrolled,
        exists (select 1 from public.intro_calls c where c.lead_id = l.id) as booked
      from public.leads l
      left join variant_paths vp on vp.path = l.landing_variant collate "C"
      where l.created_at >= since and l.created_at < until
    ),
    brought as materialized (
      -- each family counts for its first enrolled lead only
      select r.id as lead_id, r.enrolled_parent_id as parent_id
      from lead_rows r
      where r.is_enrolled and r.enrolled_parent_id is not null
        and not exists (
          select 1 from public.leads e
          where e.enrolled_parent_id = r.enrolled_parent_id and e.status = 'enrolled'
            and (e.created_at < r.created_at or (e.created_at = r.created_at and e.id < r.id))
        )
    ),
    paid as (
      select b.lead_id, i.amount_paid::bigint as amount, i.stripe_created,
             min(i.stripe_created) filter (where i.amount_paid > 0) over (partition by b.lead_id) as first_paid_at
      from brought b
      join public.invoices i on i.parent_id = b.parent_id
      where i.status = 'paid' and i.currency = invoice_currency
    ),
    revenue as (
      select p.lead_id,
             sum(p.amount)::bigint as to_date,
             coalesce(sum(p.amount) filter (
               where p.stripe_created >= p.first_paid_at and p.stripe_created < p.first_paid_at + interval '720 hours'
             ), 0)::bigint as first_month
      from paid p
      group by p.lead_id
    ),
    per_lead as materialized (
      select r.path, r.campaign, r.booked, r.is_enrolled,
             coalesce(v.first_month, 0) as first_month, coalesce(v.to_date, 0) as to_date
      from lead_rows r
      left join revenue v on v.lead_id = r.id
    ),
    spend as materialized (
      select s.campaign, sum(s.amount_minor)::bigint as spend
      from public.ad_spend s
      where s.day between first_day and last_day and s.currency = report_currency
      group by s.campaign
    ),
    shares as (
      -- a campaign's spend over the variants its visitors landed on, in proportion to them
      select s.campaign, t.path, s.spend,
             case when t.path is null then s.spend::numeric
               else floor(s.spend::numeric * t.visitors / sum(t.visitors) over (partition by s.campaign)) end as part,
             case when t.path is null then 0::numeric
               else (s.spend::numeric * t.visitors) % sum(t.visitors) over (partition by s.campaign) end as remainder
      from spend s
      left join traffic t on t.campaign = s.campaign and t.visitors > 0
    ),
    ranked as (
      select h.path, h.part,
             row_number() over (partition by h.campaign order by h.remainder desc, h.path) as place,
             h.spend - sum(h.part) over (partition by h.campaign) as left_over
      from shares h
    ),
    campaign_rows as (
      select coalesce(t.campaign, l.campaign, s.campaign) as key,
             coalesce(t.visitors, 0) as visitors, l.leads, l.booked, l.enrolled, coalesce(s.spend, 0) as spend,
             l.first_month, l.to_date
      from (select x.campaign, sum(x.visitors)::bigint as visitors from traffic x group by x.campaign) t
      full join (
        select x.campaign, count(*) as leads, count(*) filter (where x.booked) as booked,
               count(*) filter (where x.is_enrolled) as enrolled,
               sum(x.first_month)::bigint as first_month, sum(x.to_date)::bigint as to_date
        from per_lead x group by x.campaign
      ) l on coalesce(l.campaign, '') = coalesce(t.campaign, '')
      full join spend s on s.campaign = coalesce(t.campaign, l.campaign)
    ),
    variant_rows as (
      select coalesce(t.path, l.path, s.path) as key,
             coalesce(t.visitors, 0) as visitors, l.leads, l.booked, l.enrolled, coalesce(s.spend, 0) as spend,
             l.first_month, l.to_date
      from (select x.path, sum(x.visitors)::bigint as visitors from traffic x group by x.path) t
      full join (
        select x.path, count(*) as leads, count(*) filter (where x.booked) as booked,
               count(*) filter (where x.is_enrolled) as enrolled,
               sum(x.first_month)::bigint as first_month, sum(x.to_date)::bigint as to_date
        from per_lead x group by x.path
      ) l on coalesce(l.path, '') = coalesce(t.path, '')
      full join (
        select r.path, sum(r.part + case when r.place <= r.left_over then 1 else 0 end)::bigint as spend
        from ranked r group by r.path
      ) s on coalesce(s.path, '') = coalesce(t.path, l.path, '')
    ),
    cockpit as (
      select 'campaign' as dimension, c.* from campaign_rows c
      union all
      select 'variant', v.* from variant_rows v
    )
    select
      k.dimension,
      k.key::text,
      k.visitors,
      coalesce(k.leads, 0),
      coalesce(k.booked, 0),
      coalesce(k.enrolled, 0),
      k.spend,
      coalesce(k.first_month, 0),
      coalesce(k.to_date, 0),
      report_currency,
      case when coalesce(k.leads, 0) > 0 then round(k.spend::numeric / k.leads, 2) end,
      case when coalesce(k.booked, 0) > 0 then round(k.spend::numeric / k.booked, 2) end,
      case when coalesce(k.enrolled, 0) > 0 then round(k.spend::numeric / k.enrolled, 2) end,
      case when k.spend > 0 then round(coalesce(k.to_date, 0)::numeric / k.spend, 4) end
    from cockpit k
    order by 1, 7 desc, 3 desc, 4 desc, 2 nulls last;
end;
$function$
;

revoke all on function public.cockpit_report(timestamp with time zone,timestamp with time zone,text) from "anon", "authenticated", public, "service_role";
grant execute on function public.cockpit_report(timestamp with time zone,timestamp with time zone,text) to "authenticated";
grant execute on function public.cockpit_report(timestamp with time zone,timestamp with time zone,text) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_funnel(since timestamp with time zone, until timestamp with time zone, per_campaign boolean DEFAULT true)
 RETURNS TABLE(path text, utm_campaign text, visitors bigint, leads bigint, calls_booked bigint, enrolled bigint, median_hours_to_call numeric)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
AS $function$
#variable_conflict use_column
begin
  perform private.require_report_access();
  perform private.check_report_range(since, until);
  return query
    with variant_paths as (
      select v.path collate "C" as path from private.landing_variant_paths() v
    ),
    traffic as (
      select t.path collate "C" as path, case when per_campaign then t.utm_campaign end collate "C" as utm_campaign,
             sum(t.visitors)::bigint as visitors
      from private.landing_traffic(since, until) t
      where t.path collate "C" in (select vp.path from variant_paths vp)
      group by 1, 2
    ),
    first_calls as (
      select c.lead_id, min(c.created_at) as booked_at
      from public.intro_calls c
      group by c.lead_id
    ),
    lead_rows as (
      select
        case when l.landing_variant collate "C" in (select vp.path from variant_paths vp)
          then l.landing_variant collate "C" end as path,
        case when per_campaign and l.landing_variant collate "C" in (select vp.path from variant_paths vp)
          then l.utm_campaign collate "C" end as utm_campaign,
        l.status,
        extract(epoch from (fc.booked_at - l.created_at)) / 3600 as hours_to_call
      from public.leads l
      left join first_calls fc on fc.lead_id = l.id
      where l.created_at >= since and l.created_at < until
    ),
    funnel as (
      select r.path, r.utm_campaign, count(*) as leads, count(r.hours_to_call) as calls_booked,
             count(*) filter (where r.status = 'enrolled') as enrolled,
             percentile_cont(0.5) within group (order by r.hours_to_call) as median_hours
      from lead_rows r
      group by r.path, r.utm_campaign
    )
    select
      coalesce(t.path, f.path)::text,
      coalesce(t.utm_campaign, f.utm_campaign)::text,
      coalesce(t.visitors, 0),
      coalesce(f.leads, 0),
      coalesce(f.calls_booked, 0),
      coalesce(f.enrolled, 0),
      round(f.median_hours::numeric, 1)
    from traffic t
    full join funnel f
      on coalesce(f.path, '') = t.path and coalesce(f.utm_campaign, '') = coalesce(t.utm_campaign, '')
    order by 3 desc, 4 desc, 1 nulls last, 2 nulls first;
end;
$function$
;

revoke all on function public.landing_funnel(timestamp with time zone,timestamp with time zone,boolean) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_funnel(timestamp with time zone,timestamp with time zone,boolean) to "authenticated";
grant execute on function public.landing_funnel(timestamp with time zone,timestamp with time zone,boolean) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_variant_conversions(since timestamp with time zone, until timestamp with time zone)
 RETURNS TABLE(path text, visitors bigint, leads bigint, conversions bigint, converted_visitors bigint, conversion_rate numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select
    v.path,
    coalesce(sum(r.visitors), 0)::bigint,
    coalesce(sum(r.quiz_completed + r.fit_calls + r.waitlist_joins + r.contact_requests), 0)::bigint,
    coalesce(sum(r.conversions), 0)::bigint,
    coalesce(sum(r.converted_visitors), 0)::bigint,
    case when coalesce(sum(r.visitors), 0) > 0
      then round(sum(r.converted_visitors)::numeric / sum(r.visitors), 4) end
  from private.landing_variant_paths() v
  left join public.landing_report(since, until) r on r.path = v.path
  group by v.path
  order by 3 desc, 2 desc, 1
$function$
;

revoke all on function public.landing_variant_conversions(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_variant_conversions(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.landing_variant_conversions(timestamp with time zone,timestamp with time zone) to "service_role";

CREATE OR REPLACE FUNCTION public.landing_variant_report(since timestamp with time zone DEFAULT (now() - '30 days'::interval), until timestamp with time zone DEFAULT now())
 RETURNS TABLE(path text, utm_campaign text, views bigint, visitors bigint, avg_seconds numeric, leads bigint, conversion_rate numeric)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with page as (
    select
      w.path,
      w.utm_campaign,
      count(*) filter (where w.event_type = 'page_view') as views,
      count(distinct w.session_id) filter (where w.event_type = 'page_view') as visitors,
      round(avg(w.duration_seconds) filter (where w.event_type = 'page_leave'), 1) as avg_seconds
    from public.web_analytics w
    where w.created_at >= since and w.created_at <= until
    group by w.path, w.utm_campaign
  ),
  lead as (
    select
      coalesce(nullif(split_part(split_part(l.landing_path, '#', 1), '?', 1), ''), '/') as path,
      l.utm_campaign,
      count(*) as leads
    from public.waitlist l
    where l.created_at >= since and l.created_at <= until and l.landing_path is not null
    group by 1, 2
  )
  select
    coalesce(page.path, lead.path) as path,
    coalesce(page.utm_campaign, lead.utm_campaign) as utm_campaign,
    coalesce(page.views, 0) as views,
    coalesce(page.visitors, 0) as visitors,
    page.avg_seconds,
    coalesce(lead.leads, 0) as leads,
    case when coalesce(page.visitors, 0) > 0
      then round(coalesce(lead.leads, 0)::numeric / page.visitors, 4)
    end as conversion_rate
  from page
  full join lead
    on lead.path = page.path and coalesce(lead.utm_campaign, '') = coalesce(page.utm_campaign, '')
  order by 1, 2 nulls first
$function$
;

revoke all on function public.landing_variant_report(timestamp with time zone,timestamp with time zone) from "anon", "authenticated", public, "service_role";
grant execute on function public.landing_variant_report(timestamp with time zone,timestamp with time zone) to "authenticated";
grant execute on function public.landing_variant_report(timestamp with time zone,timestamp with time zone) to "service_role";

alter table "public"."ad_spend" add constraint "ad_spend_created_by_fkey" FOREIGN KEY (created_by) REFERENCES auth.users(id) ON DELETE SET NULL not valid;

alter table "public"."ad_spend" validate constraint "ad_spend_created_by_fkey";
