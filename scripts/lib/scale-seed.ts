import type pg from 'pg';

/**
 * The scale seed: a database far past today's size, made in SQL with generate_series (no row by row
 * round trips), for the benchmarks and for the tests that check plans and rollups at a smaller
 * `scale`. At scale 1: 10,000 families (parents with a profile, a time zone and most with a plan),
 * 20,000 children, 300 coaches, 200,000 coaching sessions over two years, 50,000 leads with their
 * events (and intro calls for those who booked one), 1,000,000 web_analytics rows over 90 days,
 * 25,000 conversions in those 90 days (leads, assessments, newsletter sign-ups) and 100,000 audit rows.
 *
 * The rows are what the product's triggers would leave: the bulk load switches the user triggers of
 * the tables it fills off explicitly (constraints, foreign keys included, stay on), writes what those
 * triggers would have written (profiles and roles of new accounts, a lead per form row, the lead's
 * "created" event, analytics' derived columns), switches them back on, rebuilds what triggers keep
 * up to date (the report's rollups, the families' summaries, the lists' kept counts) and runs VACUUM (ANALYZE). Every value is a pure function of the row
 * number (hashint8extended), so two runs at one scale give the same data.
 */
export interface ScaleSeedOptions {
  /** 1 = the full size above; tests use 0.01 or so. */
  scale?: number;
  /** the password every seeded account gets (bcrypt hash, computed once by the caller) */
  passwordHash: string;
  /** told how long each statement took (its first line, milliseconds) */
  onStep?: (step: string, ms: number) => void;
}

export interface ScaleSeedCounts {
  families: number;
  children: number;
  coaches: number;
  sessions: number;
  leads: number;
  analytics: number;
  conversions: number;
  audit: number;
}

export const SCALE_EMAIL_DOMAIN = 'scale.ploom.test';

export function scaleCounts(scale = 1): ScaleSeedCounts {
  const n = (full: number, min: number) => Math.max(min, Math.round(full * scale));
  return {
    families: n(10_000, 20),
    children: n(10_000, 20) * 2,
    coaches: n(300, 3),
    sessions: n(10_000, 20) * 2 * 10,
    leads: n(50_000, 100),
    analytics: n(1_000_000, 3_000),
    conversions: n(25_000, 50),
    audit: n(100_000, 200),
  };
}

/** Tables whose user triggers the load switches off and back on. */
const LOADED_TABLES = [
  'auth.users',
  'public.profiles',
  'public.user_roles',
  'public.coaches',
  'public.children',
  'public.subscriptions',
  'public.coaching_sessions',
  'public.waitlist',
  'public.contact_messages',
  'public.quiz_assessments',
  'public.newsletter_subscribers',
  'public.leads',
  'public.lead_events',
  'public.intro_calls',
  'public.web_analytics',
  'public.audit_logs',
];

/**
 * SQL helpers (session-local, pg_temp): r(n, salt) is a uniform number in [0, 1) from the row
 * number; pick(arr, weights, u) picks by cumulative weight.
 */
const HELPERS = `
create or replace function pg_temp.r(n bigint, salt bigint) returns float8
language sql immutable parallel safe as
$$ select (hashint8extended(n, salt) & 2147483647)::float8 / 2147483648.0 $$;

create or replace function pg_temp.pick(options text[], weights float8[], u float8) returns text
language plpgsql immutable parallel safe as $$
declare
  total float8 := 0;
  acc float8 := 0;
  i int;
begin
  for i in 1 .. array_length(weights, 1) loop total := total + weights[i]; end loop;
  for i in 1 .. array_length(weights, 1) loop
    acc := acc + weights[i];
    if u * total < acc then return options[i]; end if;
  end loop;
  return options[array_length(options, 1)];
end;
$$;
`;

