import { describe, expect, it } from 'vitest';
import { plotPoints, skillTrends, type CheckInPoint } from '../lib/trend';
import { addDays, daysEndingOn, todayIn } from '../lib/days';

let ids = 0;
/** A check-in with overrides; the scores default to 50 each. */
function checkIn(takenAt: string, scores: Partial<CheckInPoint['scores']> = {}): CheckInPoint {
  return {
    id: `c${++ids}`,
    takenAt: Date.parse(takenAt),
    scores: { emotions: 50, confidence: 50, focus: 50, connection: 50, ...scores },
  };
}

describe('skillTrends', () => {
  it('says each skill from the first check-in to the latest, oldest first whatever the order given', () => {
    const trends = skillTrends(
      [
        checkIn('2026-12-01T15:00:00Z', { emotions: 69, focus: 44 }),
        checkIn('2026-10-03T15:00:00Z', { emotions: 44, focus: 56 }),
        checkIn('2026-11-02T15:00:00Z', { emotions: 56 }),
      ],
      'America/New_York',
    );
    const emotions = trends.find((t) => t.key === 'emotions')!;
    expect(emotions.points.map((p) => p.score)).toEqual([44, 56, 69]);
    expect(emotions.words).toBe('Emotional Regulation: 44 → 69 since October');
    expect(emotions.change).toBe(25);
    expect(trends.find((t) => t.key === 'focus')!.words).toBe('Focus: 56 → 44 since October');
    expect(trends.find((t) => t.key === 'confidence')!.words).toBe('Confidence: steady at 50 since October');
    expect(trends.map((t) => t.name)).toEqual(['Emotional Regulation', 'Confidence', 'Focus', 'Connection']);
  });

  it('names the year when the first check-in was in another year, and the month in the given zone', () => {
    const trends = skillTrends(
      [checkIn('2025-11-01T02:00:00Z', { focus: 30 }), checkIn('2026-02-01T15:00:00Z', { focus: 60 })],
      'America/Los_Angeles',
    );
    // 02:00 UTC on November 1 is still October 31 in Los Angeles
    expect(trends.find((t) => t.key === 'focus')!.words).toBe('Focus: 30 → 60 since October 2025');
  });

  it('speaks of the first check-in alone, and has nothing to say without one', () => {
    expect(skillTrends([checkIn('2026-10-03T15:00:00Z', { connection: 75 })])[3]!.words).toBe(
      'Connection: 75 at the first check-in',
    );
    expect(skillTrends([])).toEqual([]);
  });
});

describe('plotPoints', () => {
  const frame = { width: 200, height: 120, padding: { top: 10, right: 10, bottom: 10, left: 30 } };
  it('spreads the check-ins across the width and puts 100 at the top, 0 at the bottom', () => {
    expect(plotPoints([0, 50, 100], frame)).toEqual([
      { x: 30, y: 110 },
      { x: 110, y: 60 },
      { x: 190, y: 10 },
    ]);
  });
  it('centres a single check-in and keeps scores inside the frame', () => {
    expect(plotPoints([150], frame)).toEqual([{ x: 110, y: 10 }]);
  });
});

describe('family days', () => {
  it("takes today's date in the family's zone", () => {
    const at = Date.parse('2026-12-04T03:00:00Z');
    expect(todayIn('America/New_York', at)).toBe('2026-12-03');
    expect(todayIn('Europe/London', at)).toBe('2026-12-04');
  });
  it('counts the last seven days back across a month end', () => {
    expect(addDays('2026-12-01', -1)).toBe('2026-11-30');
    expect(daysEndingOn('2026-12-03')).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
  });
});
