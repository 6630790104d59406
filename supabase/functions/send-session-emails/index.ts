import { mailerFromEnv, mailFromAddress } from '../_shared/mailer.ts';
import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import type { SessionEmailKind, Recipient } from './email.ts';
import { createHandler, type SessionEmailStore } from './handler.ts';

interface ClaimRow {
  id: number;
  kind: SessionEmailKind;
  recipient: Recipient;
  to_email: string;
  recipient_name: string | null;
  recipient_time_zone: string | null;
  session_id: string;
  starts_at: string;
  previous_starts_at: string | null;
  duration_minutes: number;
  child_first_name: string;
  coach_name: string | null;
  current: boolean;
  message: string | null;
  calendar_sequence: number | null;
}

const store: SessionEmailStore = {
  async claim(limit) {
    const rows = check(await serviceClient().rpc('claim_session_emails', { max_rows: limit })) as
      ClaimRow[] | null;
    return (rows ?? []).map((row) => ({
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      to: row.to_email,
      recipientName: row.recipient_name,
      timeZone: row.recipient_time_zone ?? 'UTC',
      sessionId: row.session_id,
      startsAt: new Date(row.starts_at),
      previousStartsAt: row.previous_starts_at ? new Date(row.previous_starts_at) : null,
      durationMinutes: row.duration_minutes,
      childFirstName: row.child_first_name,
      coachName: row.coach_name,
      current: row.current,
      message: row.message,
      calendarSequence: row.calendar_sequence ?? 0,
    }));
  },
  async settle(id, result, error) {
    check(await serviceClient().rpc('settle_session_email', { email_id: id, result, error: error ?? null }));
  },
};

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    siteUrl: requireEnv('SITE_URL'),
    serviceRoleKey: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
    organizerEmail: mailFromAddress(),
  }),
);
