import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import type { Database } from '@/types/database';
import { escapeLike } from '../lib/lead-query';

export type Subscriber = Pick<
  Database['public']['Tables']['newsletter_subscribers']['Row'],
  'id' | 'email' | 'first_name' | 'source' | 'confirmation_sent_at' | 'created_at'
>;

export const SUBSCRIBER_PAGE_SIZE = 25;
export const subscribersKey = ['newsletter-subscribers'] as const;

export interface SubscriberFilters {
  q?: string;
  page: number;
}

/** Newest first, searched by email or first name. */
export function subscribersQuery(client: SupabaseClient<Database>, filters: Pick<SubscriberFilters, 'q'>) {
  let query = client
    .from('newsletter_subscribers')
    .select('id, email, first_name, source, confirmation_sent_at, created_at', { count: 'exact' });
  if (filters.q) {
    const pattern = `*${escapeLike(filters.q).replace(/[,()"]/g, ' ')}*`;
    query = query.or(`email.ilike.${pattern},first_name.ilike.${pattern}`);
  }
  return query.order('created_at', { ascending: false }).order('id', { ascending: false });
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
