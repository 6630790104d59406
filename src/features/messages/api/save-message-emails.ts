import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { messageKeys } from './keys';

/** Turns the unread-message emails on or off for the person. */
export async function saveMessageEmails({ userId, on }: { userId: string; on: boolean }) {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('notification_preferences')
    .upsert({ user_id: userId, family_messages: on }, { onConflict: 'user_id' });
  if (error) throw error;
}

export function useSaveMessageEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMessageEmails,
    onSuccess: (_data, { userId }) => queryClient.invalidateQueries({ queryKey: messageKeys.emails(userId) }),
  });
}
