-- Demo data for local development and tests (`npm run db:reset`, `supabase db reset`).
-- The demo accounts match scripts/demo-accounts.ts (a database test keeps them in step); every
-- demo password is 'ploom-demo-2026'. Never run this on a production project.

-- Accounts. The sign-up trigger gives each the profile and the role 'parent'; the roles are
-- corrected below.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change
)
select
  '00000000-0000-0000-0000-000000000000',
  u.id,
  'authenticated',
  'authenticated',
  u.email,
  case when u.can_log_in then crypt('ploom-demo-2026', gen_salt('bf', 10)) end, -- cost 10, as Auth hashes
  now() - interval '30 days',
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name),
  now() - interval '30 days',
  now() - interval '30 days',
  '',
  '',
  ''
from (
  values
    ('a0000000-0000-4000-8000-000000000001'::uuid, 'admin@ploom.local', 'Alex', 'Morgan', true),
    ('a0000000-0000-4000-8000-000000000002'::uuid, 'coach@ploom.local', 'Jordan', 'Ellis', true),
    ('a0000000-0000-4000-8000-000000000003'::uuid, 'parent@ploom.local', 'Sam', 'Rivera', true),
    ('a0000000-0000-4000-8000-000000000004'::uuid, 'child@ploom.local', 'Mia', 'Rivera', true),
    -- another family, so the leaderboard and the access rules have someone else's rows
    ('a0000000-0000-4000-8000-000000000005'::uuid, 'priya.shah@example.com', 'Priya', 'Shah', false),
    -- the other coaches: staff accounts with the coach role (they sign in after choosing a password
    -- through "Forgot password"), so every coach of a family is also a lead assignee
    ('a0000000-0000-4000-8000-000000000008'::uuid, 'maya.chen@ploom.local', 'Maya', 'Chen', false),
    ('a0000000-0000-4000-8000-000000000009'::uuid, 'daniel.brooks@ploom.local', 'Daniel', 'Brooks', false),
    ('a0000000-0000-4000-8000-000000000010'::uuid, 'rosa.alvarez@ploom.local', 'Rosa', 'Alvarez', false)
) as u (id, email, first_name, last_name, can_log_in);

-- On a hosted project, Supabase Auth signs in through auth.identities and expects empty strings,
-- not nulls, in its token columns; the local stack has neither requirement.
do $$
declare
  token_column text;
begin
  if to_regclass('auth.identities') is not null then
    execute $sql$
      insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
      select gen_random_uuid(), u.id::text, u.id,
             jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true),
             'email', now(), now(), now()
      from auth.users u
      where u.id::text like 'a0000000-0000-4000-8000-%'
    $sql$;
  end if;
  foreach token_column in array array[
    'email_change_token_new', 'email_change_token_current', 'phone_change', 'phone_change_token',
    'reauthentication_token'
  ] loop
    if exists (
      select 1 from information_schema.columns
      where table_schema = 'auth' and table_name = 'users' and column_name = token_column
    ) then
      execute format(
        'update auth.users set %1$I = coalesce(%1$I, %2$L) where id::text like %3$L',
        token_column, '', 'a0000000-0000-4000-8000-%'
      );
    end if;
  end loop;
end
$$;

-- Coaches: each with their staff account (listed before the roles are set: a coach role creates a
-- coaches row for an account that has none, as it does for Riley, the invited coach, below).
insert into public.coaches (id, user_id, display_name, title, bio, specialties, photo_url, is_active, sort_order) values
  ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'Jordan Ellis',
   'Family Coach', 'Jordan helps children name big feelings and gives parents calm scripts for hard moments.',
   array['emotions', 'connection'], null, true, 1),
  ('c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000008', 'Maya Chen',
   'Confidence Coach', 'Maya turns "I can''t do this" into small brave steps, one week at a time.',
   array['confidence', 'emotions'], null, true, 2),
  ('c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000009', 'Daniel Brooks',
   'Focus Coach', 'Daniel builds homework routines that children can run on their own.',
   array['focus', 'confidence'], null, true, 3),
  ('c0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000010', 'Rosa Alvarez',
   'Family Coach', 'On leave this season.', array['connection'], null, false, 4);

delete from public.user_roles
where user_id in (
  'a0000000-0000-4000-8000-000000000001',
  'a0000000-0000-4000-8000-000000000002',
  'a0000000-0000-4000-8000-000000000004',
  'a0000000-0000-4000-8000-000000000008',
  'a0000000-0000-4000-8000-000000000009',
  'a0000000-0000-4000-8000-000000000010'
);
insert into public.user_roles (user_id, role) values
  ('a0000000-0000-4000-8000-000000000001', 'admin'),
  ('a0000000-0000-4000-8000-000000000002', 'coach'),
  ('a0000000-0000-4000-8000-000000000004', 'child'),
  ('a0000000-0000-4000-8000-000000000008', 'coach'),
  ('a0000000-0000-4000-8000-000000000009', 'coach'),
  ('a0000000-0000-4000-8000-000000000010', 'coach');

-- Children: the demo parent's two (Mia has the child login), and the other family's one.
insert into public.children (id, parent_id, user_id, coach_id, first_name, birth_year, age_band, focus_areas, notes) values
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003',
   'a0000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000001',
   'Mia', 2017, '9', array['emotions', 'focus'], 'Big feelings at bedtime; loves drawing.'),
  ('d0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003',
   null, 'c0000000-0000-4000-8000-000000000002', 'Leo', 2019, '7', array['confidence'], null),
  ('d0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000005',
   null, 'c0000000-0000-4000-8000-000000000003', 'Arjun', 2015, '11', array['focus'], null);

