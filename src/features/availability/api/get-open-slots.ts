import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { OpenSlot } from '../lib/slots';
import { availabilityKey } from './get-hosts';

/** A coach's open coaching-session times over the next `days` days (UTC instants). */
export async function getOpenSlots(coachId: string, days: number): Promise<OpenSlot[]> {
  const supabase = await getSupabase();
  const from = new Date();
  const to = new Date(from.getTime() + days * 86_400_000);
  const { data, error } = await supabase.rpc('get_coach_open_slots', {
    coach_id: coachId,
    range_start: from.toISOString(),
    range_end: to.toISOString(),
  });
  if (error) throw error;
  return data.map((slot) => ({ startsAt: slot.starts_at, endsAt: slot.ends_at }));
}

export const openSlotsQueryOptions = (coachId: string, days = 7) =>
  queryOptions({
    queryKey: [...availabilityKey, 'open-slots', coachId, days],
    queryFn: () => getOpenSlots(coachId, days),
  });

export function useOpenSlots(coachId: string | null, days = 7) {
  return useQuery({ ...openSlotsQueryOptions(coachId ?? '', days), enabled: coachId !== null });
}
