/** How long a family has waited, as people say it: "under an hour", "5 hours", "2 days". */
export function waitedFor(since: string | number, now: number): string {
  const hours = Math.max(0, now - new Date(since).getTime()) / 3_600_000;
  if (hours < 1) return 'under an hour';
  if (hours < 48) {
    const h = Math.floor(hours);
    return `${h} hour${h === 1 ? '' : 's'}`;
  }
  const d = Math.floor(hours / 24);
  return `${d} days`;
}

/** A wait the team promised to end: over two days (the family is told "usually within 2 days"). */
export const isOverdueWait = (since: string | number, now: number): boolean =>
  now - new Date(since).getTime() > 2 * 86_400_000;
