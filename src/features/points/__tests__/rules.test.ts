import { describe, expect, it } from 'vitest';
import { awardedByParentToday, remainingToday, totalPoints, type PointsEntry } from '../lib/rules';

const NOW = new Date('2026-11-23T12:00:00Z');
const entry = (overrides: Partial<PointsEntry>): PointsEntry => ({
  id: 1,
  points: 5,
  reason: 'Practised at home',
  createdAt: '2026-11-23T09:00:00Z',
  awardedBy: 'parent',
  ...overrides,
});

describe('the parent’s daily points', () => {
  it('counts only the parent’s own awards of the last 24 hours against the cap of 15', () => {
    const history = [
      entry({ points: 5 }),
      entry({ points: 4, createdAt: '2026-11-22T12:30:00Z' }),
      entry({ points: 5, createdAt: '2026-11-22T11:59:00Z' }), // older than a day
      entry({ points: 10, awardedBy: 'coach' }),
    ];
    expect(awardedByParentToday(history, 'parent', NOW)).toBe(9);
    expect(remainingToday(history, 'parent', NOW)).toBe(6);
    expect(totalPoints(history)).toBe(24);
  });

  it('never reports less than nothing left', () => {
    const history = [entry({ points: 5 }), entry({ points: 5 }), entry({ points: 5 })];
    expect(remainingToday(history, 'parent', NOW)).toBe(0);
  });
});