-- Sessions: two past (completed) and two upcoming for Mia with the demo coach, one each for Leo and Arjun.
insert into public.coaching_sessions (id, child_id, coach_id, parent_id, starts_at, duration_minutes, status, room_id) values
  ('e0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000003', date_trunc('hour', now()) - interval '14 days', 30, 'completed', 'demo-room-mia-week-1'),
  ('e0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000003', date_trunc('hour', now()) - interval '7 days', 30, 'completed', 'demo-room-mia-week-2'),
  ('e0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000003', date_trunc('hour', now()) + interval '1 day', 30, 'scheduled', 'demo-room-mia-week-3'),
  ('e0000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000003', date_trunc('hour', now()) + interval '8 days', 30, 'scheduled', 'demo-room-mia-week-4'),
  ('e0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002',
   'a0000000-0000-4000-8000-000000000003', date_trunc('hour', now()) + interval '2 days', 30, 'scheduled', 'demo-room-leo-week-1'),
  ('e0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000003',
   'a0000000-0000-4000-8000-000000000005', date_trunc('hour', now()) - interval '3 days', 30, 'completed', 'demo-room-arjun-week-1');

insert into public.parent_updates (id, child_id, session_id, coach_id, body, shared_at) values
  ('f0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
   'c0000000-0000-4000-8000-000000000001',
   'Mia named three feelings today and tried the balloon breath twice. At home this week: one feelings check-in at dinner.',
   now() - interval '13 days'),
  ('f0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000002',
   'c0000000-0000-4000-8000-000000000001',
   'We drew a bedtime plan: bath, two books, balloon breaths, lights out. Please keep it on the fridge and praise each step.',
   now() - interval '6 days'),
  ('f0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000001', null,
   'c0000000-0000-4000-8000-000000000001', 'Draft: ideas for next week''s homework routine.', null),
  ('f0000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000006',
   'c0000000-0000-4000-8000-000000000003',
   'Arjun set up a 15-minute homework timer and finished his reading log without reminders.',
   now() - interval '2 days');

insert into public.ploom_points (child_id, points, reason, awarded_by, created_at) values
  ('d0000000-0000-4000-8000-000000000001', 10, 'Attended a session', 'a0000000-0000-4000-8000-000000000002', now() - interval '14 days'),
  ('d0000000-0000-4000-8000-000000000001', 5, 'Balloon breaths at bedtime', 'a0000000-0000-4000-8000-000000000003', now() - interval '12 days'),
  ('d0000000-0000-4000-8000-000000000001', 10, 'Attended a session', 'a0000000-0000-4000-8000-000000000002', now() - interval '7 days'),
  ('d0000000-0000-4000-8000-000000000001', 5, 'Followed the bedtime plan', 'a0000000-0000-4000-8000-000000000003', now() - interval '5 days'),
  ('d0000000-0000-4000-8000-000000000002', 5, 'Tried something new', 'a0000000-0000-4000-8000-000000000003', now() - interval '4 days'),
  ('d0000000-0000-4000-8000-000000000003', 10, 'Attended a session', 'a0000000-0000-4000-8000-000000000001', now() - interval '3 days'),
  ('d0000000-0000-4000-8000-000000000003', 15, 'Homework without reminders', 'a0000000-0000-4000-8000-000000000001', now() - interval '2 days');

-- Leads in each stage of the pipeline, from each form and campaign.
insert into public.waitlist (
  name, email, phone, child_name, age_band, challenge, consent, source, landing_path,
  analytics_session_id, utm_source, utm_medium, utm_campaign, status, notes, notified_at, created_at
) values
  ('Hannah Lopez', 'hannah.lopez@example.com', '(555) 010-2201', 'Sofia', '8', 'emotions', true, 'fit-call',
   '/coaching?utm_source=facebook&utm_medium=paid&utm_campaign=spring_calm_homes', 'session_1763000000001_a1b2c3',
   'facebook', 'paid', 'spring_calm_homes', 'new', null, now() - interval '1 day', now() - interval '1 day'),
  ('Marcus Green', 'marcus.green@example.com', '555-010-3302', 'Eli', '10', 'focus', true, 'fit-call',
   '/coaching?utm_source=google&utm_medium=cpc&utm_campaign=focus_search', 'session_1763000000002_d4e5f6',
   'google', 'cpc', 'focus_search', 'contacted', 'Left a voicemail; try again Thursday.', now() - interval '3 days',
   now() - interval '3 days'),
  ('Olivia Park', 'olivia.park@example.com', '+1 555 010 4403', null, '12', 'confidence', true, 'fit-call',
   '/coaching', 'session_1763000000003_g7h8i9', null, null, null, 'call_scheduled',
   'Intro call booked for Friday 4pm.', now() - interval '5 days', now() - interval '5 days'),
  ('Ben Carter', 'ben.carter@example.com', null, null, '7', null, true, 'contact-v2',
   '/coaching-v2?utm_source=instagram&utm_medium=social&utm_campaign=spring_calm_homes', 'session_1763000000004_j1k2l3',
   'instagram', 'social', 'spring_calm_homes', 'enrolled', 'Starts Monday with Maya.', now() - interval '9 days',
   now() - interval '9 days'),
  ('Grace Kim', 'grace.kim@example.com', null, null, null, null, true, 'waitlist',
   '/coaching-home', 'session_1763000000005_m4n5o6', null, null, null, 'new', null, null, now() - interval '2 days'),
  ('Tom Becker', 'tom.becker@example.com', '555 010 6606', 'Noah', '15', 'other', true, 'fit-call',
   '/coaching', 'session_1763000000006_p7q8r9', null, null, null, 'not_a_fit', 'Child is outside the 7-12 range.',
   now() - interval '12 days', now() - interval '12 days');

insert into public.newsletter_subscribers (email, first_name, source, confirmation_sent_at, created_at) values
  ('hello.reader@example.com', 'Dana', 'home', now() - interval '6 days', now() - interval '6 days'),
  ('calm.parent@example.com', null, 'home', now() - interval '4 days', now() - interval '4 days'),
  ('focus.fan@example.com', 'Lee', 'coaching', now() - interval '1 day', now() - interval '1 day');

