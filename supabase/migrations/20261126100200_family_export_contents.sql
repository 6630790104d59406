-- What a parent's export holds (docs/decisions/120): the family's data as family_rows defines it,
-- less the team's records of its own work: the history of a lead (lead_events: status changes,
-- assignments, the team's notes), and on the rows the family sent us, the team's workflow columns
-- (status, assignee, notes, when the team first answered). The export names what it leaves out and
-- how to ask for it. The coaches' session notes about the child stay in: they are the record of the
-- child's coaching (decision 092), and the coach's screen says so where they are written.
-- The deletion still removes everything family_rows finds, these records included.
--
-- Redefined from its latest definition: private.export_family_data (20261123006700_family_data.sql).

-- Table by table: columns = null leaves the whole table out; otherwise those columns.
create or replace function private.export_leaves_out()
returns table (table_name text, columns text[], what text)
language sql
immutable
set search_path = ''
as $$
  values
    ('lead_events', null::text[], 'The team''s history of your enquiry: status changes, assignments and internal notes.'),
    ('leads', array['status', 'assignee_id', 'first_response_at', 'search_text'],
     'The team''s workflow on your enquiry: its status, who works it, when we first replied.'),
    ('waitlist', array['status', 'notes'], 'The team''s status and internal notes on your request.'),
    ('contact_messages', array['status'], 'The team''s status on your message.')
$$;
revoke execute on function private.export_leaves_out() from public;

create or replace function private.export_family_data()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  account uuid := auth.uid();
  rows jsonb;
  tables jsonb;
begin
  if account is null or not private.has_role(account, 'parent') then
    raise exception 'Only a parent''s account can export the family''s data.' using errcode = '42501';
  end if;
  rows := private.family_rows(account);
  -- The family's rows, less the team's records of its own work (private.export_leaves_out).
  select coalesce(jsonb_object_agg(t.key, t.value order by t.key), '{}'::jsonb) into tables
    from (
      select r.key,
             (select coalesce(jsonb_agg(row_value - coalesce(o.columns, '{}'::text[])), '[]'::jsonb)
                from jsonb_array_elements(r.value) as row_value) as value
        from jsonb_each(rows) r
        left join private.export_leaves_out() o on o.table_name = r.key
       where r.key <> 'auth.users' and (o.table_name is null or o.columns is not null)
    ) t;
  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (account, 'FAMILY_DATA_EXPORTED', 'user', account::text, '{}'::jsonb);
  return jsonb_build_object(
    'format', 'ploom-family-data',
    'version', 2,
    'exported_at', now(),
    'account', (
      select jsonb_build_object('id', u.id, 'email', u.email, 'created_at', u.created_at,
                                'last_sign_in_at', u.last_sign_in_at)
        from auth.users u where u.id = account
    ),
    'child_logins', coalesce((
      select jsonb_agg(jsonb_build_object('id', u.id, 'child_id', c.id, 'login', u.email,
                                          'created_at', u.created_at, 'last_sign_in_at', u.last_sign_in_at)
                       order by c.created_at)
        from public.children c join auth.users u on u.id = c.user_id
       where c.parent_id = account
    ), '[]'::jsonb),
    'tables', tables,
    'not_included', (
      select coalesce(jsonb_agg(jsonb_build_object('table', o.table_name, 'columns', to_jsonb(o.columns),
                                                   'what', o.what) order by o.table_name), '[]'::jsonb)
        from private.export_leaves_out() o
    ),
    'more', 'The team''s own records of your enquiry (its status, assignments, notes and history) are not '
            || 'in this file. To see them too, choose "Privacy or my data" on our contact form, or email us '
            || 'from the address of this account.'
  );
end;
$$;
revoke execute on function private.export_family_data() from public;
grant execute on function private.export_family_data() to authenticated;
