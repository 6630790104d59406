-- Everything no domain claims (add a pattern in scripts/lib/db-schemas/layout.ts)
-- The database as it is (supabase/schemas, see CONVENTIONS.md "Changing the database").

-- Function bodies are checked when called, not here: objects they use may come in later files.
set check_function_bodies = off;

create table "private"."form_save_attempts" (
    "id" bigint generated always as identity not null,
    "form" text not null,
    "client" text not null,
    "created_at" timestamp with time zone not null default now()
      );

CREATE INDEX form_save_attempts_client_idx ON private.form_save_attempts USING btree (client, created_at);

CREATE INDEX form_save_attempts_created_at_idx ON private.form_save_attempts USING btree (created_at);

CREATE UNIQUE INDEX form_save_attempts_pkey ON private.form_save_attempts USING btree (id);

alter table "private"."form_save_attempts" add constraint "form_save_attempts_pkey" PRIMARY KEY using index "form_save_attempts_pkey";

alter table "private"."form_save_attempts" add constraint "form_save_attempts_client_check" CHECK (((char_length(client) >= 1) AND (char_length(client) <= 64))) not valid;

alter table "private"."form_save_attempts" validate constraint "form_save_attempts_client_check";

alter table "private"."form_save_attempts" add constraint "form_save_attempts_form_check" CHECK ((form ~ '^[a-z][a-z_]{0,62}$'::text)) not valid;

alter table "private"."form_save_attempts" validate constraint "form_save_attempts_form_check";

alter table "private"."form_save_attempts" enable row level security;

revoke all on sequence private.form_save_attempts_id_seq from "anon", "authenticated", public, "service_role";

revoke all on table private.form_save_attempts from "anon", "authenticated", public, "service_role";
