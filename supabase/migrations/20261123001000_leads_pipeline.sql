-- The leads pipeline: one row per way a family reached us (intro-call request, v2 contact form,
-- waitlist, contact page, completed quiz with an email), created by triggers on the source tables so
-- no form can forget it. The team works the row (status, assignee); every change and every note is
-- kept in lead_events, written by triggers with who and when, so no client can forget or forge it.
-- Admins see every lead; a coach sees only the leads assigned to them. See docs/decisions/060.

create extension if not exists pg_trgm with schema extensions;

-- The reply promise ("we reply within 24 hours"). One function, so the promise can later be read
-- from the team's settings without touching anything that uses it.
create or replace function private.lead_reply_window()
returns interval
language sql
stable
set search_path = ''
as $$
  select interval '24 hours'
$$;
grant execute on function private.lead_reply_window() to authenticated, service_role;

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  source text not null check (source in ('fit-call', 'contact-v2', 'waitlist', 'contact', 'quiz')),
  waitlist_id uuid unique references public.waitlist (id) on delete cascade,
  contact_message_id uuid unique references public.contact_messages (id) on delete cascade,
  quiz_assessment_id uuid unique references public.quiz_assessments (id) on delete cascade,
  -- Sorted as people read names (case and accents aside), whatever the database's own locale.
  name text collate "und-x-icu" check (char_length(name) <= 100),
  email text not null check (char_length(email) <= 254),
  phone text check (char_length(phone) <= 25),
  child_name text check (char_length(child_name) <= 100),
  child_age text check (char_length(child_age) <= 20),
  focus_area text check (char_length(focus_area) <= 20),
  message text check (char_length(message) <= 5200),
  landing_path text check (char_length(landing_path) <= 2048),
  -- The landing variant: the landing page's path without query or fragment ('/coaching-v2').
  landing_variant text generated always as (
    nullif(split_part(split_part(landing_path, '#', 1), '?', 1), '')
  ) stored,
  utm_source text check (char_length(utm_source) <= 200),
  utm_medium text check (char_length(utm_medium) <= 200),
  utm_campaign text check (char_length(utm_campaign) <= 200),
  status text not null default 'new'
    check (status in ('new', 'contacted', 'call_scheduled', 'enrolled', 'not_a_fit', 'closed')),
  assignee_id uuid references public.profiles (id) on delete set null,
  enrolled_parent_id uuid references auth.users (id) on delete set null,
  enrolled_child_id uuid references public.children (id) on delete set null,
  first_response_at timestamptz,
  -- What search matches: the parent's name, the email and the child's first name, in lower case.
  search_text text generated always as (
    lower(coalesce(name, '') || ' ' || email || ' ' || coalesce(child_name, ''))
  ) stored,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint leads_one_origin check (num_nonnulls(waitlist_id, contact_message_id, quiz_assessment_id) <= 1)
);
alter table public.leads enable row level security;

comment on table public.leads is
  'The leads pipeline: one row per form submission that reached the team. Created by triggers; admins work every lead, coaches the ones assigned to them.';

-- What the list filters and sorts by (newest first, by status, source, variant, campaign, assignee)
-- and a trigram index for the name/email search.
create index leads_created_at_idx on public.leads (created_at desc, id desc);
create index leads_status_created_at_idx on public.leads (status, created_at desc);
create index leads_source_created_at_idx on public.leads (source, created_at desc);
create index leads_variant_created_at_idx on public.leads (landing_variant, created_at desc);
create index leads_campaign_created_at_idx on public.leads (utm_campaign, created_at desc)
  where utm_campaign is not null;
create index leads_assignee_created_at_idx on public.leads (assignee_id, created_at desc);
create index leads_enrolled_parent_idx on public.leads (enrolled_parent_id);
create index leads_enrolled_child_idx on public.leads (enrolled_child_id);
create index leads_search_trgm_idx on public.leads using gin (search_text extensions.gin_trgm_ops);

create trigger leads_set_updated_at
  before update on public.leads
  for each row execute function private.set_updated_at();

