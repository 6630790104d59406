/** The open slots preview: UTC instants grouped by the viewer's local date. */

export interface OpenSlot {
  startsAt: string;
  endsAt: string;
}

export interface SlotDay {
  /** The local date, YYYY-MM-DD, in the viewer's zone. */
  date: string;
  /** The date in words, e.g. "Monday, 30 November". */
  label: string;
  /** The start times in words, e.g. "3:00 PM". */
  times: string[];
}

/** The local date of an instant in a zone, as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

/** The slots grouped by local date in `timeZone`, in time order. */
export function groupSlotsByDay(slots: readonly OpenSlot[], timeZone: string): SlotDay[] {
  const day = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
  const days = new Map<string, SlotDay>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const start = new Date(slot.startsAt);
    const date = localDate(start, timeZone);
    const entry = days.get(date) ?? { date, label: day.format(start), times: [] };
    entry.times.push(time.format(start));
    days.set(date, entry);
  }
  return [...days.values()];
}

/** The IANA zones the browser knows, with `current` among them even if it does not list it. */
export function timeZoneOptions(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : ['UTC', 'America/New_York'];
  return known.includes(current) ? known : [current, ...known];
}

/** The browser's own zone. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
