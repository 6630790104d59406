-- The local stand-in for two extensions every hosted Supabase project offers and the embedded
-- Postgres cannot load (no extension binaries): pg_cron (schema cron) and pg_net (schema net).
-- Only their SQL interface is emulated, shaped as the real ones are; local-supabase/cron.ts is the
-- background worker (it runs due jobs each minute and delivers queued HTTP requests). Applied
-- before the migrations at every start; idempotent.

-- pg_cron ---------------------------------------------------------------------------------------
create schema if not exists cron;
revoke all on schema cron from public;

create sequence if not exists cron.jobid_seq;
create table if not exists cron.job (
  jobid bigint primary key default nextval('cron.jobid_seq'),
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default inet_server_port(),
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text,
  unique (jobname, username)
);

create sequence if not exists cron.runid_seq;
create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigint primary key default nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);

-- What pg_cron accepts: five cron fields (minute hour day-of-month month day-of-week) of numbers,
-- '*', ranges, lists and steps, or '[1-59] seconds'. The worker checks the values.
create or replace function cron._valid_schedule(schedule text)
returns boolean
language sql
immutable
as $$
  select schedule ~ '^\s*[0-9A-Za-z*,/$-]+(\s+[0-9A-Za-z*,/$-]+){4}\s*$'
    or schedule ~ '^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$'
$$;

create or replace function cron.schedule(job_name text, schedule text, command text)
returns bigint
language plpgsql
as $$
declare
  id bigint;
begin
  if not cron._valid_schedule(schedule) then
    raise exception 'invalid schedule: %', schedule;
  end if;
  insert into cron.job (jobname, schedule, command)
  values (job_name, schedule, command)
  on conflict (jobname, username) do update
    set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid into id;
  return id;
end;
$$;

create or replace function cron.schedule(schedule text, command text)
returns bigint
language sql
as $$ select cron.schedule(null::text, schedule, command) $$;

create or replace function cron.unschedule(job_name text)
returns boolean
language plpgsql
as $$
begin
  delete from cron.job where jobname = job_name and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end;
$$;

create or replace function cron.unschedule(job_id bigint)
returns boolean
language plpgsql
as $$
begin
  delete from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end;
$$;

-- pg_net ----------------------------------------------------------------------------------------
create schema if not exists net;
revoke all on schema net from public;

create table if not exists net.http_request_queue (
  id bigserial primary key,
  method text not null,
  url text not null,
  headers jsonb,
  body bytea,
  timeout_milliseconds integer not null
);

create unlogged table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);

-- Queues the request and returns its id; it is sent after the transaction commits (a rollback
-- discards it), and its answer lands in net._http_response.
create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
)
returns bigint
language plpgsql
as $$
declare
  request_id bigint;
  query text;
begin
  select string_agg(format('%s=%s', key, value), '&') into query
  from jsonb_each_text(coalesce(params, '{}'::jsonb));
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
  values (
    'POST',
    case when query is null then url
         else url || case when position('?' in url) > 0 then '&' else '?' end || query end,
    headers,
    convert_to(coalesce(body, '{}'::jsonb)::text, 'UTF8'),
    timeout_milliseconds
  )
  returning id into request_id;
  perform pg_notify('net_http_request', request_id::text);
  return request_id;
end;
$$;
