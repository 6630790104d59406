import { mailerFromEnv } from '../_shared/mailer.ts';
import { outboxStore } from '../_shared/outbox.ts';
import { requireEnv, serviceClient } from '../_shared/supabase.ts';
import type { MessageRecipient } from './email.ts';
import { createHandler, type ClaimedMessageEmail } from './handler.ts';

/** What public.claim_outbox writes for a message email (private.outbox_letter). */
interface Letter {
  recipient_name: string | null;
  family_id: string;
  children_names: string | null;
  coach_name: string | null;
}

const store = outboxStore<ClaimedMessageEmail, Letter>(serviceClient, 'message_email', (row) => ({
  id: row.id,
  recipient: row.recipient as MessageRecipient,
  to: row.to_email,
  recipientName: row.letter.recipient_name,
  familyId: row.letter.family_id,
  childrenNames: row.letter.children_names,
  coachName: row.letter.coach_name,
  current: row.current,
}));

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    siteUrl: requireEnv('SITE_URL'),
    serviceRoleKey: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
  }),
);
