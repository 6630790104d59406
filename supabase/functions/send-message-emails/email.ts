import { renderEmail } from '../_shared/email-layout.ts';
import { escapeHtml, namesOnOneLine } from '../_shared/html.ts';
import type { EmailMessage } from '../_shared/email-message.ts';

/** Who is told: the family's parent, or the family's coach. */
export type MessageRecipient = 'parent' | 'coach';

/** One queued email with what its text needs (public.claim_family_message_emails). */
export interface MessageEmail {
  recipient: MessageRecipient;
  to: string;
  recipientName: string | null;
  familyId: string;
  /** the family's children's first names, e.g. "Mia, Leo" */
  childrenNames: string | null;
  /** the family's coach (or coaches) */
  coachName: string | null;
}

/** The parent opens the family's messages in the app; the coach the family's conversation in /admin. */
export function messagesLink(email: Pick<MessageEmail, 'recipient' | 'familyId'>, siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  return email.recipient === 'parent'
    ? `${base}/app/messages`
    : `${base}/admin/messages/${encodeURIComponent(email.familyId)}`;
}

/**
 * "You have a message": never the message's text (an email leaves the product's access rules),
 * only that one waits, from whom, and the link to read it.
 */
export function messageEmail(queued: MessageEmail, siteUrl: string): EmailMessage {
  const email = namesOnOneLine(queued, ['recipientName', 'childrenNames', 'coachName']);
  const from =
    email.recipient === 'parent'
      ? email.coachName
        ? `${email.coachName}, your Ploom coach`
        : 'your Ploom coach'
      : email.childrenNames
        ? `the family of ${email.childrenNames}`
        : 'a family';
  const subject =
    email.recipient === 'parent' ? 'A new message from your coach' : `A new message from ${from}`;
  const link = messagesLink(email, siteUrl);
  const lines = [
    `Hi ${email.recipientName ?? 'there'},`,
    `You have a new message from ${from} in Ploom.`,
    'For your privacy the message itself is not in this email: open Ploom to read it and reply.',
  ];
  const action = 'Read the message';
  const linkHtml =
    `<p style="margin:20px 0 0;"><a href="${escapeHtml(link)}" ` +
    `style="display:inline-block;background:#2f6b4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold;">` +
    `${escapeHtml(action)}</a></p>`;
  const { html, text } = renderEmail({
    preheader: lines[1],
    heading: subject,
    blocksHtml: [...lines.map((line) => escapeHtml(line)), linkHtml],
    text: [...lines, '', `${action}: ${link}`].join('\n\n'),
    footer:
      'You can turn these emails off in your account settings. Ploom · Building confidence, focus, and connection for families.',
  });
  return { to: email.to, subject, html, text };
}
