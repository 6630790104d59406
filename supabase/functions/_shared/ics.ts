/**
 * An iCalendar (RFC 5545) writer for the product's meetings: one event as an email attachment
 * (RFC 5546 METHOD:REQUEST or CANCEL) or many as a subscribed feed. Plain TypeScript, no Deno or
 * npm imports, so email templates and the site can use it too.
 *
 * A calendar keeps one event per UID: the same UID with a higher SEQUENCE updates the event (a
 * move), METHOD:CANCEL with STATUS:CANCELLED removes it. Callers give each meeting a stable UID
 * (`sessionUid`, `introCallUid`) and a sequence that grows on every change.
 */
import type { EmailAttachment } from './email-message.ts';

export const PRODUCT_ID = '-//Ploom//Ploom coaching//EN';

export interface CalendarPerson {
  email: string;
  name?: string;
}

export interface CalendarEvent {
  /** stable for the life of the meeting: `sessionUid(id)`, `introCallUid(id)` */
  uid: string;
  /** 0 when booked; higher after each move or cancellation, so calendars take the newest */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  url?: string;
  location?: string;
  organizer?: CalendarPerson;
  attendees?: CalendarPerson[];
  /** STATUS:CANCELLED (also implied by METHOD:CANCEL) */
  cancelled?: boolean;
  /** when this version was made (DTSTAMP); defaults to the calendar's stamp */
  stamp?: Date;
}

/** REQUEST: an invitation or its update; CANCEL: remove it; PUBLISH/none: a feed. */
export type CalendarMethod = 'REQUEST' | 'CANCEL' | 'PUBLISH';

export interface CalendarOptions {
  method?: CalendarMethod;
  /** X-WR-CALNAME, the name a subscribing app shows */
  name?: string;
  /** REFRESH-INTERVAL / X-PUBLISHED-TTL for feeds, in minutes */
  refreshMinutes?: number;
  /** DTSTAMP for events without their own; defaults to now */
  stamp?: Date;
}

export const sessionUid = (sessionId: string) => `session-${sessionId}@ploom`;
export const introCallUid = (introCallId: string) => `intro-call-${introCallId}@ploom`;

/** Builds a VCALENDAR with the given events, CRLF line endings, lines folded at 75 octets. */
export function buildCalendar(events: readonly CalendarEvent[], options: CalendarOptions = {}): string {
  const stamp = options.stamp ?? new Date();
  const lines: string[] = ['BEGIN:VCALENDAR', `PRODID:${PRODUCT_ID}`, 'VERSION:2.0', 'CALSCALE:GREGORIAN'];
  if (options.method) lines.push(`METHOD:${options.method}`);
  if (options.name) lines.push(`X-WR-CALNAME:${escapeText(options.name)}`);
  if (options.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${options.refreshMinutes}M`);
    lines.push(`X-PUBLISHED-TTL:PT${options.refreshMinutes}M`);
  }
  for (const event of events) lines.push(...eventLines(event, stamp, options.method));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/**
 * One meeting's .ics for an email: METHOD:REQUEST, or METHOD:CANCEL when it was cancelled.
 * `fileName` is the name the recipient sees (`calendarFileName`).
 */
export function calendarAttachment(
  event: CalendarEvent,
  options: { stamp?: Date; fileName?: string } = {},
): EmailAttachment {
  const method: CalendarMethod = event.cancelled ? 'CANCEL' : 'REQUEST';
  return {
    filename: options.fileName ?? (event.cancelled ? 'cancelled.ics' : 'invite.ics'),
    contentType: `text/calendar; method=${method}; charset=UTF-8`,
    content: buildCalendar([event], { method, stamp: options.stamp }),
  };
}

/**
 * A meeting's .ics name as the recipient finds it among their files: what it is and its day in
 * their zone, the day the email names (ploom-session-2026-12-02.ics); a cancellation says so, as
 * opening it removes the event. An unknown zone falls back to UTC.
 */
export function calendarFileName(
  meeting: 'session' | 'intro-call',
  event: Pick<CalendarEvent, 'start' | 'cancelled'>,
  timeZone: string,
): string {
  return `ploom-${meeting}-${localDate(event.start, timeZone)}${event.cancelled ? '-cancelled' : ''}.ics`;
}

/** 2026-12-02: the calendar day of `date` in `timeZone` (UTC when the zone is unknown). */
function localDate(date: Date, timeZone: string): string {
  const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone }).formatToParts(date);
  } catch {
    parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).formatToParts(date);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function eventLines(event: CalendarEvent, calendarStamp: Date, method?: CalendarMethod): string[] {
  if (!(event.end.getTime() > event.start.getTime()))
    throw new RangeError(`event ${event.uid} ends before it starts`);
  const cancelled = event.cancelled || method === 'CANCEL';
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`,
    `DTSTAMP:${utcDateTime(event.stamp ?? calendarStamp)}`,
    `DTSTART:${utcDateTime(event.start)}`,
    `DTEND:${utcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${uriValue(event.url)}`);
  if (event.organizer)
    lines.push(`ORGANIZER${personParams(event.organizer)}:mailto:${mailto(event.organizer.email)}`);
  for (const attendee of event.attendees ?? []) {
    const role = cancelled ? '' : ';ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION';
    lines.push(`ATTENDEE${personParams(attendee)}${role}:mailto:${mailto(attendee.email)}`);
  }
  lines.push(`STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`);
  lines.push('TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

/** 20261127T093000Z */
export function utcDateTime(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('invalid date');
  return date
    .toISOString()
    .replace(/\.\d{3}/, '')
    .replace(/[-:]/g, '');
}

/** RFC 5545 3.3.11 TEXT: backslash, semicolon, comma and newline escaped; other controls dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\r\n?/g, '\n')
      // deno-lint-ignore no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\t/g, ' ')
      .replace(/\n/g, '\\n')
  );
}

/** A URI value is not escaped, but must stay on its line. */
function uriValue(value: string): string {
  // deno-lint-ignore no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\s]/g, '');
}

function mailto(email: string): string {
  // deno-lint-ignore no-control-regex
  return email.replace(/[\u0000-\u001f\u007f\s;:,"]/g, '');
}

/** ;CN="Name" (quoted-string: no DQUOTE or controls inside) */
function personParams(person: CalendarPerson): string {
  // deno-lint-ignore no-control-regex
  const name = (person.name ?? '').replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return name ? `;CN="${name}"` : '';
}

const encoder = new TextEncoder();

/**
 * RFC 5545 3.1: lines longer than 75 octets are split, each continuation starting with one space;
 * never inside a UTF-8 character (iterating code points keeps surrogate pairs together).
 */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the leading space counts
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
