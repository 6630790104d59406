import { mailerFromEnv } from '../_shared/mailer.ts';
import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type InvitationStore } from './handler.ts';

interface ClaimRow {
  id: number;
  to_email: string;
  recipient_name: string | null;
  child_id: string;
  child_first_name: string;
  due_at: string;
  current: boolean;
}

const store: InvitationStore = {
  async claim(limit) {
    const rows = check(await serviceClient().rpc('claim_check_in_invitations', { max_rows: limit })) as
      ClaimRow[] | null;
    return (rows ?? []).map((row) => ({
      id: row.id,
      to: row.to_email,
      recipientName: row.recipient_name,
      childId: row.child_id,
      childFirstName: row.child_first_name,
      current: row.current,
    }));
  },
  async settle(id, result, error) {
    check(
      await serviceClient().rpc('settle_check_in_invitation', {
        invitation_id: id,
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
