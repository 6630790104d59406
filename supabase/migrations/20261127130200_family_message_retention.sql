-- How long family messages are kept (docs/decisions/187-family-message-retention.md): while the
-- family has its account, and no longer than two years after each was sent. The family's deletion
-- removes all of them at once (the foreign keys cascade from the parent's account); this daily job
-- removes what passed two years, and the delivery records of the emails about them after 90 days.
create or replace function private.purge_old_family_messages(at timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.family_messages m where m.created_at < at - interval '2 years';
  get diagnostics removed = row_count;
  delete from public.family_message_emails e
   where e.outcome is not null and e.created_at < at - interval '90 days';
  return removed;
end;
$$;
revoke execute on function private.purge_old_family_messages(timestamptz) from public;
grant execute on function private.purge_old_family_messages(timestamptz) to service_role;

select cron.schedule('family-message-retention', '17 3 * * *', $$select private.purge_old_family_messages()$$);
