-- Limits that keep the public forms from being used against families or the team:
-- 1. at most 10 rows an hour for one email address in each public form table (an address cannot be
--    flooded with confirmation emails, nor the team with notifications, even by a bulk insert);
-- 2. a coach cannot move a session to another child (which would reveal that family to them);
-- 3. coaches read the profiles of the families they coach only, not every account;
-- 4. signed-in users record only their own sign-in and sign-out in the audit log.

create or replace function private.limit_rows_per_email()
returns trigger
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  recent integer;
begin
  if new.email is null then
    return new;
  end if;
  -- Rows inserted earlier by the same statement are visible here, so a bulk insert is capped too.
  execute format(
    'select count(*) from %I.%I where lower(email) = lower($1) and created_at > now() - interval ''1 hour''',
    tg_table_schema, tg_table_name
  ) into recent using new.email;
  if recent >= 10 then
    raise exception 'Too many requests for this email address. Please try again later.'
      using errcode = 'P0001', hint = 'At most 10 an hour for one email address.';
  end if;
  return new;
end;
$$;

create trigger waitlist_limit_per_email
  before insert on public.waitlist
  for each row execute function private.limit_rows_per_email();

create trigger contact_messages_limit_per_email
  before insert on public.contact_messages
  for each row execute function private.limit_rows_per_email();

create or replace function private.guard_session_child()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null
    and new.child_id is distinct from old.child_id
    and not private.is_admin() then
    raise exception 'Only an admin can move a session to another child.' using errcode = '42501';
  end if;
  return new;
end;
$$;

create trigger coaching_sessions_guard_child
  before update of child_id on public.coaching_sessions
  for each row execute function private.guard_session_child();

-- Whether the caller coaches the family of this profile (a parent of, or the login of, a child they coach).
create or replace function private.coaches_family_of(profile_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.children c
    where (c.parent_id = profile_id or c.user_id = profile_id)
      and private.is_coach_of_child(c.id)
  )
$$;
grant execute on function private.coaches_family_of(uuid) to authenticated, service_role;

drop policy "Admins and coaches read all profiles" on public.profiles;

create policy "Admins read all profiles"
  on public.profiles for select to authenticated
  using ((select private.is_admin()));

create policy "Coaches read the profiles of the families they coach"
  on public.profiles for select to authenticated
  using (private.coaches_family_of(id));

drop policy "Users record their own actions" on public.audit_logs;

create policy "Users record their own sign-in and sign-out"
  on public.audit_logs for insert to authenticated
  with check (
    actor_user_id = (select auth.uid())
    and action in ('USER_LOGIN', 'USER_LOGOUT')
    and entity_type = 'auth'
    and entity_id = (select auth.uid())::text
  );