-- Two weeks of page views and leaves across the landing variants, with and without campaigns, so
-- the variant report has something to show. Deterministic: the same seed gives the same numbers.
insert into public.web_analytics (
  session_id, event_type, page_path, referrer, user_agent, device_type, duration_seconds, metadata, created_at
)
select
  format('session_%s_seed%s', 1763000000000 + n, lpad(n::text, 4, '0')),
  e.event_type,
  v.page_path,
  case when n % 3 = 0 then 'https://www.google.com/' end,
  'Mozilla/5.0 (demo seed)',
  (array['mobile', 'desktop', 'tablet', 'mobile', 'desktop'])[1 + n % 5],
  case when e.event_type = 'page_leave' then 15 + (n * 37) % 240 end,
  case when e.event_type = 'page_view'
    then jsonb_build_object('screen_width', (array[390, 1440, 820, 414, 1920])[1 + n % 5],
                            'screen_height', (array[844, 900, 1180, 896, 1080])[1 + n % 5])
    else '{}'::jsonb end,
  date_trunc('hour', now()) - make_interval(hours => (n * 7) % (14 * 24)) + e.offset_seconds * interval '1 second'
from generate_series(1, 240) as n
cross join lateral (
  select (array[
    '/',
    '/?utm_source=facebook&utm_medium=paid&utm_campaign=spring_calm_homes',
    '/coaching',
    '/coaching?utm_source=google&utm_medium=cpc&utm_campaign=focus_search',
    '/coaching?utm_source=facebook&utm_medium=paid&utm_campaign=spring_calm_homes',
    '/coaching-home',
    '/coaching-v2?utm_source=instagram&utm_medium=social&utm_campaign=spring_calm_homes',
    '/coaching-v2',
    '/pricing'
  ])[1 + n % 9] as page_path
) as v
cross join lateral (
  values ('page_view', 0), ('page_leave', 15 + (n * 37) % 240)
) as e (event_type, offset_seconds)
where e.event_type = 'page_view' or n % 4 <> 0;

-- Leads pipeline: ~30 leads across every form, landing variant, campaign and status (some past the
-- 24-hour reply promise, some assigned to the demo coach), with their history. The triggers on the
-- form tables create the leads; the history below is written as the team would have made it.
insert into public.waitlist (
  name, email, phone, child_name, age_band, challenge, consent, source, landing_path, status, created_at
) values
  ('Nora Quinn', 'nora.quinn@example.com', '(555) 010-1101', 'Ivy', '8', 'emotions', true, 'fit-call',
   '/coaching?utm_source=facebook&utm_medium=paid&utm_campaign=spring_calm_homes', 'new', now() - interval '2 hours'),
  ('Diego Ramos', 'diego.ramos@example.com', '(555) 010-1102', 'Mateo', '10', 'focus', true, 'fit-call',
   '/coaching?utm_source=google&utm_medium=cpc&utm_campaign=focus_search', 'new', now() - interval '6 hours'),
  ('Aisha Bello', 'aisha.bello@example.com', '(555) 010-1103', 'Zara', '9', 'confidence', true, 'contact-v2',
   '/coaching-v2?utm_source=instagram&utm_medium=social&utm_campaign=spring_calm_homes', 'new', now() - interval '20 hours'),
  ('Chris Walsh', 'chris.walsh@example.com', '(555) 010-1104', 'Finn', '11', 'focus', true, 'contact-v2',
   '/coaching-v2', 'new', now() - interval '30 hours'),
  ('Emma Novak', 'emma.novak@example.com', null, 'Lena', '7', 'emotions', true, 'waitlist',
   '/pricing?utm_source=newsletter&utm_medium=email&utm_campaign=beta_waitlist', 'new', now() - interval '40 hours'),
  ('Raj Patel', 'raj.patel@example.com', '(555) 010-1106', 'Anika', '12', 'connection', true, 'fit-call',
   '/', 'new', now() - interval '3 days'),
  ('Lucy Adams', 'lucy.adams@example.com', '(555) 010-1107', 'Theo', '8', 'confidence', true, 'fit-call',
   '/coaching-home', 'contacted', now() - interval '4 days'),
  ('Kwame Mensah', 'kwame.mensah@example.com', '(555) 010-1108', 'Kofi', '9', 'focus', true, 'contact-v2',
   '/coaching-v2?utm_source=google&utm_medium=cpc&utm_campaign=focus_search', 'contacted', now() - interval '5 days'),
  ('Sara Lind', 'sara.lind@example.com', null, null, '10', 'emotions', true, 'waitlist',
   '/pricing', 'call_scheduled', now() - interval '6 days'),
  ('Paul Dubois', 'paul.dubois@example.com', '(555) 010-1110', 'Louis', '7', 'connection', true, 'fit-call',
   '/?utm_source=facebook&utm_medium=paid&utm_campaign=spring_calm_homes', 'call_scheduled', now() - interval '8 days'),
  ('Mei Wong', 'mei.wong@example.com', '(555) 010-1111', 'Lily', '11', 'confidence', true, 'fit-call',
   '/coaching', 'not_a_fit', now() - interval '10 days'),
  ('Jack Miller', 'jack.miller@example.com', null, 'Sam', '9', null, true, 'waitlist',
   '/coaching-home?utm_source=newsletter&utm_medium=email&utm_campaign=beta_waitlist', 'closed', now() - interval '15 days'),
  ('Sam Rivera', 'parent@ploom.local', '(555) 010-1113', 'Mia', '9', 'emotions', true, 'fit-call',
   '/coaching?utm_source=facebook&utm_medium=paid&utm_campaign=spring_calm_homes', 'new', now() - interval '30 days'),
  ('Priya Shah', 'priya.shah@example.com', '(555) 010-1114', 'Arjun', '11', 'focus', true, 'contact-v2',
   '/coaching-v2?utm_source=google&utm_medium=cpc&utm_campaign=focus_search', 'new', now() - interval '25 days'),
  ('Hugo Martin', 'hugo.martin@example.com', '(555) 010-1115', 'Jules', '10', 'emotions', true, 'fit-call',
   '/coaching?utm_source=google&utm_medium=cpc&utm_campaign=focus_search', 'new', now() - interval '50 hours'),
  ('Fatima Noor', 'fatima.noor@example.com', '(555) 010-1116', 'Yara', '8', 'confidence', true, 'contact-v2',
   '/coaching-v2', 'contacted', now() - interval '2 days'),
  ('Owen Hughes', 'owen.hughes@example.com', null, 'Alfie', '12', 'focus', true, 'waitlist',
   '/?utm_source=facebook&utm_medium=paid&utm_campaign=spring_calm_homes', 'new', now() - interval '12 hours');

