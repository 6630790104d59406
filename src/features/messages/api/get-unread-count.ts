import { queryOptions, useQuery } from '@tanstack/react-query';
import { useFirstScreenDrawn } from '@/lib/first-screen';
import { getRest } from '@/lib/rest';
import { messageKeys } from './keys';

/** Messages others wrote that the caller has not read (their family's, or the families they coach). */
export async function getUnreadCount(): Promise<number> {
  // PostgREST's client: the nav's count does not wait for supabase-js (decision 215).
  const { data, error } = await getRest().rpc('family_messages_unread');
  if (error) throw error;
  return data ?? 0;
}

export function unreadCountQueryOptions() {
  // The nav's count, not the screen's data: the screen's heading does not wait for it (AreaPage).
  return queryOptions({ queryKey: messageKeys.unread(), queryFn: getUnreadCount, meta: { frame: true } });
}

/** The nav's count, read once the page's first screen has drawn (decision 216). */
export function useUnreadCount() {
  return useQuery({ ...unreadCountQueryOptions(), enabled: useFirstScreenDrawn() });
}
