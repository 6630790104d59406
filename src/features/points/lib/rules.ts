/** The database's rules for a parent's awards (migration 20261123000500), shown before they bite. */
export const PARENT_AWARD_MIN = 1;
export const PARENT_AWARD_MAX = 5;
export const PARENT_DAILY_CAP = 15;

export interface PointsEntry {
  id: number;
  points: number;
  reason: string;
  createdAt: string;
  awardedBy: string | null;
}

/** What the parent has given this child in the last 24 hours (the cap's window). */
export function awardedByParentToday(history: PointsEntry[], parentId: string, now = new Date()): number {
  const since = now.getTime() - 24 * 3600_000;
  return history
    .filter((entry) => entry.awardedBy === parentId && new Date(entry.createdAt).getTime() > since)
    .reduce((sum, entry) => sum + entry.points, 0);
}

/** How many points the parent may still award this child today (0 when the cap is reached). */
export function remainingToday(history: PointsEntry[], parentId: string, now = new Date()): number {
  return Math.max(0, PARENT_DAILY_CAP - awardedByParentToday(history, parentId, now));
}

export const totalPoints = (history: PointsEntry[]) => history.reduce((sum, entry) => sum + entry.points, 0);
