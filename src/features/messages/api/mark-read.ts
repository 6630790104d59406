import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { messageKeys } from './keys';

/** Marks the conversation read up to now (the database sets the time). */
export async function markRead({ familyId, userId }: { familyId: string; userId: string }) {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('family_message_reads')
    .upsert({ family_id: familyId, user_id: userId }, { onConflict: 'family_id,user_id' });
  if (error) throw error;
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: messageKeys.unread() }),
        queryClient.invalidateQueries({ queryKey: messageKeys.conversations() }),
      ]),
  });
}
