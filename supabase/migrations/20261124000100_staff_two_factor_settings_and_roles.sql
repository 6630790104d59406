-- The tables that decide who is staff and what the rules are (roles, the coach directory, the
-- settings with `require_staff_two_factor` itself, consent notices) hold no family's data, so
-- staff read them before two-factor sign-in (the admin area's guard needs their own roles). But
-- changing them is acting on every family: an admin short of the check could otherwise switch
-- the requirement off, or make a fresh account without a factor an admin. So every write by a
-- staff session is held to private.meets_staff_two_factor(), as the family tables are
-- (20261123009000); reads are unchanged. Nobody else writes these tables.
do $$
declare
  t text;
  action text;
begin
  foreach t in array array['user_roles', 'coaches', 'feature_flags', 'app_settings', 'consent_notices'] loop
    foreach action in array array['insert', 'update', 'delete'] loop
      execute format(
        'create policy %I on public.%I as restrictive for %s to authenticated %s',
        'Staff ' || action || ' only with two-factor sign-in',
        t,
        action,
        case action
          when 'insert' then 'with check ((select private.meets_staff_two_factor()))'
          when 'update' then
            'using ((select private.meets_staff_two_factor())) with check ((select private.meets_staff_two_factor()))'
          else 'using ((select private.meets_staff_two_factor()))'
        end
      );
    end loop;
  end loop;
end;
$$;
