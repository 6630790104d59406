-- Schemas, extensions, types, default privileges, roles
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

create schema if not exists "private";

create extension if not exists "btree_gist" with schema "extensions" version '1.7';

create extension if not exists "pg_trgm" with schema "extensions" version '1.6';

create type "public"."app_role" as enum ('admin', 'coach', 'parent', 'child');

alter role "authenticator" set pgrst.db_pre_request = 'private.check_request';

revoke all on schema private from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant usage on schema private to "anon";
grant usage on schema private to "authenticated";
grant usage on schema private to "service_role";
grant usage on schema private to "supabase_auth_admin";

revoke all on schema public from "anon", "authenticated", public, "service_role", "supabase_auth_admin";
grant usage on schema public to "anon";
grant usage on schema public to "authenticated";
grant usage on schema public to public;
grant usage on schema public to "service_role";
grant usage on schema public to "supabase_auth_admin";
