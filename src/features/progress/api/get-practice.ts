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
 *
 * Two rounds, not three: the days ticked are read beside the goals, over every date that can be
 * among the family's last seven days whatever their zone (a zone's today is UTC's, the day before
 * or the day after), and kept to the family's days once the zone is known.
 */
export async function fetchPractice(
  client: ProgressSupabase,
  childId: string,
  now: number = Date.now(),
): Promise<Practice> {
  const utcToday = todayIn('UTC', now);
  const [goals, child, ticked] = await Promise.all([
    client
      .from('practice_goals')
      .select('id, title, created_at')
      .eq('child_id', childId)
      .is('archived_at', null)
      .order('created_at', { ascending: true }),
    client.from('children').select('parent_id').eq('id', childId).maybeSingle(),
    client
      .from('practice_days')
      .select('goal_id, practised_on')
      .eq('child_id', childId)
      .gte('practised_on', addDays(utcToday, -7))
      .lte('practised_on', addDays(utcToday, 1)),
  ]);
  if (goals.error) throw goals.error;
  if (child.error) throw child.error;
  if (ticked.error) throw ticked.error;
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
  const shown = new Set(days);
  return {
    timeZone,
    days,
    goals: goals.data.map((goal) => ({
      id: goal.id,
      title: goal.title,
      createdAt: Date.parse(goal.created_at),
      done: ticked.data
        .filter((row) => row.goal_id === goal.id && shown.has(row.practised_on))
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
