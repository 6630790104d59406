/**
 * The weekly hours as the availability screen edits them, and the checks it makes before the
 * database does (which stays the last word: its constraints answer the same questions).
 */

/** ISO weekdays, 1 = Monday … 7 = Sunday, as availability_hours stores them. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof weekdays)[number];

export const weekdayNames: Record<Weekday, string> = {
  1: 'Monday',
  2: 'Tuesday',
  3: 'Wednesday',
  4: 'Thursday',
  5: 'Friday',
  6: 'Saturday',
  7: 'Sunday',
};

/** What a coach's hours are for (availability_hours.meeting); a team member's are all intro calls. */
export type Meeting = 'coaching_session' | 'intro_call';

/** A span of local wall-clock time, as "HH:MM" (an end of "00:00" is midnight, the day's end). */
export interface Span {
  start: string;
  end: string;
  /** a coach's hours given to intro calls; family sessions when absent */
  meeting?: Meeting;
}

export interface DayDraft {
  /** Whether the day is offered; a day switched off keeps its spans in the form, unsaved. */
  on: boolean;
  spans: Span[];
}

export type WeekDraft = Record<Weekday, DayDraft>;

/** A row of availability_hours (times as Postgres sends them, "HH:MM:SS"). */
export interface HoursRow {
  weekday: number;
  start_time: string;
  end_time: string;
  meeting?: string;
}

/** The span a day gets when it is switched on without any. */
export const defaultSpan: Span = { start: '09:00', end: '17:00' };

const hhmm = (time: string) => time.slice(0, 5);

/** Minutes since midnight of "HH:MM"; as an end, "00:00" (and "24:00") is the end of the day. */
export function minutesOf(time: string, asEnd = false): number {
  const [h, m] = time.split(':').map(Number);
  const minutes = (h ?? 0) * 60 + (m ?? 0);
  return asEnd && minutes % 1440 === 0 ? 1440 : minutes;
}

/** The stored rows grouped by weekday, each day's spans in order. */
export function weekFromRows(rows: readonly HoursRow[]): WeekDraft {
  const week = {} as WeekDraft;
  for (const day of weekdays) {
    const spans = rows
      .filter((row) => row.weekday === day)
      .map((row): Span => ({
        start: hhmm(row.start_time),
        end: hhmm(row.end_time) === '24:00' ? '00:00' : hhmm(row.end_time),
        ...(row.meeting === 'intro_call' ? { meeting: 'intro_call' as const } : {}),
      }))
      .sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
    week[day] = { on: spans.length > 0, spans };
  }
  return week;
}

/**
 * The spans to store: the days switched on, with a midnight end written as "24:00", each with what
 * it is for (the database makes a team member's all intro calls).
 */
export function rowsFromWeek(
  week: WeekDraft,
): { weekday: Weekday; start: string; end: string; meeting: Meeting }[] {
  return weekdays.flatMap((day) =>
    week[day].on
      ? week[day].spans.map((span) => ({
          weekday: day,
          start: span.start,
          end: minutesOf(span.end, true) === 1440 ? '24:00' : span.end,
          meeting: span.meeting ?? 'coaching_session',
        }))
      : [],
  );
}

/** What is wrong with one day's spans: an error per span index (none when all is well). */
export function spanErrors(spans: readonly Span[]): Record<number, string> {
  const errors: Record<number, string> = {};
  const valid = (text: string) => /^\d{2}:\d{2}$/.test(text);
  spans.forEach((span, index) => {
    if (!valid(span.start) || !valid(span.end)) {
      errors[index] = 'Enter a start and an end time.';
      return;
    }
    const start = minutesOf(span.start);
    const end = minutesOf(span.end, true);
    if (end <= start) errors[index] = 'The end is before the start.';
    else if (end - start < 10) errors[index] = 'A span lasts at least 10 minutes.';
  });
  const order = spans
    .map((span, index) => ({ index, start: minutesOf(span.start), end: minutesOf(span.end, true) }))
    .filter(({ index }) => !(index in errors))
    .sort((a, b) => a.start - b.start);
  for (let i = 1; i < order.length; i++) {
    const previous = order[i - 1]!;
    const current = order[i]!;
    if (current.start < previous.end)
      errors[current.index] = 'This span overlaps another one on the same day.';
  }
  return errors;
}

/** The errors of every day switched on, by weekday; empty when the week can be saved. */
export function weekErrors(week: WeekDraft): Partial<Record<Weekday, Record<number, string>>> {
  const found: Partial<Record<Weekday, Record<number, string>>> = {};
  for (const day of weekdays) {
    if (!week[day].on) continue;
    const errors = spanErrors(week[day].spans);
    if (Object.keys(errors).length > 0) found[day] = errors;
  }
  return found;
}

/** A new span for a day: an hour after its last one ends, or the default span. */
export function nextSpan(spans: readonly Span[]): Span {
  const last = spans.at(-1);
  if (!last) return defaultSpan;
  const start = Math.min(minutesOf(last.end, true) + 60, 1380);
  const end = Math.min(start + 60, 1440);
  const text = (minutes: number) =>
    `${String(Math.floor((minutes % 1440) / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return { start: text(start), end: text(end) };
}

/** A date override row (no times: a day off). */
export interface OverrideRow {
  id: string;
  on_date: string;
  start_time: string | null;
  end_time: string | null;
}

export interface OverrideDate {
  date: string;
  dayOff: boolean;
  spans: Span[];
}

/** The overrides grouped by date, in date order, each date's spans in order. */
export function overridesByDate(rows: readonly OverrideRow[]): OverrideDate[] {
  const dates = new Map<string, OverrideDate>();
  for (const row of rows) {
    const entry = dates.get(row.on_date) ?? { date: row.on_date, dayOff: false, spans: [] };
    if (row.start_time === null || row.end_time === null) entry.dayOff = true;
    else
      entry.spans.push({
        start: hhmm(row.start_time),
        end: hhmm(row.end_time) === '24:00' ? '00:00' : hhmm(row.end_time),
      });
    dates.set(row.on_date, entry);
  }
  for (const entry of dates.values()) entry.spans.sort((a, b) => minutesOf(a.start) - minutesOf(b.start));
  return [...dates.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Why a date cannot take an override, or null: both are local dates in the schedule's zone. */
export function overrideDateError(date: string, today: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return 'Choose a date.';
  // ISO dates compare as text. A past date has no open times to change.
  if (date < today) return 'That date has passed: choose today or a later date.';
  return null;
}

/**
 * A database error about hours, in words (the constraints of 20261126170000; a past date,
 * 20261129100000).
 */
export function describeHoursError(error: { code?: string; message?: string } | null | undefined): string {
  const message = error?.message ?? '';
  if (/date has passed/.test(message)) return 'That date has passed: choose today or a later date.';
  if (error?.code === '23P01' || /no_overlap/.test(message)) {
    return 'Two spans on the same day overlap (or a day off sits beside hours on its date).';
  }
  if (/end_after_start/.test(message)) return 'An end time is before its start.';
  if (/long_enough/.test(message)) return 'Each span lasts at least 10 minutes.';
  if (/both_times_or_none/.test(message)) return 'Give both a start and an end time, or mark the day off.';
  if (/Unknown time zone/i.test(message)) return message;
  if (error?.code === '42501' || /row-level security|permission/i.test(message)) {
    return 'You may not change these hours (two-factor sign-in may be needed).';
  }
  return message || 'The hours could not be saved.';
}
