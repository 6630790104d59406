import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyReads, type FamilyReads } from './client';
import { familyKeys } from './keys';
import { browserZone } from '../lib/zone';

/** The family's plan now (docs/decisions/221): its key (null: none yet), whether it books, its zone. */
export interface FamilyPlan {
  plan: string | null;
  /** 0: books nothing now (see `reason`) */
  sessionsPerWeek: number;
  reason: string | null;
  /** the family's time zone: every time on the parent's screens is shown in it */
  timeZone: string;
}

export async function fetchFamilyPlan(client: FamilyReads): Promise<FamilyPlan> {
  const { data, error } = await client.rpc('get_family_plan');
  if (error) throw error;
  const row = data?.[0];
  return {
    plan: row?.plan ?? null,
    sessionsPerWeek: row?.sessions_per_week ?? 0,
    reason: row?.reason ?? null,
    timeZone: row?.time_zone ?? browserZone(),
  };
}

/** Read with the read client: the schedule and the dashboard wait for it, not for supabase-js. */
export function familyPlanQueryOptions(getClient: () => Promise<FamilyReads> = familyReads) {
  return queryOptions({
    queryKey: familyKeys.plan(),
    queryFn: async () => fetchFamilyPlan(await getClient()),
  });
}

export function useFamilyPlan(enabled = true) {
  return useQuery({ ...familyPlanQueryOptions(), enabled });
}
