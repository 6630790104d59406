import { queryOptions, useQuery } from '@tanstack/react-query';
import { progressClient, type ProgressSupabase } from './client';
import { progressKeys } from './keys';

/** The child a check-in is for: their first name, or null when the caller may not see them. */
export async function fetchChildName(client: ProgressSupabase, childId: string): Promise<string | null> {
  const { data, error } = await client.from('children').select('first_name').eq('id', childId).maybeSingle();
  if (error) throw error;
  return data?.first_name ?? null;
}

export function useChildName(childId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...progressKeys.all, 'child', childId] as const,
      queryFn: async () => fetchChildName(await progressClient(), childId),
    }),
  );
}
