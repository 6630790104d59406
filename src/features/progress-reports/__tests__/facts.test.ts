import { describe, expect, it } from 'vitest';
import { changeText, periodLabel, periodTitle, readFacts, skillChanges } from '../lib/facts';

const scores = (emotions: number, focus: number) => ({ emotions, confidence: 40, focus, connection: 60 });

describe("a report's facts", () => {
  it('measures each skill from the check-in before the period to its latest', () => {
    const facts = readFacts({
      check_ins: {
        before: { taken_at: '2026-10-20T10:00:00Z', scores: scores(30, 50) },
        taken: [
          { taken_at: '2026-11-05T10:00:00Z', scores: scores(45, 50) },
          { taken_at: '2026-11-25T10:00:00Z', scores: scores(55, 45) },
        ],
      },
    });
    const byskill = Object.fromEntries(skillChanges(facts).map((c) => [c.skill, [c.from, c.to, c.change]]));
    expect(byskill.emotions).toEqual([30, 55, 25]);
    expect(byskill.focus).toEqual([50, 45, -5]);
    expect(byskill.confidence).toEqual([40, 40, 0]);
    expect(skillChanges(facts).map((c) => changeText(c.change))).toEqual([
      '+25',
      'no change',
      '−5',
      'no change',
    ]);
  });

  it('with no check-in before the period, measures from its first; with one check-in, shows no change', () => {
    const two = readFacts({
      check_ins: {
        before: null,
        taken: [
          { taken_at: '2026-11-05T10:00:00Z', scores: scores(45, 50) },
          { taken_at: '2026-11-25T10:00:00Z', scores: scores(55, 50) },
        ],
      },
    });
    expect(skillChanges(two)[0]).toMatchObject({ from: 45, to: 55, change: 10 });
    const one = readFacts({
      check_ins: { before: null, taken: [{ taken_at: 'x', scores: scores(45, 50) }] },
    });
    expect(skillChanges(one)[0]).toMatchObject({ from: null, to: 45, change: null });
    expect(changeText(null)).toBe('—');
  });

  it('reads facts kept before a part existed as nothing', () => {
    expect(readFacts({})).toEqual({
      sessions: { attended: 0, missed: 0, cancelled: 0, still_scheduled: 0 },
      check_ins: { taken: [], before: null },
      practice: [],
      points: { earned: 0, total: 0 },
    });
  });

  it('names the period', () => {
    expect(periodLabel('monthly', '2026-11-01')).toBe('November 2026');
    expect(periodLabel('weekly', '2026-11-23')).toBe('the week of November 23');
    expect(periodTitle('weekly', '2026-11-23')).toBe('The week of November 23');
  });
});
