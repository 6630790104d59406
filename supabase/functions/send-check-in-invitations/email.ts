import { renderEmail } from '../_shared/email-layout.ts';
import type { EmailMessage } from '../_shared/email-message.ts';
import { escapeHtml, namesOnOneLine } from '../_shared/html.ts';

/** One queued invitation with what its text needs (public.claim_check_in_invitations). */
export interface CheckInInvitation {
  to: string;
  recipientName: string | null;
  childId: string;
  childFirstName: string;
}

/** The check-in opens in the parent's app, for that child. */
export function checkInLink(childId: string, siteUrl: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/app/check-in/${encodeURIComponent(childId)}`;
}

/** "Time for Mia's check-in": four weeks since the last one, five minutes, a link to take it. */
export function checkInInvitationEmail(queued: CheckInInvitation, siteUrl: string): EmailMessage {
  const invitation = namesOnOneLine(queued, ['recipientName', 'childFirstName']);
  const child = invitation.childFirstName;
  const subject = `Time for ${child}'s check-in`;
  const link = checkInLink(invitation.childId, siteUrl);
  const lines = [
    `Hi ${invitation.recipientName ?? 'there'},`,
    `It has been four weeks since ${child}'s last check-in. The same 16 questions take about five minutes, ` +
      `and your dashboard then shows how ${child}'s four skills have moved since the first one.`,
    `${child}'s coach sees the result before the next session.`,
  ];
  const action = 'Take the check-in';
  const linkHtml =
    `<p style="margin:20px 0 0;"><a href="${escapeHtml(link)}" ` +
    `style="display:inline-block;background:#2f6b4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold;">` +
    `${escapeHtml(action)}</a></p>`;
  const { html, text } = renderEmail({
    preheader: lines[1]!,
    heading: subject,
    blocksHtml: [...lines.map((line) => escapeHtml(line)), linkHtml],
    text: [...lines, '', `${action}: ${link}`].join('\n\n'),
    footer:
      'You get this email every four weeks after a check-in. Turn it off in your account, under Email settings. ' +
      'Ploom · Building confidence, focus, and connection for families.',
  });
  return { to: invitation.to, subject, html, text };
}
