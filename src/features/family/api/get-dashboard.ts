import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilySupabase as Supabase } from '../queries/client';
import { fetchDashboard } from '../queries/get-dashboard';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function dashboardQueryOptions(getClient: () => Promise<Supabase> = familyClient) {
  return queryOptions({
    queryKey: familyKeys.dashboard(),
    queryFn: async () => fetchDashboard(await getClient()),
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
