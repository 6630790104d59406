import { detailsTable, detailsText, renderEmail } from '../_shared/email-layout.ts';
import { escapeHtml, headerSafe, namesOnOneLine } from '../_shared/html.ts';
import type { EmailMessage } from '../_shared/email-message.ts';
import { DEFAULT_REPLY_WITHIN_HOURS, replyTime } from '../_shared/team-settings.ts';
import { formatTeamTime } from '../_shared/team-time.ts';

/** The contact form's topics, as the site labels them (src/content/pages.ts, contactTopics). */
export const TOPIC_LABELS = {
  general: 'A general question',
  program: 'The coaching program',
  enrollment: 'Enrolling or the waitlist',
  billing: 'Plans and billing',
  privacy: 'Privacy or my data',
  partnership: 'Schools and partnerships',
  other: 'Something else',
} as const;

export type Topic = keyof typeof TOPIC_LABELS;

export interface ContactMessage {
  name: string;
  email: string;
  topic: Topic;
  message: string;
  receivedAt?: Date;
}

export const RECEIPT_SUBJECT = 'We received your message';

/** The team's notification with the whole message; replying answers the sender. */
export function teamContactEmail(
  sent: ContactMessage,
  options: { to: string; replyWithinHours?: number; teamTimeZone?: string },
): EmailMessage {
  const message = namesOnOneLine(sent, ['name']);
  const within = replyTime(options.replyWithinHours ?? DEFAULT_REPLY_WITHIN_HOURS);
  const rows: [string, string | undefined][] = [
    ['From', message.name],
    ['Email', message.email],
    ['Topic', TOPIC_LABELS[message.topic]],
    ['Received', formatTeamTime(message.receivedAt ?? new Date(), options.teamTimeZone)],
  ];
  const { html, text } = renderEmail({
    preheader: `New message about ${TOPIC_LABELS[message.topic].toLowerCase()}. Reply within ${within}.`,
    heading: 'New message from the contact form',
    blocksHtml: [
      `Someone wrote through the contact form. We promised a reply within ${within}; replying to this email answers them.`,
      detailsTable(rows),
      `<div style="margin:16px 0 0;padding:12px 16px;background:#f6f4ef;border-radius:8px;white-space:pre-wrap;">${escapeHtml(message.message)}</div>`,
    ],
    text: [
      `Someone wrote through the contact form. We promised a reply within ${within}; replying to this email answers them.`,
      '',
      detailsText(rows),
      '',
      message.message,
    ].join('\n'),
  });
  return {
    to: options.to,
    subject: `Contact form: ${TOPIC_LABELS[message.topic]} (from ${headerSafe(message.name, 60)})`,
    html,
    text,
    replyTo: message.email,
  };
}

/**
 * The receipt to the sender. It does not repeat the message: anyone can type any address into
 * the form, and a receipt must not become a way to send chosen text to a stranger.
 */
export function senderReceiptEmail(
  sent: ContactMessage,
  options: { replyWithinHours?: number } = {},
): EmailMessage {
  const message = namesOnOneLine(sent, ['name']);
  const within = replyTime(options.replyWithinHours ?? DEFAULT_REPLY_WITHIN_HOURS);
  const topic = TOPIC_LABELS[message.topic].toLowerCase();
  const { html, text } = renderEmail({
    preheader: `A real person will reply within ${within}.`,
    heading: 'Thank you for your message',
    blocksHtml: [
      `Hi ${escapeHtml(message.name)},`,
      `Thank you for getting in touch about ${escapeHtml(topic)}. Your message reached us, and a real person from our team will reply within ${within}.`,
      'If you need to add something, simply reply to this email.',
      'Warmly,<br>The Ploom team',
    ],
    text: [
      `Hi ${message.name},`,
      '',
      `Thank you for getting in touch about ${topic}. Your message reached us, and a real person from our team will reply within ${within}.`,
      '',
      'If you need to add something, simply reply to this email.',
      '',
      'Warmly,',
      'The Ploom team',
    ].join('\n'),
    footer:
      'You receive this email because this address was used on the Ploom contact form. Ploom is not an emergency or crisis service.',
  });
  return { to: message.email, subject: RECEIPT_SUBJECT, html, text };
}
