import { mailerFromEnv, mailFromAddress } from '../_shared/mailer.ts';
import { outboxStore } from '../_shared/outbox.ts';
import { requireEnv, serviceClient } from '../_shared/supabase.ts';
import type { SessionEmailKind, Recipient } from './email.ts';
import { createHandler, type ClaimedEmail } from './handler.ts';

/** What public.claim_outbox writes for a session email (private.outbox_letter). */
interface Letter {
  recipient_name: string | null;
  recipient_time_zone: string | null;
  session_id: string;
  starts_at: string;
  previous_starts_at: string | null;
  duration_minutes: number;
  child_first_name: string;
  coach_name: string | null;
  message: string | null;
  calendar_sequence: number | null;
}

const store = outboxStore<ClaimedEmail, Letter>(serviceClient, 'session_email', (row) => ({
  id: row.id,
  kind: row.event as SessionEmailKind,
  recipient: row.recipient as Recipient,
  to: row.to_email,
  recipientName: row.letter.recipient_name,
  timeZone: row.letter.recipient_time_zone ?? 'UTC',
  sessionId: row.letter.session_id,
  startsAt: new Date(row.letter.starts_at),
  previousStartsAt: row.letter.previous_starts_at ? new Date(row.letter.previous_starts_at) : null,
  durationMinutes: row.letter.duration_minutes,
  childFirstName: row.letter.child_first_name,
  coachName: row.letter.coach_name,
  current: row.current,
  message: row.letter.message,
  calendarSequence: row.letter.calendar_sequence ?? 0,
}));

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    siteUrl: requireEnv('SITE_URL'),
    serviceRoleKey: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
    organizerEmail: mailFromAddress(),
  }),
);
