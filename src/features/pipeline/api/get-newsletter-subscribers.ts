import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { subscribersQuery, type Subscriber } from '../lib/subscribers-query';

export type { Subscriber };

export const SUBSCRIBER_PAGE_SIZE = 25;
export const subscribersKey = ['newsletter-subscribers'] as const;

export interface SubscriberFilters {
  q?: string;
  page: number;
}

export async function getSubscribers(filters: SubscriberFilters) {
  const supabase = await getSupabase();
  const start = (filters.page - 1) * SUBSCRIBER_PAGE_SIZE;
  const { data, error, count } = await subscribersQuery(supabase, filters).range(
    start,
    start + SUBSCRIBER_PAGE_SIZE - 1,
  );
  if (error) throw error;
  return { rows: (data ?? []) as Subscriber[], count: count ?? 0 };
}

export const subscribersQueryOptions = (filters: SubscriberFilters) =>
  queryOptions({
    queryKey: [...subscribersKey, filters],
    queryFn: () => getSubscribers(filters),
    placeholderData: keepPreviousData,
  });

export function useSubscribers(filters: SubscriberFilters) {
  return useQuery(subscribersQueryOptions(filters));
}
