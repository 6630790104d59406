import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { messageKeys } from './keys';

/** How many hours the team promises families for a coach's reply (a team setting). */
export async function getReplyPromise(): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('message_reply_promise');
  if (error) throw error;
  return data ?? 24;
}

export function replyPromiseQueryOptions() {
  return queryOptions({
    queryKey: messageKeys.replyPromise(),
    queryFn: getReplyPromise,
    staleTime: 5 * 60_000,
  });
}

export function useReplyPromise() {
  return useQuery(replyPromiseQueryOptions());
}
