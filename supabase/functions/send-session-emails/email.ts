import { renderEmail } from '../_shared/email-layout.ts';
import { escapeHtml, namesOnOneLine } from '../_shared/html.ts';
import type { EmailMessage } from '../_shared/email-message.ts';
import { calendarAttachment, calendarFileName, sessionUid, type CalendarEvent } from '../_shared/ics.ts';

export type SessionEmailKind =
  'booked' | 'moved' | 'cancelled' | 'reminder_24h' | 'reminder_1h' | 'reschedule_requested';
export type Recipient = 'family' | 'coach';

/** One queued email with what its text needs (public.claim_outbox). */
export interface SessionEmail {
  kind: SessionEmailKind;
  recipient: Recipient;
  to: string;
  recipientName: string | null;
  /** the recipient's IANA zone: every time in the email is shown in it */
  timeZone: string;
  sessionId: string;
  startsAt: Date;
  previousStartsAt: Date | null;
  durationMinutes: number;
  childFirstName: string;
  coachName: string | null;
  /** what the family wrote (a reschedule request), else null */
  message?: string | null;
  /**
   * the .ics SEQUENCE: how many changes were announced to this recipient before this email
   * (public.claim_outbox), so a move updates the event already in their calendar
   */
  calendarSequence: number;
}

/** Kinds that carry the session's .ics: each describes the session as it now stands. */
const WITH_CALENDAR_FILE = new Set<SessionEmailKind>([
  'booked',
  'moved',
  'cancelled',
  'reminder_24h',
  'reminder_1h',
]);

/**
 * The session as a calendar event for this recipient (UID session-<id>@ploom): a cancellation is
 * METHOD:CANCEL, so the calendar removes the event it holds.
 */
export function sessionCalendarEvent(
  email: SessionEmail,
  siteUrl: string,
  organizerEmail = 'hello@ploom.local',
): CalendarEvent {
  const link = sessionLink(email, siteUrl);
  const summary =
    email.recipient === 'family'
      ? `${email.childFirstName}'s Ploom session${email.coachName ? ` with ${email.coachName}` : ''}`
      : `Ploom session: ${email.childFirstName}`;
  return {
    uid: sessionUid(email.sessionId),
    sequence: email.calendarSequence,
    start: email.startsAt,
    end: new Date(email.startsAt.getTime() + email.durationMinutes * 60_000),
    summary,
    description: `Open the session: ${link}`,
    url: link,
    organizer: { name: 'Ploom', email: organizerEmail },
    attendees: [{ name: email.recipientName ?? undefined, email: email.to }],
    cancelled: email.kind === 'cancelled',
  };
}

/**
 * A time as the recipient reads it, with the zone named twice: its abbreviation and its IANA name,
 * e.g. "Thursday, December 3, 4:30 pm EST (America/New_York)". An unknown zone falls back to UTC.
 */
export function formatSessionTime(at: Date, timeZone: string): string {
  let zone = timeZone;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(zone).formatToParts(at);
  } catch {
    zone = 'UTC';
    parts = formatter(zone).formatToParts(at);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return (
    `${part('weekday')}, ${part('month')} ${part('day')}, ` +
    `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()} ${part('timeZoneName')} (${zone})`
  );
}

function formatter(timeZone: string) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  });
}

/** The family opens the session in their app; the coach in the admin area's session room. */
export function sessionLink(email: Pick<SessionEmail, 'recipient' | 'sessionId'>, siteUrl: string): string {
  const base = siteUrl.replace(/\/+$/, '');
  const id = encodeURIComponent(email.sessionId);
  return email.recipient === 'family' ? `${base}/app/session/${id}` : `${base}/admin/session-room/${id}`;
}

const SUBJECTS: Record<SessionEmailKind, (who: string) => string> = {
  booked: (who) => `Session booked: ${who}`,
  moved: (who) => `Session moved: ${who}`,
  cancelled: (who) => `Session cancelled: ${who}`,
  reminder_24h: (who) => `Reminder: ${who} tomorrow`,
  reminder_1h: (who) => `Reminder: ${who} starts in an hour`,
  reschedule_requested: (who) => `Reschedule requested: ${who}`,
};

export function sessionEmail(queued: SessionEmail, siteUrl: string, organizerEmail?: string): EmailMessage {
  const email = namesOnOneLine(queued, ['recipientName', 'childFirstName', 'coachName']);
  const when = formatSessionTime(email.startsAt, email.timeZone);
  const before = email.previousStartsAt ? formatSessionTime(email.previousStartsAt, email.timeZone) : null;
  const coach = email.coachName ?? 'your coach';
  // The family reads "Mia's session with Jordan Ellis"; the coach "Mia's session".
  const who =
    email.recipient === 'family'
      ? `${email.childFirstName}'s session with ${coach}`
      : `${email.childFirstName}'s session`;
  const link = sessionLink(email, siteUrl);
  const minutes = `${email.durationMinutes} minutes`;
  const lines: { text: string; html: string }[] = [];
  const say = (text: string, html = escapeHtml(text)) => lines.push({ text, html });

  say(`Hi ${email.recipientName ?? 'there'},`);
  switch (email.kind) {
    case 'booked':
      say(`${who} is booked for ${when} (${minutes}).`);
      break;
    case 'moved':
      say(`${who} has moved to ${when} (${minutes}).`);
      if (before) say(`It was planned for ${before}.`);
      break;
    case 'cancelled':
      say(`${who} on ${when} is cancelled.`);
      if (email.recipient === 'family')
        say('If you did not expect this, just reply and we will find a new time.');
      break;
    case 'reminder_24h':
      say(`A reminder: ${who} is tomorrow, ${when} (${minutes}).`);
      break;
    case 'reminder_1h':
      say(`${who} starts in about an hour, at ${when}.`);
      break;
    case 'reschedule_requested':
      say(`The family asks to reschedule ${who} on ${when} (${minutes}).`);
      if (email.message) say(`They wrote: "${email.message}"`);
      say('Please move the session to a time that suits them, or reply to agree one.');
      break;
  }
  const subject = SUBJECTS[email.kind](who);
  const action = email.kind === 'cancelled' ? 'View the session' : 'Open the session';
  const linkHtml =
    `<p style="margin:20px 0 0;"><a href="${escapeHtml(link)}" ` +
    `style="display:inline-block;background:#2f6b4f;color:#ffffff;padding:12px 20px;border-radius:999px;text-decoration:none;font-weight:bold;">` +
    `${escapeHtml(action)}</a></p>`;
  const { html, text } = renderEmail({
    preheader: lines[1]?.text ?? subject,
    heading: subject,
    blocksHtml: [...lines.map((line) => line.html), linkHtml],
    text: [...lines.map((line) => line.text), '', `${action}: ${link}`].join('\n\n'),
    footer:
      email.recipient === 'family'
        ? `Times are shown in your time zone (${email.timeZone}). Ploom · Building confidence, focus, and connection for families.`
        : `Times are shown in your time zone (${email.timeZone}).`,
  });
  const event = sessionCalendarEvent(email, siteUrl, organizerEmail);
  const attachments = WITH_CALENDAR_FILE.has(email.kind)
    ? [calendarAttachment(event, { fileName: calendarFileName('session', event, email.timeZone) })]
    : undefined;
  return { to: email.to, subject, html, text, ...(attachments ? { attachments } : {}) };
}
