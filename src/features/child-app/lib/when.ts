/** The calendar day of `at` in `timeZone`, as a day number (days since 1970-01-01). */
function dayNumber(at: number, timeZone?: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000);
}

/**
 * A session's time as a child reads it, in the family's zone and with AM/PM: "Today at 4:30 PM",
 * "Tomorrow at 4:30 PM", or "Thursday at 4:30 PM" within the week, else "Thursday, March 12 at
 * 4:30 PM". "Today" is today in the family's zone.
 */
export function sessionDay(startsAt: number, now: number, timeZone?: string): string {
  const days = dayNumber(startsAt, timeZone) - dayNumber(now, timeZone);
  const format = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(new Date(startsAt));
  const time = format({ hour: 'numeric', minute: '2-digit', hour12: true });
  if (days <= 0) return `Today at ${time}`;
  if (days === 1) return `Tomorrow at ${time}`;
  if (days < 7) return `${format({ weekday: 'long' })} at ${time}`;
  return `${format({ weekday: 'long', month: 'long', day: 'numeric' })} at ${time}`;
}

/** Whether the session's room is open now (the same hours the room and its RLS policies use). */
export const isRoomOpen = (session: { opensAt: number; closesAt: number }, now: number) =>
  now >= session.opensAt && now < session.closesAt;
