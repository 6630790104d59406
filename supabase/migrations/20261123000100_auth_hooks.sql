-- Sign-ups follow the feature flag signup_enabled on the server, not only in the site's navigation.
-- Supabase Auth calls this function (config.toml [auth.hook.before_user_created]) before it creates
-- a user through sign-up, a magic link or an invitation; users created by an admin through the
-- service role skip it. It answers {} to allow, or an error that Auth returns to the caller.
-- A missing flag counts as off.
create or replace function public.hook_before_user_created(event jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if coalesce((select f.enabled from public.feature_flags f where f.key = 'signup_enabled'), false) then
    return '{}'::jsonb;
  end if;
  return jsonb_build_object(
    'error', jsonb_build_object('http_code', 403, 'message', 'Sign-ups are closed at the moment.')
  );
end;
$$;

-- Only Auth runs it (as supabase_auth_admin, the role hosted Auth connects with): not the API roles,
-- so it is no RPC endpoint.
grant usage on schema public to supabase_auth_admin;
grant execute on function public.hook_before_user_created(jsonb) to supabase_auth_admin;
revoke execute on function public.hook_before_user_created(jsonb) from authenticated, anon, public;

grant select on public.feature_flags to supabase_auth_admin;
create policy "Auth reads feature flags"
  on public.feature_flags for select to supabase_auth_admin
  using (true);
