import { renderEmail } from '../_shared/email-layout.ts';
import { escapeHtml, namesOnOneLine } from '../_shared/html.ts';
import type { EmailMessage } from '../_shared/email-message.ts';
import { calendarAttachment, calendarFileName, introCallUid, type CalendarEvent } from '../_shared/ics.ts';
import { formatSessionTime } from '../send-session-emails/email.ts';

export type IntroCallEmailKind = 'booked' | 'moved' | 'cancelled' | 'reminder_24h' | 'reminder_1h';
export type IntroCallRecipient = 'parent' | 'host';

/** One queued email with what its text needs (public.claim_intro_call_emails). */
export interface IntroCallEmail {
  kind: IntroCallEmailKind;
  recipient: IntroCallRecipient;
  to: string;
  recipientName: string;
  /** the recipient's IANA zone (the parent's browser's when they booked; the host's schedule's) */
  timeZone: string;
  introCallId: string;
  leadId: string;
  startsAt: Date;
  previousStartsAt: Date | null;
  durationMinutes: number;
  parentName: string;
  parentEmail: string;
  hostName: string;
  hostEmail: string | null;
  /** how many changes of the call were announced before this email (the calendar file's SEQUENCE) */
  sequence: number;
  /** a fresh link token for the parent's emails (docs/decisions/170); null for the host */
  manageToken: string | null;
}

/** The parent's page to move or cancel the call (the token in the fragment, never sent to a server). */
export function manageLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/intro-call#token=${encodeURIComponent(token)}`;
}

/** The host opens the lead in the pipeline. */
export function leadLink(siteUrl: string, leadId: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/admin/waitlist?lead=${encodeURIComponent(leadId)}`;
}

/**
 * The call as a calendar event for this recipient (UID intro-call-<id>@ploom, kept across moves and
 * hosts): a move is the same UID with a higher SEQUENCE, a cancellation METHOD:CANCEL.
 */
export function introCallCalendarEvent(
  email: IntroCallEmail,
  siteUrl: string,
  organizerEmail = 'hello@ploom.local',
): CalendarEvent {
  const forParent = email.recipient === 'parent';
  const link = forParent
    ? email.manageToken
      ? manageLink(siteUrl, email.manageToken)
      : undefined
    : leadLink(siteUrl, email.leadId);
  return {
    uid: introCallUid(email.introCallId),
    sequence: email.sequence,
    start: email.startsAt,
    end: new Date(email.startsAt.getTime() + email.durationMinutes * 60_000),
    summary: forParent ? `Ploom intro call with ${email.hostName}` : `Ploom intro call: ${email.parentName}`,
    ...(link
      ? { description: `${forParent ? 'Move or cancel the call' : 'Open the lead'}: ${link}`, url: link }
      : {}),
    organizer: { name: 'Ploom', email: organizerEmail },
    attendees: [{ name: email.recipientName, email: email.to }],
    cancelled: email.kind === 'cancelled',
  };
}

const SUBJECTS: Record<IntroCallEmailKind, (who: string) => string> = {
  booked: (who) => `Intro call booked: ${who}`,
  moved: (who) => `Intro call moved: ${who}`,
  cancelled: (who) => `Intro call cancelled: ${who}`,
  reminder_24h: (who) => `Reminder: intro call ${who} tomorrow`,
  reminder_1h: (who) => `Reminder: intro call ${who} starts in an hour`,
};

const button = (href: string, label: string) =>
  `<p style="margin:20px 0 0;"><a href="${escapeHtml(href)}" ` +
  `style="display:inline-block;background:#2f6b4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold;">` +
  `${escapeHtml(label)}</a></p>`;

/** The email for one recipient, every time in their zone; the parent's carries the link to move or cancel. */
export function introCallEmail(
  queued: IntroCallEmail,
  siteUrl: string,
  organizerEmail?: string,
): EmailMessage {
  const email = namesOnOneLine(queued, ['recipientName', 'parentName', 'hostName']);
  const when = formatSessionTime(email.startsAt, email.timeZone);
  const before = email.previousStartsAt ? formatSessionTime(email.previousStartsAt, email.timeZone) : null;
  const forParent = email.recipient === 'parent';
  // The parent reads "with Jordan"; the host "with Robin Tester" (the parent).
  const who = forParent ? `with ${email.hostName}` : `with ${email.parentName}`;
  const minutes = `${email.durationMinutes} minutes`;
  const lines: { text: string; html: string }[] = [];
  const say = (text: string) => lines.push({ text, html: escapeHtml(text) });

  say(`Hi ${email.recipientName},`);
  switch (email.kind) {
    case 'booked':
      say(`Your free intro call ${who} is booked for ${when} (${minutes}).`);
      break;
    case 'moved':
      say(`Your intro call ${who} has moved to ${when} (${minutes}).`);
      if (before) say(`It was planned for ${before}.`);
      break;
    case 'cancelled':
      say(`Your intro call ${who} on ${when} is cancelled.`);
      break;
    case 'reminder_24h':
      say(`A reminder: your intro call ${who} is tomorrow, ${when} (${minutes}).`);
      break;
    case 'reminder_1h':
      say(`Your intro call ${who} starts in about an hour, at ${when}.`);
      break;
  }
  if (!forParent) {
    say(`Parent: ${email.parentName} <${email.parentEmail}>.`);
    if (email.kind !== 'cancelled') say('Reply to this email to write to the parent.');
  } else if (email.kind === 'cancelled') {
    say('If you would like another time, you can book one from the link below.');
  } else {
    say(
      'We will reach you at that time with the contact details you gave us. The calendar file attached puts the call in your calendar.',
    );
  }

  const action = forParent
    ? email.kind === 'cancelled'
      ? 'Book another time'
      : 'Move or cancel the call'
    : 'Open the lead';
  const link = forParent
    ? email.manageToken
      ? manageLink(siteUrl, email.manageToken)
      : null
    : leadLink(siteUrl, email.leadId);
  const subject = SUBJECTS[email.kind](who);
  const event = introCallCalendarEvent(email, siteUrl, organizerEmail);
  const { html, text } = renderEmail({
    preheader: lines[1]?.text ?? subject,
    heading: subject,
    blocksHtml: [...lines.map((line) => line.html), ...(link ? [button(link, action)] : [])],
    text: [...lines.map((line) => line.text), ...(link ? ['', `${action}: ${link}`] : [])].join('\n\n'),
    footer: forParent
      ? `Times are shown in your time zone (${email.timeZone}). You receive this email because you booked an intro call with Ploom.`
      : `Times are shown in your time zone (${email.timeZone}).`,
  });
  return {
    to: email.to,
    subject,
    html,
    text,
    ...(forParent ? {} : { replyTo: email.parentEmail }),
    // every email, reminders too, carries the call as it stands, so any of them puts it in a calendar
    attachments: [
      calendarAttachment(event, { fileName: calendarFileName('intro-call', event, email.timeZone) }),
    ],
  };
}
