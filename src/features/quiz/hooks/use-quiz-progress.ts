import { useCallback, useEffect, useState } from 'react';
import { loadProgress, saveProgress, type QuizProgress } from '../lib/progress';

/** The quiz's progress, read from localStorage once and written back on every change. */
export function useQuizProgress() {
  const [progress, setProgress] = useState<QuizProgress>(() => loadProgress());
  useEffect(() => saveProgress(progress), [progress]);
  const update = useCallback(
    (next: QuizProgress | ((current: QuizProgress) => QuizProgress)) => setProgress(next),
    [],
  );
  return [progress, update] as const;
}
