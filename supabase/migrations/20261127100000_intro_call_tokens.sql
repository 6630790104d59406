-- The intro-call link (docs/decisions/170): proof that a visitor is the parent of a lead, without an
-- account. A token is 64 random hex characters given once (in the fit-call function's answer and in
-- the emails' links); only its SHA-256 is stored, with the lead and an expiry, so the table leaks no
-- usable link and a link can be revoked by deleting its row. Tokens are issued only by the service
-- role (the edge functions); anyone holding one reaches that lead's intro call and nothing else.
create table private.intro_call_tokens (
  token_hash bytea primary key check (octet_length(token_hash) = 32),
  lead_id uuid not null references public.leads (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
alter table private.intro_call_tokens enable row level security;
create index intro_call_tokens_lead_idx on private.intro_call_tokens (lead_id);
create index intro_call_tokens_expires_idx on private.intro_call_tokens (expires_at);
revoke all on private.intro_call_tokens from public, anon, authenticated;

create or replace function private.intro_call_token_hash(token text)
returns bytea
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.sha256(pg_catalog.convert_to(token, 'UTF8'))
$$;
revoke execute on function private.intro_call_token_hash(text) from public;

-- A new token for a lead, valid for `valid` (expired tokens of any lead are swept on the way).
create or replace function private.issue_intro_call_token(lead uuid, valid interval)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
begin
  if not exists (select 1 from public.leads l where l.id = lead) then
    raise exception 'Lead not found' using errcode = 'P0002';
  end if;
  delete from private.intro_call_tokens t where t.expires_at < now() - interval '1 day';
  insert into private.intro_call_tokens (token_hash, lead_id, expires_at)
  values (private.intro_call_token_hash(token), lead, now() + valid);
  return token;
end;
$$;
revoke execute on function private.issue_intro_call_token(uuid, interval) from public;
grant execute on function private.issue_intro_call_token(uuid, interval) to service_role;

-- The lead a token proves, or an error that says nothing about which part was wrong.
create or replace function private.lead_of_intro_call_token(token text)
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  lead uuid;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    raise exception 'This link is not valid or has expired' using errcode = '42501',
      hint = 'Open the link in your latest email from Ploom, or request an intro call again.';
  end if;
  select t.lead_id into lead
  from private.intro_call_tokens t
  where t.token_hash = private.intro_call_token_hash(token) and t.expires_at > now();
  if lead is null then
    raise exception 'This link is not valid or has expired' using errcode = '42501',
      hint = 'Open the link in your latest email from Ploom, or request an intro call again.';
  end if;
  return lead;
end;
$$;
revoke execute on function private.lead_of_intro_call_token(text) from public;

-- For send-fit-call-notifications (service role only): the link a fit-call request's parent books
-- the intro call with, on the success screen and in the confirmation email (valid 14 days).
create or replace function public.issue_intro_call_token(waitlist_id uuid)
returns text
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.issue_intro_call_token(l.id, interval '14 days')
  from public.leads l
  where l.waitlist_id = issue_intro_call_token.waitlist_id and l.source = 'fit-call'
$$;
revoke execute on function public.issue_intro_call_token(uuid) from public, anon, authenticated;
grant execute on function public.issue_intro_call_token(uuid) to service_role;
