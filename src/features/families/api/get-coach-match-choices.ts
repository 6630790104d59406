import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import { familyKeys } from './get-families';

/** A coach an admin can match a child with, and how well they fit (docs/decisions/222). */
export interface CoachMatchChoice {
  coachId: string;
  coachName: string;
  timeZone: string;
  /** children they coach now */
  caseload: number;
  /** their open session times in the next two weeks */
  openTimes: number;
  /** how many of those fall in the child's preferred times, in the family's zone */
  preferredOpenTimes: number;
  isCurrent: boolean;
}

export async function getCoachMatchChoices(childId: string): Promise<CoachMatchChoice[]> {
  // the read client: a screen's reads need not wait for supabase-js (decision 214)
  const supabase = getRest();
  const { data, error } = await supabase.rpc('get_coach_match_choices', { child_id: childId });
  if (error) throw error;
  return (data ?? []).map((row) => ({
    coachId: row.coach_id,
    coachName: row.coach_name,
    timeZone: row.time_zone,
    caseload: row.caseload,
    openTimes: row.open_times,
    preferredOpenTimes: row.preferred_open_times,
    isCurrent: row.is_current,
  }));
}

export const coachMatchChoicesQueryOptions = (childId: string) =>
  queryOptions({
    queryKey: familyKeys.matchChoices(childId),
    queryFn: () => getCoachMatchChoices(childId),
  });

export function useCoachMatchChoices(childId: string) {
  return useQuery(coachMatchChoicesQueryOptions(childId));
}