-- The history of a lead: created, status changes, assignments and notes. Names are stored as they
-- were when the event happened, so the history reads the same to everyone who may see the lead.
create table public.lead_events (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.leads (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  actor_name text check (char_length(actor_name) <= 201),
  kind text not null default 'note' check (kind in ('created', 'status', 'assignment', 'note')),
  from_value text check (char_length(from_value) <= 201),
  to_value text check (char_length(to_value) <= 201),
  body text check (char_length(btrim(body)) between 1 and 2000),
  created_at timestamptz not null default now(),
  constraint lead_events_note_has_body check ((kind = 'note') = (body is not null))
);
alter table public.lead_events enable row level security;
create index lead_events_lead_created_at_idx on public.lead_events (lead_id, created_at);
create index lead_events_actor_idx on public.lead_events (actor_id);

-- A person's display name for the history and the assignee column.
create or replace function private.person_name(uid uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''),
    (select u.email::text from auth.users u where u.id = uid)
  )
  from (select uid) as me
  left join public.profiles p on p.id = me.uid
  where uid is not null
$$;
grant execute on function private.person_name(uuid) to authenticated, service_role;

-- Whether the caller may work this lead: an admin, or the coach it is assigned to.
create or replace function private.can_work_lead(lead uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_admin()
    or exists (select 1 from public.leads l where l.id = lead and l.assignee_id = auth.uid())
$$;
grant execute on function private.can_work_lead(uuid) to authenticated, service_role;

-- Leads from the source tables ------------------------------------------------------------------

create or replace function private.lead_from_waitlist()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.leads (
    source, waitlist_id, name, email, phone, child_name, child_age, focus_area, landing_path,
    utm_source, utm_medium, utm_campaign, status, created_at
  ) values (
    new.source, new.id, new.name, new.email, new.phone, new.child_name, new.age_band, new.challenge,
    new.landing_path, new.utm_source, new.utm_medium, new.utm_campaign, new.status, new.created_at
  )
  on conflict (waitlist_id) do nothing;
  return null;
end;
$$;

create trigger waitlist_to_leads
  after insert on public.waitlist
  for each row execute function private.lead_from_waitlist();

-- A contact message carries no landing path: the page that started its analytics session does.
create or replace function private.lead_from_contact_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  landing text;
begin
  if new.analytics_session_id is not null then
    select w.page_path into landing
    from public.web_analytics w
    where w.session_id = new.analytics_session_id and w.event_type = 'page_view'
    order by w.created_at
    limit 1;
  end if;
  insert into public.leads (
    source, contact_message_id, name, email, message, landing_path,
    utm_source, utm_medium, utm_campaign, status, created_at
  ) values (
    'contact', new.id, new.name, new.email, left(new.topic || ': ' || new.message, 5200), landing,
    left(private.query_param(landing, 'utm_source'), 200),
    left(private.query_param(landing, 'utm_medium'), 200),
    left(private.query_param(landing, 'utm_campaign'), 200),
    case new.status when 'replied' then 'contacted' when 'closed' then 'closed' else 'new' end,
    new.created_at
  )
  on conflict (contact_message_id) do nothing;
  return null;
end;
$$;

create trigger contact_messages_to_leads
  after insert on public.contact_messages
  for each row execute function private.lead_from_contact_message();

-- A quiz becomes a lead once the parent gives an email ("Email me my results").
create or replace function private.lead_from_quiz()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.email is null or (tg_op = 'UPDATE' and old.email is not null) then
    return null;
  end if;
  insert into public.leads (
    source, quiz_assessment_id, email, child_name, child_age, focus_area, message, landing_path,
    utm_source, utm_medium, utm_campaign, created_at
  ) values (
    'quiz', new.id, new.email, new.child_first_name, new.child_age::text, new.top_focus_area,
    'Recommended plan: ' || new.recommended_plan, new.landing_path,
    new.utm_source, new.utm_medium, new.utm_campaign, new.created_at
  )
  on conflict (quiz_assessment_id) do nothing;
  return null;
end;
$$;

create trigger quiz_assessments_to_leads
  after insert or update of email on public.quiz_assessments
  for each row execute function private.lead_from_quiz();

-- Rows that arrived before this migration.
insert into public.leads (
  source, waitlist_id, name, email, phone, child_name, child_age, focus_area, landing_path,
  utm_source, utm_medium, utm_campaign, status, created_at
)
select source, id, name, email, phone, child_name, age_band, challenge, landing_path,
       utm_source, utm_medium, utm_campaign, status, created_at
from public.waitlist;

insert into public.leads (source, contact_message_id, name, email, message, status, created_at)
select 'contact', id, name, email, left(topic || ': ' || message, 5200),
       case status when 'replied' then 'contacted' when 'closed' then 'closed' else 'new' end, created_at
from public.contact_messages;

insert into public.leads (
  source, quiz_assessment_id, email, child_name, child_age, focus_area, message, landing_path,
  utm_source, utm_medium, utm_campaign, created_at
)
select 'quiz', id, email, child_first_name, child_age::text, top_focus_area,
       'Recommended plan: ' || recommended_plan, landing_path, utm_source, utm_medium, utm_campaign, created_at
from public.quiz_assessments
where email is not null;

-- Rules for changes and the history ------------------------------------------------------------

-- Through the API: 'enrolled' only comes with the family's records (public.enrol_lead), an assignee
-- is a team member (admin or coach), and the first move out of 'new' stamps the first response.
create or replace function private.leads_guard_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status <> 'new' and old.status = 'new' and new.first_response_at is null then
    new.first_response_at := now();
  end if;
  if auth.uid() is null then
    return new;
  end if;
  if new.status = 'enrolled' and old.status <> 'enrolled' and new.enrolled_child_id is null then
    raise exception 'A lead is enrolled with Enrol, which creates the family''s account and child.'
      using errcode = '23514';
  end if;
  if new.assignee_id is distinct from old.assignee_id and new.assignee_id is not null
    and not (private.has_role(new.assignee_id, 'admin') or private.has_role(new.assignee_id, 'coach')) then
    raise exception 'A lead can only be assigned to an admin or a coach.' using errcode = '23514';
  end if;
  return new;
end;
$$;

create trigger leads_guard_update
  before update on public.leads
  for each row execute function private.leads_guard_update();

create or replace function private.leads_record_events()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
  actor_label text := private.person_name(auth.uid());
begin
  if tg_op = 'INSERT' then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, to_value, created_at)
    values (new.id, actor, actor_label, 'created', new.source, new.created_at);
    return null;
  end if;
  if new.status is distinct from old.status then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
    values (new.id, actor, actor_label, 'status', old.status, new.status);
    -- The waitlist row keeps the same status, so anything reading it agrees with the pipeline.
    if new.waitlist_id is not null then
      update public.waitlist set status = new.status where id = new.waitlist_id;
    end if;
  end if;
  if new.assignee_id is distinct from old.assignee_id then
    insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value)
    values (
      new.id, actor, actor_label, 'assignment',
      private.person_name(old.assignee_id), private.person_name(new.assignee_id)
    );
  end if;
  return null;
