-- The intro call takes 15 minutes (the specification's number, which the fit-call form and its
-- confirmation already say): the intro-call rule's default length and step become 15, unless an
-- admin has set them already. The booking page reads the length from the rule (or from the call
-- once booked), so what it says and what is booked stay the same number.
update public.meeting_rules
   set length_minutes = 15, slot_step_minutes = 15
 where kind = 'intro_call' and length_minutes = 20 and slot_step_minutes = 20;

alter table public.intro_calls alter column duration_minutes set default 15;

-- private.intro_call_for_token of 20261127100100: `duration_minutes` is the booked call's length, or
-- the intro-call rule's length while nothing is booked.
create or replace function private.intro_call_for_token(token text)
returns table (
  parent_name text,
  call_id uuid,
  starts_at timestamptz,
  duration_minutes integer,
  host_name text,
  parent_time_zone text
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  lead uuid := private.lead_of_intro_call_token(token);
begin
  return query
    select l.name::text, c.id, c.starts_at,
      coalesce(c.duration_minutes, (select r.length_minutes from public.meeting_rules r where r.kind = 'intro_call')),
      (select coalesce(nullif(btrim(p.first_name), ''), 'the Ploom team') from public.profiles p where p.id = c.host_id),
      c.parent_time_zone
    from public.leads l
    left join public.intro_calls c on c.lead_id = l.id and c.status = 'scheduled'
    where l.id = lead;
end;
$$;
