-- The coaches families meet. A coach may have a login (user_id) or be a listing only (the sample
-- coaches on the landing pages). Active coaches are public; admins manage the list.
create table public.coaches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid unique references auth.users (id) on delete set null,
  display_name text not null check (char_length(btrim(display_name)) between 1 and 100),
  title text check (char_length(title) <= 100),
  bio text check (char_length(bio) <= 2000),
  specialties text[] not null default '{}'::text[] check (cardinality(specialties) <= 12),
  photo_url text check (char_length(photo_url) <= 2048),
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.coaches enable row level security;
create index coaches_active_sort_idx on public.coaches (is_active, sort_order);

create trigger coaches_set_updated_at
  before update on public.coaches
  for each row execute function private.set_updated_at();

-- The coaches row of the caller, if the caller is a coach with a login.
create or replace function private.current_coach_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select c.id from public.coaches c where c.user_id = auth.uid()
$$;
grant execute on function private.current_coach_id() to authenticated, service_role;

revoke all on public.coaches from anon, authenticated;
grant select on public.coaches to anon, authenticated;
grant insert (id, user_id, display_name, title, bio, specialties, photo_url, is_active, sort_order),
  delete on public.coaches to authenticated;
grant update (user_id, display_name, title, bio, specialties, photo_url, is_active, sort_order)
  on public.coaches to authenticated;

create policy "Visitors read active coaches"
  on public.coaches for select to anon
  using (is_active);

create policy "Signed-in users read active coaches, coaches their own row, admins all"
  on public.coaches for select to authenticated
  using (is_active or user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Admins add coaches"
  on public.coaches for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins edit coaches"
  on public.coaches for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins remove coaches"
  on public.coaches for delete to authenticated
  using ((select private.is_admin()));