insert into public.contact_messages (name, email, topic, message, analytics_session_id, status, created_at) values
  ('Ines Costa', 'ines.costa@example.com', 'program',
   'My son is 9 and struggles with big feelings after school. Is coaching a good fit?',
   'session_1763000000004_seed0004', 'new', now() - interval '3 hours'),
  ('Tariq Hassan', 'tariq.hassan@example.com', 'enrollment',
   'We would like to start in January. Do you still have beta places?',
   'session_1763000000007_seed0007', 'new', now() - interval '28 hours'),
  ('Julia Berg', 'julia.berg@example.com', 'billing',
   'Can we pause during the summer holidays without losing our place?', null, 'replied', now() - interval '4 days'),
  ('Noah Fischer', 'noah.fischer@example.com', 'general',
   'How do sessions work if my daughter is shy on camera?', 'session_1763000000002_seed0002', 'new',
   now() - interval '5 days');

insert into public.quiz_assessments (
  answers, scores, recommended_plan, top_focus_area, child_first_name, child_age, email, email_consent_at,
  landing_path, utm_source, utm_medium, utm_campaign, created_at
) values
  ('{"q1":3}', '{"emotions":40,"confidence":70,"focus":65,"connection":80}', 'focused-progress', 'emotions',
   'Rosa', 8, 'quiz.parent.one@example.com', now() - interval '1 hour', '/coaching', null, null, null,
   now() - interval '1 hour'),
  ('{"q1":2}', '{"emotions":70,"confidence":35,"focus":60,"connection":75}', 'intensive-momentum', 'confidence',
   'Ezra', 10, 'quiz.parent.two@example.com', now() - interval '26 hours',
   '/coaching-v2?utm_source=instagram&utm_medium=social&utm_campaign=spring_calm_homes', 'instagram', 'social',
   'spring_calm_homes', now() - interval '26 hours'),
  ('{"q1":4}', '{"emotions":80,"confidence":75,"focus":30,"connection":70}', 'steady-growth', 'focus',
   'Maya', 12, 'quiz.parent.three@example.com', now() - interval '3 days',
   '/coaching?utm_source=google&utm_medium=cpc&utm_campaign=focus_search', 'google', 'cpc', 'focus_search',
   now() - interval '3 days'),
  ('{"q1":3}', '{"emotions":60,"confidence":60,"focus":55,"connection":40}', 'focused-progress', 'connection',
   null, 7, 'quiz.parent.four@example.com', now() - interval '7 days', '/', null, null, null,
   now() - interval '7 days');

-- The demo family came through the pipeline: its lead is enrolled and linked to Mia; so is Priya's.
update public.leads set status = 'enrolled', enrolled_parent_id = 'a0000000-0000-4000-8000-000000000003',
  enrolled_child_id = 'd0000000-0000-4000-8000-000000000001'
where email = 'parent@ploom.local';
update public.leads set status = 'enrolled', enrolled_parent_id = 'a0000000-0000-4000-8000-000000000005',
  enrolled_child_id = 'd0000000-0000-4000-8000-000000000003'
where email = 'priya.shah@example.com';

-- The demo coach works five leads; the admin a few more.
update public.leads set assignee_id = 'a0000000-0000-4000-8000-000000000002'
where email in ('hugo.martin@example.com', 'lucy.adams@example.com', 'sara.lind@example.com',
                'fatima.noor@example.com', 'tariq.hassan@example.com');
update public.leads set assignee_id = 'a0000000-0000-4000-8000-000000000001'
where email in ('kwame.mensah@example.com', 'paul.dubois@example.com', 'mei.wong@example.com',
                'marcus.green@example.com', 'olivia.park@example.com', 'parent@ploom.local',
                'priya.shah@example.com', 'julia.berg@example.com');
update public.leads set first_response_at = created_at + interval '5 hours' where status <> 'new';

-- The history as it happened (the updates above stamped "now"; replace those with dated events).
delete from public.lead_events where kind in ('status', 'assignment');
insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value, created_at)
select l.id, 'a0000000-0000-4000-8000-000000000001', 'Alex Morgan', 'assignment', null,
       private.person_name(l.assignee_id), l.created_at + interval '2 hours'
from public.leads l where l.assignee_id is not null;
insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value, created_at)
select l.id, coalesce(l.assignee_id, 'a0000000-0000-4000-8000-000000000001'),
       coalesce(private.person_name(l.assignee_id), 'Alex Morgan'), 'status', 'new', 'contacted',
       l.created_at + interval '5 hours'
from public.leads l where l.status <> 'new';
insert into public.lead_events (lead_id, actor_id, actor_name, kind, from_value, to_value, created_at)
select l.id, coalesce(l.assignee_id, 'a0000000-0000-4000-8000-000000000001'),
       coalesce(private.person_name(l.assignee_id), 'Alex Morgan'), 'status', 'contacted', l.status,
       l.created_at + interval '1 day'
