-- Two-factor sign-in for the people who can read families' data (admins and coaches), enforced in
-- row level security as Supabase's MFA guide shows: a staff member who has a verified factor
-- (auth.mfa_factors) reads and writes families' data only from a session at aal2, i.e. after
-- entering a code from their authenticator app. While the setting `require_staff_two_factor` is on,
-- a staff member without a factor reads nothing either, until they enrol one.

-- The setting, on for a new project; admins switch it in /admin/settings (seed.sql turns it off so
-- the demo accounts sign in with a password alone).
insert into public.feature_flags (key, enabled, description)
values (
  'require_staff_two_factor',
  true,
  'Require two-factor sign-in (an authenticator app) for admins and coaches: staff without a factor must enrol one at their next sign-in.'
)
on conflict (key) do nothing;

-- Whether the caller may read families' data as far as two-factor sign-in is concerned: always for
-- anyone who is not staff; for staff, at aal2, or at aal1 when they have no verified factor and the
-- setting is off. plpgsql, so that it is planned when called: auth.mfa_factors belongs to the Auth
-- service, which creates it (on a hosted project it always exists).
create or replace function private.meets_staff_two_factor()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    return true;
  end if;
  if not (private.has_role(caller, 'admin') or private.has_role(caller, 'coach')) then
    return true;
  end if;
  if coalesce(auth.jwt() ->> 'aal', '') = 'aal2' then
    return true;
  end if;
  if to_regclass('auth.mfa_factors') is not null
     and exists (
       select 1 from auth.mfa_factors f where f.user_id = caller and f.status::text = 'verified'
     ) then
    return false;
  end if;
  return not coalesce(
    (select f.enabled from public.feature_flags f where f.key = 'require_staff_two_factor'),
    false
  );
end;
$$;

revoke execute on function private.meets_staff_two_factor() from public;
grant execute on function private.meets_staff_two_factor() to authenticated, service_role;

-- For the admin area's guard: does the caller (staff) need to enrol, or to enter a code?
-- 'none' (nothing to do), 'enrol' (the setting requires a factor they lack), 'verify' (they have one
-- and the session is at aal1). The database answers, so the screen and RLS agree.
create or replace function private.staff_two_factor_step()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null or not (private.has_role(caller, 'admin') or private.has_role(caller, 'coach')) then
    return 'none';
  end if;
  if to_regclass('auth.mfa_factors') is not null
     and exists (
       select 1 from auth.mfa_factors f where f.user_id = caller and f.status::text = 'verified'
     ) then
    return case when coalesce(auth.jwt() ->> 'aal', '') = 'aal2' then 'none' else 'verify' end;
  end if;
  if coalesce((select f.enabled from public.feature_flags f where f.key = 'require_staff_two_factor'), false) then
    return 'enrol';
  end if;
  return 'none';
end;
$$;

revoke execute on function private.staff_two_factor_step() from public;
grant execute on function private.staff_two_factor_step() to authenticated;

-- What the site calls (rpc): security invoker, so only the private function reads auth's tables.
create or replace function public.staff_two_factor_step()
returns text
language sql
stable
security invoker
set search_path = ''
as $$
  select private.staff_two_factor_step()
$$;
revoke execute on function public.staff_two_factor_step() from public, anon;
grant execute on function public.staff_two_factor_step() to authenticated;

-- One restrictive policy per table holding families' data (or leads' and visitors' data), for
-- every action: permissive policies still decide who sees what; this one adds the second factor.
do $$
declare
  t text;
begin
  foreach t in array array[
    'profiles', 'children', 'coaching_sessions', 'session_notes', 'session_series',
    'session_attendance', 'session_emails', 'parent_updates', 'ploom_points', 'quiz_assessments',
    'contact_messages', 'leads', 'lead_events', 'waitlist', 'newsletter_subscribers', 'audit_logs',
    'web_analytics'
  ] loop
    execute format(
      'create policy "Staff reach families'' data only with two-factor sign-in" on public.%I
         as restrictive for all to authenticated
         using ((select private.meets_staff_two_factor()))
         with check ((select private.meets_staff_two_factor()))',
      t
    );
  end loop;
end;
$$;
