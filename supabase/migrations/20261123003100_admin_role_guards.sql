-- Two rules about admins, kept by the database whoever asks:
-- 1. nobody removes their own admin role (another admin must do it);
-- 2. the product keeps at least one admin who can sign in: the admin role of the last admin whose
--    account is not deactivated cannot be removed, and that admin cannot be deactivated.
-- (private.keep_last_admin, from the roles migration, still refuses removing the last admin role.)

-- Whether an account other than `except_user` holds the admin role and is not banned.
create or replace function private.other_active_admin_exists(except_user uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.user_roles r
    join auth.users u on u.id = r.user_id
    where r.role = 'admin'
      and r.user_id <> except_user
      and (u.banned_until is null or u.banned_until <= now())
  )
$$;

create or replace function private.guard_admin_roles()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Without a JWT subject (service role, account deletion, maintenance) only rule 2 via keep_last_admin.
  if auth.uid() is null or old.role <> 'admin' then
    return coalesce(new, old);
  end if;
  if tg_op = 'UPDATE' and new.role = 'admin' and new.user_id = old.user_id then
    return new;
  end if;
  if old.user_id = auth.uid() then
    raise exception 'You cannot remove your own admin role'
      using errcode = '42501', hint = 'Ask another admin to do it.';
  end if;
  if not private.other_active_admin_exists(old.user_id) then
    raise exception 'The last admin role cannot be removed'
      using errcode = '42501', hint = 'Grant the admin role to another user first.';
  end if;
  return coalesce(new, old);
end;
$$;

create trigger user_roles_guard_admin_roles
  before update or delete on public.user_roles
  for each row execute function private.guard_admin_roles();

create or replace function private.guard_last_admin_ban()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.banned_until is not null and new.banned_until > now()
    and (old.banned_until is null or old.banned_until <= now())
    and private.has_role(new.id, 'admin')
    and not private.other_active_admin_exists(new.id) then
    raise exception 'The last admin cannot be deactivated'
      using errcode = '42501', hint = 'Grant the admin role to another user first.';
  end if;
  return new;
end;
$$;

create trigger users_guard_last_admin_ban
  before update of banned_until on auth.users
  for each row execute function private.guard_last_admin_ban();