from public.leads l where l.status not in ('new', 'contacted');
insert into public.lead_events (lead_id, actor_id, actor_name, kind, body, created_at)
select l.id, n.actor, n.actor_name, 'note', n.body, l.created_at + n.after
from public.leads l
join (values
  ('lucy.adams@example.com', 'a0000000-0000-4000-8000-000000000002'::uuid, 'Jordan Ellis',
   'Called, no answer. Sent a text with the intro-call link.', interval '6 hours'),
  ('sara.lind@example.com', 'a0000000-0000-4000-8000-000000000002'::uuid, 'Jordan Ellis',
   'Intro call booked for Thursday 5pm. Bedtime worries are the main topic.', interval '1 day'),
  ('mei.wong@example.com', 'a0000000-0000-4000-8000-000000000001'::uuid, 'Alex Morgan',
   'Looking for an in-person therapist; sent two local referrals.', interval '1 day'),
  ('kwame.mensah@example.com', 'a0000000-0000-4000-8000-000000000001'::uuid, 'Alex Morgan',
   'Emailed the pricing sheet; they will decide after half-term.', interval '6 hours'),
  ('parent@ploom.local', 'a0000000-0000-4000-8000-000000000001'::uuid, 'Alex Morgan',
   'Enrolled on Steady Growth; Mia starts with Jordan.', interval '2 days')
) as n (email, actor, actor_name, body, after) on n.email = l.email;

-- sessions: time zones, session notes, weekly slots, a cancelled session, and where the database
-- reaches the edge functions (the local stack's API; see docs/decisions/061-sessions-scheduling.md).
update public.profiles set time_zone = 'America/New_York' where id = 'a0000000-0000-4000-8000-000000000003';
update public.profiles set time_zone = 'America/Los_Angeles' where id = 'a0000000-0000-4000-8000-000000000005';
update public.profiles set time_zone = 'America/Chicago' where id = 'a0000000-0000-4000-8000-000000000002';
update public.coaches set time_zone = 'America/Chicago' where id = 'c0000000-0000-4000-8000-000000000001';
update public.coaches set time_zone = 'Europe/London' where id = 'c0000000-0000-4000-8000-000000000002';
update public.coaches set time_zone = 'America/Denver' where id = 'c0000000-0000-4000-8000-000000000003';

insert into public.session_notes (session_id, body, updated_by) values
  ('e0000000-0000-4000-8000-000000000001', 'Practised the balloon breath and a feelings check-in.',
   'a0000000-0000-4000-8000-000000000002'),
  ('e0000000-0000-4000-8000-000000000002', 'Built a bedtime wind-down plan together.',
   'a0000000-0000-4000-8000-000000000002'),
  ('e0000000-0000-4000-8000-000000000006', 'Homework timer routine.', 'a0000000-0000-4000-8000-000000000001');

-- Weekly slots (the family's zone, from the parent's profile): Mia with the demo coach on
-- Thursdays at 4:30 pm New York time, Arjun with Daniel on Mondays at 5:30 pm Los Angeles time.
-- Each books its next eight weeks. (The one-off sessions above start on the hour: no clash.)
insert into public.session_series (id, child_id, coach_id, local_time, starts_on) values
  ('b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'c0000000-0000-4000-8000-000000000001', '16:30',
   (now() at time zone 'America/New_York')::date
     + ((4 - extract(isodow from (now() at time zone 'America/New_York')::date)::integer + 7) % 7 + 7)),
  ('b0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000003',
   'c0000000-0000-4000-8000-000000000003', '17:30',
   (now() at time zone 'America/Los_Angeles')::date
     + ((1 - extract(isodow from (now() at time zone 'America/Los_Angeles')::date)::integer + 7) % 7 + 1));

-- Leo's session with Maya next week was cancelled by the family.
insert into public.coaching_sessions (id, child_id, coach_id, parent_id, starts_at, duration_minutes, status, room_id) values
  ('e0000000-0000-4000-8000-000000000007', 'd0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002',
   'a0000000-0000-4000-8000-000000000003', date_trunc('hour', now()) + interval '9 days', 30, 'cancelled',
   'demo-room-leo-week-2');

-- The demo data is not announced: its emails count as handled (new bookings are mailed as usual).
update public.outbox
set outcome = 'skipped', settled_at = now(), last_error = 'demo data'
where kind = 'session_email' and outcome is null;

insert into private.job_settings (name, value) values
  ('functions_url', 'http://127.0.0.1:54321/functions/v1'),
  ('functions_api_key', 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU')
on conflict (name) do update set value = excluded.value;

-- people (users, audit log, settings, landing report): conversions tied to the seeded analytics
-- sessions so the report shows each kind, an invited coach who has not accepted yet, a deactivated
-- parent, and the audit trail of those admin actions. The seed's own inserts above are not admin
-- actions: their system entries are cleared, so the log starts with what the team did.
insert into public.quiz_assessments (answers, scores, recommended_plan, top_focus_area, analytics_session_id, landing_path, created_at)
select '{}'::jsonb, '{"emotions": 60, "confidence": 40, "focus": 55, "connection": 70}'::jsonb, 'focused-progress', 'emotions',
       w.session_id, w.page_path, w.created_at + interval '3 minutes'
from public.web_analytics w
where w.event_type = 'page_view' and w.session_id ~ '_seed00[0-9]5$';

insert into public.newsletter_subscribers (email, first_name, source, analytics_session_id, confirmation_sent_at, created_at)
select format('reader.%s@example.com', right(w.session_id, 4)), null, 'home', w.session_id,
       w.created_at + interval '2 minutes', w.created_at + interval '2 minutes'
from public.web_analytics w
where w.event_type = 'page_view' and w.session_id ~ '_seed0(0[1-9]7|1[0-9]7)$';

insert into public.contact_messages (name, email, topic, message, analytics_session_id, status, notified_at, created_at)
select 'Jess Parent', format('jess.%s@example.com', right(w.session_id, 4)), 'program',
       'Could you tell me more about how the weekly sessions work?', w.session_id, 'new',
       w.created_at + interval '4 minutes', w.created_at + interval '4 minutes'
from public.web_analytics w
where w.event_type = 'page_view' and w.session_id ~ '_seed00[2-9]3$';

-- An invited coach (invitation not accepted) and a deactivated parent.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, banned_until,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token, email_change
) values
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000006', 'authenticated', 'authenticated',
   'riley.invited@example.com', null, null, now() - interval '1 day', null,
   '{"provider":"email","providers":["email"]}', '{"first_name":"Riley","last_name":"Hart"}',
   now() - interval '1 day', now() - interval '1 day', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', 'a0000000-0000-4000-8000-000000000007', 'authenticated', 'authenticated',
   'chris.former@example.com', null, now() - interval '20 days', null, now() + interval '100 years',
   '{"provider":"email","providers":["email"]}', '{"first_name":"Chris","last_name":"Former"}',
   now() - interval '20 days', now() - interval '2 days', '', '', '');
