import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUniqueViolation } from '@/lib/forms/postgrest-error';
import { progressClient, type ProgressSupabase } from './client';
import type { Practice } from './get-practice';
import { progressKeys } from './keys';

export interface PracticeDayChange {
  childId: string;
  goalId: string;
  /** `YYYY-MM-DD`, a day in the family's zone */
  date: string;
  done: boolean;
}

/**
 * Ticks (or unticks) one practice day of one goal. Idempotent: ticking a day already ticked
 * (23505 on the goal and date) and unticking one that is not are both what was asked.
 */
export async function setPracticeDay(client: ProgressSupabase, change: PracticeDayChange): Promise<void> {
  if (change.done) {
    const { error } = await client
      .from('practice_days')
      .insert({ goal_id: change.goalId, child_id: change.childId, practised_on: change.date });
    if (error && !isUniqueViolation(error, 'practice_days_pkey')) throw error;
    return;
  }
  const { error } = await client
    .from('practice_days')
    .delete()
    .eq('goal_id', change.goalId)
    .eq('practised_on', change.date);
  if (error) throw error;
}

function withChange(practice: Practice, change: PracticeDayChange): Practice {
  return {
    ...practice,
    goals: practice.goals.map((goal) =>
      goal.id !== change.goalId
        ? goal
        : {
            ...goal,
            done: change.done
              ? [...new Set([...goal.done, change.date])].sort()
              : goal.done.filter((date) => date !== change.date),
          },
    ),
  };
}

/** One tap: the tick shows at once, and goes back if the database refuses it. */
export function useSetPracticeDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: PracticeDayChange) => setPracticeDay(await progressClient(), change),
    onMutate: async (change) => {
      const key = progressKeys.practice(change.childId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<Practice>(key);
      if (before) queryClient.setQueryData<Practice>(key, withChange(before, change));
      return { before };
    },
    onError: (_error, change, context) => {
      if (context?.before) queryClient.setQueryData(progressKeys.practice(change.childId), context.before);
    },
    onSettled: (_data, _error, change) =>
      queryClient.invalidateQueries({ queryKey: progressKeys.practice(change.childId) }),
  });
}
