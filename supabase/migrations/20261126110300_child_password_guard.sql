-- A child's password or PIN is the parent's to set (docs/decisions/127-child-secret-set-by-parent.md).
-- Before, a child's session changed it with `PUT /auth/v1/user` (supabase.auth.updateUser), around
-- the parent's PIN rules. Supabase Auth writes every password change (the user's own, a recovery,
-- the admin API) as the same update of auth.users, so the database refuses a change of a child
-- login's password unless public.set_child_login_secret (the service role, for the child-accounts
-- function, after it checked the caller is the parent and the secret's rules) makes it.
create or replace function private.guard_child_password()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (coalesce(new.raw_app_meta_data ->> 'child_login', '') = 'true'
      or exists (select 1 from public.child_logins l where l.user_id = new.id))
    and coalesce(current_setting('ploom.child_secret_change', true), '') <> 'parent' then
    raise exception 'A child''s password or PIN is changed by their parent'
      using errcode = '42501',
        hint = 'The parent changes it at /app/account/children.';
  end if;
  return new;
end;
$$;

create trigger users_guard_child_password
  before update of encrypted_password on auth.users
  for each row
  when (old.encrypted_password is distinct from new.encrypted_password)
  execute function private.guard_child_password();

-- Sets a child login's secret, hashed as Auth hashes (bcrypt, cost 10); the child-accounts
-- function has checked the caller is the parent and the secret's rules, checked again here.
create or replace function private.set_child_login_secret(login_user uuid, secret text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if secret is null or char_length(secret) < 8 or octet_length(secret) > 72 then
    raise exception 'A password or PIN has 8 to 72 characters' using errcode = '22023';
  end if;
  if not exists (select 1 from public.child_logins l where l.user_id = login_user) then
    raise exception 'No such child login' using errcode = 'P0002';
  end if;
  perform set_config('ploom.child_secret_change', 'parent', true);
  update auth.users
    set encrypted_password = extensions.crypt(secret, extensions.gen_salt('bf', 10)),
        updated_at = now()
    where id = login_user;
  perform set_config('ploom.child_secret_change', '', true);
end;
$$;
revoke execute on function private.set_child_login_secret(uuid, text) from public, anon, authenticated;
grant execute on function private.set_child_login_secret(uuid, text) to service_role;

create or replace function public.set_child_login_secret(login_user uuid, secret text)
returns void
language sql
security invoker
set search_path = ''
as $$
  select private.set_child_login_secret(login_user, secret)
$$;
revoke execute on function public.set_child_login_secret(uuid, text) from public, anon, authenticated;
grant execute on function public.set_child_login_secret(uuid, text) to service_role;
