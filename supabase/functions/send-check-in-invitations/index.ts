import { mailerFromEnv } from '../_shared/mailer.ts';
import { outboxStore } from '../_shared/outbox.ts';
import { requireEnv, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type ClaimedInvitation } from './handler.ts';

/** What public.claim_outbox writes for a check-in invitation (private.outbox_letter). */
interface Letter {
  recipient_name: string | null;
  child_id: string;
  child_first_name: string;
  due_at: string;
}

const store = outboxStore<ClaimedInvitation, Letter>(serviceClient, 'check_in_invitation', (row) => ({
  id: row.id,
  to: row.to_email,
  recipientName: row.letter.recipient_name,
  childId: row.letter.child_id,
  childFirstName: row.letter.child_first_name,
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
