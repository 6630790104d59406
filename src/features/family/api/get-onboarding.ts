import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilySupabase as Supabase } from '../queries/client';
import { fetchOnboarding } from '../queries/get-onboarding';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function onboardingQueryOptions(getClient: () => Promise<Supabase> = familyClient) {
  return queryOptions({
    queryKey: familyKeys.onboarding(),
    queryFn: async () => fetchOnboarding(await getClient()),
  });
}

export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}
