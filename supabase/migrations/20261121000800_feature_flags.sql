-- Switches the product reads at run time (signup_enabled shows or hides Login / Get Started).
-- Everyone may read them; only admins change them; changes reach open pages through Realtime.
create table public.feature_flags (
  key text primary key check (key ~ '^[a-z][a-z0-9_]{1,63}$'),
  enabled boolean not null default false,
  description text check (char_length(description) <= 500),
  updated_at timestamptz not null default now()
);
alter table public.feature_flags enable row level security;

create trigger feature_flags_set_updated_at
  before update on public.feature_flags
  for each row execute function private.set_updated_at();

revoke all on public.feature_flags from anon, authenticated;
grant select on public.feature_flags to anon, authenticated;
grant insert (key, enabled, description), delete on public.feature_flags to authenticated;
grant update (enabled, description) on public.feature_flags to authenticated;

create policy "Visitors read feature flags"
  on public.feature_flags for select to anon
  using (true);

create policy "Signed-in users read feature flags"
  on public.feature_flags for select to authenticated
  using (true);

create policy "Admins add feature flags"
  on public.feature_flags for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins change feature flags"
  on public.feature_flags for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins remove feature flags"
  on public.feature_flags for delete to authenticated
  using ((select private.is_admin()));

alter publication supabase_realtime add table public.feature_flags;

-- Seeded here rather than in seed.sql, so a hosted project has it after `supabase db push`.
insert into public.feature_flags (key, enabled, description)
values ('signup_enabled', true, 'Show Login and Get Started in the site navigation and allow sign-up.')
on conflict (key) do nothing;
