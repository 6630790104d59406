import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilySupabase as Supabase } from '../queries/client';
import { fetchAtHomeTools } from '../queries/get-at-home-tools';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function atHomeToolsQueryOptions(getClient: () => Promise<Supabase> = familyClient) {
  return queryOptions({
    queryKey: familyKeys.tools(),
    queryFn: async () => fetchAtHomeTools(await getClient()),
  });
}

export function useAtHomeTools() {
  return useQuery(atHomeToolsQueryOptions());
}
