import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import { fetchOverview } from '../lib/overview-query';

export async function getOverview(isAdmin: boolean) {
  return fetchOverview(getRest(), { isAdmin });
}

export const overviewQueryOptions = (isAdmin: boolean) =>
  queryOptions({ queryKey: ['leads', 'overview', { isAdmin }], queryFn: () => getOverview(isAdmin) });

export function useOverview(isAdmin: boolean) {
  return useQuery(overviewQueryOptions(isAdmin));
}