end;
$$;

create trigger leads_record_events
  after insert or update of status, assignee_id on public.leads
  for each row execute function private.leads_record_events();

-- Notes come through the API; who and when are the server's, never the client's.
create or replace function private.lead_events_stamp()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if auth.uid() is not null then
    new.actor_id := auth.uid();
    new.actor_name := private.person_name(auth.uid());
    new.created_at := now();
    new.body := btrim(new.body);
  end if;
  return new;
end;
$$;

create trigger lead_events_stamp
  before insert on public.lead_events
  for each row execute function private.lead_events_stamp();

-- Access ------------------------------------------------------------------------------------------

revoke all on public.leads from anon, authenticated;
grant select on public.leads to authenticated;
grant update (status, assignee_id) on public.leads to authenticated;
grant all on public.leads to service_role;

create policy "Admins read every lead, coaches the leads assigned to them"
  on public.leads for select to authenticated
  using ((select private.is_admin()) or assignee_id = (select auth.uid()));

-- A coach may move their lead along the pipeline but not hand it to someone else.
create policy "Admins update every lead, coaches the leads assigned to them"
  on public.leads for update to authenticated
  using ((select private.is_admin()) or assignee_id = (select auth.uid()))
  with check ((select private.is_admin()) or assignee_id = (select auth.uid()));

