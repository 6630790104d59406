import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { describeHoursError, minutesOf, type Span } from '../lib/week';
import { availabilityKey } from './get-hosts';

export interface AddOverrideInput {
  scheduleId: string;
  /** The local date in the schedule's zone, YYYY-MM-DD. */
  date: string;
  /** Null: a day off; otherwise hours on that date (added beside any it has). */
  span: Span | null;
}

/** Adds a day off, or a span of hours, on a date. */
export async function addOverride({ scheduleId, date, span }: AddOverrideInput): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.from('availability_overrides').insert({
    schedule_id: scheduleId,
    on_date: date,
    start_time: span?.start ?? null,
    end_time: span ? (minutesOf(span.end, true) === 1440 ? '24:00' : span.end) : null,
  });
  if (error) throw new Error(describeHoursError(error));
}

/** Removes every override of a date: the date follows the weekly hours again. */
export async function removeOverride({
  scheduleId,
  date,
}: {
  scheduleId: string;
  date: string;
}): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('availability_overrides')
    .delete()
    .eq('schedule_id', scheduleId)
    .eq('on_date', date);
  if (error) throw new Error(describeHoursError(error));
}

export function useAddOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOverride,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKey }),
  });
}

export function useRemoveOverride() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeOverride,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKey }),
  });
}
