import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SkillKey } from '@/content/quiz';
import type { CheckInPoint } from '../lib/trend';
import { progressClient, type ProgressSupabase } from './client';
import { progressKeys } from './keys';

const SKILL_KEYS: readonly SkillKey[] = ['emotions', 'confidence', 'focus', 'connection'];

/** A child's check-ins, oldest first (RLS: the child's parent, the child's coach, admins). */
export async function fetchCheckIns(client: ProgressSupabase, childId: string): Promise<CheckInPoint[]> {
  const { data, error } = await client
    .from('check_ins')
    .select('id, taken_at, scores')
    .eq('child_id', childId)
    .order('taken_at', { ascending: true });
  if (error) throw error;
  return (data ?? []).map((row) => {
    const stored = (row.scores ?? {}) as Record<string, unknown>;
    const scores = Object.fromEntries(SKILL_KEYS.map((key) => [key, Number(stored[key] ?? 0)])) as Record<
      SkillKey,
      number
    >;
    return { id: row.id, takenAt: Date.parse(row.taken_at), scores };
  });
}

export function checkInsQueryOptions(
  childId: string,
  getClient: () => Promise<ProgressSupabase> = progressClient,
) {
  return queryOptions({
    queryKey: progressKeys.checkIns(childId),
    queryFn: async () => fetchCheckIns(await getClient(), childId),
  });
}

export function useCheckIns(childId: string) {
  return useQuery(checkInsQueryOptions(childId));
}

/** A check-in is due four weeks after the latest one (decision 192); the first one is due at once. */
export const CHECK_IN_EVERY_DAYS = 28;

export function nextCheckInDue(checkIns: readonly CheckInPoint[]): number | null {
  const latest = checkIns.reduce<number | null>(
    (max, c) => (max === null || c.takenAt > max ? c.takenAt : max),
    null,
  );
  return latest === null ? null : latest + CHECK_IN_EVERY_DAYS * 24 * 60 * 60 * 1000;
}
