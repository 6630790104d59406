-- The staff side of messages follows one channel a person, not one a family: a new message is
-- broadcast from the database (Realtime's `realtime.send`, after commit) to
-- `staff-messages:<user_id>` of each coach of the family and of each admin, carrying only the
-- family's id; their inbox and nav badge read again. A coach of 60 families, or an admin of 10,000,
-- holds one channel (docs/decisions/211-staff-messages-channel.md). The family's own screens keep
-- the conversation's channel, `family-messages:<family_id>`.

create or replace function private.broadcast_family_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  staff uuid;
begin
  for staff in
    select co.user_id
      from public.children c
      join public.coaches co on co.id = c.coach_id
     where c.parent_id = new.family_id and co.user_id is not null
    union
    select r.user_id from public.user_roles r where r.role = 'admin'
  loop
    perform realtime.send(
      jsonb_build_object('family_id', new.family_id),
      'message',
      'staff-messages:' || staff::text,
      true
    );
  end loop;
  return null;
end;
$$;
revoke execute on function private.broadcast_family_message() from public;

create trigger family_messages_broadcast
  after insert on public.family_messages
  for each row execute function private.broadcast_family_message();

-- Only the person themself, a coach or an admin signed in as staff must be (two-factor), joins their
-- staff channel.
create policy "Staff follow their own messages channel"
  on realtime.messages for select to authenticated
  using (
    extension = 'broadcast'
    and (select realtime.topic()) = 'staff-messages:' || (select auth.uid())::text
    and (
      (select private.has_role((select auth.uid()), 'coach'))
      or (select private.is_admin())
    )
    and (select private.meets_staff_two_factor())
  );
