-- Deleting a family (private.delete_family_data, 20261123006700_family_data.sql) left two things
-- behind: the family's Stripe customer, whose later events the webhook could not place, and each
-- child's username in the audit entries about their login (CHILD_LOGIN_CREATED / _UPDATED /
-- _DELETED: {username} or {changes: {username: {from, to}}}). Now the customer's id is remembered
-- in public.deleted_billing_customers, and the usernames are removed from those entries, the
-- removal this deletion itself causes included (it is written when the children go, above the
-- scrub). The rest is unchanged.

create or replace function private.delete_family_data(account uuid)
returns uuid[]
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  rows jsonb := private.family_rows(account);
  logins uuid[];
  children uuid[];
  counts jsonb;
begin
  if rows = '{}'::jsonb then
    raise exception 'No such account.' using errcode = 'P0002';
  end if;
  if private.has_role(account, 'admin') or private.has_role(account, 'coach') then
    raise exception 'A team member''s account is removed by an admin, not from the family page.'
      using errcode = '42501';
  end if;
  select coalesce(array_agg(c.id), '{}'), coalesce(array_agg(c.user_id) filter (where c.user_id is not null), '{}')
    into children, logins
    from public.children c where c.parent_id = account;
  select coalesce(jsonb_object_agg(key, jsonb_array_length(value) order by key), '{}'::jsonb) into counts
    from jsonb_each(rows) where key <> 'auth.users';

  delete from public.leads l
   where l.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'leads') r);
  delete from public.waitlist w
   where w.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'waitlist') r);
  delete from public.contact_messages m
   where m.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'contact_messages') r);
  delete from public.quiz_assessments q
   where q.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'quiz_assessments') r);
  delete from public.newsletter_subscribers n
   where n.id::text in (select r ->> 'id' from jsonb_array_elements(rows -> 'newsletter_subscribers') r);
  delete from private.mail_send_attempts a
   where lower(a.recipient) = private.confirmed_email(account);
  -- The Stripe customer (already deleted at Stripe by the family-data function) is remembered, so
  -- the webhook acknowledges Stripe's last events about it (docs/decisions/131).
  insert into public.deleted_billing_customers (stripe_customer_id)
  select b.stripe_customer_id from public.billing_customers b where b.parent_id = account
  on conflict (stripe_customer_id) do nothing;
  delete from public.coaching_sessions s where s.parent_id = account;
  delete from public.children c where c.parent_id = account;

  update public.audit_logs a
     set metadata = a.metadata - 'email'
   where a.entity_type = 'user' and a.entity_id in (select x::text from unnest(array[account] || logins) x)
     and a.metadata ? 'email';
  -- A child's username is theirs: the entries about their login (created, renamed, removed, this
  -- deletion's own removal included) keep what happened and when, not the name.
  update public.audit_logs a
     set metadata = case
           when jsonb_typeof(a.metadata -> 'changes') = 'object'
             then jsonb_set(a.metadata - 'username', '{changes}', (a.metadata -> 'changes') - 'username')
           else a.metadata - 'username'
         end
   where a.entity_type = 'child' and a.entity_id in (select x::text from unnest(children) x)
     and a.action like 'CHILD\_LOGIN\_%'
     and (a.metadata ? 'username' or coalesce(a.metadata -> 'changes', '{}'::jsonb) ? 'username');

  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (
    null, 'FAMILY_DELETED', 'user', account::text,
    jsonb_build_object(
      'requested_by', account,
      'children', to_jsonb(children),
      'child_logins', to_jsonb(logins),
      'rows', counts
    )
  );
  return logins;
end;
$$;
revoke execute on function private.delete_family_data(uuid) from public;
grant execute on function private.delete_family_data(uuid) to service_role;
