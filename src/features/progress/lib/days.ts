/** Dates of the family's days as the database keeps them: `YYYY-MM-DD`, in the family's zone. */

/** Today's date in `timeZone` at `now`. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(now));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** `date` moved by `days` (calendar arithmetic, no zone involved). */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The `count` days ending with `last`, oldest first. */
export function daysEndingOn(last: string, count = 7): string[] {
  return Array.from({ length: count }, (_, index) => addDays(last, index - count + 1));
}

/** "Mon", "Tue"... and "Monday, November 23" for a date. */
export function dayLabels(date: string): { short: string; long: string; dayOfMonth: string } {
  const at = new Date(`${date}T12:00:00Z`);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(at);
  return {
    short: format({ weekday: 'short' }),
    long: format({ weekday: 'long', month: 'long', day: 'numeric' }),
    dayOfMonth: format({ day: 'numeric' }),
  };
}
