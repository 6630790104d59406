import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyReads, type FamilyReads as Supabase } from './client';
import { familyKeys } from './keys';

export interface NextSession {
  id: string;
  startsAt: number;
  endsAt: number;
  /** the room's opening hours (the database's rule): Join works between them */
  opensAt: number;
  closesAt: number;
}

export interface DashboardChild {
  id: string;
  firstName: string;
  age: number | null;
  coachName: string | null;
  nextSession: NextSession | null;
  latestUpdate: { body: string; sharedAt: number } | null;
  points: number;
}

const time = (value: string) => Date.parse(value);

/** One entry per child of the signed-in parent: next session, latest shared update, points. */
export async function fetchDashboard(client: Supabase): Promise<DashboardChild[]> {
  const { data, error } = await client.rpc('get_family_dashboard');
  if (error) throw error;
  return (data ?? []).map((row) => ({
    id: row.child_id,
    firstName: row.first_name,
    age: row.age,
    coachName: row.coach_name,
    nextSession:
      row.next_session_id && row.next_starts_at && row.next_ends_at && row.next_opens_at && row.next_closes_at
        ? {
            id: row.next_session_id,
            startsAt: time(row.next_starts_at),
            endsAt: time(row.next_ends_at),
            opensAt: time(row.next_opens_at),
            closesAt: time(row.next_closes_at),
          }
        : null,
    latestUpdate:
      row.update_body && row.update_shared_at
        ? { body: row.update_body, sharedAt: time(row.update_shared_at) }
        : null,
    points: Number(row.points_total ?? 0),
  }));
}

export function dashboardQueryOptions(getClient: () => Promise<Supabase> = familyReads) {
  return queryOptions({
    queryKey: familyKeys.dashboard(),
    queryFn: async () => fetchDashboard(await getClient()),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
