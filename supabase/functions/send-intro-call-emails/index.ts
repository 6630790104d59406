import { mailerFromEnv, mailFromAddress } from '../_shared/mailer.ts';
import { outboxStore } from '../_shared/outbox.ts';
import { requireEnv, serviceClient } from '../_shared/supabase.ts';
import type { IntroCallEmailKind, IntroCallRecipient } from './email.ts';
import { createHandler, type ClaimedIntroCallEmail } from './handler.ts';

/** What public.claim_outbox writes for an intro-call email (private.outbox_letter). */
interface Letter {
  recipient_name: string | null;
  recipient_time_zone: string | null;
  intro_call_id: string;
  starts_at: string;
  previous_starts_at: string | null;
  duration_minutes: number;
  parent_name: string | null;
  parent_email: string;
  host_name: string;
  host_email: string | null;
  lead_id: string;
  sequence: number;
  manage_token: string | null;
}

const store = outboxStore<ClaimedIntroCallEmail, Letter>(serviceClient, 'intro_call_email', (row) => ({
  id: row.id,
  kind: row.event as IntroCallEmailKind,
  recipient: row.recipient as IntroCallRecipient,
  to: row.to_email,
  recipientName: row.letter.recipient_name || 'there',
  timeZone: row.letter.recipient_time_zone ?? 'UTC',
  introCallId: row.letter.intro_call_id,
  leadId: row.letter.lead_id,
  startsAt: new Date(row.letter.starts_at),
  previousStartsAt: row.letter.previous_starts_at ? new Date(row.letter.previous_starts_at) : null,
  durationMinutes: row.letter.duration_minutes,
  parentName: row.letter.parent_name || row.letter.parent_email,
  parentEmail: row.letter.parent_email,
  hostName: row.letter.host_name,
  hostEmail: row.letter.host_email,
  sequence: row.letter.sequence,
  current: row.current,
  manageToken: row.letter.manage_token,
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
