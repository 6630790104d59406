import type { Price } from './types.ts';

/**
 * Billing periods as Stripe counts them: a monthly price renews on the anchor's day of the month,
 * or the month's last day when it is shorter (anchored on the 31st: Feb 28, Mar 31, ...).
 */
export function periodEnd(anchor: number, start: number, recurring: NonNullable<Price['recurring']>): number {
  const count = recurring.interval_count;
  const from = new Date(start * 1000);
  if (recurring.interval === 'day') return start + 86400 * count;
  if (recurring.interval === 'week') return start + 7 * 86400 * count;
  const months = recurring.interval === 'year' ? 12 * count : count;
  const anchorDate = new Date(anchor * 1000);
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(anchorDate.getUTCDate(), lastDay);
  return Math.floor(
    Date.UTC(
      year,
      month,
      day,
      anchorDate.getUTCHours(),
      anchorDate.getUTCMinutes(),
      anchorDate.getUTCSeconds(),
    ) / 1000,
  );
}

/** The part of [start, end) still to come at `at`, from 0 to 1. */
export function unusedFraction(start: number, end: number, at: number): number {
  if (end <= start) return 0;
  return Math.min(1, Math.max(0, (end - at) / (end - start)));
}
