import { renderEmail } from '../_shared/email-layout.ts';
import type { EmailMessage } from '../_shared/email-message.ts';
import { escapeHtml, namesOnOneLine } from '../_shared/html.ts';

/** What every notice's text needs (public.claim_outbox). */
interface NoticeBase {
  to: string;
  recipientName: string | null;
  childId: string;
  childFirstName: string;
}

/** A child matched with a coach. */
export interface CoachMatch extends NoticeBase {
  kind: 'coach_match';
  coachName: string;
  coachTitle: string | null;
}

/** A progress report published: the notice names its period, never what it says. */
export interface ReportReady extends NoticeBase {
  kind: 'progress_report';
  reportId: string;
  cadence: 'weekly' | 'monthly';
  /** the period's first and last day, 'YYYY-MM-DD' */
  periodStart: string;
  periodEnd: string;
  coachName: string | null;
}

/**
 * A child's login locked for the day after many wrong tries (docs/decisions/229): how many, never
 * the secret or where the tries came from.
 */
export interface ChildLoginLocked extends NoticeBase {
  kind: 'child_login_locked';
  secretKind: 'password' | 'pin';
  /** wrong tries on the login in the day before the lock */
  wrongTries: number;
}

/** A notice of one of the kinds the family is sent. */
export type FamilyNotice = CoachMatch | ReportReady | ChildLoginLocked;

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "November 2026", or "the week of November 23". */
export function periodLabel(report: Pick<ReportReady, 'cadence' | 'periodStart'>): string {
  const start = new Date(`${report.periodStart}T00:00:00Z`);
  return report.cadence === 'monthly' ? monthFormat.format(start) : `the week of ${dayFormat.format(start)}`;
}

/** The report in the parent's app. */
export function reportLink(reportId: string, siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/app/reports/${encodeURIComponent(reportId)}`;
}

/** "Mia's progress report is ready": who wrote it and for when, and a link; never its content. */
export function reportReadyEmail(queued: ReportReady, siteUrl: string): EmailMessage {
  const notice = namesOnOneLine(queued, ['recipientName', 'childFirstName', 'coachName']);
  const child = notice.childFirstName;
  const subject = `${child}'s progress report is ready`;
  const link = reportLink(notice.reportId, siteUrl);
  const lines = [
    `Hi ${notice.recipientName ?? 'there'},`,
    `${notice.coachName ?? `${child}'s coach`} has written ${child}'s progress report for ${periodLabel(notice)}.`,
    'Read it in your dashboard: it shows the sessions, the check-ins and the practice at home, with what comes next. ' +
      'You can print it or save it as a PDF from there.',
  ];
  const action = 'Read the report';
  const linkHtml =
    `<p style="margin:20px 0 0;"><a href="${escapeHtml(link)}" ` +
    `style="display:inline-block;background:#2f6b4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold;">` +
    `${escapeHtml(action)}</a></p>`;
  const { html, text } = renderEmail({
    preheader: lines[1]!,
    heading: subject,
    blocksHtml: [...lines.map((line) => escapeHtml(line)), linkHtml],
    text: [...lines, '', `${action}: ${link}`].join('\n\n'),
    footer: 'Ploom · Building confidence, focus, and connection for families.',
  });
  return { to: notice.to, subject, html, text };
}

/** The child's schedule in the parent's app, with the booking picker open. */
export function bookingLink(childId: string, siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/app/child-schedule/${encodeURIComponent(childId)}?book=1`;
}

/** "Meet Mia's coach, Jordan Ellis": who the coach is, and a link that books the first session. */
export function coachMatchEmail(queued: CoachMatch, siteUrl: string): EmailMessage {
  const match = namesOnOneLine(queued, ['recipientName', 'childFirstName', 'coachName', 'coachTitle']);
  const child = match.childFirstName;
  const coach = match.coachName;
  const first = coach.split(/\s+/)[0] || coach;
  const subject = `Meet ${child}'s coach, ${coach}`;
  const link = bookingLink(match.childId, siteUrl);
  const lines = [
    `Hi ${match.recipientName ?? 'there'},`,
    `We have matched ${child} with ${coach}${match.coachTitle ? `, ${match.coachTitle}` : ''}. ` +
      `${first} will coach ${child} one to one, with you in every session.`,
    `You can book ${child}'s first session now: ${first}'s open times are on ${child}'s schedule, ` +
      'shown in your time zone. Choose one that suits your family.',
    `After each session, ${first} shares an update with you, and you can message ${first} from your dashboard at any time.`,
  ];
  const action = `Book ${child}'s first session`;
  const linkHtml =
    `<p style="margin:20px 0 0;"><a href="${escapeHtml(link)}" ` +
    `style="display:inline-block;background:#2f6b4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold;">` +
    `${escapeHtml(action)}</a></p>`;
  const { html, text } = renderEmail({
    preheader: lines[1]!,
    heading: subject,
    blocksHtml: [...lines.map((line) => escapeHtml(line)), linkHtml],
    text: [...lines, '', `${action}: ${link}`].join('\n\n'),
    footer: 'Ploom · Building confidence, focus, and connection for families.',
  });
  return { to: match.to, subject, html, text };
}

/** The parent's page of the children's logins, where a lock is lifted. */
export function childLoginsLink(siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/app/account/children`;
}

/** "Mia's sign-in was paused after many wrong PINs": how many, what it means, and where to unlock it. */
export function childLoginLockedEmail(queued: ChildLoginLocked, siteUrl: string): EmailMessage {
  const notice = namesOnOneLine(queued, ['recipientName', 'childFirstName']);
  const child = notice.childFirstName;
  const secret = notice.secretKind === 'pin' ? 'PIN' : 'password';
  const subject = `${child}'s sign-in was paused after many wrong ${secret}s`;
  const link = childLoginsLink(siteUrl);
  const times = notice.wrongTries === 1 ? 'once' : `${notice.wrongTries} times`;
  const lines = [
    `Hi ${notice.recipientName ?? 'there'},`,
    `A wrong ${secret} was typed for ${child}'s login ${times} within a day, so we have paused it: ` +
      `nobody can sign in as ${child} for now, ${child} included.`,
    `If it was ${child}, you can unlock the login now from your account. If it was not, someone knows ` +
      `${child}'s username: give ${child} a new one there, and a new ${secret} if it may be known too.`,
    'Otherwise the login unlocks by itself after a day.',
  ];
  const action = `Open ${child}'s login`;
  const linkHtml =
    `<p style="margin:20px 0 0;"><a href="${escapeHtml(link)}" ` +
    `style="display:inline-block;background:#2f6b4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold;">` +
    `${escapeHtml(action)}</a></p>`;
  const { html, text } = renderEmail({
    preheader: lines[1]!,
    heading: subject,
    blocksHtml: [...lines.map((line) => escapeHtml(line)), linkHtml],
    text: [...lines, '', `${action}: ${link}`].join('\n\n'),
    footer: 'Ploom · Building confidence, focus, and connection for families.',
  });
  return { to: notice.to, subject, html, text };
}

/** The email of one notice, by its kind. */
export function noticeEmail(notice: FamilyNotice, siteUrl: string): EmailMessage {
  switch (notice.kind) {
    case 'coach_match':
      return coachMatchEmail(notice, siteUrl);
    case 'progress_report':
      return reportReadyEmail(notice, siteUrl);
    case 'child_login_locked':
      return childLoginLockedEmail(notice, siteUrl);
  }
}
