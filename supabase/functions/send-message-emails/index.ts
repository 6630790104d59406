import { mailerFromEnv } from '../_shared/mailer.ts';
import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import type { MessageRecipient } from './email.ts';
import { createHandler, type MessageEmailStore } from './handler.ts';

interface ClaimRow {
  id: number;
  recipient: MessageRecipient;
  to_email: string;
  recipient_name: string | null;
  family_id: string;
  children_names: string | null;
  coach_name: string | null;
  current: boolean;
}

const store: MessageEmailStore = {
  async claim(limit) {
    const rows = check(await serviceClient().rpc('claim_family_message_emails', { max_rows: limit })) as
      ClaimRow[] | null;
    return (rows ?? []).map((row) => ({
      id: row.id,
      recipient: row.recipient,
      to: row.to_email,
      recipientName: row.recipient_name,
      familyId: row.family_id,
      childrenNames: row.children_names,
      coachName: row.coach_name,
      current: row.current,
    }));
  },
  async settle(id, result, error) {
    check(
      await serviceClient().rpc('settle_family_message_email', {
        email_id: id,
        result,
        error: error ?? null,
      }),
    );
  },
};

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    siteUrl: requireEnv('SITE_URL'),
    serviceRoleKey: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
  }),
);
