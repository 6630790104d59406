-- The platform that Supabase provides before any project migration runs: the API roles, the auth
-- schema with its users table and helper functions, the storage of refresh tokens, and the
-- supabase_realtime publication. Run once, as the superuser, on a new database.

-- Extensions live in their own schema, as on Supabase, so the API does not expose their functions.
create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists citext with schema extensions;
alter database postgres set search_path to "$user", public, extensions;
set search_path to "$user", public, extensions;

do $$
begin
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login noinherit createrole password 'postgres';
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- Supabase's defaults: the API roles may use the public schema, and objects created there by the
-- migrations are granted to them; row level security then decides which rows each may touch.
grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

create schema if not exists auth authorization supabase_auth_admin;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change varchar(255),
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb default '{}'::jsonb,
  raw_user_meta_data jsonb default '{}'::jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  is_anonymous boolean not null default false,
  deleted_at timestamptz
);
create unique index if not exists users_email_key on auth.users (lower(email)) where email is not null;

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) unique not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null,
  revoked boolean not null default false,
  parent varchar(255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  not_after timestamptz
);

alter table auth.users owner to supabase_auth_admin;
alter table auth.refresh_tokens owner to supabase_auth_admin;
alter table auth.sessions owner to supabase_auth_admin;

-- The claims of the request's JWT, set per request by the API as PostgREST does.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to anon, authenticated, service_role;
grant all on auth.users, auth.refresh_tokens, auth.sessions to service_role;
grant usage, select on all sequences in schema auth to service_role;

do $$
begin
  if not exists (select from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- Realtime Authorization, as Supabase Realtime sets it up in every project: the `realtime` schema
-- with `realtime.messages` (RLS enabled; the project's policies on it decide who may read from and
-- write to a private channel) and `realtime.topic()`, the topic being authorized. The local
-- Realtime (local-supabase/realtime/authorization.ts) probes this table inside a transaction it
-- rolls back, as hosted Realtime does. Hosted Realtime also partitions the table by day and keeps
-- broadcasts sent from the database; the local stack stores nothing here.
do $$
begin
  if not exists (select from pg_roles where rolname = 'supabase_realtime_admin') then
    create role supabase_realtime_admin nologin noinherit;
  end if;
end
$$;

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;
grant all on schema realtime to supabase_realtime_admin;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
create index if not exists messages_topic_index on realtime.messages (topic);
alter table realtime.messages enable row level security;
alter table realtime.messages owner to supabase_realtime_admin;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
alter function realtime.topic() owner to supabase_realtime_admin;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- The CLI's migration history, so `db:reset` and the stack know what has been applied.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[]
);

-- The REST API's schema cache follows the database's schema, as on Supabase: after any DDL
-- command (and any drop), PostgREST is told to reload with `NOTIFY pgrst, 'reload schema'`.
-- Notifications with the same payload collapse within a transaction, so a migration sends one.
create or replace function extensions.pgrst_ddl_watch() returns event_trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (
    select from pg_catalog.pg_event_trigger_ddl_commands()
    where schema_name is distinct from 'pg_temp'
  ) then
    perform pg_catalog.pg_notify('pgrst', 'reload schema');
  end if;
end
$$;

create or replace function extensions.pgrst_drop_watch() returns event_trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (
    select from pg_catalog.pg_event_trigger_dropped_objects()
    where schema_name is distinct from 'pg_temp'
  ) then
    perform pg_catalog.pg_notify('pgrst', 'reload schema');
  end if;
end
$$;

do $$
begin
  if not exists (select from pg_event_trigger where evtname = 'pgrst_ddl_watch') then
    create event trigger pgrst_ddl_watch on ddl_command_end
      execute function extensions.pgrst_ddl_watch();
  end if;
  if not exists (select from pg_event_trigger where evtname = 'pgrst_drop_watch') then
    create event trigger pgrst_drop_watch on sql_drop
      execute function extensions.pgrst_drop_watch();
  end if;
end
$$;
