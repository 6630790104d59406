import { questions, type Question, type SkillKey } from '@/content/quiz';
import type { Answers } from '../lib/scoring';

/** The answer that gives a question `points` (0-4) for its skill, honouring reverse items. */
export function answerFor(question: Question, points: number): number {
  return question.reverse ? 4 - points : points;
}

/** Answers giving every question of each skill the same points (default 4: full marks). */
export function answersWithPoints(points: Partial<Record<SkillKey, number>> = {}, fallback = 4): Answers {
  return Object.fromEntries(questions.map((q) => [q.id, answerFor(q, points[q.skill] ?? fallback)]));
}
