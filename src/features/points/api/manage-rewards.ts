import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { pointsKeys } from './keys';

export const rewardSchema = z.object({
  title: z.string().trim().min(1, 'Name the reward.').max(80, 'Please keep it under 80 characters.'),
  pointsCost: z.coerce
    .number({ error: 'How many points does it take?' })
    .int('Use a whole number.')
    .min(1, 'At least 1 point.')
    .max(1000, 'At most 1000 points.'),
});
export type RewardInput = z.output<typeof rewardSchema>;

export async function addReward(input: RewardInput & { childId: string }) {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('family_rewards')
    .insert({ child_id: input.childId, title: input.title, points_cost: input.pointsCost });
  if (error) throw error;
}

export async function removeReward(id: string) {
  const supabase = await getSupabase();
  const { error } = await supabase.from('family_rewards').delete().eq('id', id);
  if (error) throw error;
}

export function useAddReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pointsKeys.family() }),
  });
}

export function useRemoveReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeReward,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pointsKeys.family() }),
  });
}
