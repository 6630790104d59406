/**
 * A session's time as a child reads it: "Today at 4:30 PM", "Tomorrow at 4:30 PM", or
 * "Thursday at 4:30 PM" within the week, else "Thursday 12 March at 4:30 PM".
 */
export function sessionDay(startsAt: number, now: number, locale?: string): string {
  const start = new Date(startsAt);
  const today = new Date(now);
  const dayNumber = (d: Date) =>
    Math.round(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / 86_400_000);
  const days = dayNumber(start) - dayNumber(today);
  const time = start.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' });
  if (days <= 0) return `Today at ${time}`;
  if (days === 1) return `Tomorrow at ${time}`;
  const weekday = start.toLocaleDateString(locale, { weekday: 'long' });
  if (days < 7) return `${weekday} at ${time}`;
  return `${start.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long' })} at ${time}`;
}

/** Whether the session's room is open now (the same hours the room and its RLS policies use). */
export const isRoomOpen = (session: { opensAt: number; closesAt: number }, now: number) =>
  now >= session.opensAt && now < session.closesAt;
