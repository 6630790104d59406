-- What the schema diff cannot carry (Supabase's "known caveats" of declarative schemas): the rows

-- the migrations inserted, the pg_cron jobs and the tables of the supabase_realtime publication.

-- Triggers stay quiet while the rows go in, so that derived rows (audit, counts) are not doubled.

set session_replication_role = replica;

insert into private.audit_log_counts (action, entity_type, system, entries) overriding system value
  select action, entity_type, system, entries from json_populate_recordset(null::private.audit_log_counts, $data$[{"action":"FLAG_CREATED","entity_type":"feature_flag","system":true,"entries":1}, 
 {"action":"MEETING_RULES_UPDATED","entity_type":"meeting_rules","system":true,"entries":1}]$data$);

insert into public.app_settings (id, team_notification_email, reply_within_hours, updated_by, updated_at, message_reply_within_hours) overriding system value
  select id, team_notification_email, reply_within_hours, updated_by, updated_at, message_reply_within_hours from json_populate_recordset(null::public.app_settings, $data$[{"id":"team","team_notification_email":"team@ploom.local","reply_within_hours":24,"updated_by":null,"updated_at":"2026-11-29T08:08:54.932402+00:00","message_reply_within_hours":24}]$data$);

insert into public.audit_logs (id, actor_user_id, action, entity_type, entity_id, metadata, created_at) overriding system value
  select id, actor_user_id, action, entity_type, entity_id, metadata, created_at from json_populate_recordset(null::public.audit_logs, $data$[{"id":"161d3d70-9021-4850-b654-dd9bc6a2538e","actor_user_id":null,"action":"MEETING_RULES_UPDATED","entity_type":"meeting_rules","entity_id":"intro_call","metadata":{"via": "database", "changes": {"length_minutes": {"to": 15, "from": 20}, "slot_step_minutes": {"to": 15, "from": 20}}},"created_at":"2026-11-29T08:08:55.223662+00:00"}, 
 {"id":"8d54d268-90d9-4135-876b-4986a28357c2","actor_user_id":null,"action":"FLAG_CREATED","entity_type":"feature_flag","entity_id":"require_staff_two_factor","metadata":{"via": "database", "enabled": true, "description": "Require two-factor sign-in (an authenticator app) for admins and coaches: staff without a factor must enrol one at their next sign-in."},"created_at":"2026-11-29T08:08:55.015252+00:00"}]$data$);

insert into public.consent_notices (id, terms_version, privacy_version, summary, effective_at, created_at) overriding system value
  select id, terms_version, privacy_version, summary, effective_at, created_at from json_populate_recordset(null::public.consent_notices, $data$[{"id":"a3639f6e-2bbb-4a4a-ac8e-a5c0121fd88b","terms_version":"2026-11-01","privacy_version":"2026-11-01","summary":"First published terms and privacy policy.","effective_at":"2026-11-01T00:00:00+00:00","created_at":"2026-11-29T08:08:54.949935+00:00"}]$data$);

insert into public.feature_flags (key, enabled, description, updated_at) overriding system value
  select key, enabled, description, updated_at from json_populate_recordset(null::public.feature_flags, $data$[{"key":"require_staff_two_factor","enabled":true,"description":"Require two-factor sign-in (an authenticator app) for admins and coaches: staff without a factor must enrol one at their next sign-in.","updated_at":"2026-11-29T08:08:55.015252+00:00"}, 
 {"key":"signup_enabled","enabled":true,"description":"Show Login and Get Started in the site navigation and allow sign-up.","updated_at":"2026-11-29T08:08:54.767931+00:00"}]$data$);

insert into public.meeting_rules (kind, length_minutes, buffer_minutes, minimum_notice_minutes, booking_window_days, daily_maximum, slot_step_minutes, updated_at, updated_by) overriding system value
  select kind, length_minutes, buffer_minutes, minimum_notice_minutes, booking_window_days, daily_maximum, slot_step_minutes, updated_at, updated_by from json_populate_recordset(null::public.meeting_rules, $data$[{"kind":"coaching_session","length_minutes":30,"buffer_minutes":10,"minimum_notice_minutes":1440,"booking_window_days":42,"daily_maximum":6,"slot_step_minutes":30,"updated_at":"2026-11-29T08:08:55.09199+00:00","updated_by":null}, 
 {"kind":"intro_call","length_minutes":15,"buffer_minutes":10,"minimum_notice_minutes":120,"booking_window_days":42,"daily_maximum":8,"slot_step_minutes":15,"updated_at":"2026-11-29T08:08:55.223662+00:00","updated_by":null}]$data$);

set session_replication_role = origin;

select cron.schedule($data$session-reminders$data$, $data$* * * * *$data$, $data$select private.send_due_reminders()$data$);

select cron.schedule($data$session-series$data$, $data$7 * * * *$data$, $data$select private.extend_session_series()$data$);

select cron.schedule($data$family-message-emails$data$, $data$* * * * *$data$, $data$select private.send_due_message_emails()$data$);

select cron.schedule($data$family-message-retention$data$, $data$17 3 * * *$data$, $data$select private.purge_old_family_messages()$data$);

select cron.schedule($data$check-in-invitations$data$, $data$17 * * * *$data$, $data$select private.queue_check_in_invitations()$data$);

select cron.schedule($data$kept-counts-compaction$data$, $data$* * * * *$data$, $data$select private.compact_kept_counts()$data$);

select cron.schedule($data$outbox-delivery$data$, $data$* * * * *$data$, $data$select private.request_outbox_delivery()$data$);

alter publication supabase_realtime add table public.app_settings, public.coaching_sessions, public.family_messages, public.feature_flags, public.invoices, public.lead_events, public.leads, public.subscriptions;
