import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { progressClient, type ProgressSupabase } from './client';
import { progressKeys } from './keys';

export const MAX_PRACTICE_GOALS = 3;

export const practiceGoalSchema = z.object({
  title: z.string().trim().min(1, 'Write the goal first').max(120, 'At most 120 characters'),
});

export interface NewPracticeGoal {
  childId: string;
  /** the session whose follow-up it comes from, if any */
  sessionId: string | null;
  title: string;
}

/** Sets a practice goal for the child, in the signed-in coach's name (the column's default). */
export async function addPracticeGoal(client: ProgressSupabase, goal: NewPracticeGoal): Promise<void> {
  const { error } = await client.from('practice_goals').insert({
    child_id: goal.childId,
    session_id: goal.sessionId,
    title: goal.title.trim(),
  });
  if (error) throw error;
}

/** Retires a goal: it leaves the family's dashboard; its practice days stay in the family's data. */
export async function retirePracticeGoal(client: ProgressSupabase, goalId: string): Promise<void> {
  const { error } = await client
    .from('practice_goals')
    .update({ archived_at: new Date().toISOString() })
    .eq('id', goalId);
  if (error) throw error;
}

/** "A child has at most three practice goals at a time." reads as the database says it. */
export function practiceGoalErrorMessage(error: unknown): string {
  const e = error as { code?: string; message?: string } | null;
  if (e?.code === '23514' && e.message) return e.message;
  return 'Please try again in a moment.';
}

export function useAddPracticeGoal(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (goal: NewPracticeGoal) => addPracticeGoal(await progressClient(), goal),
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressKeys.practice(childId) }),
  });
}

export function useRetirePracticeGoal(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (goalId: string) => retirePracticeGoal(await progressClient(), goalId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressKeys.practice(childId) }),
  });
}
