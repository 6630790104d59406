import { describe, expect, it } from 'vitest';
import { questions, skills } from '@/content/quiz';
import { bandFor, isComplete, itemPoints, recommendPlan, scoreQuiz, scoreSkills } from '../lib/scoring';
import { answerFor, answersWithPoints } from './factories';

describe('the question set', () => {
  it('has 12-16 questions, the same number per skill, with reverse items in every skill', () => {
    expect(questions.length).toBeGreaterThanOrEqual(12);
    expect(questions.length).toBeLessThanOrEqual(16);
    const perSkill = skills.map((s) => questions.filter((q) => q.skill === s.key));
    expect(new Set(perSkill.map((list) => list.length)).size).toBe(1);
    for (const list of perSkill) {
      expect(list.filter((q) => q.reverse).length).toBe(list.length / 2);
    }
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });
});

describe('itemPoints', () => {
  const forward = questions.find((q) => !q.reverse)!;
  const reverse = questions.find((q) => q.reverse)!;

  it('counts a forward item as answered', () => {
    expect(itemPoints(forward, 0)).toBe(0);
    expect(itemPoints(forward, 4)).toBe(4);
  });

  it('counts a reverse item the other way: "Almost always" a difficulty is 0 points', () => {
    expect(itemPoints(reverse, 4)).toBe(0);
    expect(itemPoints(reverse, 0)).toBe(4);
    expect(itemPoints(reverse, 1)).toBe(3);
  });

  it('rejects answers outside the scale', () => {
    expect(() => itemPoints(forward, 5)).toThrow(RangeError);
    expect(() => itemPoints(forward, 1.5)).toThrow(RangeError);
  });
});

describe('scoreSkills', () => {
  it('gives 100 for full marks and 0 for none, in every skill', () => {
    expect(scoreSkills(answersWithPoints({}, 4))).toEqual({
      emotions: 100,
      confidence: 100,
      focus: 100,
      connection: 100,
    });
    expect(scoreSkills(answersWithPoints({}, 0))).toEqual({
      emotions: 0,
      confidence: 0,
      focus: 0,
      connection: 0,
    });
  });

  it('scores each skill only from its own questions', () => {
    const scores = scoreSkills(answersWithPoints({ focus: 1, connection: 3 }, 2));
    expect(scores).toEqual({ emotions: 50, confidence: 50, focus: 25, connection: 75 });
  });

  it('answering "Almost always" to everything does not read as a perfect child', () => {
    const all4 = Object.fromEntries(questions.map((q) => [q.id, 4]));
    const scores = scoreSkills(all4);
    for (const { key } of skills) expect(scores[key]).toBe(50);
  });

  it('rounds to whole numbers', () => {
    const emotions = questions.filter((q) => q.skill === 'emotions');
    const answers = answersWithPoints({}, 4);
    answers[emotions[0]!.id] = answerFor(emotions[0]!, 3); // 15 of 16 points
    expect(scoreSkills(answers).emotions).toBe(94);
  });

  it('refuses to score an unfinished quiz', () => {
    const answers = answersWithPoints();
    delete answers[questions[3]!.id];
    expect(isComplete(answers)).toBe(false);
    expect(() => scoreSkills(answers)).toThrow();
  });
});

describe('bands', () => {
  it('splits at 70 and 45', () => {
    expect(bandFor(100)).toBe('strength');
    expect(bandFor(70)).toBe('strength');
    expect(bandFor(69)).toBe('growing');
    expect(bandFor(45)).toBe('growing');
    expect(bandFor(44)).toBe('focus-area');
    expect(bandFor(0)).toBe('focus-area');
  });
});

describe('recommendPlan', () => {
  it('follows how many skills need support', () => {
    expect(recommendPlan(0)).toBe('steady-growth');
    expect(recommendPlan(1)).toBe('steady-growth');
    expect(recommendPlan(2)).toBe('focused-progress');
    expect(recommendPlan(3)).toBe('intensive-momentum');
    expect(recommendPlan(4)).toBe('intensive-momentum');
  });
});

describe('scoreQuiz', () => {
  it('names the lowest skill as the top focus area and recommends by focus areas', () => {
    const result = scoreQuiz(answersWithPoints({ emotions: 3, confidence: 1, focus: 0, connection: 4 }));
    expect(result.scores).toEqual({ emotions: 75, confidence: 25, focus: 0, connection: 100 });
    expect(result.bands).toEqual({
      emotions: 'strength',
      confidence: 'focus-area',
      focus: 'focus-area',
      connection: 'strength',
    });
    expect(result.topFocusArea).toBe('focus');
    expect(result.skillsNeedingSupport).toBe(2);
    expect(result.recommendedPlan).toBe('focused-progress');
  });

  it('breaks ties in the order the skills are listed', () => {
    const result = scoreQuiz(answersWithPoints({ emotions: 4, confidence: 2, focus: 2, connection: 2 }));
    expect(result.topFocusArea).toBe('confidence');
    expect(result.recommendedPlan).toBe('steady-growth');
  });

  it('recommends Intensive Momentum when most skills need support', () => {
    const result = scoreQuiz(answersWithPoints({ emotions: 1, confidence: 1, focus: 1, connection: 3 }));
    expect(result.skillsNeedingSupport).toBe(3);
    expect(result.recommendedPlan).toBe('intensive-momentum');
  });
});
