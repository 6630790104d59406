-- People's names are one line of text: no control character (CR, LF, TAB, the other C0 and C1
-- controls) and no Unicode line or paragraph separator. A name with line breaks went into the plain
-- text of the team's and the family's emails as lines of its own (a lead named
-- "Eve\r\nATTENDEE:mailto:…" wrote what looked like more of the email); the HTML and the calendar file
-- escape it, plain text cannot. The forms refuse such a name, the emails' text flattens one, and
-- these checks refuse it for good: on the names the public forms write (waitlist, contact_messages,
-- newsletter_subscribers, quiz_assessments, and the leads made from them) and on the names of
-- accounts, children and coaches that reach the same emails. A check violation (23514) answers 400.
--
-- The same characters everywhere: '[\u0001-\u001f\u007f-\u009f\u2028\u2029]' (text cannot hold U+0000).

-- A name on one line: each run of those characters (with the spaces around it) becomes one space,
-- ends trimmed. For names that arrive other than through the API's checks (Auth's sign-up metadata).
create or replace function private.one_line(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.btrim(pg_catalog.regexp_replace(
    value,
    '\s*[\u0001-\u001f\u007f-\u009f\u2028\u2029][\s\u0001-\u001f\u007f-\u009f\u2028\u2029]*',
    ' ',
    'g'
  ))
$$;
revoke execute on function private.one_line(text) from public;

-- No writes while the rows are put on one line and checked, so no name slips in between.
lock table public.waitlist, public.leads, public.contact_messages, public.newsletter_subscribers,
  public.quiz_assessments, public.profiles, public.children, public.coaches
  in share row exclusive mode;

-- Names stored before: put on one line (a name that was nothing else becomes none, or "(no name)"
-- where one is required), so the checks hold for every row and a later update of such a row works.
update public.waitlist set name = coalesce(nullif(private.one_line(name), ''), '(no name)')
 where name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.waitlist set child_name = nullif(private.one_line(child_name), '')
 where child_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.leads set name = nullif(private.one_line(name), '')
 where name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.leads set child_name = nullif(private.one_line(child_name), '')
 where child_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.contact_messages set name = coalesce(nullif(private.one_line(name), ''), '(no name)')
 where name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.newsletter_subscribers set first_name = nullif(private.one_line(first_name), '')
 where first_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.quiz_assessments set child_first_name = nullif(private.one_line(child_first_name), '')
 where child_first_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.profiles set first_name = nullif(private.one_line(first_name), '')
 where first_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.profiles set last_name = nullif(private.one_line(last_name), '')
 where last_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.children set first_name = coalesce(nullif(private.one_line(first_name), ''), '(no name)')
 where first_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';
update public.coaches set display_name = coalesce(nullif(private.one_line(display_name), ''), '(no name)')
 where display_name ~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]';

alter table public.waitlist
  add constraint waitlist_name_one_line check (name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  add constraint waitlist_child_name_one_line check (child_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');
alter table public.leads
  add constraint leads_name_one_line check (name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  add constraint leads_child_name_one_line check (child_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');
alter table public.contact_messages
  add constraint contact_messages_name_one_line check (name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');
alter table public.newsletter_subscribers
  add constraint newsletter_subscribers_first_name_one_line
    check (first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');
alter table public.quiz_assessments
  add constraint quiz_assessments_child_first_name_one_line
    check (child_first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');
alter table public.profiles
  add constraint profiles_first_name_one_line check (first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]'),
  add constraint profiles_last_name_one_line check (last_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');
alter table public.children
  add constraint children_first_name_one_line check (first_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');
alter table public.coaches
  add constraint coaches_display_name_one_line
    check (display_name !~ '[\u0001-\u001f\u007f-\u009f\u2028\u2029]');

-- Sign-up: the profile's names from Auth's metadata, put on one line rather than refused, so an odd
-- name never fails the sign-up itself (Auth would answer "Database error saving new user", a 500).
-- Newest definition: 20261121000300_profiles.sql; only the one_line calls are new.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  initial public.app_role := 'parent';
begin
  insert into public.profiles (id, first_name, last_name)
  values (
    new.id,
    nullif(left(private.one_line(coalesce(new.raw_user_meta_data ->> 'first_name', '')), 100), ''),
    nullif(left(private.one_line(coalesce(new.raw_user_meta_data ->> 'last_name', '')), 100), '')
  )
  on conflict (id) do nothing;

  if coalesce(new.raw_app_meta_data ->> 'initial_role', '') in ('coach', 'child') then
    initial := (new.raw_app_meta_data ->> 'initial_role')::public.app_role;
  end if;
  insert into public.user_roles (user_id, role)
  values (new.id, initial)
  on conflict (user_id, role) do nothing;
  return new;
end;
$$;
