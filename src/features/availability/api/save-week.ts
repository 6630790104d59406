import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { describeHoursError, rowsFromWeek, type WeekDraft } from '../lib/week';
import { availabilityKey, type Host } from './get-hosts';

export interface SaveWeekInput {
  host: Host;
  timeZone: string;
  week: WeekDraft;
}

/**
 * Saves the zone and the weekly hours together (save_availability_week: one transaction, so a
 * refused save keeps the stored hours). A coach or a team member without a schedule gets one first
 * (a team member's from an admin).
 */
export async function saveWeek({ host, timeZone, week }: SaveWeekInput): Promise<void> {
  const supabase = await getSupabase();
  let scheduleId = host.scheduleId;
  if (!scheduleId) {
    const created = await supabase
      .from('availability_schedules')
      .insert(
        host.coachId
          ? { coach_id: host.coachId, time_zone: timeZone }
          : { user_id: host.userId, time_zone: timeZone },
      )
      .select('id')
      .single();
    if (created.error) throw new Error(describeHoursError(created.error));
    scheduleId = created.data.id;
  }
  const { error } = await supabase.rpc('save_availability_week', {
    schedule_id: scheduleId,
    time_zone: timeZone,
    hours: rowsFromWeek(week),
  });
  if (error) throw new Error(describeHoursError(error));
}

export function useSaveWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeek,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKey }),
  });
}
