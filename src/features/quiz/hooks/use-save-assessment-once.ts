import { useEffect, useMemo, useRef, type Dispatch, type SetStateAction } from 'react';
import { useSaveAssessment } from '../api/save-assessment';
import type { QuizProgress } from '../lib/progress';
import type { QuizResult } from '../lib/scoring';

/**
 * Saves a completed assessment once: an assessment with all its answers gets its id (an older tab
 * may have none), is saved, and is marked saved in the stored progress, so a reload or a return to
 * the results does not save it again. `retry` tries again after a failure.
 */
export function useSaveAssessmentOnce(
  progress: QuizProgress,
  setProgress: Dispatch<SetStateAction<QuizProgress>>,
  result: QuizResult | null,
) {
  const save = useSaveAssessment();
  const saving = useRef(false);

  // Arriving with all answers but no id (e.g. an older tab): give this assessment its id.
  useEffect(() => {
    if (result && !progress.assessmentId) {
      setProgress((current) => ({ ...current, assessmentId: crypto.randomUUID() }));
    }
  }, [result, progress.assessmentId, setProgress]);

  const { assessmentId, saved } = progress;
  const { mutate } = save;
  const store = useMemo(
    () => () => {
      if (!result || !assessmentId || saving.current) return;
      saving.current = true;
      mutate(
        {
          id: assessmentId,
          answers: progress.answers,
          scores: result.scores,
          recommended_plan: result.recommendedPlan,
          top_focus_area: result.topFocusArea,
          child_first_name: progress.child.firstName,
          child_age: progress.child.age,
        },
        {
          onSuccess: () => setProgress((current) => ({ ...current, saved: true })),
          onSettled: () => {
            saving.current = false;
          },
        },
      );
    },
    [result, assessmentId, mutate, progress.answers, progress.child, setProgress],
  );

  // Save once per completed assessment; the stored flag keeps a reload from saving it again.
  useEffect(() => {
    if (!saved) store();
  }, [saved, store]);

  return { saved, failed: save.isError, retry: store };
}
