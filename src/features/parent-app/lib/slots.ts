/**
 * Pure helpers of the booking picker: the coach's open times (UTC instants) laid out in the
 * parent's time zone, a week at a time, and the plan's weekly allowance in words.
 */

const DAY_MS = 86_400_000;

/** The local date of an instant in `zone`, as 'YYYY-MM-DD'. */
export function dayKey(at: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** How far `zone`'s wall clock is ahead of UTC at `at`, in ms. */
function offsetAt(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant a local date begins in `zone` (midnight, or the first minute after a skipped one). */
export function startOfDay(key: string, zone: string): number {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const wallMidnight = Date.UTC(y, m - 1, d);
  let guess = wallMidnight - offsetAt(wallMidnight, zone);
  guess = wallMidnight - offsetAt(guess, zone);
  return guess;
}

/** The date `days` after a 'YYYY-MM-DD' date. */
export function addDays(key: string, days: number): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week (Monday to Sunday in `zone`) that holds `at`. */
export function mondayOf(at: number, zone: string): string {
  const key = dayKey(at, zone);
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const isoDay = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // 0 = Monday
  return addDays(key, -isoDay);
}

/** A week of the picker: its Monday and the instants it spans in `zone`. */
export function weekRange(monday: string, zone: string): { from: number; to: number } {
  return { from: startOfDay(monday, zone), to: startOfDay(addDays(monday, 7), zone) };
}

/** "Monday, November 30" for a 'YYYY-MM-DD' date (no zone: it is a date already). */
export function formatDay(key: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${key}T00:00:00Z`));
}

/** "November 30" for a 'YYYY-MM-DD' date. */
export function formatWeekOf(key: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${key}T00:00:00Z`),
  );
}

/** "4:30 PM" in `zone`. */
export function formatTime(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(
    new Date(at),
  );
}

/** A weekly time as the parent reads it: "every Thursday at 4:30 PM". */
export function formatWeekly(at: number, zone: string): string {
  const day = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: zone }).format(new Date(at));
  return `every ${day} at ${formatTime(at, zone)}`;
}

/** The full name of a time: "Thursday, December 3, 2026 at 4:30 PM". */
export function formatSlot(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
  }).format(new Date(at));
}

export interface SlotDay<T extends { startsAt: number }> {
  /** 'YYYY-MM-DD' in the zone */
  day: string;
  label: string;
  slots: T[];
}

/** Open times grouped by their local date in `zone`, days and times in order. */
export function groupSlotsByDay<T extends { startsAt: number }>(
  slots: readonly T[],
  zone: string,
): SlotDay<T>[] {
  const days = new Map<string, T[]>();
  for (const slot of [...slots].sort((a, b) => a.startsAt - b.startsAt)) {
    const key = dayKey(slot.startsAt, zone);
    const list = days.get(key);
    if (list) list.push(slot);
    else days.set(key, [slot]);
  }
  return [...days].map(([day, list]) => ({ day, label: formatDay(day), slots: list }));
}

export interface Allowance {
  /** null: no weekly limit; 0: the plan books nothing */
  sessionsPerWeek: number | null;
  reason: string | null;
  weekStart: string;
  booked: number;
}

const sessions = (n: number) => `${n} ${n === 1 ? 'session' : 'sessions'}`;

/** The reason the database gives a family that has never chosen a plan (docs/decisions/221). */
const NO_PLAN = 'the family has no plan yet';

/**
 * A family with no plan yet: it sees its coach's open times, but books once it has chosen a plan
 * (the database refuses the booking before that).
 */
export function hasNoPlan(a: Allowance): boolean {
  return a.sessionsPerWeek === 0 && a.reason === NO_PLAN;
}

/**
 * Whether the week offers no times to book: the plan books nothing (paused, ended, unpaid), or its
 * sessions are all booked. A family with no plan yet still sees the times (`hasNoPlan`).
 */
export function weekIsClosed(a: Allowance): boolean {
  return a.sessionsPerWeek !== null && a.booked >= a.sessionsPerWeek && !hasNoPlan(a);
}

/** The plan's allowance for the week in words. */
export function allowanceText(a: Allowance): string {
  const week = `the week of ${formatWeekOf(a.weekStart)}`;
  if (a.sessionsPerWeek === null) {
    return `${sessions(a.booked)} booked for ${week}. Your family has no weekly limit.`;
  }
  if (hasNoPlan(a)) {
    return "Your family has no plan yet. These are your coach's open times: choose a plan, then book one.";
  }
  if (a.sessionsPerWeek === 0) {
    const reason = a.reason ? a.reason.replace(/^the family's/, 'your') : 'your plan does not allow it';
    return `No new sessions can be booked: ${reason}. See your plan on the billing page.`;
  }
  const line = `${a.booked} of ${sessions(a.sessionsPerWeek)} booked for ${week}.`;
  return a.booked >= a.sessionsPerWeek
    ? `${line} This week is full: choose another week, cancel a session that week, or change your plan on the billing page.`
    : line;
}
