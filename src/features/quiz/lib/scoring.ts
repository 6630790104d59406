import {
  bandThresholds,
  maxAnswerValue,
  questions as allQuestions,
  skills,
  type Band,
  type PlanId,
  type Question,
  type SkillKey,
} from '@/content/quiz';

/** Answers by question id, each 0 (Never) to 4 (Almost always). */
export type Answers = Record<string, number>;
export type SkillScores = Record<SkillKey, number>;

export interface QuizResult {
  scores: SkillScores;
  bands: Record<SkillKey, Band>;
  /** The skill with the lowest score (ties: the order of `skills`). */
  topFocusArea: SkillKey;
  /** How many skills are in the focus-area band. */
  skillsNeedingSupport: number;
  recommendedPlan: PlanId;
}

function isAnswerValue(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= maxAnswerValue;
}

/** The points one answer earns for its skill, 0 to 4: reverse items count the other way. */
export function itemPoints(question: Question, answer: number): number {
  if (!isAnswerValue(answer)) throw new RangeError(`answer out of range: ${answer}`);
  return question.reverse ? maxAnswerValue - answer : answer;
}

/** True when every question has a valid answer. */
export function isComplete(answers: Answers, questions: readonly Question[] = allQuestions): boolean {
  return questions.every((q) => isAnswerValue(answers[q.id]));
}

/** Each skill's score from 0 to 100 (the share of the possible points, rounded). */
export function scoreSkills(answers: Answers, questions: readonly Question[] = allQuestions): SkillScores {
  if (!isComplete(answers, questions)) throw new Error('Every question needs an answer before scoring');
  const scores = {} as SkillScores;
  for (const { key } of skills) {
    const items = questions.filter((q) => q.skill === key);
    const points = items.reduce((sum, q) => sum + itemPoints(q, answers[q.id]!), 0);
    scores[key] = items.length === 0 ? 0 : Math.round((points / (items.length * maxAnswerValue)) * 100);
  }
  return scores;
}

export function bandFor(score: number): Band {
  if (score >= bandThresholds.strength) return 'strength';
  if (score >= bandThresholds.growing) return 'growing';
  return 'focus-area';
}

/** 0-1 skills needing support: Steady Growth; 2: Focused Progress; 3-4: Intensive Momentum. */
export function recommendPlan(skillsNeedingSupport: number): PlanId {
  if (skillsNeedingSupport >= 3) return 'intensive-momentum';
  if (skillsNeedingSupport === 2) return 'focused-progress';
  return 'steady-growth';
}

export function scoreQuiz(answers: Answers, questions: readonly Question[] = allQuestions): QuizResult {
  const scores = scoreSkills(answers, questions);
  const bands = {} as Record<SkillKey, Band>;
  let topFocusArea: SkillKey = skills[0]!.key;
  for (const { key } of skills) {
    bands[key] = bandFor(scores[key]);
    if (scores[key] < scores[topFocusArea]) topFocusArea = key;
  }
  const skillsNeedingSupport = skills.filter(({ key }) => bands[key] === 'focus-area').length;
  return {
    scores,
    bands,
    topFocusArea,
    skillsNeedingSupport,
    recommendedPlan: recommendPlan(skillsNeedingSupport),
  };
}
