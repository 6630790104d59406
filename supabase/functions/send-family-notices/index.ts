import { mailerFromEnv } from '../_shared/mailer.ts';
import { outboxStore, type OutboxRow } from '../_shared/outbox.ts';
import { requireEnv, serviceClient } from '../_shared/supabase.ts';
import type { FamilyNotice } from './email.ts';
import { createHandler, type ClaimedNotice } from './handler.ts';

/** What public.claim_outbox writes for a family notice (private.outbox_letter). */
interface Letter {
  recipient_name: string | null;
  child_id: string;
  child_first_name: string;
  details: Record<string, string | null> | null;
}

/** A claimed row as the email needs it; an event this code does not know is skipped. */
function noticeOf(row: OutboxRow<Letter> & { to_email: string }): ClaimedNotice | null {
  const base = {
    id: row.id,
    current: row.current,
    to: row.to_email,
    recipientName: row.letter.recipient_name,
    childId: row.letter.child_id,
    childFirstName: row.letter.child_first_name,
  };
  const details = row.letter.details ?? {};
  let notice: FamilyNotice;
  switch (row.event) {
    case 'coach_match':
      notice = {
        ...base,
        kind: 'coach_match',
        coachName: details.coach_name ?? '',
        coachTitle: details.coach_title ?? null,
      };
      break;
    case 'progress_report':
      if (!details.report_id || !details.period_start || !details.period_end) return null;
      notice = {
        ...base,
        kind: 'progress_report',
        reportId: details.report_id,
        cadence: details.cadence === 'weekly' ? 'weekly' : 'monthly',
        periodStart: details.period_start,
        periodEnd: details.period_end,
        coachName: details.coach_name ?? null,
      };
      break;
    case 'child_login_locked':
      notice = {
        ...base,
        kind: 'child_login_locked',
        secretKind: details.secret_kind === 'password' ? 'password' : 'pin',
        wrongTries: Number(details.wrong_tries ?? 0),
      };
      break;
    default:
      return null;
  }
  return { ...notice, id: row.id, current: row.current };
}

const store = outboxStore<ClaimedNotice, Letter>(serviceClient, 'family_notice', noticeOf);

Deno.serve(
  createHandler({
    store,
    mailer: mailerFromEnv(),
    siteUrl: requireEnv('SITE_URL'),
    serviceRoleKey: requireEnv('SUPABASE_SERVICE_ROLE_KEY'),
  }),
);
