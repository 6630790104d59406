-- Ad spend per campaign and day (issue 37; docs/decisions/232-marketing-cockpit-attribution-and-spend.md):
-- what the marketing team paid Google Ads, Meta or anyone else (entered by hand), so the cockpit on
-- /admin/report can set it against the leads, enrolments and revenue each campaign brought.
--
-- - The campaign is the utm_campaign value its ads send, exactly as leads.utm_campaign and the landing
--   report key it (case and all): the platforms' files name campaigns as the ads' links do.
-- - One figure per campaign, day and source: importing the same file again changes nothing, a
--   corrected file of one platform replaces that platform's figures for its days and no other's.
-- - One currency, the business's (Stripe's prices are in USD): the report adds amounts up and divides
--   revenue by them, which a second currency would make meaningless without exchange rates.
-- - Admins only, at two-factor sign-in like every staff path; every change is in the audit log.

-- The currency the business bills in and the cockpit counts in (Stripe's prices: USD).
create or replace function private.report_currency()
returns text
language sql
immutable
set search_path = ''
as $$ select 'USD' $$;
grant execute on function private.report_currency() to authenticated, service_role;

create table public.ad_spend (
  id uuid primary key default gen_random_uuid(),
  -- Byte-wise, as private.conversion_attributions keys campaigns: 'Spring' and 'spring' are two.
  campaign text collate "C" not null,
  -- The day as the platform reports it (in the ad account's time zone).
  day date not null,
  -- Whole minor units of the currency (cents).
  amount_minor bigint not null,
  currency text not null default 'USD',
  source text not null check (source in ('google-ads', 'meta', 'manual')),
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint ad_spend_one_figure_per_source unique (campaign, day, source),
  -- What the import (src/features/ad-spend/lib/spend-csv.ts) sends: trimmed, at most 200
  -- characters (utm_campaign's limit), no line break or other control character.
  constraint ad_spend_campaign_readable check (
    char_length(campaign) between 1 and 200
    and campaign = btrim(campaign)
    and campaign !~ '[\u0001-\u001f\u007f-\u009f]'
  ),
  -- Google Ads began in 2000; a day ahead of today is refused by the trigger below.
  constraint ad_spend_day_plausible check (day >= date '2000-01-01'),
  -- Up to 10,000,000.00 a campaign a day: far past any real budget, short of arithmetic overflow.
  constraint ad_spend_amount_plausible check (amount_minor between 0 and 1000000000),
  constraint ad_spend_currency_code check (currency ~ '^[A-Z]{3}$'),
  constraint ad_spend_in_the_report_currency check (currency = private.report_currency())
);
alter table public.ad_spend enable row level security;

comment on table public.ad_spend is
  'Ad spend per campaign (utm_campaign), day and source (google-ads, meta, manual), in the report currency; admins enter it on /admin/report.';

-- The cockpit reads a range's days; the creator's key for the foreign key.
create index ad_spend_day_idx on public.ad_spend (day) include (campaign, amount_minor, currency);
create index ad_spend_created_by_idx on public.ad_spend (created_by);

create trigger ad_spend_set_updated_at
  before update on public.ad_spend
  for each row execute function private.set_updated_at();

-- A day that has not begun anywhere yet has no spend. A trigger rather than a check constraint:
-- the answer moves with the clock. One day ahead of UTC is allowed (zones up to UTC+14).
create or replace function private.ad_spend_day_has_begun()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.day > (pg_catalog.now() at time zone 'UTC')::date + 1 then
    raise exception 'The day % has not begun yet: spend is entered for days that have', new.day
      using errcode = '23514';
  end if;
  return new;
end;
$$;

create trigger ad_spend_day_has_begun
  before insert or update of day on public.ad_spend
  for each row execute function private.ad_spend_day_has_begun();

-- The audit trail (as private.audit_change writes it, 20261123003000): AD_SPEND_CREATED, _UPDATED,
-- _DELETED; the entity is the campaign, the details say which day and source and the amount (an
-- update: its change from and to). Its own function because audit_change records only the changed
-- columns of an update, and a figure changed without its day and source would say little.
create or replace function private.audit_ad_spend()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  subject public.ad_spend;
  actor uuid := private.audit_actor();
  details jsonb;
begin
  if tg_op = 'DELETE' then
    subject := old;
  else
    subject := new;
  end if;
  details := jsonb_build_object('day', subject.day, 'source', subject.source, 'currency', subject.currency);
  if tg_op = 'UPDATE' then
    if old.amount_minor is not distinct from new.amount_minor and old.currency is not distinct from new.currency then
      return null;
    end if;
    details := details || jsonb_build_object('changes', jsonb_build_object(
      'amount_minor', jsonb_build_object('from', old.amount_minor, 'to', new.amount_minor)));
  else
    details := details || jsonb_build_object('amount_minor', subject.amount_minor);
  end if;
  if actor is null then
    details := details || jsonb_build_object('via', coalesce(nullif(auth.role(), ''), 'database'));
  end if;
  insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata)
  values (
    actor,
    'AD_SPEND_' || case tg_op when 'INSERT' then 'CREATED' when 'UPDATE' then 'UPDATED' else 'DELETED' end,
    'ad_spend',
    left(subject.campaign, 128),
    details
  );
  return null;
end;
$$;
revoke execute on function private.audit_ad_spend() from public, anon, authenticated;

create trigger ad_spend_audit
  after insert or update or delete on public.ad_spend
  for each row execute function private.audit_ad_spend();

-- Least privilege: nothing for visitors; admins (through the policies) read, enter, correct and
-- remove figures; who entered a row and when is the database's to set.
revoke all on public.ad_spend from anon, authenticated;
grant select, delete on public.ad_spend to authenticated;
grant insert (campaign, day, amount_minor, currency, source) on public.ad_spend to authenticated;
grant update (amount_minor, currency) on public.ad_spend to authenticated;

create policy "Admins read the ad spend"
  on public.ad_spend for select to authenticated
  using ((select private.is_admin()));

create policy "Admins enter ad spend"
  on public.ad_spend for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins correct ad spend"
  on public.ad_spend for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins remove ad spend"
  on public.ad_spend for delete to authenticated
  using ((select private.is_admin()));

-- Staff reach the team's data only after two-factor sign-in (as every staff table, 20261123009000).
create policy "Staff reach families' data only with two-factor sign-in"
  on public.ad_spend as restrictive for all to authenticated
  using ((select private.meets_staff_two_factor()))
  with check ((select private.meets_staff_two_factor()));

-- A value as a reason quotes it: text in quotes, cut to 40 characters, control characters as spaces.
create or replace function private.ad_spend_quoted(value jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(value) = 'string' then
      '"' || regexp_replace(
        case when char_length(value #>> '{}') > 40 then left(value #>> '{}', 39) || '…' else value #>> '{}' end,
        '[\u0001-\u001f\u007f-\u009f]+', ' ', 'g') || '"'
    else case when char_length(value::text) > 40 then left(value::text, 39) || '…' else value::text end
  end
$$;

-- What is wrong with one row of an import, in the words of the file's reasons (spend-csv.ts): none
-- for a row the import applies. A row is {day, campaign, amountMinor, currency}, as parseSpendCsv
-- gives it. `today` is the UTC date (a day after it is refused: see the trigger above).
create or replace function private.ad_spend_row_problems(item jsonb, today date)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  problems text[] := '{}';
  unknown text;
  v jsonb;
  d date;
  amount numeric;
  code text;
begin
  if jsonb_typeof(item) is distinct from 'object' then
    return array['The row is not an object with a day, a campaign, an amountMinor and a currency.'];
  end if;
  select string_agg(private.ad_spend_quoted(to_jsonb(k)), ', ' order by k) into unknown
  from jsonb_object_keys(item) k
  where k not in ('day', 'campaign', 'amountMinor', 'currency');
  if unknown is not null then
    problems := problems || ('The row has fields the import does not know: ' || unknown || '.');
  end if;

  v := item -> 'day';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The day is missing.'::text;
  elsif jsonb_typeof(v) <> 'string' or (v #>> '{}') !~ '^\d{4}-\d{2}-\d{2}$' then
    problems := problems || ('The day ' || private.ad_spend_quoted(v) || ' is not a date in the form YYYY-MM-DD.');
  else
    begin
      d := (v #>> '{}')::date;
    exception when others then
      d := null;
    end;
    if d is null then
      problems := problems || ('The day ' || private.ad_spend_quoted(v) || ' is not a real day.');
    elsif d < date '2000-01-01' then
      problems := problems || ('The day ' || (v #>> '{}') || ' is before 2000.');
    elsif d > today + 1 then
      problems := problems || ('The day ' || (v #>> '{}') || ' has not begun yet.');
    end if;
  end if;

  v := item -> 'campaign';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The campaign name is missing.'::text;
  elsif jsonb_typeof(v) <> 'string' then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' is not text.');
  elsif (v #>> '{}') = '' then
    problems := problems || 'The campaign name is empty.'::text;
  elsif (v #>> '{}') ~ '[\u0001-\u001f\u007f-\u009f]' then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' contains a line break or control character.');
  elsif char_length(v #>> '{}') > 200 then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' is longer than 200 characters.');
  elsif (v #>> '{}') <> btrim(v #>> '{}') then
    problems := problems || ('The campaign name ' || private.ad_spend_quoted(v) || ' begins or ends with a space.');
  end if;

  v := item -> 'amountMinor';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The amount is missing.'::text;
  elsif jsonb_typeof(v) <> 'number' then
    problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' is not a number of cents.');
  else
    amount := v::text::numeric;
    if amount <> trunc(amount) then
      problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' is not a whole number of cents.');
    elsif amount < 0 then
      problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' is negative.');
    elsif amount > 1000000000 then
      problems := problems || ('The amount ' || private.ad_spend_quoted(v) || ' cents is more than the 10,000,000.00 a campaign''s day may hold.');
    end if;
  end if;

  v := item -> 'currency';
  if v is null or jsonb_typeof(v) = 'null' then
    problems := problems || 'The currency is missing.'::text;
  elsif jsonb_typeof(v) <> 'string' or (v #>> '{}') !~ '^[A-Z]{3}$' then
    problems := problems || ('The currency ' || private.ad_spend_quoted(v) || ' is not a three-letter ISO 4217 code like USD.');
  else
    code := v #>> '{}';
    if code <> private.report_currency() then
      problems := problems || ('The amount is in ' || code || ', but the report counts in ' || private.report_currency()
        || ' only: export the report in ' || private.report_currency() || ' or convert the amounts first.');
    end if;
  end if;
  return problems;
end;
$$;
grant execute on function private.ad_spend_quoted(jsonb), private.ad_spend_row_problems(jsonb, date)
  to authenticated, service_role;

-- The import of /admin/report (and its single-row manual entry, source 'manual'): every row is
-- checked first; one bad row refuses the whole import (22023, nothing applied) with every problem
-- by the row's index in `rows` (0-based) in the error's detail, a JSON array of {index, reason}
-- (the first 100). Otherwise each (campaign, day) of the source is inserted, or its figure replaced
-- when it differs: the same rows again change nothing. Answers {inserted, updated, unchanged}.
-- Security invoker: the rows are written under the caller's row level security.
create or replace function public.import_ad_spend(rows jsonb, source text)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
#variable_conflict use_column
declare
  max_rows constant integer := 20000;
  max_listed constant integer := 100;
  total integer;
  problems jsonb;
  problem_count integer;
  bad_rows integer;
  first_problem jsonb;
  message text;
  inserted integer;
  updated integer;
begin
  if not (private.is_admin() or coalesce(auth.role(), '') = 'service_role') then
    raise exception 'Only admins may enter ad spend' using errcode = '42501';
  end if;
  perform private.require_staff_two_factor();
  if import_ad_spend.source is null or import_ad_spend.source not in ('google-ads', 'meta', 'manual') then
    raise exception 'The source of the spend must be google-ads, meta or manual' using errcode = '22023';
  end if;
  if import_ad_spend.rows is null or jsonb_typeof(import_ad_spend.rows) <> 'array' then
    raise exception 'The rows must be a JSON array of {day, campaign, amountMinor, currency}' using errcode = '22023';
  end if;
  total := jsonb_array_length(import_ad_spend.rows);
  if total > max_rows then
    raise exception 'An import holds at most % rows (a year of 50 campaigns); this one has %: import it in parts',
      max_rows, total using errcode = '22023';
  end if;

  with items as (
    select (r.n - 1)::integer as idx, r.value,
           private.ad_spend_row_problems(r.value, (pg_catalog.now() at time zone 'UTC')::date) as found
    from jsonb_array_elements(import_ad_spend.rows) with ordinality as r (value, n)
  ),
  repeated as (
    -- A campaign's day twice in one import (the file's rows for it are added up before it comes here).
    select k.idx, k.campaign, k.day, k.first_idx
    from (
      select i.idx, i.value ->> 'campaign' as campaign, i.value ->> 'day' as day,
             min(i.idx) over (partition by i.value ->> 'campaign', i.value ->> 'day') as first_idx
      from items i
      where cardinality(i.found) = 0
    ) k
    where k.idx <> k.first_idx
  ),
  listed as (
    select i.idx, p.reason, p.n
    from items i, unnest(i.found) with ordinality as p (reason, n)
    union all
    select r.idx,
           'The campaign ' || private.ad_spend_quoted(to_jsonb(r.campaign)) || ' on ' || r.day
             || ' is also row ' || r.first_idx || ': a campaign''s day comes once in an import.',
           1
    from repeated r
  )
  select count(*), count(distinct l.idx),
         (select jsonb_agg(jsonb_build_object('index', f.idx, 'reason', f.reason) order by f.idx, f.n)
          from (select * from listed order by idx, n limit max_listed) f)
  into problem_count, bad_rows, problems
  from listed l;

  if problem_count > 0 then
    first_problem := problems -> 0;
    message := format('%s of the %s rows cannot be imported, so none was. Row %s: %s%s',
      bad_rows, total, first_problem ->> 'index', first_problem ->> 'reason',
      case when problem_count > 1
        then format(' And %s more problem%s (see the details).', problem_count - 1,
                    case when problem_count > 2 then 's' else '' end)
        else '' end);
    if problem_count > max_listed then
      raise exception '%', message using errcode = '22023', detail = problems::text,
        hint = format('The details list the first %s of the %s problems.', max_listed, problem_count);
    end if;
    raise exception '%', message using errcode = '22023', detail = problems::text;
  end if;

  with incoming as (
    select r.value ->> 'campaign' as campaign, (r.value ->> 'day')::date as day,
           (r.value -> 'amountMinor')::text::numeric::bigint as amount_minor, r.value ->> 'currency' as currency
    from jsonb_array_elements(import_ad_spend.rows) as r (value)
  ),
  applied as (
    insert into public.ad_spend as a (campaign, day, amount_minor, currency, source)
    select i.campaign, i.day, i.amount_minor, i.currency, import_ad_spend.source
    from incoming i
    order by i.campaign, i.day -- one order for every import: two at once never deadlock
    on conflict (campaign, day, source) do update
      set amount_minor = excluded.amount_minor, currency = excluded.currency
      where a.amount_minor <> excluded.amount_minor or a.currency <> excluded.currency
    returning (a.xmax = 0) as is_new
  )
  select count(*) filter (where ap.is_new), count(*) filter (where not ap.is_new)
  into inserted, updated
  from applied ap;

  return jsonb_build_object('inserted', inserted, 'updated', updated, 'unchanged', total - inserted - updated);
end;
$$;
revoke execute on function public.import_ad_spend(jsonb, text) from public, anon;
grant execute on function public.import_ad_spend(jsonb, text) to authenticated, service_role;
