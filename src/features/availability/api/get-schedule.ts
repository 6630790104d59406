import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { HoursRow, OverrideRow } from '../lib/week';
import { availabilityKey } from './get-hosts';

export interface ScheduleDetail {
  hours: HoursRow[];
  overrides: OverrideRow[];
}

/** A schedule's weekly hours and its date overrides from yesterday on (older ones no longer matter). */
export async function getSchedule(scheduleId: string): Promise<ScheduleDetail> {
  const supabase = await getSupabase();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const [hours, overrides] = await Promise.all([
    supabase
      .from('availability_hours')
      .select('weekday, start_time, end_time, meeting')
      .eq('schedule_id', scheduleId)
      .order('weekday')
      .order('start_time'),
    supabase
      .from('availability_overrides')
      .select('id, on_date, start_time, end_time')
      .eq('schedule_id', scheduleId)
      .gte('on_date', yesterday)
      .order('on_date'),
  ]);
  if (hours.error) throw hours.error;
  if (overrides.error) throw overrides.error;
  return { hours: hours.data, overrides: overrides.data };
}

export const scheduleKey = (scheduleId: string) => [...availabilityKey, 'schedule', scheduleId] as const;

export const scheduleQueryOptions = (scheduleId: string) =>
  queryOptions({ queryKey: scheduleKey(scheduleId), queryFn: () => getSchedule(scheduleId) });

export function useSchedule(scheduleId: string | null) {
  return useQuery({ ...scheduleQueryOptions(scheduleId ?? ''), enabled: scheduleId !== null });
}
