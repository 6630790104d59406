import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { NotificationPreferences } from './get-notification-preferences';
import { accountKeys } from './keys';

export async function saveNotificationPreferences({
  userId,
  ...prefs
}: NotificationPreferences & { userId: string }) {
  const supabase = await getSupabase();
  const { error } = await supabase.from('notification_preferences').upsert(
    {
      user_id: userId,
      session_reminders: prefs.sessionReminders,
      parent_updates: prefs.parentUpdates,
      check_in_invitations: prefs.checkInInvitations,
      marketing: prefs.marketing,
    },
    { onConflict: 'user_id' },
  );
  if (error) throw error;
}

export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationPreferences,
    onSuccess: (_data, { userId }) =>
      queryClient.invalidateQueries({ queryKey: accountKeys.notifications(userId) }),
  });
}
