import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

/** A weekly booking of the child still running, with its next session (null: none left to come). */
export interface WeeklyBooking {
  id: string;
  nextStartsAt: number | null;
}

/** The child's weekly bookings (session series) not ended, with each one's next session. */
export async function fetchChildSeries(client: Supabase, childId: string): Promise<WeeklyBooking[]> {
  const { data, error } = await client
    .from('session_series')
    .select('id, ends_on, created_at, coaching_sessions(starts_at, status)')
    .eq('child_id', childId)
    .is('ends_on', null)
    .order('created_at');
  if (error) throw error;
  const now = Date.now();
  return (data ?? []).map((s) => {
    const next = s.coaching_sessions
      .filter((x) => x.status === 'scheduled')
      .map((x) => Date.parse(x.starts_at))
      .filter((at) => at > now)
      .sort((a, b) => a - b)[0];
    return { id: s.id, nextStartsAt: next ?? null };
  });
}

export function childSeriesQueryOptions(childId: string, getClient: () => Promise<Supabase> = familyClient) {
  return queryOptions({
    queryKey: familyKeys.series(childId),
    queryFn: async () => fetchChildSeries(await getClient(), childId),
  });
}

export function useChildSeries(childId: string) {
  return useQuery(childSeriesQueryOptions(childId));
}
