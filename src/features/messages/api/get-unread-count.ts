import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { messageKeys } from './keys';

/** Messages others wrote that the caller has not read (their family's, or the families they coach). */
export async function getUnreadCount(): Promise<number> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('family_messages_unread');
  if (error) throw error;
  return data ?? 0;
}

export function unreadCountQueryOptions() {
  // The nav's count, not the screen's data: the screen's heading does not wait for it (AreaPage).
  return queryOptions({ queryKey: messageKeys.unread(), queryFn: getUnreadCount, meta: { frame: true } });
}

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
