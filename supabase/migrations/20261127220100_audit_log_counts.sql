-- The audit log's exact count, kept (issue 25; docs/decisions/213). One entity type holds 40% of the
-- log at the scale seed, and its count read 40,098 index entries a page (54 ms at p95); the facets
-- the filters offer grouped all 100,000 entries on every visit. The number of entries per action,
-- entity type and whether an actor is named (the "System" filter) is kept as entries arrive, are
-- edited (an actor's account deleted sets the actor to null) or go, as changes, the same way as the
-- sessions' (20261127220000). The screen asks for it when no actor or date filter is set (or the
-- actor filter is "System"), and only an admin past the staff two-factor check is answered from it.
--
-- Redefines public.audit_log_facets (latest: 20261123003000_audit_trail.sql): the same rows, from
-- the kept numbers for an admin.

create table private.audit_log_counts (
  action text not null,
  entity_type text,
  -- no actor (the "System" filter: actor_user_id is null)
  system boolean not null,
  entries bigint not null
);

comment on table private.audit_log_counts is
  'Changes to the number of audit_logs entries per action, entity type and actorless-ness (sum them); kept by triggers on audit_logs.';

alter table private.audit_log_counts enable row level security;
revoke all on private.audit_log_counts from public, anon, authenticated;

create function private.audit_logs_count_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.audit_log_counts (action, entity_type, system, entries)
    select n.action, n.entity_type, n.actor_user_id is null, count(*)
      from new_rows n group by 1, 2, 3;
  elsif tg_op = 'DELETE' then
    insert into private.audit_log_counts (action, entity_type, system, entries)
    select o.action, o.entity_type, o.actor_user_id is null, -count(*)
      from old_rows o group by 1, 2, 3;
  elsif tg_op = 'UPDATE' then
    insert into private.audit_log_counts (action, entity_type, system, entries)
    select t.action, t.entity_type, t.system, sum(t.change)
      from (
        select n.action, n.entity_type, n.actor_user_id is null as system, 1 as change from new_rows n
        union all
        select o.action, o.entity_type, o.actor_user_id is null, -1 from old_rows o
      ) t
     group by 1, 2, 3
    having sum(t.change) <> 0;
  elsif tg_op = 'TRUNCATE' then
    delete from private.audit_log_counts;
  end if;
  return null;
end;
$$;
revoke all on function private.audit_logs_count_changes() from public, anon, authenticated;

create trigger audit_logs_count_inserts
  after insert on public.audit_logs
  referencing new table as new_rows
  for each statement execute function private.audit_logs_count_changes();
create trigger audit_logs_count_updates
  after update on public.audit_logs
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.audit_logs_count_changes();
create trigger audit_logs_count_deletes
  after delete on public.audit_logs
  referencing old table as old_rows
  for each statement execute function private.audit_logs_count_changes();
create trigger audit_logs_count_truncates
  after truncate on public.audit_logs
  for each statement execute function private.audit_logs_count_changes();

create function private.rebuild_audit_log_counts()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.audit_log_counts;
  insert into private.audit_log_counts (action, entity_type, system, entries)
  select a.action, a.entity_type, a.actor_user_id is null, count(*)
    from public.audit_logs a group by 1, 2, 3;
$$;
revoke all on function private.rebuild_audit_log_counts() from public, anon, authenticated;

select private.rebuild_audit_log_counts();

-- The kept number for a caller who reads the whole log (admins, past the two-factor check); null
-- for anyone else. A null action or entity type is no filter; system_only counts actorless entries.
create function private.kept_audit_count(action text, entity_type text, system_only boolean)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select case when private.is_admin() and private.meets_staff_two_factor() then (
    select coalesce(sum(k.entries), 0)::bigint
      from private.audit_log_counts k
     where (kept_audit_count.action is null or k.action = kept_audit_count.action)
       and (kept_audit_count.entity_type is null or k.entity_type = kept_audit_count.entity_type)
       and (not kept_audit_count.system_only or k.system)
  ) end
$$;
revoke all on function private.kept_audit_count(text, text, boolean) from public, anon;
grant execute on function private.kept_audit_count(text, text, boolean) to authenticated, service_role;

-- The actions and entity types in the log with their entries, from the kept numbers; no rows for
-- anyone who does not read the whole log.
create function private.kept_audit_facets()
returns table (action text, entity_type text, entries bigint)
language sql
stable
security definer
set search_path = ''
as $$
  select k.action, k.entity_type, sum(k.entries)::bigint
    from private.audit_log_counts k
   where private.is_admin() and private.meets_staff_two_factor()
   group by k.action, k.entity_type
  having sum(k.entries) > 0
$$;
revoke all on function private.kept_audit_facets() from public, anon;
grant execute on function private.kept_audit_facets() to authenticated, service_role;

-- The audit log's count for the screen's filters that the kept numbers hold (action, entity type,
-- "System"): the kept number, or the entries the caller may read counted under row level security.
create function public.audit_log_count(
  action text default null,
  entity_type text default null,
  system_only boolean default false
)
returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    private.kept_audit_count(audit_log_count.action, audit_log_count.entity_type, audit_log_count.system_only),
    (select count(*) from public.audit_logs a
      where (audit_log_count.action is null or a.action = audit_log_count.action)
        and (audit_log_count.entity_type is null or a.entity_type = audit_log_count.entity_type)
        and (not audit_log_count.system_only or a.actor_user_id is null))
  )
$$;
revoke all on function public.audit_log_count(text, text, boolean) from public, anon;
grant execute on function public.audit_log_count(text, text, boolean) to authenticated, service_role;

-- The actions and entity types present in the log, for the screen's filters: from the kept numbers
-- for an admin, else grouped from the entries the caller may read (security invoker).
create or replace function public.audit_log_facets()
returns table (action text, entity_type text, entries bigint)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if private.kept_audit_count(null, null, false) is not null then
    return query
    select k.action, k.entity_type, k.entries from private.kept_audit_facets() k
     order by k.action, k.entity_type;
  else
    return query
    select a.action, a.entity_type, count(*)
      from public.audit_logs a
     group by a.action, a.entity_type
     order by a.action, a.entity_type;
  end if;
end;
$$;
revoke execute on function public.audit_log_facets() from public, anon;
grant execute on function public.audit_log_facets() to authenticated, service_role;
