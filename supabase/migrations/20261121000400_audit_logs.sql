-- An append-only record of who did what (USER_LOGIN, USER_LOGOUT, and admin actions). A signed-in
-- user writes entries only as themselves; only admins read them; nobody edits or deletes them
-- through the API.
create table public.audit_logs (
  id uuid primary key default gen_random_uuid(),
  actor_user_id uuid references auth.users (id) on delete set null,
  action text not null check (action ~ '^[A-Z][A-Z_]{2,63}$'),
  entity_type text check (char_length(entity_type) between 1 and 64),
  entity_id text check (char_length(entity_id) between 1 and 128),
  metadata jsonb not null default '{}'::jsonb
    check (jsonb_typeof(metadata) = 'object' and octet_length(metadata::text) <= 8192),
  created_at timestamptz not null default now()
);
alter table public.audit_logs enable row level security;
create index audit_logs_created_at_idx on public.audit_logs (created_at desc);
create index audit_logs_actor_idx on public.audit_logs (actor_user_id, created_at desc);
create index audit_logs_action_idx on public.audit_logs (action, created_at desc);

revoke all on public.audit_logs from anon, authenticated;
grant select on public.audit_logs to authenticated;
grant insert (actor_user_id, action, entity_type, entity_id, metadata) on public.audit_logs to authenticated;

create policy "Users record their own actions"
  on public.audit_logs for insert to authenticated
  with check (actor_user_id = (select auth.uid()));

create policy "Admins read the audit log"
  on public.audit_logs for select to authenticated
  using ((select private.is_admin()));
