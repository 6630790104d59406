/**
 * Times are stored in UTC and shown in the viewer's zone with the zone named once, e.g.
 * "Tue, Mar 2, 4:30 pm EST", "9:00 am UTC", or "9:00 am Berlin time (GMT+1)" where the zone has no
 * common abbreviation. Built on Intl only (no date library in the bundle).
 */

/** The viewer's IANA time zone, as the browser reports it. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, f);
  }
  return f;
}

function parts(at: Date, timeZone: string) {
  const list = formatter(`parts:${timeZone}`, {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    weekday: 'short',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => list.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
    weekday: get('weekday'),
  };
}

/** The local calendar date ("2027-03-02") and wall-clock time ("16:30") of an instant in a zone. */
export function localDateTime(at: Date, timeZone: string): { date: string; time: string } {
  const { date, time } = parts(at, timeZone);
  return { date, time };
}

/** The zone's abbreviation at that instant: "EST", "EDT", or "GMT+1" where there is none. */
export function zoneAbbreviation(at: Date, timeZone: string): string {
  return (
    formatter(`abbr:${timeZone}`, { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** The place an IANA zone is named after, as people say it: "America/New_York" -> "New York". */
export function zoneCity(timeZone: string): string {
  if (/^(Etc\/)?(UTC|GMT|Universal|Zulu)$/.test(timeZone)) return 'UTC';
  return (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ');
}

/**
 * The zone as a reader recognises it, named once: its abbreviation where it has one ("EST",
 * "UTC"), else the city and the offset ("Berlin time (GMT+1)").
 */
export function zoneLabel(at: Date, timeZone: string): string {
  const abbreviation = zoneAbbreviation(at, timeZone);
  if (/^[A-Z]{2,5}$/.test(abbreviation)) return abbreviation;
  return `${zoneCity(timeZone)} time (${abbreviation})`;
}

/** The zone in full, for a screen's "times in your time zone" line: "EST (New York)", "UTC". */
export function zoneDescription(at: Date, timeZone: string): string {
  const label = zoneLabel(at, timeZone);
  const city = zoneCity(timeZone);
  return label.includes(city) ? label : `${label} (${city})`;
}

/** "4:30 pm EST" */
export function formatTime(at: Date, timeZone: string): string {
  const time = formatter(`time:${timeZone}`, { timeZone, hour: 'numeric', minute: '2-digit', hour12: true })
    .format(at)
    .replace(/\s?([AP]M)$/, (_, period: string) => ` ${period.toLowerCase()}`);
  return `${time} ${zoneLabel(at, timeZone)}`;
}

/** "Tue, Mar 2, 4:30 pm EST" */
export function formatDateTime(at: Date, timeZone: string): string {
  const day = formatter(`day:${timeZone}`, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(at);
  return `${day}, ${formatTime(at, timeZone)}`;
}

/** "Tuesday, March 2" for a local date string. */
export function formatLocalDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return formatter('longdate', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** Minutes the zone is ahead of UTC at that instant (New York in winter: -300). */
function offsetMinutes(at: Date, timeZone: string): number {
  const { date, time } = parts(at, timeZone);
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  return Math.round((Date.UTC(y, m - 1, d, hh, mm) - Math.floor(at.getTime() / 60000) * 60000) / 60000);
}

/**
 * The instant at which the wall clock in `timeZone` shows `date` ("2027-03-02") and `time`
 * ("16:30"). A time the clocks skip (spring forward) lands after the gap, as Postgres does.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall - offsetMinutes(new Date(wall), timeZone) * 60000;
  guess = wall - offsetMinutes(new Date(guess), timeZone) * 60000;
  return new Date(guess);
}

/** Adds whole days to a local date string. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The Monday of the week holding `date` (local date strings). */
export function mondayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const isoDay = new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
  return addDays(date, 1 - isoDay);
}

/** The seven local dates of the week starting `monday`, and its bounds as UTC instants. */
export function weekOf(monday: string, timeZone: string) {
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  return {
    days,
    from: zonedToUtc(monday, '00:00', timeZone),
    to: zonedToUtc(addDays(monday, 7), '00:00', timeZone),
  };
}
