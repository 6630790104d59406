import { mailerFromEnv } from '../_shared/mailer.ts';
import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import { createHandler, type MatchStore } from './handler.ts';

interface ClaimRow {
  id: number;
  to_email: string;
  recipient_name: string | null;
  child_id: string;
  child_first_name: string;
  coach_name: string;
  coach_title: string | null;
  current: boolean;
}

const store: MatchStore = {
  async claim(limit) {
    const rows = check(await serviceClient().rpc('claim_coach_match_emails', { max_rows: limit })) as
      ClaimRow[] | null;
    return (rows ?? []).map((row) => ({
      id: row.id,
      to: row.to_email,
      recipientName: row.recipient_name,
      childId: row.child_id,
      childFirstName: row.child_first_name,
      coachName: row.coach_name,
      coachTitle: row.coach_title,
      current: row.current,
    }));
  },
  async settle(id, result, error) {
    check(
      await serviceClient().rpc('settle_coach_match_email', {
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
