/** A lead row counts as "recent" for this long: the form calls its function right after inserting. */
export const RECENT_MINUTES = 15;

export function recentSince(now: Date = new Date()): Date {
  return new Date(now.getTime() - RECENT_MINUTES * 60 * 1000);
}

/** The answer when there is nothing to send: the same whatever the reason, so it reveals nothing. */
export const NOTHING_TO_SEND = { sent: false } as const;
