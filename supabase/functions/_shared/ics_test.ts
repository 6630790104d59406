import assert from 'node:assert/strict';
import ICAL from 'npm:ical.js@2.2.1';
import {
  buildCalendar,
  calendarAttachment,
  escapeText,
  foldLine,
  introCallUid,
  sessionUid,
  type CalendarEvent,
} from './ics.ts';

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: sessionUid('7b0c6a52-1f3e-4c1e-9a55-2f0e4c7d9a10'),
  sequence: 0,
  start: new Date('2026-12-03T16:30:00Z'),
  end: new Date('2026-12-03T17:00:00Z'),
  summary: 'Coaching session: Mia with Sam',
  description: 'Join from the family area.',
  url: 'https://ploom.family/family',
  organizer: { name: 'Ploom', email: 'hello@ploom.family' },
  attendees: [{ name: 'Parent', email: 'parent@example.com' }],
  ...overrides,
});

const STAMP = new Date('2026-11-27T10:00:00Z');

/** Parses with ical.js, a real iCalendar parser, the way calendar code reads it. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

Deno.test('an invitation parses as one event with its UID, sequence and UTC times', () => {
  const text = calendarAttachment(event({ sequence: 2 }), { stamp: STAMP }).content;
  const { calendar, events } = parse(text);
  assert.equal(calendar.getFirstPropertyValue('method'), 'REQUEST');
  assert.equal(calendar.getFirstPropertyValue('version'), '2.0');
  assert.equal(calendar.getFirstPropertyValue('prodid'), '-//Ploom//Ploom coaching//EN');
  assert.equal(events.length, 1);
  const [parsed] = events;
  assert.equal(parsed.uid, 'session-7b0c6a52-1f3e-4c1e-9a55-2f0e4c7d9a10@ploom');
  assert.equal(parsed.sequence, 2);
  assert.equal(parsed.startDate.toJSDate().toISOString(), '2026-12-03T16:30:00.000Z');
  assert.equal(parsed.endDate.toJSDate().toISOString(), '2026-12-03T17:00:00.000Z');
  assert.equal(parsed.startDate.zone?.tzid, 'UTC');
  assert.equal(parsed.summary, 'Coaching session: Mia with Sam');
  assert.equal(parsed.organizer, 'mailto:hello@ploom.family');
  assert.equal(parsed.attendees.length, 1);
  assert.equal(parsed.component.getFirstPropertyValue('status'), 'CONFIRMED');
  assert.equal(parsed.component.getFirstPropertyValue('url'), 'https://ploom.family/family');
  assert.equal(
    parsed.component.getFirstPropertyValue('dtstamp')?.toString(),
    ICAL.Time.fromJSDate(STAMP, true).toString(),
  );
});

Deno.test('a cancellation is METHOD:CANCEL with STATUS:CANCELLED for the same UID', () => {
  const attachment = calendarAttachment(event({ sequence: 3, cancelled: true }), { stamp: STAMP });
  assert.equal(attachment.contentType, 'text/calendar; method=CANCEL; charset=UTF-8');
  const { calendar, events } = parse(attachment.content);
  assert.equal(calendar.getFirstPropertyValue('method'), 'CANCEL');
  assert.equal(events[0].uid, sessionUid('7b0c6a52-1f3e-4c1e-9a55-2f0e4c7d9a10'));
  assert.equal(events[0].sequence, 3);
  assert.equal(events[0].component.getFirstPropertyValue('status'), 'CANCELLED');
});

Deno.test('an invitation attachment names its method in the content type', () => {
  const attachment = calendarAttachment(event());
  assert.equal(attachment.contentType, 'text/calendar; method=REQUEST; charset=UTF-8');
  assert.equal(attachment.filename, 'invite.ics');
});

Deno.test('a feed holds many events, its name and refresh interval, and no METHOD', () => {
  const text = buildCalendar(
    [
      event(),
      event({
        uid: introCallUid('42'),
        summary: 'Intro call',
        start: new Date('2026-12-04T09:00:00Z'),
        end: new Date('2026-12-04T09:20:00Z'),
      }),
    ],
    { name: 'Ploom: Mia', refreshMinutes: 60, stamp: STAMP },
  );
  const { calendar, events } = parse(text);
  assert.equal(calendar.getFirstPropertyValue('method'), null);
  assert.equal(calendar.getFirstPropertyValue('x-wr-calname'), 'Ploom: Mia');
  assert.deepEqual(
    events.map((e) => e.uid),
    ['session-7b0c6a52-1f3e-4c1e-9a55-2f0e4c7d9a10@ploom', 'intro-call-42@ploom'],
  );
  assert.match(text, /\r\nREFRESH-INTERVAL;VALUE=DURATION:PT60M\r\n/);
});

Deno.test('text with commas, semicolons, backslashes and new lines survives the round trip', () => {
  const description = 'Notes; first line, with a comma\\and a backslash\r\nSecond line: ünïcödé 🎈';
  const { events } = parse(buildCalendar([event({ description, summary: 'A, B; C' })], { stamp: STAMP }));
  assert.equal(events[0].description, description.replace('\r\n', '\n'));
  assert.equal(events[0].summary, 'A, B; C');
});

Deno.test('no line is longer than 75 octets, lines end in CRLF, and long text unfolds intact', () => {
  const description = 'é'.repeat(60) + ' ' + 'word '.repeat(80) + '🎈'.repeat(30);
  const text = buildCalendar([event({ description })], { stamp: STAMP });
  assert.ok(text.endsWith('\r\n'));
  assert.doesNotMatch(text.replace(/\r\n/g, ''), /[\r\n]/, 'only CRLF line breaks');
  for (const line of text.split('\r\n')) assert.ok(new TextEncoder().encode(line).length <= 75, line);
  assert.equal(parse(text).events[0].description, description);
});

Deno.test('folding never splits a multi-byte character', () => {
  const folded = foldLine('DESCRIPTION:' + '€'.repeat(40));
  for (const part of folded.split('\r\n')) {
    assert.ok(new TextEncoder().encode(part).length <= 75);
    assert.ok(!part.includes('\uFFFD'));
  }
  assert.equal(folded.replace(/\r\n /g, ''), 'DESCRIPTION:' + '€'.repeat(40));
});

Deno.test('a value cannot start a new property or component', () => {
  const text = buildCalendar(
    [
      event({
        summary: 'Hi\r\nEND:VEVENT\r\nBEGIN:VEVENT',
        url: 'https://x.example/\r\nATTENDEE:mailto:evil@example.com',
        organizer: { name: 'Sam"\r\nX: y', email: 'sam@example.com\r\nX-EVIL:1' },
      }),
    ],
    { stamp: STAMP },
  );
  const { events } = parse(text);
  assert.equal(events.length, 1);
  assert.equal(events[0].summary, 'Hi\nEND:VEVENT\nBEGIN:VEVENT');
  assert.doesNotMatch(text, /\r\nX-EVIL/);
  assert.doesNotMatch(text, /\r\nATTENDEE:mailto:evil/);
  assert.doesNotMatch(text, /\r\nX: y/);
});

Deno.test('escapeText follows RFC 5545 TEXT escaping', () => {
  assert.equal(escapeText('a\\b;c,d\ne'), 'a\\\\b\\;c\\,d\\ne');
});

Deno.test('an event that ends before it starts is refused', () => {
  assert.throws(() => buildCalendar([event({ end: new Date('2026-12-03T16:00:00Z') })]), RangeError);
});
