import { describe, expect, it } from 'vitest';
import { parseSchedule, scheduleMatches } from './cron.ts';

/** pg_cron's schedule syntax (cron's five fields, in UTC), matched minute by minute. */
const at = (iso: string) => new Date(iso);
const fires = (schedule: string, iso: string) => scheduleMatches(parseSchedule(schedule), at(iso));

describe('cron schedules', () => {
  it('matches every minute, steps, ranges and lists', () => {
    expect(fires('* * * * *', '2026-11-23T10:17:00Z')).toBe(true);
    expect(fires('*/15 * * * *', '2026-11-23T10:30:00Z')).toBe(true);
    expect(fires('*/15 * * * *', '2026-11-23T10:31:00Z')).toBe(false);
    expect(fires('7 9-17 * * *', '2026-11-23T17:07:00Z')).toBe(true);
    expect(fires('7 9-17 * * *', '2026-11-23T18:07:00Z')).toBe(false);
    expect(fires('0,30 * * * *', '2026-11-23T10:30:00Z')).toBe(true);
  });

  it('reads day and month names, Sunday as 0 or 7, and macros', () => {
    // 2026-11-22 is a Sunday
    expect(fires('0 3 * * sun', '2026-11-22T03:00:00Z')).toBe(true);
    expect(fires('0 3 * * 7', '2026-11-22T03:00:00Z')).toBe(true);
    expect(fires('0 3 * * 1-5', '2026-11-22T03:00:00Z')).toBe(false);
    expect(fires('0 0 1 jan *', '2027-01-01T00:00:00Z')).toBe(true);
    expect(fires('@hourly', '2026-11-23T10:00:00Z')).toBe(true);
    expect(fires('@daily', '2026-11-23T10:00:00Z')).toBe(false);
  });

  it('matches either day field when both are restricted, and $ as the last day of the month', () => {
    expect(fires('0 0 1 * mon', '2026-11-23T00:00:00Z')).toBe(true); // a Monday, not the 1st
    expect(fires('0 0 1 * mon', '2026-12-01T00:00:00Z')).toBe(true); // the 1st, a Tuesday
    expect(fires('0 0 1 * mon', '2026-12-02T00:00:00Z')).toBe(false);
    expect(fires('0 0 $ * *', '2027-02-28T00:00:00Z')).toBe(true);
    expect(fires('0 0 $ * *', '2027-02-27T00:00:00Z')).toBe(false);
  });

  it('refuses what is not a schedule', () => {
    expect(() => parseSchedule('every minute')).toThrow('invalid schedule');
    expect(() => parseSchedule('61 * * * *')).toThrow('out of range');
    expect(() => parseSchedule('* * * * * *')).toThrow('invalid schedule');
    expect(parseSchedule('30 seconds')).toEqual({ kind: 'seconds', every: 30 });
  });
});
