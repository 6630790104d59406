-- Nobody signs up on the children's login domain (docs/decisions/126-child-usernames-not-for-sign-up.md):
-- a child's login `<username>@child.ploom.invalid` is made only by the child-accounts function,
-- with the service role, for the child's parent. Before, `POST /auth/v1/signup` for a free name
-- created it (a stranger took the name from the family). This is hook_before_user_created of
-- 20261123000100_auth_hooks.sql with that refusal first. Users made by the admin API skip the hook
-- in Supabase Auth; should it ever run for them, the function's users carry
-- app_metadata.child_login = true, which no sign-up can set, and pass.
create or replace function public.hook_before_user_created(event jsonb)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if lower(coalesce(event #>> '{user,email}', '')) like '%@child.ploom.invalid'
    and coalesce(event #>> '{user,app_metadata,child_login}', '') <> 'true' then
    return jsonb_build_object(
      'error', jsonb_build_object(
        'http_code', 403,
        'message', 'A child''s login is given by their parent from the parent''s account.'
      )
    );
  end if;
  if coalesce((select f.enabled from public.feature_flags f where f.key = 'signup_enabled'), false) then
    return '{}'::jsonb;
  end if;
  return jsonb_build_object(
    'error', jsonb_build_object('http_code', 403, 'message', 'Sign-ups are closed at the moment.')
  );
end;
$$;