delete from public.user_roles where user_id = 'a0000000-0000-4000-8000-000000000006';
insert into public.user_roles (user_id, role) values ('a0000000-0000-4000-8000-000000000006', 'coach');
update public.profiles set last_login_at = now() - interval '3 hours' where id = 'a0000000-0000-4000-8000-000000000001';
update public.profiles set last_login_at = now() - interval '1 day' where id = 'a0000000-0000-4000-8000-000000000002';
update public.profiles set last_login_at = now() - interval '2 days' where id = 'a0000000-0000-4000-8000-000000000003';

delete from public.audit_logs where actor_user_id is null;
insert into public.audit_logs (actor_user_id, action, entity_type, entity_id, metadata, created_at) values
  ('a0000000-0000-4000-8000-000000000001', 'USER_INVITED', 'user', 'a0000000-0000-4000-8000-000000000006',
   '{"email": "riley.invited@example.com", "role": "coach"}', now() - interval '1 day'),
  ('a0000000-0000-4000-8000-000000000001', 'ROLE_GRANTED', 'user', 'a0000000-0000-4000-8000-000000000006',
   '{"role": "coach"}', now() - interval '1 day'),
  ('a0000000-0000-4000-8000-000000000001', 'USER_DEACTIVATED', 'user', 'a0000000-0000-4000-8000-000000000007',
   '{"email": "chris.former@example.com"}', now() - interval '2 days'),
  ('a0000000-0000-4000-8000-000000000001', 'LEAD_STATUS_CHANGED', 'waitlist',
   (select id::text from public.waitlist where email = 'marcus.green@example.com'),
   '{"changes": {"status": {"from": "new", "to": "contacted"}}}', now() - interval '2 days'),
  ('a0000000-0000-4000-8000-000000000002', 'SESSION_UPDATED', 'coaching_session', 'e0000000-0000-4000-8000-000000000002',
   '{"changes": {"status": {"from": "scheduled", "to": "completed"}}}', now() - interval '7 days' + interval '40 minutes'),
  ('a0000000-0000-4000-8000-000000000001', 'FLAG_UPDATED', 'feature_flag', 'signup_enabled',
   '{"changes": {"enabled": {"from": false, "to": true}}}', now() - interval '10 days');

-- staff two-factor: the demo accounts sign in with a password alone (a new project requires staff
-- to enrol an authenticator app; switch "Require staff two factor" on in /admin/settings to try it).
update public.feature_flags set enabled = false where key = 'require_staff_two_factor';

-- Child logins: the demo child signs in as a child does, with the username her parent gave her
-- (`mia`, password 'ploom-demo-2026', through the child-sign-in function): her Auth user is on the
-- reserved child domain under a random address that says nothing of her username, and she has no
-- surname anywhere (docs/decisions/091-child-logins.md, 151-child-sign-in-function.md).
update auth.users
set email = 'c-' || replace(gen_random_uuid()::text, '-', '') || '@child.ploom.invalid',
    raw_user_meta_data = jsonb_build_object('first_name', 'Mia')
where id = 'a0000000-0000-4000-8000-000000000004';
do $$
begin
  if to_regclass('auth.identities') is not null then
    execute $sql$
      update auth.identities i
      set identity_data = i.identity_data || jsonb_build_object('email', u.email::text)
      from auth.users u
      where u.id = i.user_id and i.user_id = 'a0000000-0000-4000-8000-000000000004'
    $sql$;
  end if;
end
$$;
update public.profiles set last_name = null where id = 'a0000000-0000-4000-8000-000000000004';
insert into public.child_logins (child_id, user_id, username, secret_kind) values
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000004', 'mia', 'password');
delete from public.audit_logs where action = 'CHILD_LOGIN_CREATED' and actor_user_id is null;

-- family-parent: the onboarding the demo families went through (ages, what they hope to change,
-- parental consent to the current notice, preferred session times) and the at-home tools the
-- coaches set.
update public.children set age = 9, hopes = 'Calmer bedtimes and naming big feelings.'
  where id = 'd0000000-0000-4000-8000-000000000001';
update public.children set age = 7, hopes = 'Trying new things without giving up.'
  where id = 'd0000000-0000-4000-8000-000000000002';
update public.children set age = 11, hopes = 'Homework without battles.'
  where id = 'd0000000-0000-4000-8000-000000000003';

insert into public.parental_consents (child_id, parent_id, notice_id, signed_name, given_at)
select c.id, c.parent_id, private.current_consent_notice_id(),
  case when c.parent_id = 'a0000000-0000-4000-8000-000000000003' then 'Sam Rivera' else 'Priya Shah' end,
  now() - interval '20 days'
from public.children c
where c.id in ('d0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002',
               'd0000000-0000-4000-8000-000000000003');

