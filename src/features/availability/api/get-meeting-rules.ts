import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { availabilityKey } from './get-hosts';

export type MeetingKind = 'coaching_session' | 'intro_call';

export interface MeetingRule {
  kind: MeetingKind;
  lengthMinutes: number;
  bufferMinutes: number;
  minimumNoticeMinutes: number;
  bookingWindowDays: number;
  /** Null: no daily limit. */
  dailyMaximum: number | null;
  slotStepMinutes: number;
}

export const meetingKindNames: Record<MeetingKind, string> = {
  coaching_session: 'Coaching session',
  intro_call: 'Intro call',
};

export async function getMeetingRules(): Promise<MeetingRule[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('meeting_rules')
    .select(
      'kind, length_minutes, buffer_minutes, minimum_notice_minutes, booking_window_days, daily_maximum, slot_step_minutes',
    )
    .order('kind');
  if (error) throw error;
  return data.map((row) => ({
    kind: row.kind as MeetingKind,
    lengthMinutes: row.length_minutes,
    bufferMinutes: row.buffer_minutes,
    minimumNoticeMinutes: row.minimum_notice_minutes,
    bookingWindowDays: row.booking_window_days,
    dailyMaximum: row.daily_maximum,
    slotStepMinutes: row.slot_step_minutes,
  }));
}

export const meetingRulesKey = [...availabilityKey, 'meeting-rules'] as const;

export const meetingRulesQueryOptions = () =>
  queryOptions({ queryKey: meetingRulesKey, queryFn: getMeetingRules });

export function useMeetingRules() {
  return useQuery(meetingRulesQueryOptions());
}
