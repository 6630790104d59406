-- The sessions list's exact count, kept (issue 25; docs/decisions/213). "Completed" is two thirds of
-- every session: at the scale seed its count read 128,746 index entries a page (72 ms at p95), and
-- no index makes counting most of a table cheap. The number of sessions in each status is kept as
-- rows change, and the list asks for it when its filter is one the kept numbers answer exactly (a
-- status, "not cancelled", or none, with no date, coach or child), and only for a caller who reads
-- every session (an admin past the staff two-factor check). Anyone else, and any other filter, is
-- counted under row level security as before.
--
-- The numbers are kept as changes (a row per statement and status: +n, -n), never by updating one
-- row per status: two transactions that change sessions never wait on each other for a counter,
-- and cannot deadlock over one. Reading sums a status's rows; private.compact_kept_counts folds
-- them (20261127220200).

create table private.session_status_counts (
  status text not null,
  sessions bigint not null
);

comment on table private.session_status_counts is
  'Changes to the number of coaching_sessions in each status (sum them); kept by triggers on coaching_sessions.';

alter table private.session_status_counts enable row level security;
revoke all on private.session_status_counts from public, anon, authenticated;

-- Each statement's net change per status (an update that leaves the status as it was adds nothing).
-- One function for the three events: PL/pgSQL plans a branch's statement only when it runs, so each
-- reads only the transition tables its event has.
create function private.coaching_sessions_count_changes()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    insert into private.session_status_counts (status, sessions)
    select n.status, count(*) from new_rows n group by n.status;
  elsif tg_op = 'DELETE' then
    insert into private.session_status_counts (status, sessions)
    select o.status, -count(*) from old_rows o group by o.status;
  elsif tg_op = 'UPDATE' then
    insert into private.session_status_counts (status, sessions)
    select t.status, sum(t.change)
      from (
        select n.status, 1 as change from new_rows n
        union all
        select o.status, -1 from old_rows o
      ) t
     group by t.status
    having sum(t.change) <> 0;
  elsif tg_op = 'TRUNCATE' then
    delete from private.session_status_counts;
  end if;
  return null;
end;
$$;
revoke all on function private.coaching_sessions_count_changes() from public, anon, authenticated;

create trigger coaching_sessions_count_inserts
  after insert on public.coaching_sessions
  referencing new table as new_rows
  for each statement execute function private.coaching_sessions_count_changes();
create trigger coaching_sessions_count_updates
  after update on public.coaching_sessions
  referencing old table as old_rows new table as new_rows
  for each statement execute function private.coaching_sessions_count_changes();
create trigger coaching_sessions_count_deletes
  after delete on public.coaching_sessions
  referencing old table as old_rows
  for each statement execute function private.coaching_sessions_count_changes();
create trigger coaching_sessions_count_truncates
  after truncate on public.coaching_sessions
  for each statement execute function private.coaching_sessions_count_changes();

-- Every status again from the table (after a bulk load with the triggers off, and once here).
create function private.rebuild_session_status_counts()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.session_status_counts;
  insert into private.session_status_counts (status, sessions)
  select s.status, count(*) from public.coaching_sessions s group by s.status;
$$;
revoke all on function private.rebuild_session_status_counts() from public, anon, authenticated;

select private.rebuild_session_status_counts();

-- The kept number for a caller who reads every session (the read policy's admin arm, and the
-- restrictive two-factor policy); null for anyone else, who is counted under row level security.
-- `status`: one status, 'active' for every status but cancelled, or null for all.
create function private.kept_session_count(status text)
returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select case when private.is_admin() and private.meets_staff_two_factor() then (
    select coalesce(sum(k.sessions), 0)::bigint
      from private.session_status_counts k
     where kept_session_count.status is null
        or (kept_session_count.status = 'active' and k.status <> 'cancelled')
        or k.status = kept_session_count.status
  ) end
$$;
revoke all on function private.kept_session_count(text) from public, anon;
grant execute on function private.kept_session_count(text) to authenticated, service_role;

-- The sessions list's count when it filters by status alone (or not at all): the kept number, or
-- the rows the caller may read counted (security invoker, so row level security decides). Anyone
-- the kept number does not answer reads a session only through the read policy's other arms (their
-- family's, their own as the coach, their own as the child; an admin short of two-factor sign-in
-- reads none), so the count names those arms too: the same rows, found through the parent's,
-- coach's and child's indexes instead of a pass over every session (a policy given a new arm must
-- add it here; tests/database/list-counts.test.ts compares this count with the list's). A role that
-- bypasses row level security (the service role) reads, and counts, every session.
create function public.session_list_count(status text default null)
returns bigint
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    private.kept_session_count(session_list_count.status),
    case
      when (select r.rolbypassrls from pg_catalog.pg_roles r where r.rolname = current_user) then
        (select count(*) from public.coaching_sessions s
          where session_list_count.status is null
             or (session_list_count.status = 'active' and s.status <> 'cancelled')
             or s.status = session_list_count.status)
      else
        (select count(*) from public.coaching_sessions s
          where (session_list_count.status is null
                 or (session_list_count.status = 'active' and s.status <> 'cancelled')
                 or s.status = session_list_count.status)
            and (s.parent_id = (select auth.uid())
                 or s.coach_id = (select private.current_coach_id())
                 or s.child_id = (select private.current_child_id())))
    end
  )
$$;
revoke all on function public.session_list_count(text) from public, anon;
grant execute on function public.session_list_count(text) to authenticated, service_role;
