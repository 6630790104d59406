import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { childLoginKeys } from './keys';

export type AttemptOutcome = 'succeeded' | 'failed' | 'refused_locked';

export interface ChildLoginAttempt {
  id: number;
  outcome: AttemptOutcome;
  attemptedAt: string;
}

/** How many of the latest sign-in attempts the parent sees per child. */
export const RECENT_ATTEMPTS = 10;

/** The latest sign-in attempts on a child's login (Auth's hook records them; the parent reads them). */
export async function fetchChildLoginAttempts(childId: string): Promise<ChildLoginAttempt[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('child_login_attempts')
    .select('id, outcome, attempted_at')
    .eq('child_id', childId)
    .order('attempted_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(RECENT_ATTEMPTS);
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    outcome: row.outcome as AttemptOutcome,
    attemptedAt: row.attempted_at,
  }));
}

export const childLoginAttemptsQueryOptions = (childId: string) =>
  queryOptions({
    queryKey: childLoginKeys.attemptsOf(childId),
    queryFn: () => fetchChildLoginAttempts(childId),
  });

export function useChildLoginAttempts(childId: string) {
  return useQuery(childLoginAttemptsQueryOptions(childId));
}
