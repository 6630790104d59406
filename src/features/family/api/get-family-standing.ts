import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilySupabase as Supabase } from '../queries/client';
import { fetchFamilyStanding } from '../queries/get-family-standing';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function familyStandingQueryOptions(getClient: () => Promise<Supabase> = familyClient) {
  return queryOptions({
    queryKey: familyKeys.standing(),
    queryFn: async () => fetchFamilyStanding(await getClient()),
  });
}

export function useFamilyStanding(enabled: boolean) {
  return useQuery({ ...familyStandingQueryOptions(), enabled });
}
