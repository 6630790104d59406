/**
 * Whether a session's room can be joined now. The room's opening hours come from the database
 * (private.session_room_opens_at / closes_at: from 10 minutes before the start until 15 minutes
 * after the end), so this only compares the clock with them.
 */
export type JoinState = 'early' | 'open' | 'closed';

export function joinState(now: number, opensAt: number, closesAt: number): JoinState {
  if (now < opensAt) return 'early';
  if (now < closesAt) return 'open';
  return 'closed';
}

/** "in 3 days", "in 5 hours", "in 12 minutes": how long until the room opens. */
export function untilLabel(now: number, at: number): string {
  const minutes = Math.max(1, Math.ceil((at - now) / 60_000));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `in ${hours} hour${hours === 1 ? '' : 's'}`;
  return `in ${Math.round(hours / 24)} days`;
}
