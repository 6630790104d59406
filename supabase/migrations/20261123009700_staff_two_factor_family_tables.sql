-- Staff two-factor sign-in (20261123009000) reaches the tables added with the family side and
-- billing: the same restrictive policy, so a staff member with an authenticator app reads or
-- changes none of them before entering its code (and none at all while enrolment is required).
do $$
declare
  t text;
begin
  foreach t in array array[
    'child_logins', 'parental_consents', 'preferred_session_times', 'at_home_tools',
    'session_change_requests', 'billing_customers', 'subscriptions', 'invoices',
    'notification_preferences', 'family_rewards'
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
