import { useMutation } from '@tanstack/react-query';
import type { PlanId, SkillKey } from '@/content/quiz';
import { getAttribution, getSessionId } from '@/lib/attribution';
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
  const attribution = getAttribution();
  const { error } = await supabase.from('quiz_assessments').insert({
    ...assessment,
    analytics_session_id: getSessionId(),
    landing_path: attribution?.landing_path ?? null,
    utm_source: attribution?.utm_source ?? null,
    utm_medium: attribution?.utm_medium ?? null,
    utm_campaign: attribution?.utm_campaign ?? null,
    utm_term: attribution?.utm_term ?? null,
    utm_content: attribution?.utm_content ?? null,
  });
  // 23505: this id is already stored (an earlier attempt got through), which is the goal.
  if (error && error.code !== '23505') throw error;
}

export function useSaveAssessment() {
  return useMutation({ mutationFn: saveAssessment });
}
