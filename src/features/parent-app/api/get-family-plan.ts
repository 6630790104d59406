import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

/** The family's plan now (docs/decisions/221): its key (null: none yet) and whether it books. */
export interface FamilyPlan {
  plan: string | null;
  /** 0: books nothing now (see `reason`) */
  sessionsPerWeek: number;
  reason: string | null;
}

export async function fetchFamilyPlan(client: Supabase): Promise<FamilyPlan> {
  const { data, error } = await client.rpc('get_family_plan');
  if (error) throw error;
  const row = data?.[0];
  return {
    plan: row?.plan ?? null,
    sessionsPerWeek: row?.sessions_per_week ?? 0,
    reason: row?.reason ?? null,
  };
}

export function familyPlanQueryOptions(getClient: () => Promise<Supabase> = familyClient) {
  return queryOptions({
    queryKey: familyKeys.plan(),
    queryFn: async () => fetchFamilyPlan(await getClient()),
  });
}

export function useFamilyPlan(enabled = true) {
  return useQuery({ ...familyPlanQueryOptions(), enabled });
}
