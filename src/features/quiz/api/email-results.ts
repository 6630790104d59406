import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { emailSchema } from '@/lib/validation';
import { getSupabase } from '@/lib/supabase';

export const emailResultsSchema = z.object({
  email: emailSchema,
  consent: z.boolean().refine((v) => v, 'Please tick the box so we may email your results.'),
});
export type EmailResultsInput = z.input<typeof emailResultsSchema>;

/**
 * "Email me my results": stores the parent's email on their saved assessment (only with consent,
 * only once, only shortly after it was taken; the database enforces all three), then asks the
 * send-quiz-results function to send the copy. The sending is best effort: the email is stored
 * either way and the team can follow up.
 */
export async function emailQuizResults({ assessmentId, email }: { assessmentId: string; email: string }) {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('email_me_quiz_results', { assessment_id: assessmentId, email });
  if (error) throw error;
  await supabase.functions
    .invoke('send-quiz-results', { body: { assessmentId, email } })
    .catch(() => undefined);
}

export function useEmailQuizResults() {
  return useMutation({ mutationFn: emailQuizResults });
}
