-- The audit log records the lead's assignee changes and notes, and reads in names (issue 21):
-- 1. LEAD_ASSIGNED when a lead's assignee changes, LEAD_NOTE_ADDED when a note is written on a
--    lead (its text, cut to 200 characters as every audited value), by the same trigger function as
--    the other audited tables, so no client can skip them. Entity: 'lead', the lead's id.
-- 2. audit_log_entries gains entity_name (who or what the entry is about: a person, a lead, a
--    child, a session "Mia with Jordan Ellis") and names (each id in the details with its name),
--    read through definer helpers that answer admins only, as the view's other helpers do.

create trigger leads_audit_assignee after update of assignee_id on public.leads
  for each row when (old.assignee_id is distinct from new.assignee_id)
  execute function private.audit_change('LEAD_ASSIGNED', 'lead', 'id', 'assignee_id');

create trigger lead_events_audit_note after insert on public.lead_events
  for each row when (new.kind = 'note')
  execute function private.audit_change('LEAD_NOTE_ADDED', 'lead', 'lead_id', 'body');

-- An id as text, if it is one.
create or replace function private.as_uuid(value text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then value::uuid
  end
$$;
grant execute on function private.as_uuid(text) to authenticated, service_role;

-- What a person, a child or a coach listing with this id is called (null for anything else).
create or replace function private.audit_name_of(id uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    private.person_name(id),
    (select c.first_name from public.children c where c.id = audit_name_of.id),
    (select co.display_name from public.coaches co where co.id = audit_name_of.id)
  )
  where private.is_admin()
$$;
revoke execute on function private.audit_name_of(uuid) from public;
grant execute on function private.audit_name_of(uuid) to authenticated, service_role;

-- The entry's subject in words, for admins.
create or replace function private.audit_entity_name(entity_type text, entity_id text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select case entity_type
    when 'user' then private.person_name(private.as_uuid(entity_id))
    when 'child' then (select c.first_name from public.children c where c.id = private.as_uuid(entity_id))
    when 'lead' then (select l.name from public.leads l where l.id = private.as_uuid(entity_id))
    when 'waitlist' then (select w.name from public.waitlist w where w.id = private.as_uuid(entity_id))
    when 'coaching_session' then (
      select concat_ws(' with ', c.first_name, co.display_name)
      from public.coaching_sessions s
      left join public.children c on c.id = s.child_id
      left join public.coaches co on co.id = s.coach_id
      where s.id = private.as_uuid(entity_id)
    )
    when 'feature_flag' then entity_id
  end
  where private.is_admin()
$$;
revoke execute on function private.audit_entity_name(text, text) from public;
grant execute on function private.audit_entity_name(text, text) to authenticated, service_role;

-- Every id among the details' values, with its name: {"<uuid>": "Jordan Ellis", ...}.
create or replace function private.audit_names(metadata jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(ids.id, ids.name), '{}'::jsonb)
  from (
    select distinct v.value as id, private.audit_name_of(private.as_uuid(v.value)) as name
    from jsonb_path_query(coalesce(metadata, '{}'::jsonb), 'strict $.**') as j (node)
    cross join lateral (select j.node #>> '{}' as value) as v
    where jsonb_typeof(j.node) = 'string' and private.as_uuid(v.value) is not null
  ) as ids
  where ids.name is not null and private.is_admin()
$$;
revoke execute on function private.audit_names(jsonb) from public;
grant execute on function private.audit_names(jsonb) to authenticated, service_role;

create or replace view public.audit_log_entries
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
  private.account_email(a.actor_user_id) as actor_email,
  private.audit_entity_name(a.entity_type, a.entity_id) as entity_name,
  private.audit_names(a.metadata) as names
from public.audit_logs a
left join public.profiles p on p.id = a.actor_user_id;

revoke all on public.audit_log_entries from anon, authenticated;
grant select on public.audit_log_entries to authenticated;
