import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { teamSettingsKey } from './get-team-settings';

export const teamSettingsSchema = z.object({
  teamNotificationEmail: z
    .string()
    .trim()
    .min(1, 'Please enter the address the team reads.')
    .email('Please enter a valid email address.'),
  replyWithinHours: z.coerce
    .number({ message: 'Please enter a number of hours.' })
    .int('Please enter whole hours.')
    .min(1, 'At least 1 hour.')
    .max(168, 'At most 168 hours (a week).'),
  messageReplyWithinHours: z.coerce
    .number({ message: 'Please enter a number of hours.' })
    .int('Please enter whole hours.')
    .min(1, 'At least 1 hour.')
    .max(168, 'At most 168 hours (a week).'),
});
export type TeamSettingsValues = z.output<typeof teamSettingsSchema>;
export type TeamSettingsInput = z.input<typeof teamSettingsSchema>;

/** Saves the team's settings (admins only; the database stamps who and when, and audits it). */
export async function updateTeamSettings(values: TeamSettingsValues): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('app_settings')
    .update({
      team_notification_email: values.teamNotificationEmail,
      reply_within_hours: values.replyWithinHours,
      message_reply_within_hours: values.messageReplyWithinHours,
    })
    .eq('id', 'team');
  if (error) throw error;
}

export function useUpdateTeamSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamSettings,
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamSettingsKey }),
  });
}
