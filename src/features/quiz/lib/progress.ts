import { z } from 'zod';
import { childAges, maxAnswerValue, questions as allQuestions, type Question } from '@/content/quiz';
import type { Answers } from './scoring';

/**
 * Where a parent is in the quiz, kept in localStorage so a reload (or coming back later) resumes
 * at the same question with the same answers.
 */
export const PROGRESS_STORAGE_KEY = 'ploom.quiz.v1';

const answerSchema = z.number().int().min(0).max(maxAnswerValue);

const progressSchema = z.object({
  child: z.object({
    firstName: z.string().max(50).nullable(),
    age: z
      .number()
      .int()
      .refine((age) => (childAges as readonly number[]).includes(age))
      .nullable(),
  }),
  answers: z.record(z.string(), answerSchema),
  currentIndex: z.number().int().min(0),
  /** Set when the last question is answered: the id the assessment is saved under. */
  assessmentId: z.string().uuid().nullable(),
  /** True once the assessment row is stored, so a reload of the results never saves it twice. */
  saved: z.boolean(),
});

export type QuizProgress = z.infer<typeof progressSchema>;

export function emptyProgress(): QuizProgress {
  return {
    child: { firstName: null, age: null },
    answers: {},
    currentIndex: 0,
    assessmentId: null,
    saved: false,
  };
}

/** Reads stored progress; anything missing, corrupt or from an older shape starts afresh. */
export function parseProgress(
  raw: string | null,
  questions: readonly Question[] = allQuestions,
): QuizProgress {
  if (!raw) return emptyProgress();
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return emptyProgress();
  }
  const parsed = progressSchema.safeParse(json);
  if (!parsed.success) return emptyProgress();
  const ids = new Set(questions.map((q) => q.id));
  const answers: Answers = {};
  for (const [id, value] of Object.entries(parsed.data.answers)) if (ids.has(id)) answers[id] = value;
  return {
    ...parsed.data,
    answers,
    currentIndex: Math.min(parsed.data.currentIndex, questions.length - 1),
  };
}

export function loadProgress(storage: Storage = window.localStorage): QuizProgress {
  try {
    return parseProgress(storage.getItem(PROGRESS_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): the quiz still works in memory.
    return emptyProgress();
  }
}

export function saveProgress(progress: QuizProgress, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(PROGRESS_STORAGE_KEY, JSON.stringify(progress));
  } catch {
    // See loadProgress: losing persistence must not break the quiz.
  }
}

export function clearProgress(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(PROGRESS_STORAGE_KEY);
  } catch {
    // ignore, as above
  }
}

/** The first question without an answer, or the last question when all are answered. */
export function firstUnansweredIndex(
  answers: Answers,
  questions: readonly Question[] = allQuestions,
): number {
  const index = questions.findIndex((q) => answers[q.id] === undefined);
  return index === -1 ? questions.length - 1 : index;
}

/** True when the parent has started but not finished. */
export function hasProgress(progress: QuizProgress): boolean {
  return Object.keys(progress.answers).length > 0 && progress.assessmentId === null;
}
