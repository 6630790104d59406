import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { accountKeys } from './keys';

export interface NotificationPreferences {
  sessionReminders: boolean;
  parentUpdates: boolean;
  /** the invitation to a child's next check-in, four weeks after the last one */
  checkInInvitations: boolean;
  marketing: boolean;
}

/** With no row yet, the defaults the database applies: service emails on, marketing off. */
export const defaultPreferences: NotificationPreferences = {
  sessionReminders: true,
  parentUpdates: true,
  checkInInvitations: true,
  marketing: false,
};

export async function getNotificationPreferences(userId: string): Promise<NotificationPreferences> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('notification_preferences')
    .select('session_reminders, parent_updates, check_in_invitations, marketing')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  if (!data) return defaultPreferences;
  return {
    sessionReminders: data.session_reminders,
    parentUpdates: data.parent_updates,
    checkInInvitations: data.check_in_invitations,
    marketing: data.marketing,
  };
}

export function notificationPreferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.notifications(userId),
    queryFn: () => getNotificationPreferences(userId),
  });
}

export function useNotificationPreferences(userId: string) {
  return useQuery(notificationPreferencesQueryOptions(userId));
}
