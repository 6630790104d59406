import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays, daysEndingOn, todayIn } from '../lib/days';
import { progressClient, type ProgressSupabase } from './client';
import { progressKeys } from './keys';

export interface PracticeGoal {
  id: string;
  title: string;
  createdAt: number;
  /** the dates practised among `days`, `YYYY-MM-DD` */
  done: string[];
}

export interface Practice {
  /** the family's zone: the days are the family's days */
  timeZone: string;
  /** the last seven days in the family's zone, oldest first; the last one is today */
  days: string[];
  /** the child's current goals (one to three), oldest first */
  goals: PracticeGoal[];
}

/**
 * A child's current practice goals and the days ticked in the last seven days, in the family's zone
 * (the parent's profile). RLS: the child's parent, the child's coach and admins.
 */
export async function fetchPractice(
  client: ProgressSupabase,
  childId: string,
  now: number = Date.now(),
): Promise<Practice> {
  const [goals, child] = await Promise.all([
    client
      .from('practice_goals')
      .select('id, title, created_at')
      .eq('child_id', childId)
      .is('archived_at', null)
      .order('created_at', { ascending: true }),
    client.from('children').select('parent_id').eq('id', childId).maybeSingle(),
  ]);
  if (goals.error) throw goals.error;
  if (child.error) throw child.error;
  let timeZone = 'UTC';
  if (child.data?.parent_id) {
    const profile = await client
      .from('profiles')
      .select('time_zone')
      .eq('id', child.data.parent_id)
      .maybeSingle();
    if (profile.error) throw profile.error;
    timeZone = profile.data?.time_zone ?? 'UTC';
  }
  const days = daysEndingOn(todayIn(timeZone, now), 7);
  const ticked =
    goals.data.length === 0
      ? { data: [], error: null }
      : await client
          .from('practice_days')
          .select('goal_id, practised_on')
          .eq('child_id', childId)
          .gte('practised_on', days[0]!)
          .lte('practised_on', addDays(days[days.length - 1]!, 0));
  if (ticked.error) throw ticked.error;
  return {
    timeZone,
    days,
    goals: goals.data.map((goal) => ({
      id: goal.id,
      title: goal.title,
      createdAt: Date.parse(goal.created_at),
      done: (ticked.data ?? [])
        .filter((row) => row.goal_id === goal.id)
        .map((row) => row.practised_on)
        .sort(),
    })),
  };
}

export function practiceQueryOptions(
  childId: string,
  getClient: () => Promise<ProgressSupabase> = progressClient,
) {
  return queryOptions({
    queryKey: progressKeys.practice(childId),
    queryFn: async () => fetchPractice(await getClient(), childId),
  });
}

export function usePractice(childId: string) {
  return useQuery(practiceQueryOptions(childId));
}
