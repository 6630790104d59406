import { mailerFromEnv, mailFromAddress } from '../_shared/mailer.ts';
import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import type { IntroCallEmailKind, IntroCallRecipient } from './email.ts';
import { createHandler, type IntroCallEmailStore } from './handler.ts';

interface ClaimRow {
  id: number;
  kind: IntroCallEmailKind;
  recipient: IntroCallRecipient;
  to_email: string;
  recipient_name: string;
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
  current: boolean;
  manage_token: string | null;
}

const store: IntroCallEmailStore = {
  async claim(limit) {
    const rows = check(await serviceClient().rpc('claim_intro_call_emails', { max_rows: limit })) as
      ClaimRow[] | null;
    return (rows ?? []).map((row) => ({
      id: row.id,
      kind: row.kind,
      recipient: row.recipient,
      to: row.to_email,
      recipientName: row.recipient_name || 'there',
      timeZone: row.recipient_time_zone ?? 'UTC',
      introCallId: row.intro_call_id,
      leadId: row.lead_id,
      startsAt: new Date(row.starts_at),
      previousStartsAt: row.previous_starts_at ? new Date(row.previous_starts_at) : null,
      durationMinutes: row.duration_minutes,
      parentName: row.parent_name || row.parent_email,
      parentEmail: row.parent_email,
      hostName: row.host_name,
      hostEmail: row.host_email,
      sequence: row.sequence,
      current: row.current,
      manageToken: row.manage_token,
    }));
  },
  async settle(id, result, error) {
    check(
      await serviceClient().rpc('settle_intro_call_email', { email_id: id, result, error: error ?? null }),
    );
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
