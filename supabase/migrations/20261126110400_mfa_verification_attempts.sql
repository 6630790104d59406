-- Two-factor codes cannot be guessed from many addresses (docs/decisions/128-mfa-verification-limit.md).
-- Supabase Auth asks the MFA Verification Attempt hook (config.toml [auth.hook.mfa_verification_attempt])
-- after every code it checks; after five wrong codes for a factor within 15 minutes, this function
-- rejects every code for that factor (the right one too) until they age out, and Auth signs the
-- user out of every session. A right code, when not rejected, clears the factor's count.
create table private.mfa_failed_verifications (
  user_id uuid not null references auth.users (id) on delete cascade,
  factor_id uuid not null,
  failed_at timestamptz not null default now()
);
alter table private.mfa_failed_verifications enable row level security;
create index mfa_failed_verifications_user_factor_time
  on private.mfa_failed_verifications (user_id, factor_id, failed_at);
revoke all on private.mfa_failed_verifications from public, anon, authenticated;

create or replace function private.judge_mfa_attempt(login_user uuid, factor uuid, valid boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
begin
  -- One factor's codes are judged one at a time.
  perform pg_advisory_xact_lock(hashtextextended('mfa_failed_verifications:' || factor::text, 0));
  delete from private.mfa_failed_verifications f
    where f.user_id = login_user and f.factor_id = factor and f.failed_at < now() - interval '15 minutes';
  select count(*) into recent
    from private.mfa_failed_verifications f where f.factor_id = factor and f.user_id = login_user;
  if not valid then
    insert into private.mfa_failed_verifications (user_id, factor_id) values (login_user, factor);
  end if;
  if recent >= 5 then
    return jsonb_build_object(
      'decision', 'reject',
      'message', 'Too many wrong codes. Wait 15 minutes, then sign in again and enter a new code.'
    );
  end if;
  if valid then
    delete from private.mfa_failed_verifications f where f.user_id = login_user and f.factor_id = factor;
  end if;
  return jsonb_build_object('decision', 'continue');
end;
$$;
revoke execute on function private.judge_mfa_attempt(uuid, uuid, boolean) from public, anon, authenticated;

-- The hook Auth calls: {user_id, factor_id, factor_type, valid} in, {decision, message} out.
create or replace function public.hook_mfa_verification_attempt(event jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if jsonb_typeof(event -> 'user_id') <> 'string' or jsonb_typeof(event -> 'factor_id') <> 'string'
    or jsonb_typeof(event -> 'valid') <> 'boolean' then
    return jsonb_build_object('decision', 'continue');
  end if;
  return private.judge_mfa_attempt(
    (event ->> 'user_id')::uuid, (event ->> 'factor_id')::uuid, (event ->> 'valid')::boolean
  );
end;
$$;

grant execute on function private.judge_mfa_attempt(uuid, uuid, boolean) to supabase_auth_admin;
grant execute on function public.hook_mfa_verification_attempt(jsonb) to supabase_auth_admin;
revoke execute on function public.hook_mfa_verification_attempt(jsonb) from authenticated, anon, public;
