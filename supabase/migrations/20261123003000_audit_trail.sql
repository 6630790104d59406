-- The audit trail of admin actions, written by the database itself: a trigger on each audited table
-- records who (auth.uid(), the request's JWT subject) did what to which row, so no client can forget
-- an entry or write one for someone else. Changes made without a JWT subject (the service role, the
-- auth service, maintenance as the database owner) are recorded with no actor: the UI shows "System".
--
-- To audit another table, one line:
--   create trigger <table>_audit after insert or update or delete on public.<table>
--     for each row execute function private.audit_change('<PREFIX>_*', '<entity_type>', 'id', '<column>', ...);
-- Arguments: the action ('X_*' becomes X_CREATED / X_UPDATED / X_DELETED by operation), the entity
-- type, the column that identifies the row (entity_id), then the columns worth recording (an update
-- that changes none of them writes nothing; with none listed, every changed column but timestamps).

-- A value as the audit log keeps it: long text cut to 200 characters.
create or replace function private.audit_value(value jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case
    when jsonb_typeof(value) = 'string' and char_length(value #>> '{}') > 200
      then to_jsonb(left(value #>> '{}', 199) || '…')
    else value
  end
$$;

-- The request's user, if they still exist (a deleted account or a forged subject is no actor).
create or replace function private.audit_actor()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u where u.id = auth.uid()
$$;

create or replace function private.audit_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  action text := tg_argv[0];
  entity text := tg_argv[1];
  id_column text := coalesce(nullif(tg_argv[2], ''), 'id');
  tracked text[] := coalesce(tg_argv[3:tg_nargs - 1], '{}'::text[]);
  old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
  new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
  subject jsonb := coalesce(new_row, old_row);
  details jsonb := '{}'::jsonb;
  changes jsonb := '{}'::jsonb;
  actor uuid := private.audit_actor();
  col text;
begin
  if right(action, 2) = '_*' then
    action := left(action, -1)
      || case tg_op when 'INSERT' then 'CREATED' when 'UPDATE' then 'UPDATED' else 'DELETED' end;
  end if;

  if tg_op = 'UPDATE' then
    for col in select key from jsonb_each(new_row) order by key loop
      continue when col in ('created_at', 'updated_at');
      continue when cardinality(tracked) > 0 and not col = any(tracked);
      if new_row -> col is distinct from old_row -> col then
        changes := changes || jsonb_build_object(
          col, jsonb_build_object('from', private.audit_value(old_row -> col), 'to', private.audit_value(new_row -> col))
        );
      end if;
    end loop;
    if changes = '{}'::jsonb then
      return null;
    end if;
    details := jsonb_build_object('changes', changes);
  else
    foreach col in array tracked loop
      if subject ? col then
        details := details || jsonb_build_object(col, private.audit_value(subject -> col));
      end if;
    end loop;
  end if;

  if actor is null then
    details := details || jsonb_build_object('via', coalesce(nullif(auth.role(), ''), 'database'));
  end if;
  if octet_length(details::text) > 8000 then
    details := jsonb_build_object(
      'changed', (select jsonb_agg(k) from jsonb_object_keys(changes) as k), 'truncated', true
    );
  end if;

  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (actor, action, entity, left(subject ->> id_column, 128), details);
  return null;
end;
$$;

-- Roles: the entity is the user whose role changed. The role every new account gets from the sign-up
-- trigger (no JWT subject) is part of signing up, not an admin action, so it is not logged.
create trigger user_roles_audit_grant after insert on public.user_roles
  for each row when (auth.uid() is not null) execute function private.audit_change('ROLE_GRANTED', 'user', 'user_id', 'role');
create trigger user_roles_audit_change after update on public.user_roles
  for each row execute function private.audit_change('ROLE_CHANGED', 'user', 'user_id', 'role');
create trigger user_roles_audit_revoke after delete on public.user_roles
  for each row execute function private.audit_change('ROLE_REVOKED', 'user', 'user_id', 'role');

create trigger feature_flags_audit after insert or update or delete on public.feature_flags
  for each row execute function private.audit_change('FLAG_*', 'feature_flag', 'key', 'enabled', 'description');

create trigger waitlist_audit_status after update of status on public.waitlist
  for each row when (old.status is distinct from new.status)
  execute function private.audit_change('LEAD_STATUS_CHANGED', 'waitlist', 'id', 'status');

create trigger coaching_sessions_audit after insert or update or delete on public.coaching_sessions
  for each row execute function private.audit_change(
    'SESSION_*', 'coaching_session', 'id', 'child_id', 'coach_id', 'starts_at', 'duration_minutes', 'status'
  );

-- Account events happen in the auth service (invitations, bans), which has no JWT subject. The
-- admin-users function acts for an admin through the auth admin API and stamps
-- app_metadata.admin_action = {action, by, at} in the same update (app_metadata is writable by the
-- service role only), so the entry names the admin. A ban changed any other way is the system's.
create or replace function private.audit_account_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  was_banned boolean := old.banned_until is not null and old.banned_until > now();
  is_banned boolean := new.banned_until is not null and new.banned_until > now();
  request jsonb := new.raw_app_meta_data -> 'admin_action';
  fresh boolean := jsonb_typeof(new.raw_app_meta_data -> 'admin_action') = 'object'
    and (new.raw_app_meta_data -> 'admin_action') is distinct from (old.raw_app_meta_data -> 'admin_action');
  actor uuid;
  action text;
begin
  if fresh and coalesce(request ->> 'by', '') ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    select u.id into actor from auth.users u where u.id = (request ->> 'by')::uuid;
  end if;
  if was_banned <> is_banned then
    action := case when is_banned then 'USER_DEACTIVATED' else 'USER_REACTIVATED' end;
  elsif fresh and request ->> 'action' = 'invite' then
    action := 'USER_INVITED';
  else
    return null;
  end if;
  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (
    actor, action, 'user', new.id::text,
    jsonb_build_object('email', new.email)
      || case when actor is null then jsonb_build_object('via', 'auth') else '{}'::jsonb end
      || case when request ? 'role' and action = 'USER_INVITED'
           then jsonb_build_object('role', request -> 'role') else '{}'::jsonb end
  );
  return null;
end;
$$;

create trigger users_audit_account_changes
  after update on auth.users
  for each row execute function private.audit_account_change();

-- The audit screen's rows: each entry with its actor's name and email. Security invoker, so the
-- audit_logs policy decides (admins only); the email comes from auth.users through a definer
-- function that answers admins only.
create or replace function private.account_email(account uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select u.email::text from auth.users u where u.id = account and private.is_admin()
$$;
revoke execute on function private.account_email(uuid) from public;
grant execute on function private.account_email(uuid) to authenticated, service_role;

create view public.audit_log_entries
with (security_invoker = true)
as
select
  a.id,
  a.created_at,
  a.action,
  a.entity_type,
  a.entity_id,
  a.metadata,
  a.actor_user_id,
  p.first_name as actor_first_name,
  p.last_name as actor_last_name,
  private.account_email(a.actor_user_id) as actor_email
from public.audit_logs a
left join public.profiles p on p.id = a.actor_user_id;

revoke all on public.audit_log_entries from anon, authenticated;
grant select on public.audit_log_entries to authenticated;

create index audit_logs_entity_idx on public.audit_logs (entity_type, created_at desc);

-- The actions and entity types present in the log, for the screen's filters.
create or replace function public.audit_log_facets()
returns table (action text, entity_type text, entries bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select a.action, a.entity_type, count(*)
  from public.audit_logs a
  group by a.action, a.entity_type
  order by a.action, a.entity_type
$$;
revoke execute on function public.audit_log_facets() from public, anon;
grant execute on function public.audit_log_facets() to authenticated, service_role;
