-- The leads list's search at the scale seed (issue 25; docs/decisions/204). `search_text ILIKE
-- '%…%'` has a trigram index, but under row level security Postgres weighs a caller's condition only
-- after the policies unless it is leakproof, and ILIKE is not: every search read all 50,000 leads.
-- public.lead_list_search(q) answers the leads whose name, email or child's name holds `q`, as
-- lead_list rows, found through the trigram index (a definer function, so the index serves it), with
-- the policy's rule applied inside: an admin every lead, a coach the leads assigned to them, staff
-- with two-factor sign-in where required. The screen adds its other filters, order, page and exact
-- count over REST, as on lead_list.

create function private.lead_list_search(q text)
returns setof public.lead_list
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  term text := lower(btrim(coalesce(q, '')));
  admin boolean := private.is_admin();
  me uuid := auth.uid();
begin
  if me is null or not (admin or private.has_role(me, 'coach')) then
    raise exception 'Only the team may search leads' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if length(term) > 200 then
    raise exception 'q must be at most 200 characters' using errcode = '22023';
  end if;
  return query
    select v.*
    from public.lead_list v
    where v.search_text ilike '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%'
      and (admin or v.assignee_id = me);
end;
$$;
revoke execute on function private.lead_list_search(text) from public;
grant execute on function private.lead_list_search(text) to authenticated, service_role;

create function public.lead_list_search(q text)
returns setof public.lead_list
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.lead_list_search(q)
$$;
revoke execute on function public.lead_list_search(text) from public, anon;
grant execute on function public.lead_list_search(text) to authenticated, service_role;
