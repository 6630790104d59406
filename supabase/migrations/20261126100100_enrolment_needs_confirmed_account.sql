-- Enrolment attaches a child only to an account that the lead's address owner holds
-- (docs/decisions/121). Before, anyone who signed up with a lead's address before the team enrolled
-- it received the child, the sessions and the room: the enrolment matched any account by email.
-- Now an account whose address was never confirmed is not the family's: the enrol-lead function
-- removes such a sign-up (it never could sign in) and invites the address instead, and
-- private.enrol_lead refuses it if called directly.
--
-- Redefined from its latest definition: private.enrol_lead
-- (20261124000000_staff_two_factor_in_functions.sql).

-- A lead becomes a family: reads the lead and the parent's account, writes roles and a child.
create or replace function private.enrol_lead(lead_id uuid, child_first_name text, child_age smallint)
returns table (parent_id uuid, child_id uuid, already_enrolled boolean)
language plpgsql
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  lead public.leads%rowtype;
  parent uuid;
  child uuid;
  wanted_name text := btrim(coalesce(child_first_name, ''));
begin
  if not private.is_admin() then
    raise exception 'Only admins enrol leads' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  select * into lead from public.leads l where l.id = enrol_lead.lead_id for update;
  if not found then
    raise exception 'Lead not found' using errcode = 'P0002';
  end if;
  if lead.enrolled_child_id is not null then
    return query select lead.enrolled_parent_id, lead.enrolled_child_id, true;
    return;
  end if;
  if char_length(wanted_name) not between 1 and 50 then
    raise exception 'The child''s first name is required (at most 50 characters).' using errcode = '22023';
  end if;
  if child_age is not null and child_age not between 3 and 18 then
    raise exception 'The child''s age must be between 3 and 18.' using errcode = '22023';
  end if;
  -- Only an account that the address's owner holds: confirmed, or our invitation not yet accepted
  -- (no password: only the emailed link opens it). A sign-up that never confirmed may be anyone's.
  select u.id into parent from auth.users u
   where lower(u.email) = lower(lead.email)
     and (u.email_confirmed_at is not null
          or (u.invited_at is not null and coalesce(u.encrypted_password, '') = ''));
  if parent is null then
    raise exception 'No account for % yet: invite the parent first.', lead.email using errcode = 'P0002';
  end if;
  insert into public.user_roles (user_id, role) values (parent, 'parent')
  on conflict (user_id, role) do nothing;
  select c.id into child
  from public.children c
  where c.parent_id = parent and lower(c.first_name) = lower(wanted_name)
  limit 1;
  if child is null then
    insert into public.children (parent_id, first_name, age_band, birth_year, focus_areas)
    values (
      parent, wanted_name, child_age::text,
      case when child_age is not null then (extract(year from now())::int - child_age)::smallint end,
      case when lead.focus_area in ('emotions', 'confidence', 'focus', 'connection', 'other')
        then array[lead.focus_area] else '{}'::text[] end
    )
    returning id into child;
  end if;
  update public.leads l
     set status = 'enrolled', enrolled_parent_id = parent, enrolled_child_id = child
   where l.id = lead.id;
  return query select parent, child, false;
end;
$$;


-- The sign-up with this address that never confirmed it (a password chosen by whoever signed up),
-- if any: the enrol-lead function removes it before inviting the address's owner.
create or replace function private.unconfirmed_sign_up_for(address text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u
   where lower(u.email) = lower(btrim(address))
     and u.email_confirmed_at is null
     and coalesce(u.encrypted_password, '') <> ''
$$;
revoke execute on function private.unconfirmed_sign_up_for(text) from public;
grant execute on function private.unconfirmed_sign_up_for(text) to service_role;

-- For the service role only (the enrol-lead function); never the browser.
create or replace function public.unconfirmed_sign_up_for(address text)
returns uuid
language sql
stable
set search_path = ''
as $$
  select private.unconfirmed_sign_up_for(address)
$$;
revoke execute on function public.unconfirmed_sign_up_for(text) from public, anon, authenticated;
grant execute on function public.unconfirmed_sign_up_for(text) to service_role;
