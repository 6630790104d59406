import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferredTime } from '../lib/options';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';
import { browserZone } from '../lib/zone';

/**
 * Replaces a child's preferred session times with `times` (removes the others, adds the new ones),
 * and keeps the family's time zone as the one they were chosen in: this device's, unless given.
 */
export async function savePreferredTimes(
  client: Supabase,
  input: { childId: string; times: PreferredTime[]; timeZone?: string },
): Promise<void> {
  const existing = await client
    .from('preferred_session_times')
    .select('id, weekday, day_part')
    .eq('child_id', input.childId);
  if (existing.error) throw existing.error;
  const key = (weekday: number, dayPart: string) => `${weekday}:${dayPart}`;
  const wanted = new Set(input.times.map((t) => key(t.weekday, t.dayPart)));
  const have = new Set(existing.data.map((t) => key(t.weekday, t.day_part)));
  const added = input.times.filter((t) => !have.has(key(t.weekday, t.dayPart)));
  if (added.length) {
    const { error } = await client
      .from('preferred_session_times')
      .insert(added.map((t) => ({ child_id: input.childId, weekday: t.weekday, day_part: t.dayPart })));
    if (error) throw error;
  }
  const removed = existing.data.filter((t) => !wanted.has(key(t.weekday, t.day_part))).map((t) => t.id);
  if (removed.length) {
    const { error } = await client.from('preferred_session_times').delete().in('id', removed);
    if (error) throw error;
  }
  // The times are a day and a part of the day in the family's zone: the zone the parent chose them in.
  const { data: auth } = await client.auth.getSession();
  if (auth.session) {
    const { error } = await client
      .from('profiles')
      .update({ time_zone: input.timeZone ?? browserZone() })
      .eq('id', auth.session.user.id);
    if (error) throw error;
  }
}

export function useSavePreferredTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { childId: string; times: PreferredTime[] }) =>
      savePreferredTimes(await familyClient(), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
