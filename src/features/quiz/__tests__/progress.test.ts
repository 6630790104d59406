import { beforeEach, describe, expect, it } from 'vitest';
import { questions } from '@/content/quiz';
import {
  PROGRESS_STORAGE_KEY,
  emptyProgress,
  firstUnansweredIndex,
  hasProgress,
  loadProgress,
  parseProgress,
  saveProgress,
} from '../lib/progress';
import { personalise } from '../lib/personalise';

beforeEach(() => window.localStorage.clear());

describe('quiz progress in localStorage', () => {
  it('round-trips: what is saved is what a reload reads', () => {
    const progress = {
      ...emptyProgress(),
      child: { firstName: 'Ava', age: 9 },
      answers: { [questions[0]!.id]: 3, [questions[1]!.id]: 0 },
      currentIndex: 2,
    };
    saveProgress(progress);
    expect(loadProgress()).toEqual(progress);
    expect(hasProgress(loadProgress())).toBe(true);
  });

  it('starts afresh when nothing, garbage or an unknown shape is stored', () => {
    expect(parseProgress(null)).toEqual(emptyProgress());
    expect(parseProgress('{not json')).toEqual(emptyProgress());
    expect(parseProgress(JSON.stringify({ answers: 'x' }))).toEqual(emptyProgress());
    window.localStorage.setItem(PROGRESS_STORAGE_KEY, '[]');
    expect(loadProgress()).toEqual(emptyProgress());
  });

  it('drops answers out of range or for questions that no longer exist', () => {
    const raw = JSON.stringify({
      ...emptyProgress(),
      answers: { [questions[0]!.id]: 9 },
    });
    expect(parseProgress(raw)).toEqual(emptyProgress());
    const stale = JSON.stringify({
      ...emptyProgress(),
      answers: { 'retired-question': 2, [questions[0]!.id]: 1 },
    });
    expect(parseProgress(stale).answers).toEqual({ [questions[0]!.id]: 1 });
  });

  it('keeps the current question within the quiz', () => {
    const raw = JSON.stringify({ ...emptyProgress(), currentIndex: 99 });
    expect(parseProgress(raw).currentIndex).toBe(questions.length - 1);
  });

  it('rejects an age outside 7-12', () => {
    const raw = JSON.stringify({ ...emptyProgress(), child: { firstName: null, age: 15 } });
    expect(parseProgress(raw)).toEqual(emptyProgress());
  });

  it('finds the first unanswered question to resume at', () => {
    expect(firstUnansweredIndex({})).toBe(0);
    expect(firstUnansweredIndex({ [questions[0]!.id]: 1, [questions[1]!.id]: 2 })).toBe(2);
    const all = Object.fromEntries(questions.map((q) => [q.id, 2]));
    expect(firstUnansweredIndex(all)).toBe(questions.length - 1);
  });

  it('a finished assessment is not "in progress"', () => {
    expect(hasProgress(emptyProgress())).toBe(false);
    expect(
      hasProgress({
        ...emptyProgress(),
        answers: { a: 1 },
        assessmentId: '3f0e8c1e-8a43-4c8f-9a51-5d0f3f1d2c11',
      }),
    ).toBe(false);
  });
});

describe('personalise', () => {
  it("uses the child's name, or 'your child' capitalised at the start", () => {
    expect(personalise('{child} can start homework.', 'Sam')).toBe('Sam can start homework.');
    expect(personalise('{child} can start homework.', null)).toBe('Your child can start homework.');
    expect(personalise('Bedtime is hard for {child}.', '  ')).toBe('Bedtime is hard for your child.');
  });
});
