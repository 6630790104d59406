import { describe, expect, it } from 'vitest';
import { isOverdueWait, waitedFor } from '../lib/waited';

const NOW = Date.parse('2026-11-29T12:00:00Z');
const ago = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

describe('how long a family has waited for a coach', () => {
  it('reads as people say it', () => {
    expect(waitedFor(ago(0.2), NOW)).toBe('under an hour');
    expect(waitedFor(ago(1), NOW)).toBe('1 hour');
    expect(waitedFor(ago(30), NOW)).toBe('30 hours');
    expect(waitedFor(ago(24 * 5 + 3), NOW)).toBe('5 days');
  });
  it('is overdue past the two days the family is promised', () => {
    expect(isOverdueWait(ago(47), NOW)).toBe(false);
    expect(isOverdueWait(ago(49), NOW)).toBe(true);
  });
});