/** The statements, in order; $1 .. are the counts (see `seedScale`). */
function statements(c: ScaleSeedCounts): string[] {
  const campaigns = `array[null, 'spring_calm_homes', 'focus_search', 'retarget', 'back_to_school', 'newsletter_may']`;
  const campaignWeights = `array[40, 20, 15, 10, 10, 5]::float8[]`;
  const sources = `array[null, 'google', 'google', 'facebook', 'google', 'newsletter']`;
  const mediums = `array[null, 'cpc', 'cpc', 'paid_social', 'cpc', 'email']`;
  const paths = `array['/', '/coaching', '/coaching-home', '/coaching-v2', '/pricing', '/about', '/faq']`;
  const pathWeights = `array[35, 20, 15, 15, 10, 3, 2]::float8[]`;
  const zones = `array['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'America/Phoenix', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Sydney', 'Pacific/Honolulu']`;
  const zoneWeights = `array[35, 15, 6, 20, 3, 8, 5, 3, 3, 2]::float8[]`;
  const firstNames = `array['Ava','Leo','Mia','Noah','Zoe','Liam','Emma','Ethan','Olivia','Lucas','Isla','Mason','Sofia','Aria','Elijah','Maya','Omar','Priya','Hana','Mateo']`;
  const lastNames = `array['Garcia','Smith','Johnson','Nguyen','Patel','Brown','Lee','Martinez','Davis','Kim','Wilson','Lopez','Clark','Young','Hall','Singh','Khan','Rossi','Novak','Silva']`;
  const F = c.families;
  const K = c.coaches;
  const L = c.leads;
  const A = c.analytics;
  // analytics: sessions of 2 rows (view, leave) or 4 (two views, two leaves), 3 on average
  const NS = Math.round(A / 3);
  // leads: a quarter of them in the report's 90 days, the rest over the 21 months before
  const leadsRecent = Math.round(L * 0.24);
  const leadsOld = L - leadsRecent;
  // the rest of the 90 days' conversions: assessments without an email, newsletter sign-ups
  const quizOnly = Math.round((c.conversions - leadsRecent) * 0.6);
  const newsletterRecent = c.conversions - leadsRecent - quizOnly;
  const newsletterOld = newsletterRecent * 3;
  const S = c.sessions;

  return [
    // Accounts: parents 1..F, coaches 1..K; one bcrypt hash for all, confirmed.
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
                             raw_user_meta_data, created_at, updated_at, last_sign_in_at)
     select md5('scale-parent-' || i)::uuid, 'authenticated', 'authenticated',
            'parent.' || i || '@${SCALE_EMAIL_DOMAIN}', $1, at, '{"provider":"email","providers":["email"]}',
            jsonb_build_object('first_name', (${firstNames})[1 + i % 20], 'last_name', (${lastNames})[1 + (i / 20) % 20]),
            at, at, at + interval '3 days' * pg_temp.r(i, 11)
     from generate_series(1, ${F}) as i,
          lateral (select now() - interval '730 days' * (1 - i::float8 / ${F}) * 0.98 - interval '1 day' as at) t`,
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data,
                             raw_user_meta_data, created_at, updated_at)
     select md5('scale-coach-' || i)::uuid, 'authenticated', 'authenticated',
            'coach.' || i || '@${SCALE_EMAIL_DOMAIN}', $1, now() - interval '760 days',
            '{"provider":"email","providers":["email"],"initial_role":"coach"}',
            jsonb_build_object('first_name', (${firstNames})[1 + (i * 7) % 20], 'last_name', (${lastNames})[1 + (i * 3) % 20]),
            now() - interval '760 days', now() - interval '760 days'
     from generate_series(1, ${K}) as i`,
    `insert into public.profiles (id, first_name, last_name, time_zone, phone, created_at, updated_at, last_login_at)
     select u.id, u.raw_user_meta_data ->> 'first_name', u.raw_user_meta_data ->> 'last_name',
            pg_temp.pick(${zones}, ${zoneWeights}, pg_temp.r(row_number() over (order by u.email), 21)),
            case when pg_temp.r(row_number() over (order by u.email), 22) < 0.6
              then '+1555' || lpad((row_number() over (order by u.email) % 10000000)::text, 7, '0') end,
            u.created_at, u.created_at, u.last_sign_in_at
     from auth.users u where u.email like '%@${SCALE_EMAIL_DOMAIN}'`,
    `insert into public.user_roles (user_id, role, created_at)
     select u.id, case when u.email like 'coach.%' then 'coach' else 'parent' end::public.app_role, u.created_at
     from auth.users u where u.email like '%@${SCALE_EMAIL_DOMAIN}'`,
    `insert into public.coaches (id, user_id, display_name, title, specialties, is_active, sort_order, time_zone, created_at, updated_at)
     select md5('scale-coach-row-' || i)::uuid, md5('scale-coach-' || i)::uuid,
            p.first_name || ' ' || p.last_name, 'Family coach',
            string_to_array((array['emotions,focus', 'confidence', 'connection,emotions', 'focus'])[1 + i % 4], ','),
            i % 25 <> 0, 100 + i, p.time_zone, now() - interval '760 days', now() - interval '760 days'
     from generate_series(1, ${K}) as i
     join public.profiles p on p.id = md5('scale-coach-' || i)::uuid`,
    // Children: two per family; child j's coach is coach j % K.
    `insert into public.children (id, parent_id, coach_id, first_name, age, birth_year, focus_areas, leaderboard_opt_in, created_at, updated_at)
     select md5('scale-child-' || j)::uuid, md5('scale-parent-' || ((j + 1) / 2))::uuid,
            md5('scale-coach-row-' || (1 + j % ${K}))::uuid,
            (${firstNames})[1 + (j * 7) % 20], (7 + j % 6)::smallint, (extract(year from now()) - 7 - j % 6)::smallint,
            string_to_array((array['emotions', 'focus', 'confidence,connection', 'focus,emotions', 'other'])[1 + j % 5], ','),
            j % 3 = 0, u.created_at, u.created_at
     from generate_series(1, ${F * 2}) as j
     join auth.users u on u.id = md5('scale-parent-' || ((j + 1) / 2))::uuid`,
    // Plans: most families pay for one; a few paused, cancelled or behind on payment.
    `insert into public.subscriptions (id, parent_id, stripe_customer_id, plan, stripe_price_id, status,
                                       cancel_at_period_end, current_period_start, current_period_end,
                                       canceled_at, stripe_created, last_event_at, created_at, updated_at)
     select 'sub_scale_' || i, md5('scale-parent-' || i)::uuid, 'cus_scale_' || i, s.plan, 'price_scale_' || s.plan,
            s.status, false, date_trunc('day', now()) - interval '10 days', date_trunc('day', now()) + interval '20 days',
            case when s.status = 'canceled' then now() - interval '15 days' end,
            u.created_at, now() - interval '10 days', u.created_at, u.created_at
     from generate_series(1, ${F}) as i
     join auth.users u on u.id = md5('scale-parent-' || i)::uuid
     cross join lateral (select
       pg_temp.pick(array['steady-growth','focused-progress','intensive-momentum'], array[50,35,15]::float8[], pg_temp.r(i, 31)) as plan,
       pg_temp.pick(array['active','paused','canceled','past_due'], array[75,8,10,7]::float8[], pg_temp.r(i, 32)) as status) s
     where pg_temp.r(i, 33) < 0.9`,
    // Sessions: each child has a weekly half-hour slot of its own within its coach's week (so a coach
    // is never booked twice) and ten sessions on ten different weeks of the 104 (so a child neither).
    `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at, duration_minutes, status, created_at, updated_at)
     select md5('scale-child-' || j)::uuid, md5('scale-coach-row-' || (1 + j % ${K}))::uuid,
            md5('scale-parent-' || ((j + 1) / 2))::uuid, t.at, 30,
            case when t.at > now() then case when pg_temp.r(n, 41) < 0.05 then 'cancelled' else 'scheduled' end
                 else pg_temp.pick(array['completed','cancelled','no_show'], array[85,8,7]::float8[], pg_temp.r(n, 42)) end,
            least(t.at, now()) - interval '14 days', least(t.at, now()) - interval '14 days'
     from generate_series(0, ${S - 1}) as n
     cross join lateral (select 1 + n % ${F * 2} as j, n / ${F * 2} as round) k
     cross join lateral (select (k.j - 1) / ${K} as slot) s
     cross join lateral (select
       date_trunc('week', now() - interval '546 days')
         + interval '7 days' * ((k.j * 7 + k.round * 10) % 104)
         + interval '7 days' * (s.slot / 98)
         + interval '1 day' * ((s.slot % 98) / 14) + interval '14 hours' + interval '30 minutes' * (s.slot % 14) as at) t`,
    // Analytics over the last 90 days: NS visits, each a page view and its leave, half of them a second
    // page view and leave; visit m starts at a time that grows with m.
    `insert into public.web_analytics (session_id, event_type, page_path, path, utm_source, utm_medium, utm_campaign,
                                       referrer, device_type, duration_seconds, created_at)
     select 'scale_' || m, e.event_type,
            v.path || case when v.ci > 1 then '?utm_source=' || (${sources})[v.ci] || '&utm_medium=' || (${mediums})[v.ci]
                                             || '&utm_campaign=' || (${campaigns})[v.ci] else '' end,
            v.path, (${sources})[v.ci], (${mediums})[v.ci], (${campaigns})[v.ci],
            case when v.ci = 1 and pg_temp.r(m, 53) < 0.5 then 'https://www.google.com/' end,
            pg_temp.pick(array['mobile','desktop','tablet'], array[62,30,8]::float8[], pg_temp.r(m, 54)),
            case when e.event_type = 'page_leave' then (3 + 600 * pg_temp.r(m * 4 + e.k, 55) ^ 2)::int end,
            v.at + e.offset_s * interval '1 second'
     from generate_series(0, ${NS - 1}) as m
     cross join lateral (select
       pg_temp.pick(${paths}, ${pathWeights}, pg_temp.r(m, 51)) as path,
       array_position(${campaigns}, pg_temp.pick(${campaigns}, ${campaignWeights}, pg_temp.r(m, 52))) as ci,
       now() - interval '90 days' + interval '90 days' * ((m + pg_temp.r(m, 56)) / ${NS}) * 0.999 as at) v
     cross join lateral (values ('page_view', 0, 0), ('page_leave', 60, 1), ('page_view', 90, 2), ('page_leave', 150, 3))
       as e (event_type, offset_s, k)
     where e.k < 2 or m % 2 = 0
     limit ${A}`,
    // A null campaign index stays null: array_position finds no null. Visits without a campaign had
    // ci = null above; they are plain visits (no utm_*).
    // Leads: waitlist rows (fit-call, waitlist, contact-v2), contact messages and assessments with an
    // email, each with its lead (as the form triggers make it); recent ones carry the analytics visit
    // they came from.
    `create temporary table scale_leads on commit drop as
     select n, l.created_at, l.visit,
            pg_temp.pick(array['fit-call','waitlist','contact-v2','contact','quiz'], array[45,25,10,10,10]::float8[], pg_temp.r(n, 61)) as kind,
            pg_temp.pick(array['new','contacted','call_scheduled','enrolled','not_a_fit','closed'], array[25,25,18,14,8,10]::float8[], pg_temp.r(n, 62)) as status
     from generate_series(0, ${L - 1}) as n
     cross join lateral (select
       case when n < ${leadsOld}
         then now() - interval '730 days' + interval '640 days' * ((n + pg_temp.r(n, 63) * 0.5) / ${leadsOld})
         else now() - interval '90 days' + interval '90 days' * ((n - ${leadsOld} + 0.5) / ${leadsRecent}) * 0.999 + interval '2 minutes'
       end as created_at,
       case when n >= ${leadsOld} then floor((n - ${leadsOld} + 0.5) / ${leadsRecent} * ${NS} * 0.999)::int end as visit) l`,
    `update scale_leads set status = 'new' where created_at > now() - interval '2 days' and status <> 'new'`,
    `create temporary table scale_visits on commit drop as
     select distinct on (w.session_id) w.session_id, w.page_path
     from public.web_analytics w
     where w.session_id like 'scale\\_%' and w.event_type = 'page_view'
       and w.session_id in (select 'scale_' || visit from scale_leads where visit is not null
                            union all select 'scale_' || (q * 7 + 3) % ${NS} from generate_series(0, ${quizOnly + newsletterRecent}) q)
     order by w.session_id, w.created_at`,
    `insert into public.waitlist (id, name, email, phone, child_name, age_band, challenge, consent, source, landing_path,
                                  analytics_session_id, utm_source, utm_medium, utm_campaign, status, created_at, updated_at)
     select md5('scale-lead-' || l.n)::uuid, p.first || ' ' || p.last, 'lead.' || l.n || '@example.com',
            case when l.kind = 'fit-call' then '(555) 01' || lpad((l.n % 100000)::text, 5, '0') end,
            p.child, (7 + l.n % 6)::text, (array['emotions','confidence','focus','connection','other'])[1 + l.n % 5], true,
            l.kind, coalesce(v.page_path, (${paths})[1 + l.n % 5]), v.session_id,
            private.query_param(coalesce(v.page_path, ''), 'utm_source'), private.query_param(coalesce(v.page_path, ''), 'utm_medium'),
            private.query_param(coalesce(v.page_path, ''), 'utm_campaign'),
            l.status, l.created_at, l.created_at
     from scale_leads l
     left join scale_visits v on v.session_id = 'scale_' || l.visit
     cross join lateral (select (${firstNames})[1 + l.n % 20] as first, (${lastNames})[1 + (l.n / 20) % 20] as last,
                                (${firstNames})[1 + (l.n * 3) % 20] as child) p
     where l.kind in ('fit-call','waitlist','contact-v2')`,
    `insert into public.contact_messages (id, name, email, topic, message, analytics_session_id, status, created_at, updated_at)
     select md5('scale-lead-' || l.n)::uuid, (${firstNames})[1 + l.n % 20] || ' ' || (${lastNames})[1 + (l.n / 20) % 20],
            'lead.' || l.n || '@example.com', (array['general','program','enrollment','billing'])[1 + l.n % 4],
            'We would like to know more about coaching for our child.', 'scale_' || l.visit,
            case when l.status = 'new' then 'new' else 'replied' end, l.created_at, l.created_at
     from scale_leads l where l.kind = 'contact'`,
    `insert into public.quiz_assessments (id, answers, scores, recommended_plan, top_focus_area, child_first_name, child_age,
                                          email, email_consent_at, analytics_session_id, landing_path, created_at)
     select md5('scale-lead-' || l.n)::uuid, '{"q1":2,"q2":3}', '{"emotions":6,"focus":4}',
            (array['steady-growth','focused-progress','intensive-momentum'])[1 + l.n % 3],
            (array['emotions','confidence','focus','connection'])[1 + l.n % 4], (${firstNames})[1 + (l.n * 3) % 20], (7 + l.n % 6)::smallint,
            'lead.' || l.n || '@example.com', l.created_at, v.session_id, v.page_path, l.created_at
     from scale_leads l left join scale_visits v on v.session_id = 'scale_' || l.visit
     where l.kind = 'quiz'`,
    `insert into public.quiz_assessments (answers, scores, recommended_plan, top_focus_area, analytics_session_id, landing_path, created_at)
     select '{"q1":1,"q2":2}', '{"focus":5}', (array['steady-growth','focused-progress','intensive-momentum'])[1 + q % 3],
            (array['emotions','confidence','focus','connection'])[1 + q % 4], v.session_id, v.page_path,
            now() - interval '90 days' + interval '90 days' * (((q * 7 + 3) % ${NS} + 0.9) / ${NS}) * 0.999 + interval '3 minutes'
     from generate_series(0, ${quizOnly - 1}) q
     left join scale_visits v on v.session_id = 'scale_' || (q * 7 + 3) % ${NS}`,
    `insert into public.newsletter_subscribers (email, first_name, source, analytics_session_id, confirmation_sent_at, created_at)
     select 'reader.' || q || '@example.com', (${firstNames})[1 + q % 20], 'footer',
            case when q < ${newsletterRecent} then 'scale_' || ((q + ${quizOnly}) * 7 + 3) % ${NS} end, t.at, t.at
     from generate_series(0, ${newsletterRecent + newsletterOld - 1}) q
     cross join lateral (select case when q < ${newsletterRecent}
       then now() - interval '90 days' + interval '90 days' * ((((q + ${quizOnly}) * 7 + 3) % ${NS} + 0.9) / ${NS}) * 0.999 + interval '3 minutes'
       else now() - interval '730 days' + interval '640 days' * pg_temp.r(q, 71) end as at) t`,
    // The leads, as lead_from_waitlist / _contact_message / _quiz write them, assigned to coaches when
    // past "new"; enrolled ones point at a family.
    `insert into public.leads (id, source, waitlist_id, contact_message_id, quiz_assessment_id, name, email, phone, child_name,
                               child_age, focus_area, message, landing_path, utm_source, utm_medium, utm_campaign, status,
                               assignee_id, enrolled_parent_id, first_response_at, created_at, updated_at)
     select md5('scale-lead-row-' || l.n)::uuid, l.kind,
            w.id, c.id, q.id, coalesce(w.name, c.name), coalesce(w.email, c.email, q.email), w.phone,
            coalesce(w.child_name, q.child_first_name), coalesce(w.age_band, q.child_age::text), coalesce(w.challenge, q.top_focus_area),
            c.message, coalesce(w.landing_path, q.landing_path),
            coalesce(w.utm_source, private.query_param(q.landing_path, 'utm_source')),
            coalesce(w.utm_medium, private.query_param(q.landing_path, 'utm_medium')),
            coalesce(w.utm_campaign, private.query_param(q.landing_path, 'utm_campaign')),
            l.status,
            case when l.status <> 'new' then md5('scale-coach-' || (1 + l.n % ${K}))::uuid end,
            case when l.status = 'enrolled' then md5('scale-parent-' || (1 + l.n % ${F}))::uuid end,
            case when l.status <> 'new' then l.created_at + interval '1 hour' * (1 + 40 * pg_temp.r(l.n, 81)) end,
            l.created_at, l.created_at + interval '2 days'
     from scale_leads l
     left join public.waitlist w on w.id = md5('scale-lead-' || l.n)::uuid and l.kind in ('fit-call','waitlist','contact-v2')
     left join public.contact_messages c on c.id = md5('scale-lead-' || l.n)::uuid and l.kind = 'contact'
     left join public.quiz_assessments q on q.id = md5('scale-lead-' || l.n)::uuid and l.kind = 'quiz'`,
    // Intro calls for the leads that booked one: the host is the lead's coach; the call is three
    // days after the lead on a 20-minute grid, so a host's calls (K leads apart) never overlap.
    `insert into public.intro_calls (lead_id, host_id, starts_at, duration_minutes, status, created_at, updated_at)
     select md5('scale-lead-row-' || l.n)::uuid, md5('scale-coach-' || (1 + l.n % ${K}))::uuid, t.starts_at, 20,
            case when t.starts_at > now() then 'scheduled'
                 else pg_temp.pick(array['completed','no_show','cancelled'], array[85,10,5]::float8[], pg_temp.r(l.n, 91)) end,
            l.created_at + interval '1 minute' + interval '30 hours' * pg_temp.r(l.n, 92) ^ 2, now()
     from scale_leads l
     cross join lateral (select date_bin(interval '20 minutes', l.created_at + interval '3 days', timestamptz '2020-01-01') as starts_at) t
     where l.status in ('call_scheduled','enrolled') and l.kind <> 'contact'`,
    // Each lead's events: created, the status moves that led to its status, and some notes.
    `insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value, body, created_at)
     select md5('scale-lead-row-' || l.n)::uuid, e.actor, e.actor_name, e.kind, e.from_value, e.to_value, e.body, e.at
     from scale_leads l
     cross join lateral (select md5('scale-coach-' || (1 + l.n % ${K}))::uuid as coach) a
     cross join lateral (
       select null::uuid as actor, null::text as actor_name, 'created' as kind, null::text as from_value,
              l.kind as to_value, null::text as body, l.created_at as at
       union all
       select a.coach, 'Coach ' || (1 + l.n % ${K}), 'status', 'new', 'contacted', null, l.created_at + interval '5 hours'
       where l.status <> 'new'
       union all
       select a.coach, 'Coach ' || (1 + l.n % ${K}), 'status', 'contacted', l.status, null, l.created_at + interval '1 day'
       where l.status not in ('new','contacted')
       union all
       select a.coach, 'Coach ' || (1 + l.n % ${K}), 'note', null, null, 'Spoke with the parent; follow up next week.',
              l.created_at + interval '6 hours'
       where pg_temp.r(l.n, 95) < 0.35
     ) e`,
    // The audit log: two years of the team's actions.
    `insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata, created_at)
     select case when a.action like 'USER_%' or a.action = 'FLAG_UPDATED' then null
                 else md5('scale-coach-' || (1 + n % ${K}))::uuid end,
            a.action, a.entity, md5('scale-entity-' || (n % 5000))::uuid::text,
            jsonb_build_object('source', 'scale'), now() - interval '730 days' * pg_temp.r(n, 101)
     from generate_series(1, ${c.audit}) as n
     cross join lateral (select pg_temp.pick(
       array['SESSION_UPDATED','SESSION_CREATED','LEAD_STATUS_CHANGED','LEAD_ASSIGNED','LEAD_NOTE_ADDED','ROLE_GRANTED','USER_INVITED','FLAG_UPDATED','SESSION_NOTE_READ','FAMILY_DATA_EXPORTED'],
       array[30,15,20,10,10,3,3,2,5,2]::float8[], pg_temp.r(n, 102)) as action) p
     cross join lateral (select p.action,
       case when p.action like 'SESSION_%' then 'coaching_session' when p.action like 'LEAD_%' then 'lead'
            when p.action = 'FLAG_UPDATED' then 'feature_flag' when p.action like 'FAMILY_%' then 'family' else 'user' end as entity) a`,
  ];
}

