import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SkillKey } from '@/content/quiz';
import { isUniqueViolation } from '@/lib/forms/postgrest-error';
import { progressClient, type ProgressSupabase } from './client';
import { progressKeys } from './keys';

export interface NewCheckIn {
  /** made in the browser when the last answer is given: a retried save cannot store two */
  id: string;
  childId: string;
  answers: Record<string, number>;
  scores: Record<SkillKey, number>;
}

/** Keeps a check-in on the child; a repeat of the same id (23505) counts as saved. */
export async function saveCheckIn(client: ProgressSupabase, checkIn: NewCheckIn): Promise<void> {
  const { error } = await client.from('check_ins').insert({
    id: checkIn.id,
    child_id: checkIn.childId,
    answers: checkIn.answers,
    scores: checkIn.scores,
  });
  if (error && !isUniqueViolation(error, 'check_ins_pkey')) throw error;
}

export function useSaveCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (checkIn: NewCheckIn) => saveCheckIn(await progressClient(), checkIn),
    onSuccess: (_data, checkIn) =>
      queryClient.invalidateQueries({ queryKey: progressKeys.checkIns(checkIn.childId) }),
  });
}
