-- A schema the API does not expose, for security definer helpers and trigger functions.
-- The API roles may call what is granted to them here (RLS policies run as the caller), but
-- PostgREST never serves it, so none of these functions is an endpoint.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Functions are executable by PUBLIC by default; in this schema each grant is explicit.
alter default privileges in schema private revoke execute on functions from public;

-- Keeps updated_at current on every update.
create or replace function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

-- Decodes a percent-encoded URL component ('+' is a space); malformed input comes back as is.
create or replace function private.url_decode(encoded text)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  bytes bytea := ''::bytea;
  pos integer := 1;
  total integer;
  ch text;
begin
  if encoded is null then
    return null;
  end if;
  encoded := replace(encoded, '+', ' ');
  total := length(encoded);
  while pos <= total loop
    ch := substr(encoded, pos, 1);
    if ch = '%' and substr(encoded, pos + 1, 2) ~ '^[0-9A-Fa-f]{2}$' then
      bytes := bytes || decode(substr(encoded, pos + 1, 2), 'hex');
      pos := pos + 3;
    else
      bytes := bytes || convert_to(ch, 'UTF8');
      pos := pos + 1;
    end if;
  end loop;
  return convert_from(bytes, 'UTF8');
exception
  when others then
    return encoded;
end;
$$;

-- The value of one query parameter in a path such as '/coaching?utm_source=x&utm_campaign=y#top'
-- (the first occurrence, decoded; null when absent or empty).
create or replace function private.query_param(page_path text, param text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(private.url_decode(substr(pair, strpos(pair, '=') + 1)), '')
  from regexp_split_to_table(
    split_part(split_part(coalesce(page_path, ''), '#', 1), '?', 2),
    '&'
  ) with ordinality as parts(pair, n)
  where strpos(pair, '=') > 0
    and lower(private.url_decode(left(pair, strpos(pair, '=') - 1))) = lower(param)
  order by n
  limit 1
$$;

grant execute on function private.url_decode(text), private.query_param(text, text)
  to anon, authenticated, service_role;
