import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';

/** One of the child's goals from their family plan, in a child's words, and how far along it is. */
export interface MyGoal {
  goal: string;
  milestones: number;
  done: number;
}

/** The signed-in child's own goals (rpc child_plan_goals: nothing else of the plan). */
export async function getMyGoals(): Promise<MyGoal[]> {
  // the read client: a screen's reads need not wait for supabase-js (decision 214)
  const supabase = getRest();
  const { data, error } = await supabase.rpc('child_plan_goals');
  if (error) throw error;
  return (data ?? []).map((g) => ({ goal: g.goal, milestones: g.milestones, done: g.done }));
}

export const myGoalsQueryOptions = () =>
  queryOptions({ queryKey: ['child-goals'] as const, queryFn: getMyGoals });

export function useMyGoals() {
  return useQuery(myGoalsQueryOptions());
}
