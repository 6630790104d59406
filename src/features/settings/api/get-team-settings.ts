import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

export interface TeamSettings {
  teamNotificationEmail: string;
  replyWithinHours: number;
  /** what families are promised for their coach's reply to a message */
  messageReplyWithinHours: number;
  updatedAt: string;
}

export async function getTeamSettings(): Promise<TeamSettings> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('app_settings')
    .select('team_notification_email, reply_within_hours, message_reply_within_hours, updated_at')
    .eq('id', 'team')
    .single();
  if (error) throw error;
  return {
    teamNotificationEmail: data.team_notification_email,
    replyWithinHours: data.reply_within_hours,
    messageReplyWithinHours: data.message_reply_within_hours,
    updatedAt: data.updated_at,
  };
}

export const teamSettingsKey = ['team-settings'] as const;

export const teamSettingsQueryOptions = () =>
  queryOptions({ queryKey: teamSettingsKey, queryFn: getTeamSettings });

export function useTeamSettings() {
  return useQuery(teamSettingsQueryOptions());
}