/** Fill the database `db` (connected as the database owner). Refuses if it already holds the seed. */
export async function seedScale(db: pg.ClientBase, options: ScaleSeedOptions): Promise<ScaleSeedCounts> {
  const counts = scaleCounts(options.scale ?? 1);
  const { rows } = await db.query<{ seeded: boolean }>(
    `select exists (select 1 from auth.users where email = $1) as seeded`,
    [`parent.1@${SCALE_EMAIL_DOMAIN}`],
  );
  if (rows[0].seeded) {
    throw new Error('This database already holds the scale seed: run `npm run db:reset` first.');
  }
  await db.query('begin');
  try {
    await db.query(`set local work_mem = '256MB'`);
    await db.query(`set local maintenance_work_mem = '256MB'`);
    await db.query(HELPERS);
    for (const table of LOADED_TABLES) await db.query(`alter table ${table} disable trigger user`);
    for (const sql of statements(counts)) {
      const started = performance.now();
      await db.query(sql, sql.includes('$1') ? [options.passwordHash] : []);
      options.onStep?.(sql.trim().split('\n')[0].slice(0, 80), performance.now() - started);
    }
    for (const table of LOADED_TABLES) await db.query(`alter table ${table} enable trigger user`);
    // What triggers keep up to date as rows arrive is rebuilt once for the whole load.
    const { rows: rebuild } = await db.query<{ found: boolean }>(
      `select to_regprocedure('private.rebuild_landing_rollups()') is not null as found`,
    );
    if (rebuild[0].found) {
      const started = performance.now();
      await db.query('select private.rebuild_landing_rollups()');
      options.onStep?.('rebuild the landing report rollups', performance.now() - started);
    }
    const { rows: families } = await db.query<{ found: boolean }>(
      `select to_regprocedure('private.rebuild_family_summaries()') is not null as found`,
    );
    if (families[0].found) {
      const started = performance.now();
      await db.query('select private.rebuild_family_summaries()');
      options.onStep?.('rebuild the family summaries', performance.now() - started);
    }
    // The sessions' and the audit log's kept counts (docs/decisions/213).
    for (const rebuildCounts of ['rebuild_session_status_counts', 'rebuild_audit_log_counts']) {
      const { rows: found } = await db.query<{ found: boolean }>(
        `select to_regprocedure($1) is not null as found`,
        [`private.${rebuildCounts}()`],
      );
      if (found[0].found) {
        const started = performance.now();
        await db.query(`select private.${rebuildCounts}()`);
        options.onStep?.(`rebuild ${rebuildCounts.replace('rebuild_', '')}`, performance.now() - started);
      }
    }
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
  // VACUUM too: after a bulk load the visibility map is empty, and every exact count would visit
  // the heap instead of reading its index alone.
  const started = performance.now();
  await db.query('vacuum (analyze)');
  options.onStep?.('vacuum (analyze)', performance.now() - started);
  return counts;
}
