import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilySupabase as Supabase } from '../queries/client';
import { fetchFamilySession } from '../queries/get-family-session';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function familySessionQueryOptions(
  sessionId: string,
  getClient: () => Promise<Supabase> = familyClient,
) {
  return queryOptions({
    queryKey: familyKeys.session(sessionId),
    queryFn: async () => fetchFamilySession(await getClient(), sessionId),
  });
}

export function useFamilySession(sessionId: string) {
  return useQuery(familySessionQueryOptions(sessionId));
}
