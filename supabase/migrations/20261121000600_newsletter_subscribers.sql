-- Newsletter sign-ups. Visitors subscribe but cannot read the list back (it is personal data);
-- a second sign-up with the same address in any letter case answers 23505, which the form shows as
-- "Already subscribed!". confirmation_sent_at is set by the welcome-email function (service role).
create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null check (
    char_length(email) <= 254
    and email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
  ),
  first_name text check (char_length(first_name) between 1 and 100),
  source text check (source ~ '^[a-z0-9][a-z0-9_/-]{0,63}$'),
  confirmation_sent_at timestamptz,
  created_at timestamptz not null default now()
);
alter table public.newsletter_subscribers enable row level security;
create unique index newsletter_subscribers_email_key on public.newsletter_subscribers (lower(email));
create index newsletter_subscribers_created_at_idx on public.newsletter_subscribers (created_at desc);

-- A blank first name means "not given"; the address is kept as typed, without surrounding spaces.
create or replace function private.newsletter_subscribers_normalize()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email := btrim(new.email);
  new.first_name := nullif(btrim(new.first_name), '');
  return new;
end;
$$;

create trigger newsletter_subscribers_normalize
  before insert or update on public.newsletter_subscribers
  for each row execute function private.newsletter_subscribers_normalize();

revoke all on public.newsletter_subscribers from anon, authenticated;
grant insert (id, email, first_name, source) on public.newsletter_subscribers to anon, authenticated;
grant select, delete on public.newsletter_subscribers to authenticated;

create policy "Visitors subscribe to the newsletter"
  on public.newsletter_subscribers for insert to anon
  with check (true);

create policy "Signed-in users subscribe to the newsletter"
  on public.newsletter_subscribers for insert to authenticated
  with check (true);

create policy "Admins read subscribers"
  on public.newsletter_subscribers for select to authenticated
  using ((select private.is_admin()));

create policy "Admins remove subscribers"
  on public.newsletter_subscribers for delete to authenticated
  using ((select private.is_admin()));
