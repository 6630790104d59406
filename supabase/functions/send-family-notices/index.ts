import { mailerFromEnv } from '../_shared/mailer.ts';
import { check, requireEnv, serviceClient } from '../_shared/supabase.ts';
import type { FamilyNotice } from './email.ts';
import { createHandler, type ClaimedNotice, type NoticeStore } from './handler.ts';

interface ClaimRow {
  id: number;
  kind: string;
  to_email: string;
  recipient_name: string | null;
  child_id: string;
  child_first_name: string;
  details: Record<string, string | null> | null;
  current: boolean;
}

/** A claimed row as the email needs it; a kind this code does not know is skipped. */
function noticeOf(row: ClaimRow): ClaimedNotice | null {
  const base = {
    id: row.id,
    current: row.current,
    to: row.to_email,
    recipientName: row.recipient_name,
    childId: row.child_id,
    childFirstName: row.child_first_name,
  };
  const details = row.details ?? {};
  let notice: FamilyNotice;
  switch (row.kind) {
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

const store: NoticeStore = {
  async claim(limit) {
    const rows = check(await serviceClient().rpc('claim_family_notices', { max_rows: limit })) as
      ClaimRow[] | null;
    const notices: ClaimedNotice[] = [];
    for (const row of rows ?? []) {
      const notice = noticeOf(row);
      if (notice) notices.push(notice);
      else await store.settle(row.id, 'skipped', `unknown kind ${row.kind}`);
    }
    return notices;
  },
  async settle(id, result, error) {
    check(
      await serviceClient().rpc('settle_family_notice', {
        notice_id: id,
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
