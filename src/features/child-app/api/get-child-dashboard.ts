import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest, type Reads } from '@/lib/rest';

export interface NextSession {
  id: string;
  startsAt: number;
  endsAt: number;
  /** when its room opens (a few minutes before the start: the room's own rule, from the database) */
  opensAt: number;
  closesAt: number;
  coachFirstName: string | null;
}

export interface ChildDashboard {
  firstName: string;
  points: number;
  next: NextSession | null;
  /** the family's time zone: the session's day and time are told in it */
  timeZone: string;
}

/**
 * What the child dashboard shows, from rpc child_dashboard: only the signed-in child's first name,
 * points total and next session (the database gives a child nothing else). null when the caller is
 * not a child's login.
 */
export async function fetchChildDashboard(supabase: Reads): Promise<ChildDashboard | null> {
  const { data, error } = await supabase.rpc('child_dashboard');
  if (error) throw error;
  const row = data?.[0];
  if (!row) return null;
  return {
    firstName: row.first_name,
    points: row.points,
    timeZone: row.time_zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    next:
      row.next_session_id && row.next_starts_at && row.next_ends_at && row.next_opens_at && row.next_closes_at
        ? {
            id: row.next_session_id,
            startsAt: Date.parse(row.next_starts_at),
            endsAt: Date.parse(row.next_ends_at),
            opensAt: Date.parse(row.next_opens_at),
            closesAt: Date.parse(row.next_closes_at),
            coachFirstName: row.coach_first_name,
          }
        : null,
  };
}

export const childDashboardKeys = { mine: ['child-dashboard'] as const };

export function childDashboardQueryOptions(getClient: () => Reads = getRest) {
  return queryOptions({
    queryKey: childDashboardKeys.mine,
    queryFn: async () => fetchChildDashboard(getClient()),
    // A finished session gives way to the next one without a reload.
    refetchInterval: 60_000,
  });
}

export function useChildDashboard() {
  return useQuery(childDashboardQueryOptions());
}
