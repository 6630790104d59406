-- A profile per auth user, created with the account. The user reads and edits their own names and
-- records their last login; admins and coaches read profiles (names of the families they serve).
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  first_name text check (char_length(first_name) <= 100),
  last_name text check (char_length(last_name) <= 100),
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.profiles enable row level security;

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();

revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (first_name, last_name, last_login_at) on public.profiles to authenticated;

create policy "Users read their own profile"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()));

create policy "Admins and coaches read all profiles"
  on public.profiles for select to authenticated
  using ((select private.is_admin()) or (select private.has_role(auth.uid(), 'coach')));

create policy "Users update their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

create policy "Admins update any profile"
  on public.profiles for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

-- On sign-up: the profile from the sign-up metadata (first_name, last_name: trimmed, at most 100
-- characters, blank as null) and the role 'parent'. Accounts created by the service role may carry
-- app_metadata.initial_role 'coach' or 'child' instead (app_metadata is not writable by users);
-- 'admin' is never granted this way.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  initial public.app_role := 'parent';
begin
  insert into public.profiles (id, first_name, last_name)
  values (
    new.id,
    nullif(left(btrim(coalesce(new.raw_user_meta_data ->> 'first_name', '')), 100), ''),
    nullif(left(btrim(coalesce(new.raw_user_meta_data ->> 'last_name', '')), 100), '')
  )
  on conflict (id) do nothing;

  if coalesce(new.raw_app_meta_data ->> 'initial_role', '') in ('coach', 'child') then
    initial := (new.raw_app_meta_data ->> 'initial_role')::public.app_role;
  end if;
  insert into public.user_roles (user_id, role)
  values (new.id, initial)
  on conflict (user_id, role) do nothing;
  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();