revoke all on public.lead_events from anon, authenticated;
grant select on public.lead_events to authenticated;
grant insert (lead_id, body) on public.lead_events to authenticated;
grant all on public.lead_events to service_role;

create policy "Admins and assigned coaches read a lead's history"
  on public.lead_events for select to authenticated
  using (private.can_work_lead(lead_id));

create policy "Admins and assigned coaches add notes to a lead"
  on public.lead_events for insert to authenticated
  with check (kind = 'note' and private.can_work_lead(lead_id));

-- The list as the admin screen reads it: each lead with whether it is overdue (still 'new' after the
-- reply promise) and its assignee's name. Security invoker: the caller's row level security applies.
create view public.lead_list
with (security_invoker = true) as
select
  l.id, l.source, l.name, l.email, l.phone, l.child_name, l.child_age, l.focus_area, l.message,
  l.landing_path, l.landing_variant, l.utm_source, l.utm_medium, l.utm_campaign, l.status,
  l.assignee_id, private.person_name(l.assignee_id) as assignee_name,
  l.enrolled_parent_id, l.enrolled_child_id, l.first_response_at, l.search_text,
  l.created_at, l.updated_at,
  (l.status = 'new' and l.created_at < now() - private.lead_reply_window()) as overdue
from public.leads l;

revoke all on public.lead_list from anon, authenticated;
grant select on public.lead_list to authenticated;
grant select on public.lead_list to service_role;

-- The people a lead may be assigned to (admins and coaches), for admins and coaches.
create or replace function private.lead_assignees()
returns table (id uuid, name text, role public.app_role)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not (private.is_admin() or private.has_role(auth.uid(), 'coach')) then
    raise exception 'Only the team may list assignees' using errcode = '42501';
  end if;
  return query
    select r.user_id, private.person_name(r.user_id), min(r.role)
    from public.user_roles r
    where r.role in ('admin', 'coach')
    group by r.user_id
    order by 2;
end;
$$;
revoke execute on function private.lead_assignees() from public;
grant execute on function private.lead_assignees() to authenticated, service_role;

create or replace function public.lead_assignees()
returns table (id uuid, name text, role public.app_role)
language sql
stable
set search_path = ''
as $$
  select * from private.lead_assignees()
$$;
revoke execute on function public.lead_assignees() from public, anon;
grant execute on function public.lead_assignees() to authenticated, service_role;

