import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { availabilityKey } from './get-hosts';
import type { MeetingKind } from './get-meeting-rules';

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ message: `Please enter ${label}.` })
    .int('Please enter a whole number.')
    .min(min, `At least ${min}.`)
    .max(max, `At most ${max}.`);

/** The limits the meeting_rules table checks, so the form says so before the database does. */
export const meetingRuleSchema = z.object({
  lengthMinutes: whole('a length in minutes', 10, 120),
  bufferMinutes: whole('a buffer in minutes', 0, 120),
  minimumNoticeHours: z.coerce
    .number({ message: 'Please enter a number of hours.' })
    .min(0, 'At least 0.')
    .max(720, 'At most 720 hours (30 days).')
    .refine((hours) => Number.isInteger(hours * 60), 'Please enter whole minutes.'),
  bookingWindowDays: whole('a number of days', 1, 365),
  dailyMaximum: z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? null : value),
    z.coerce
      .number()
      .int('Please enter a whole number.')
      .min(1, 'At least 1.')
      .max(48, 'At most 48.')
      .nullable(),
  ),
  slotStepMinutes: whole('a step in minutes', 5, 120),
});
export type MeetingRuleValues = z.output<typeof meetingRuleSchema>;
export type MeetingRuleInput = z.input<typeof meetingRuleSchema>;

/** Saves one kind's rules (admins only, with two-factor sign-in; the database audits it). */
export async function updateMeetingRule(kind: MeetingKind, values: MeetingRuleValues): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('meeting_rules')
    .update({
      length_minutes: values.lengthMinutes,
      buffer_minutes: values.bufferMinutes,
      minimum_notice_minutes: Math.round(values.minimumNoticeHours * 60),
      booking_window_days: values.bookingWindowDays,
      daily_maximum: values.dailyMaximum,
      slot_step_minutes: values.slotStepMinutes,
    })
    .eq('kind', kind)
    .select('kind')
    .single();
  if (error) throw error;
}

export function useUpdateMeetingRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, values }: { kind: MeetingKind; values: MeetingRuleValues }) =>
      updateMeetingRule(kind, values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKey }),
  });
}
