import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { messageKeys } from './keys';

/** Whether the person wants an email when a message waits unread (no row: yes). */
export async function getMessageEmails(userId: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('notification_preferences')
    .select('family_messages')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return data?.family_messages ?? true;
}

export function messageEmailsQueryOptions(userId: string) {
  return queryOptions({ queryKey: messageKeys.emails(userId), queryFn: () => getMessageEmails(userId) });
}

export function useMessageEmails(userId: string) {
  return useQuery(messageEmailsQueryOptions(userId));
}