insert into public.preferred_session_times (child_id, weekday, day_part) values
  ('d0000000-0000-4000-8000-000000000001', 4, 'afternoon'),
  ('d0000000-0000-4000-8000-000000000001', 2, 'afternoon'),
  ('d0000000-0000-4000-8000-000000000002', 5, 'afternoon'),
  ('d0000000-0000-4000-8000-000000000003', 1, 'evening');

insert into public.at_home_tools (child_id, coach_id, title, instructions, created_at) values
  ('d0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Balloon breaths',
   'Breathe in slowly like you are filling a big balloon, then let it float away. Three times at bedtime.',
   now() - interval '13 days'),
  ('d0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Feelings check-in at dinner',
   'Everyone names one feeling from today and where they felt it in their body.', now() - interval '6 days'),
  ('d0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', 'One brave try a day',
   'Pick one small new thing to try. Say "I can''t do this YET" and give it a go.', now() - interval '4 days');

-- family account: the demo family has chosen two rewards for Mia.
insert into public.family_rewards (child_id, title, points_cost) values
  ('d0000000-0000-4000-8000-000000000001', 'Pick the Friday film', 20),
  ('d0000000-0000-4000-8000-000000000001', 'A trip to the climbing park', 60);

-- availability (docs/decisions/150): each active coach keeps weekly hours in their own zone, so the
-- product has open slots locally. Jordan (Chicago) coaches after school on weekdays and on Saturday
-- mornings and takes intro calls in hours of their own; Maya (London) and Daniel (Denver) keep their own hours; Rosa is
-- on leave. The admin takes intro calls in New York office hours. Jordan has a day off in two weeks.
-- The meeting rules (30-minute sessions, 20-minute intro calls, 10-minute buffers, 24 h / 2 h notice,
-- 6 weeks ahead) are the defaults the migration sets.
insert into public.availability_schedules (id, coach_id, user_id, time_zone, takes_intro_calls) values
  ('f1000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', null, 'America/Chicago', true),
  ('f1000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000002', null, 'Europe/London', false),
  ('f1000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000003', null, 'America/Denver', false),
  ('f1000000-0000-4000-8000-000000000004', null, 'a0000000-0000-4000-8000-000000000001', 'America/New_York', true);

insert into public.availability_hours (schedule_id, weekday, start_time, end_time)
select 'f1000000-0000-4000-8000-000000000001'::uuid, d, '15:00'::time, '19:00'::time from generate_series(1, 5) d
union all select 'f1000000-0000-4000-8000-000000000001', 6, '09:00', '12:00'
union all select 'f1000000-0000-4000-8000-000000000002', d, '16:00', '19:00' from generate_series(1, 4) d
union all select 'f1000000-0000-4000-8000-000000000002', 6, '10:00', '13:00'
union all select 'f1000000-0000-4000-8000-000000000003', d, '14:00', '19:00' from generate_series(1, 5) d
union all select 'f1000000-0000-4000-8000-000000000004', d, '10:00', '12:00' from generate_series(1, 5) d
union all select 'f1000000-0000-4000-8000-000000000004', d, '13:00', '16:00' from generate_series(1, 5) d;
-- Jordan gives Wednesday and Friday lunchtimes to intro calls; families book only the other hours.
insert into public.availability_hours (schedule_id, weekday, start_time, end_time, meeting) values
  ('f1000000-0000-4000-8000-000000000001', 3, '12:00', '13:00', 'intro_call'),
  ('f1000000-0000-4000-8000-000000000001', 5, '12:00', '13:00', 'intro_call');

insert into public.availability_overrides (schedule_id, on_date) values
  ('f1000000-0000-4000-8000-000000000001', (now() at time zone 'America/Chicago')::date + 14);

-- ---------------------------------------------------------------------------------------------
-- progress between sessions (docs/decisions/190-192): Mia's three check-ins over three months
-- (the parent's, the quiz's 16 answers and the scores the quiz gives them), the latest 29 days
-- ago, so her next one is due and the dashboard invites it; and two practice goals from Jordan
-- with the days ticked this week, in the family's zone (New York).
insert into public.check_ins (id, child_id, taken_by, answers, scores, taken_at) values
  ('f2000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000003',
   '{"emo-calm":2,"emo-meltdown":2,"emo-name":1,"emo-bedtime":3,"conf-try":2,"conf-cant":2,"conf-persist":2,"conf-mistake":2,"focus-start":2,"focus-drift":3,"focus-transition":3,"focus-follow":1,"conn-share":3,"conn-friends":2,"conn-conflict":2,"conn-help":2}',
   '{"emotions":38,"confidence":50,"focus":31,"connection":56}', now() - interval '85 days'),
  ('f2000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000003',
   '{"emo-calm":3,"emo-meltdown":2,"emo-name":2,"emo-bedtime":2,"conf-try":3,"conf-cant":1,"conf-persist":2,"conf-mistake":2,"focus-start":2,"focus-drift":2,"focus-transition":2,"focus-follow":1,"conn-share":3,"conn-friends":1,"conn-conflict":2,"conn-help":2}',
   '{"emotions":56,"confidence":63,"focus":44,"connection":63}', now() - interval '57 days'),
  ('f2000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000003',
   '{"emo-calm":3,"emo-meltdown":1,"emo-name":3,"emo-bedtime":1,"conf-try":3,"conf-cant":1,"conf-persist":1,"conf-mistake":2,"focus-start":3,"focus-drift":2,"focus-transition":2,"focus-follow":2,"conn-share":3,"conn-friends":1,"conn-conflict":1,"conn-help":3}',
   '{"emotions":75,"confidence":69,"focus":56,"connection":75}', now() - interval '29 days');

insert into public.practice_goals (id, child_id, coach_id, session_id, title, created_at) values
  ('f3000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'c0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
   'Balloon breaths before homework', now() - interval '12 days'),
  ('f3000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001',
   'c0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000001',
   'Name one feeling at dinner', now() - interval '12 days');

