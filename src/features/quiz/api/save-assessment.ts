import { useMutation } from '@tanstack/react-query';
import type { PlanId, SkillKey } from '@/content/quiz';
import { attributionColumns } from '@/lib/attribution';
import { isUniqueViolation } from '@/lib/forms/postgrest-error';
import { getSupabase } from '@/lib/supabase';
import type { Answers, SkillScores } from '../lib/scoring';

export interface NewAssessment {
  /** Made in the browser when the last question is answered, so a retried save cannot store two rows. */
  id: string;
  answers: Answers;
  scores: SkillScores;
  recommended_plan: PlanId;
  top_focus_area: SkillKey;
  child_first_name: string | null;
  child_age: number | null;
}

/** Stores a completed assessment. Visitors may insert but not read back, so no `.select()`. */
export async function saveAssessment(assessment: NewAssessment): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('quiz_assessments').insert({
    ...assessment,
    ...attributionColumns(),
  });
  // A primary-key collision: this id is already stored (an earlier attempt got through), which is the goal.
  if (error && !isUniqueViolation(error, 'quiz_assessments_pkey')) throw error;
}

export function useSaveAssessment() {
  return useMutation({ mutationFn: saveAssessment });
}
