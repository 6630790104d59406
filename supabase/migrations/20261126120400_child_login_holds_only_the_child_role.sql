-- A child's login is the child's alone (docs/decisions/133): it holds the child role and nothing
-- else, and the child role is given only where child logins are made (the child-accounts function,
-- through the service role and the sign-up trigger's app_metadata.initial_role). Before, an admin
-- could grant the coach or admin role to a child's login from /admin/users, and the child role to
-- anyone. The database now refuses, whoever asks through the API:
-- - the child role next to any other role, in either order;
-- - any role but child for an account that is a child's login (children.user_id), even after its
--   child role was removed;
-- - the child role granted through the API (a request with a JWT subject: an admin's session).
-- Requests without a JWT subject (the service role, the auth service's sign-up trigger, maintenance)
-- may still give the child role, alone.
create or replace function private.guard_child_role()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.role = 'child' then
    if auth.uid() is not null then
      raise exception 'The child role comes only with a child login, made from the family''s page'
        using errcode = '42501', hint = 'A parent gives their child a login on the family page.';
    end if;
    if exists (
      select 1 from public.user_roles r
       where r.user_id = new.user_id and r.role <> 'child' and r.id is distinct from new.id
    ) then
      raise exception 'A child''s login holds only the child role' using errcode = '42501';
    end if;
  elsif exists (
    select 1 from public.user_roles r where r.user_id = new.user_id and r.role = 'child' and r.id is distinct from new.id
  ) or exists (
    select 1 from public.children c where c.user_id = new.user_id
  ) then
    raise exception 'A child''s login holds only the child role' using errcode = '42501',
      hint = 'Staff and parents need an account of their own.';
  end if;
  return new;
end;
$$;
revoke execute on function private.guard_child_role() from public, anon, authenticated;

create trigger user_roles_guard_child_role
  before insert or update of user_id, role on public.user_roles
  for each row execute function private.guard_child_role();

-- The account whose login a child uses: linking a child to an account that holds other roles is
-- refused too (children.user_id is set by the child-accounts function alone).
create or replace function private.guard_child_login_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not null
     and new.user_id is distinct from (case when tg_op = 'UPDATE' then old.user_id end)
     and exists (select 1 from public.user_roles r where r.user_id = new.user_id and r.role <> 'child') then
    raise exception 'A child''s login holds only the child role' using errcode = '42501';
  end if;
  return new;
end;
$$;
revoke execute on function private.guard_child_login_account() from public, anon, authenticated;

create trigger children_guard_child_login_account
  before insert or update of user_id on public.children
  for each row execute function private.guard_child_login_account();
