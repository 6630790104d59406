-- The newsletter list's search at the scale seed (issue 25; docs/decisions/204): an ILIKE filter is
-- never index-served under row level security (it is not leakproof), so searching 20,000
-- subscribers read them all. public.newsletter_search(q) answers the subscribers whose email or
-- first name holds `q`, through the trigram indexes (a definer function), for admins only (the
-- table's rule), with two-factor sign-in where required. The screen adds its order, page and exact
-- count over REST.

create function private.newsletter_search(q text)
returns setof public.newsletter_subscribers
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  term text := btrim(coalesce(q, ''));
  pattern text;
begin
  if not private.is_admin() then
    raise exception 'Only admins may search subscribers' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if length(term) > 200 then
    raise exception 'q must be at most 200 characters' using errcode = '22023';
  end if;
  pattern := '%' || replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
    select s.* from public.newsletter_subscribers s
    where s.email ilike pattern or s.first_name ilike pattern;
end;
$$;
revoke execute on function private.newsletter_search(text) from public;
grant execute on function private.newsletter_search(text) to authenticated, service_role;

create function public.newsletter_search(q text)
returns setof public.newsletter_subscribers
language sql
stable
security invoker
set search_path = ''
as $$
  select * from private.newsletter_search(q)
$$;
revoke execute on function public.newsletter_search(text) from public, anon;
grant execute on function public.newsletter_search(text) to authenticated, service_role;
