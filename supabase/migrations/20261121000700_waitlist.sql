-- The leads pipeline: intro-call requests (/request-fit-call), the v2 contact form and waitlist
-- sign-ups. Visitors insert without reading back (a lead is personal data, and an id the client
-- chose must not become a way to read someone's row); the client may send its own id so a retried
-- submit cannot create a second lead. Admins work the pipeline (status, notes); the notification
-- function (service role) stamps notified_at.
create table public.waitlist (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 100),
  email text not null check (
    char_length(email) <= 254
    and email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
  ),
  phone text check (phone ~ '^[0-9+()\-. ]{7,25}$'),
  child_name text check (char_length(child_name) <= 100),
  age_band text check (char_length(age_band) <= 20),
  challenge text check (challenge in ('emotions', 'confidence', 'focus', 'connection', 'other')),
  consent boolean not null check (consent),
  source text not null default 'waitlist' check (source in ('fit-call', 'contact-v2', 'waitlist')),
  landing_path text check (char_length(landing_path) <= 2048),
  analytics_session_id text check (char_length(analytics_session_id) <= 100),
  utm_source text check (char_length(utm_source) <= 200),
  utm_medium text check (char_length(utm_medium) <= 200),
  utm_campaign text check (char_length(utm_campaign) <= 200),
  utm_term text check (char_length(utm_term) <= 200),
  utm_content text check (char_length(utm_content) <= 200),
  status text not null default 'new'
    check (status in ('new', 'contacted', 'call_scheduled', 'enrolled', 'not_a_fit', 'closed')),
  notes text check (char_length(notes) <= 2000),
  notified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.waitlist enable row level security;
create index waitlist_created_at_idx on public.waitlist (created_at desc);
create index waitlist_status_created_at_idx on public.waitlist (status, created_at desc);
create index waitlist_email_idx on public.waitlist (lower(email), created_at desc);
create index waitlist_analytics_session_idx on public.waitlist (analytics_session_id)
  where analytics_session_id is not null;

-- What a form sends blank means "not given": optional fields become null, text is trimmed.
create or replace function private.waitlist_normalize()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.name := btrim(new.name);
  new.email := btrim(new.email);
  new.phone := nullif(btrim(new.phone), '');
  new.child_name := nullif(btrim(new.child_name), '');
  new.age_band := nullif(btrim(new.age_band), '');
  new.challenge := nullif(btrim(new.challenge), '');
  new.notes := nullif(btrim(new.notes), '');
  return new;
end;
$$;

create trigger waitlist_normalize
  before insert or update on public.waitlist
  for each row execute function private.waitlist_normalize();

create trigger waitlist_set_updated_at
  before update on public.waitlist
  for each row execute function private.set_updated_at();

revoke all on public.waitlist from anon, authenticated;
grant insert (
  id, name, email, phone, child_name, age_band, challenge, consent, source, landing_path,
  analytics_session_id, utm_source, utm_medium, utm_campaign, utm_term, utm_content
) on public.waitlist to anon, authenticated;
grant select, delete on public.waitlist to authenticated;
grant update (name, email, phone, child_name, age_band, challenge, status, notes)
  on public.waitlist to authenticated;

create policy "Visitors join the waitlist or request an intro call"
  on public.waitlist for insert to anon
  with check (true);

create policy "Signed-in users join the waitlist or request an intro call"
  on public.waitlist for insert to authenticated
  with check (true);

create policy "Admins read leads"
  on public.waitlist for select to authenticated
  using ((select private.is_admin()));

create policy "Admins update leads"
  on public.waitlist for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins delete leads"
  on public.waitlist for delete to authenticated
  using ((select private.is_admin()));
