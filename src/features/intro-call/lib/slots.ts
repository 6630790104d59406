/**
 * The intro-call picker's pure helpers: the team's open times (UTC instants) laid out in the
 * parent's zone, a week at a time, each time named in full for screen readers and confirmations.
 */

const DAY_MS = 86_400_000;

/** The parent's zone: the browser's. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** "America/New York" from "America/New_York". */
export function zoneName(zone: string): string {
  return zone.replace(/_/g, ' ');
}

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

/** "Monday, November 30" for a 'YYYY-MM-DD' date. */
export function formatDay(key: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${key}T00:00:00Z`));
}

/** "4:30 PM" in `zone`: always with AM/PM (the zone is named once, beside the times). */
export function formatTime(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: zone,
  }).format(new Date(at));
}

/** "Thursday, December 3, 2026 at 4:30 PM" in `zone`. */
export function formatSlot(at: number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: zone,
  }).format(new Date(at));
}

/** The picker's pages: 7 days each from `openedAt` (the intro call's window is 6 weeks). */
export function pageRange(openedAt: number, page: number): { from: number; to: number } {
  return { from: openedAt + page * 7 * DAY_MS, to: openedAt + (page + 1) * 7 * DAY_MS };
}

/** The page (0 to `pages - 1`) that holds the instant `at`. */
export function pageOf(openedAt: number, at: number, pages: number): number {
  return Math.min(pages - 1, Math.max(0, Math.floor((at - openedAt) / (7 * DAY_MS))));
}

export interface SlotDay {
  /** 'YYYY-MM-DD' in the zone */
  day: string;
  label: string;
  slots: number[];
}

/** Open times grouped by their local date in `zone`, days and times in order. */
export function groupByDay(slots: readonly number[], zone: string): SlotDay[] {
  const days = new Map<string, number[]>();
  for (const at of [...slots].sort((a, b) => a - b)) {
    const key = dayKey(at, zone);
    const list = days.get(key);
    if (list) list.push(at);
    else days.set(key, [at]);
  }
  return [...days].map(([day, list]) => ({ day, label: formatDay(day), slots: list }));
}

/** The link token from the page's fragment (`#token=…`): never sent to a server by the browser. */
export function tokenFromHash(hash: string): string | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return value && /^[0-9a-f]{64}$/.test(value) ? value : null;
}