-- Enrolment's database half (the enrol-lead function invites the parent first): under a lock on the
-- lead, finds the parent's account by the lead's email, gives it the parent role, creates the child
-- (or reuses the family's child of that first name) and marks the lead enrolled. Idempotent: a lead
-- already enrolled returns its family again.
create or replace function private.enrol_lead(lead_id uuid, child_first_name text, child_age smallint)
returns table (parent_id uuid, child_id uuid, already_enrolled boolean)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  lead public.leads%rowtype;
  parent uuid;
  child uuid;
  wanted_name text := btrim(coalesce(child_first_name, ''));
begin
  if not private.is_admin() then
    raise exception 'Only admins enrol leads' using errcode = '42501';
  end if;
  select * into lead from public.leads l where l.id = enrol_lead.lead_id for update;
  if not found then
    raise exception 'Lead not found' using errcode = 'P0002';
  end if;
  if lead.enrolled_child_id is not null then
    return query select lead.enrolled_parent_id, lead.enrolled_child_id, true;
    return;
  end if;
  if char_length(wanted_name) not between 1 and 50 then
    raise exception 'The child''s first name is required (at most 50 characters).' using errcode = '22023';
  end if;
  if child_age is not null and child_age not between 3 and 18 then
    raise exception 'The child''s age must be between 3 and 18.' using errcode = '22023';
  end if;
  select u.id into parent from auth.users u where lower(u.email) = lower(lead.email);
  if parent is null then
    raise exception 'No account for % yet: invite the parent first.', lead.email using errcode = 'P0002';
  end if;
  insert into public.user_roles (user_id, role) values (parent, 'parent')
  on conflict (user_id, role) do nothing;
  select c.id into child
  from public.children c
  where c.parent_id = parent and lower(c.first_name) = lower(wanted_name)
  limit 1;
  if child is null then
    insert into public.children (parent_id, first_name, age_band, birth_year, focus_areas)
    values (
      parent, wanted_name, child_age::text,
      case when child_age is not null then (extract(year from now())::int - child_age)::smallint end,
      case when lead.focus_area in ('emotions', 'confidence', 'focus', 'connection', 'other')
        then array[lead.focus_area] else '{}'::text[] end
    )
    returning id into child;
  end if;
  update public.leads l
     set status = 'enrolled', enrolled_parent_id = parent, enrolled_child_id = child
   where l.id = lead.id;
  return query select parent, child, false;
end;
$$;
revoke execute on function private.enrol_lead(uuid, text, smallint) from public;
grant execute on function private.enrol_lead(uuid, text, smallint) to authenticated, service_role;

create or replace function public.enrol_lead(lead_id uuid, child_first_name text, child_age smallint default null)
returns table (parent_id uuid, child_id uuid, already_enrolled boolean)
language sql
volatile
set search_path = ''
as $$
  select * from private.enrol_lead(lead_id, child_first_name, child_age)
$$;
revoke execute on function public.enrol_lead(uuid, text, smallint) from public, anon;
grant execute on function public.enrol_lead(uuid, text, smallint) to authenticated, service_role;

-- Today at a glance for /admin, read through the caller's row level security (a coach counts only
-- their own leads and sessions; the beta counter is for admins only). The browser passes where its
-- day and week start, so "today" is the team's local day.
create or replace function public.admin_overview(day_start timestamptz, week_start timestamptz)
returns table (
  leads_since_yesterday bigint,
  overdue_since_yesterday bigint,
  leads_this_week bigint,
  overdue_this_week bigint,
  overdue_total bigint,
  sessions_today bigint,
  sessions_this_week bigint,
  families_enrolled bigint
)
language sql
stable
security invoker
set search_path = ''
as $$
  with lead_counts as (
    select
      count(*) filter (where l.created_at >= day_start - interval '1 day') as since_yesterday,
      count(*) filter (where l.created_at >= day_start - interval '1 day' and l.overdue) as overdue_since_yesterday,
      count(*) filter (where l.created_at >= week_start) as this_week,
      count(*) filter (where l.created_at >= week_start and l.overdue) as overdue_this_week,
      count(*) filter (where l.overdue) as overdue_total
    from public.lead_list l
    where l.created_at >= least(day_start - interval '1 day', week_start) or l.status = 'new'
  ),
  session_counts as (
    select
      count(*) filter (where s.starts_at >= day_start and s.starts_at < day_start + interval '1 day') as today,
      count(*) as this_week
    from public.coaching_sessions s
    where s.starts_at >= week_start and s.starts_at < week_start + interval '7 days'
      and s.status <> 'cancelled'
  )
  select
    lc.since_yesterday, lc.overdue_since_yesterday, lc.this_week, lc.overdue_this_week, lc.overdue_total,
    sc.today, sc.this_week,
    case when private.is_admin() then (select count(distinct c.parent_id) from public.children c) end
  from lead_counts lc, session_counts sc
$$;
revoke execute on function public.admin_overview(timestamptz, timestamptz) from public, anon;
grant execute on function public.admin_overview(timestamptz, timestamptz) to authenticated, service_role;

alter publication supabase_realtime add table public.leads, public.lead_events;
