import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { PlanContent } from '../lib/content';
import { planKeys } from './keys';

/** Saves the child's draft (the one draft there is, a version after the last). */
export async function savePlanDraft(input: { childId: string; content: PlanContent }): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('save_family_plan_draft', {
    child_id: input.childId,
    // the database checks the shape (private.is_family_plan_content)
    content: input.content as unknown as Record<string, never>,
  });
  if (error) throw error;
  return data;
}

/** Shares the saved draft with the family: its version number. */
export async function sharePlan(childId: string): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('share_family_plan', { child_id: childId });
  if (error) throw error;
  return data;
}

export async function tickMilestone(input: {
  childId: string;
  milestoneId: string;
  done: boolean;
}): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('tick_plan_milestone', {
    child_id: input.childId,
    milestone_id: input.milestoneId,
    done: input.done,
  });
  if (error) throw error;
}

/** The parent's acknowledgement (no comment) or comment on a shared version. */
export async function reviewPlan(input: { versionId: string; comment?: string }): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('review_family_plan', {
    version_id: input.versionId,
    ...(input.comment ? { comment: input.comment } : {}),
  });
  if (error) throw error;
  return data;
}

function usePlanMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export const useSavePlanDraft = () => usePlanMutation(savePlanDraft);
export const useSharePlan = () => usePlanMutation(sharePlan);
export const useTickMilestone = () => usePlanMutation(tickMilestone);
export const useReviewPlan = () => usePlanMutation(reviewPlan);
