-- The kept list counts (20261127220000, 20261127220100; docs/decisions/213) grow a row per writing
-- statement; once a minute each key's rows are folded into one. A fold deletes the rows it sees and
-- inserts their sum in one statement: rows written meanwhile are not seen and stay, and of two folds
-- at once the second skips the rows the first deleted (it waits for them, then finds them gone), so
-- no change is counted twice or lost. Readers see the rows before or after, never a mixture.

create function private.compact_kept_counts()
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from private.session_status_counts k group by k.status having count(*) > 1) then
    with gone as (
      delete from private.session_status_counts returning status, sessions
    )
    insert into private.session_status_counts (status, sessions)
    select g.status, sum(g.sessions) from gone g group by g.status having sum(g.sessions) <> 0;
  end if;
  if exists (
    select 1 from private.audit_log_counts k
     group by k.action, k.entity_type, k.system having count(*) > 1
  ) then
    with gone as (
      delete from private.audit_log_counts returning action, entity_type, system, entries
    )
    insert into private.audit_log_counts (action, entity_type, system, entries)
    select g.action, g.entity_type, g.system, sum(g.entries)
      from gone g group by g.action, g.entity_type, g.system having sum(g.entries) <> 0;
  end if;
end;
$$;
revoke all on function private.compact_kept_counts() from public, anon, authenticated;

select cron.schedule('kept-counts-compaction', '* * * * *', $$select private.compact_kept_counts()$$);