insert into public.practice_days (goal_id, child_id, practised_on, marked_by)
select g.goal_id::uuid, 'd0000000-0000-4000-8000-000000000001',
       (now() at time zone 'America/New_York')::date - g.days_ago, 'a0000000-0000-4000-8000-000000000003'
from (values
  ('f3000000-0000-4000-8000-000000000001', 1), ('f3000000-0000-4000-8000-000000000001', 2),
  ('f3000000-0000-4000-8000-000000000001', 4), ('f3000000-0000-4000-8000-000000000001', 6),
  ('f3000000-0000-4000-8000-000000000002', 1), ('f3000000-0000-4000-8000-000000000002', 3)
) as g (goal_id, days_ago);

-- ------------------------------------------------------------------------------------------------
-- Family messages (docs/decisions/185): the demo family's conversation with Jordan, its coach. The
-- parent has read all but Jordan's last message (one unread in /app's nav); Jordan has read them
-- all. An email about the unread one counts as sent, so the email job waits for a newer message.
-- ------------------------------------------------------------------------------------------------
insert into public.family_messages (family_id, sender_id, sender_role, body, created_at) values
  ('a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'parent',
   'Hi Jordan, bedtime was hard again on Tuesday. Mia got really upset when we turned the lights off. Any ideas before Thursday?',
   now() - interval '3 days 2 hours'),
  ('a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002', 'coach',
   'Thanks for telling me, Sam. Try the balloon breaths we practised: three slow breaths together before lights out. There is a short guide here: https://ploom.local/tools/balloon-breaths',
   now() - interval '3 days'),
  ('a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'parent',
   'We tried it last night and she fell asleep much calmer. Thank you!',
   now() - interval '1 day 20 hours'),
  ('a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002', 'coach',
   'That is wonderful to hear. Let''s talk about what helped in Thursday''s session.',
   now() - interval '1 day');

insert into public.family_message_reads (family_id, user_id, last_read_at) values
  ('a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', now() - interval '1 day 20 hours'),
  ('a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002', now() - interval '1 day');

insert into public.outbox (kind, family_id, recipient_user_id, recipient, created_at, attempts, outcome, settled_at)
values ('message_email', 'a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'parent',
        now() - interval '23 hours', 1, 'sent', now() - interval '23 hours');

-- Mia's custom family plan (version 1, shared by Jordan, one milestone reached) and her progress
-- report for last month, published (docs/decisions 224 and 227): what the demo family reads on
-- Mia's page. The seed's inserts are not anyone's actions: their audit entries are cleared.
insert into public.family_plan_versions (id, child_id, parent_id, coach_id, version, content, status, shared_at) values
  ('f1000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'a0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', 1,
   '{"goals": [
      {"id": "f1000000-0000-4000-8000-0000000000a1", "title": "Calmer bedtimes",
       "child_words": "I can calm my body at bedtime",
       "milestones": [
         {"id": "f1000000-0000-4000-8000-0000000000b1", "text": "Uses balloon breaths with a reminder"},
         {"id": "f1000000-0000-4000-8000-0000000000b2", "text": "Uses them without a reminder three nights a week"}]},
      {"id": "f1000000-0000-4000-8000-0000000000a2", "title": "Naming big feelings",
       "child_words": "I can say how I feel, even when it is big",
       "milestones": [
         {"id": "f1000000-0000-4000-8000-0000000000b3", "text": "Names a feeling at dinner most days"}]}],
     "strategies": ["Keep the bedtime plan on the fridge and praise each step", "One feelings check-in at dinner"],
     "watch_for": ["Tummy aches before school", "Bedtime taking more than 45 minutes"]}'::jsonb,
   'shared', now() - interval '12 days');
insert into public.family_plan_ticks (child_id, milestone_id, ticked_at, ticked_by) values
  ('d0000000-0000-4000-8000-000000000001', 'f1000000-0000-4000-8000-0000000000b1', now() - interval '5 days',
   'a0000000-0000-4000-8000-000000000002');

insert into public.progress_reports (id, child_id, parent_id, coach_id, cadence, period_start, period_end, facts,
                                     summary, next_steps, status, published_at)
select 'f2000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003',
       'c0000000-0000-4000-8000-000000000001', 'monthly', p.period_start, p.period_end,
       private.report_facts('d0000000-0000-4000-8000-000000000001', p.period_start, p.period_end, 'America/New_York'),
       'Mia came to her sessions with energy and worked hard on bedtimes. She now uses balloon breaths with a reminder, and bedtime is calmer most nights.',
       'Next month we will practise naming big feelings at dinner. At home: keep the bedtime plan on the fridge, and praise each step.',
       'published', now() - interval '2 days'
from private.report_period('monthly', ((now() at time zone 'America/New_York')::date - interval '1 month')::date) p;

delete from public.audit_logs where actor_user_id is null and action like any (array['FAMILY_PLAN_%', 'PROGRESS_REPORT_%']);

-- ------------------------------------------------------------------------------------------------
-- ad spend (docs/decisions/232): what the two demo campaigns cost over the last five weeks, as the
-- platforms' exports bring it in (spring_calm_homes on Meta, focus_search on Google Ads), so the
-- cockpit on /admin/report has spend to set against the seeded leads and enrolments.
insert into public.ad_spend (campaign, day, amount_minor, currency, source)
select 'spring_calm_homes', (now() at time zone 'UTC')::date - d, 3200 + (d * 37) % 900, 'USD', 'meta'
from generate_series(1, 35) d
union all
select 'focus_search', (now() at time zone 'UTC')::date - d, 2100 + (d * 53) % 700, 'USD', 'google-ads'
from generate_series(1, 35) d;
delete from public.audit_logs where actor_user_id is null and action like 'AD_SPEND_%';
