import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FamilySupabase as Supabase } from '../queries/client';
import { fetchChildSchedule } from '../queries/get-child-schedule';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function childScheduleQueryOptions(
  childId: string,
  getClient: () => Promise<Supabase> = familyClient,
) {
  return queryOptions({
    queryKey: familyKeys.schedule(childId),
    queryFn: async () => fetchChildSchedule(await getClient(), childId),
  });
}

export function useChildSchedule(childId: string) {
  return useQuery(childScheduleQueryOptions(childId));
}
