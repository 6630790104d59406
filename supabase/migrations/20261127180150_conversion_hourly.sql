-- The daily series' conversions from a rollup (issue 25; docs/decisions/201): landing_report_daily
-- counted every conversion of its range (about 25,000 over 90 days at the scale seed's size) to put
-- them in days. Conversions (waitlist, quiz_assessments, newsletter_subscribers, contact_messages,
-- as private.conversion_events lists them) are counted per UTC hour by triggers that follow inserts,
-- deletes and changes of created_at; a day is its whole hours plus, read raw, the hours a local
-- midnight or the range's ends cut (half-hour and 45-minute zones).

create table private.conversion_hourly (
  hour timestamptz primary key,
  conversions bigint not null default 0
);
alter table private.conversion_hourly enable row level security;
revoke all on private.conversion_hourly from public, anon, authenticated;

create or replace function private.conversion_hourly_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update private.conversion_hourly h set conversions = h.conversions - 1
    where h.hour = date_trunc('hour', old.created_at, 'UTC');
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into private.conversion_hourly as h (hour, conversions)
    values (date_trunc('hour', new.created_at, 'UTC'), 1)
    on conflict (hour) do update set conversions = h.conversions + 1;
  end if;
  return null;
end;
$$;
revoke execute on function private.conversion_hourly_changed() from public;
grant execute on function private.conversion_hourly_changed() to anon, authenticated, service_role;

create trigger conversion_hourly
  after insert or delete or update of created_at on public.waitlist
  for each row execute function private.conversion_hourly_changed();
create trigger conversion_hourly
  after insert or delete or update of created_at on public.quiz_assessments
  for each row execute function private.conversion_hourly_changed();
create trigger conversion_hourly
  after insert or delete or update of created_at on public.newsletter_subscribers
  for each row execute function private.conversion_hourly_changed();
create trigger conversion_hourly
  after insert or delete or update of created_at on public.contact_messages
  for each row execute function private.conversion_hourly_changed();

-- The rollup from the rows, set-based (a bulk load with the triggers off calls it).
create or replace function private.rebuild_conversion_hourly()
returns void
language sql
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.rebuild_conversion_hourly() from public, anon, authenticated;

-- Conversions per local day of [since, until) in time_zone, `cuts` being the range's local midnights.
create or replace function private.landing_daily_conversions(
  since timestamptz, until timestamptz, cuts timestamptz[], time_zone text
)
returns table (day date, conversions bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;
revoke execute on function private.landing_daily_conversions(timestamptz, timestamptz, timestamptz[], text)
  from public, anon;
grant execute on function private.landing_daily_conversions(timestamptz, timestamptz, timestamptz[], text)
  to authenticated, service_role;

-- Latest definition: 20261127150100. Conversions per day from the rollup.
create or replace function public.landing_report_daily(
  since timestamptz,
  until timestamptz,
  time_zone text default 'UTC'
)
returns table (day date, visitors bigint, page_views bigint, conversions bigint)
language plpgsql
stable
security invoker
set search_path = ''
set work_mem = '64MB'
as $$
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
$$;

select private.rebuild_conversion_hourly();
