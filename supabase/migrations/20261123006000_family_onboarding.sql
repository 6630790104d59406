-- What the parent's onboarding records (docs/decisions/090-family-parent-app.md): a child's age
-- (7-12) and what the family would like to change; verifiable parental consent per child against
-- the notice (terms + privacy policy versions) in force; and the family's preferred session times.

-- children: the age as a number (the product's ages are 7-12) and the family's words on what they
-- would like to change. age_band/birth_year stay for the forms that fill them (leads enrolment);
-- age is backfilled from a plain numeric age_band.
alter table public.children
  add column age smallint check (age between 7 and 12),
  add column hopes text check (char_length(hopes) <= 1000);
comment on column public.children.age is 'The child''s age in years (7-12), as the parent gave it.';
comment on column public.children.hopes is 'What the family would like to change, in the parent''s words.';
update public.children
set age = age_band::smallint
where age is null and age_band ~ '^\s*\d{1,2}\s*$' and btrim(age_band)::int between 7 and 12;
grant insert (age, hopes), update (age, hopes) on public.children to authenticated;

-- The notice a parent consents to: the versions of the terms and the privacy policy. The current
-- notice is the latest in effect; when a new one takes effect every child needs consent again.
create table public.consent_notices (
  id uuid primary key default gen_random_uuid(),
  terms_version text not null check (char_length(btrim(terms_version)) between 1 and 40),
  privacy_version text not null check (char_length(btrim(privacy_version)) between 1 and 40),
  summary text check (char_length(summary) <= 500),
  effective_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  unique (terms_version, privacy_version)
);
alter table public.consent_notices enable row level security;
create index consent_notices_effective_idx on public.consent_notices (effective_at desc);

revoke all on public.consent_notices from anon, authenticated;
grant select on public.consent_notices to authenticated;
grant insert (terms_version, privacy_version, summary, effective_at) on public.consent_notices to authenticated;

create policy "Signed-in users read the notices"
  on public.consent_notices for select to authenticated
  using (true);

create policy "Admins publish notices"
  on public.consent_notices for insert to authenticated
  with check ((select private.is_admin()));

insert into public.consent_notices (terms_version, privacy_version, summary, effective_at)
values ('2026-11-01', '2026-11-01', 'First published terms and privacy policy.', '2026-11-01T00:00:00Z')
on conflict do nothing;

-- The notice in force now (null before the first one).
create or replace function private.current_consent_notice_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select n.id from public.consent_notices n where n.effective_at <= now()
  order by n.effective_at desc, n.created_at desc limit 1
$$;
grant execute on function private.current_consent_notice_id() to authenticated, service_role;

-- Parental consent, one row per child and notice: who gave it (the signed-in parent, and the full
-- name they typed), how (method), when (the server's clock) and which notice. Never edited; a
-- withdrawal is deleting the child (account deletion). Deleted with the child.
create table public.parental_consents (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  parent_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  notice_id uuid not null references public.consent_notices (id) on delete restrict,
  signed_name text not null check (char_length(btrim(signed_name)) between 2 and 120),
  method text not null default 'in_app_signature' check (method in ('in_app_signature')),
  -- copied from the notice by the stamp trigger (the defaults only let the client leave them out)
  terms_version text not null default '',
  privacy_version text not null default '',
  given_at timestamptz not null default now(),
  unique (child_id, notice_id)
);
alter table public.parental_consents enable row level security;
create index parental_consents_parent_idx on public.parental_consents (parent_id);
create index parental_consents_notice_idx on public.parental_consents (notice_id);

-- The server decides who, when and which versions: the client only sends the child, the notice it
-- showed and the typed name. A notice other than the current one is refused (the parent read an
-- outdated text).
create or replace function private.parental_consents_stamp()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  notice public.consent_notices;
begin
  if auth.uid() is not null then
    new.parent_id := auth.uid();
    new.given_at := now();
    new.method := 'in_app_signature';
    if new.notice_id is distinct from private.current_consent_notice_id() then
      raise exception 'This notice is no longer current: read the latest terms and privacy policy'
        using errcode = '22023';
    end if;
  end if;
  new.signed_name := btrim(new.signed_name);
  select * into notice from public.consent_notices n where n.id = new.notice_id;
  new.terms_version := notice.terms_version;
  new.privacy_version := notice.privacy_version;
  return new;
end;
$$;

create trigger parental_consents_stamp
  before insert on public.parental_consents
  for each row execute function private.parental_consents_stamp();

revoke all on public.parental_consents from anon, authenticated;
grant select on public.parental_consents to authenticated;
grant insert (child_id, notice_id, signed_name) on public.parental_consents to authenticated;

create policy "Parents read their children's consents and admins all"
  on public.parental_consents for select to authenticated
  using (parent_id = (select auth.uid()) or (select private.is_admin()));

create policy "Parents consent for their own children"
  on public.parental_consents for insert to authenticated
  with check (parent_id = (select auth.uid()) and (select private.is_parent_of_child(child_id)));

-- Preferred session times per child: a weekday (ISO, 1 = Monday) and a part of the day, in the
-- family's time zone (profiles.time_zone). The coach of the child reads them to book the weekly slot.
create table public.preferred_session_times (
  id uuid primary key default gen_random_uuid(),
  child_id uuid not null references public.children (id) on delete cascade,
  weekday smallint not null check (weekday between 1 and 7),
  day_part text not null check (day_part in ('morning', 'afternoon', 'evening')),
  created_at timestamptz not null default now(),
  unique (child_id, weekday, day_part)
);
alter table public.preferred_session_times enable row level security;

revoke all on public.preferred_session_times from anon, authenticated;
grant select, delete on public.preferred_session_times to authenticated;
grant insert (child_id, weekday, day_part) on public.preferred_session_times to authenticated;

create policy "Parents, the child's coach and admins read preferred times"
  on public.preferred_session_times for select to authenticated
  using (
    (select private.is_parent_of_child(child_id))
    or (select private.is_coach_of_child(child_id))
    or (select private.is_admin())
  );

create policy "Parents add preferred times for their children"
  on public.preferred_session_times for insert to authenticated
  with check ((select private.is_parent_of_child(child_id)));

create policy "Parents remove preferred times of their children"
  on public.preferred_session_times for delete to authenticated
  using ((select private.is_parent_of_child(child_id)));
