-- A child's Auth address tells nothing about their username (docs/decisions/151-child-sign-in-function.md).
-- It was `<username>@child.ploom.invalid`, so Auth's sign-up, which answers a registered address
-- otherwise than a free one before any hook runs, told a stranger which usernames were taken. Now
-- each child login's address is `c-<32 random hex digits>@child.ploom.invalid` (122 random bits from
-- gen_random_uuid), known only to the database and the functions; the username lives in
-- public.child_logins alone and a child signs in through the child-sign-in function. This gives
-- every existing child login such an address; its password, sessions and username stay as they are.
update auth.users u
set email = 'c-' || replace(gen_random_uuid()::text, '-', '') || '@child.ploom.invalid',
    updated_at = now()
where u.id in (select l.user_id from public.child_logins l)
   or lower(u.email) like '%@child.ploom.invalid';

-- Hosted Auth also keeps the address in the user's email identity (identity_data.email, from which
-- auth.identities.email is generated); the local stack has no such table.
do $$
begin
  if to_regclass('auth.identities') is not null then
    execute $sql$
      update auth.identities i
      set identity_data = i.identity_data || jsonb_build_object('email', u.email::text),
          updated_at = now()
      from auth.users u
      where i.user_id = u.id
        and i.provider = 'email'
        and lower(u.email) like '%@child.ploom.invalid'
    $sql$;
  end if;
end
$$;
