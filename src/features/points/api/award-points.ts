import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { PARENT_AWARD_MAX, PARENT_AWARD_MIN } from '../lib/rules';
import { pointsKeys } from './keys';

export const awardSchema = z.object({
  points: z.coerce
    .number({ error: 'Choose how many points.' })
    .int()
    .min(PARENT_AWARD_MIN, `Give ${PARENT_AWARD_MIN} to ${PARENT_AWARD_MAX} points.`)
    .max(PARENT_AWARD_MAX, `Give ${PARENT_AWARD_MIN} to ${PARENT_AWARD_MAX} points.`),
  reason: z.string().trim().min(1, 'Say what it was for.').max(200, 'Please keep it under 200 characters.'),
});
export type AwardInput = z.output<typeof awardSchema>;

/** A parent's award for practice at home; the database enforces 1-5 points and 15 a day. */
export async function awardPoints(input: AwardInput & { childId: string; parentId: string }) {
  const supabase = await getSupabase();
  const { error } = await supabase.from('ploom_points').insert({
    child_id: input.childId,
    points: input.points,
    reason: input.reason,
    awarded_by: input.parentId,
  });
  if (error) throw error;
}

export function useAwardPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: awardPoints,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
  });
}
