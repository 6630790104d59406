-- "Email me my results" for an assessment that does not exist, is over an hour old or already has
-- an email answered 500 (SQLSTATE P0002, which PostgREST reports as a server error). It is the
-- caller's request that cannot be served, so it now answers 404 (SQLSTATE PT404, PostgREST's way
-- to choose the status) with a message a parent can act on.
create or replace function private.attach_quiz_results_email(p_assessment_id uuid, p_email text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_email is null or char_length(p_email) > 254 or p_email !~* '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Please enter a valid email address.' using errcode = '22023';
  end if;
  update public.quiz_assessments
     set email = lower(btrim(p_email)), email_consent_at = now()
   where id = p_assessment_id
     and email is null
     and created_at > now() - interval '1 hour';
  if not found then
    raise exception 'These results can no longer be emailed.'
      using errcode = 'PT404',
            hint = 'Results can be emailed once, within an hour of taking the assessment. Please take the quiz again.';
  end if;
end;
$$;
