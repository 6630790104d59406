import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { sessionKeys } from './keys';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date');
const time = z.string().regex(/^\d{2}:\d{2}$/, 'Choose a time');

export const bookSessionSchema = z.object({
  childId: z.string().min(1, 'Choose a child'),
  coachId: z.string().min(1, 'Choose a coach'),
  date,
  time,
  repeatWeekly: z.boolean(),
});
export type BookSessionInput = z.infer<typeof bookSessionSchema>;

/**
 * Books one session at `startsAt` (UTC), or a weekly slot: the series keeps the local date and time
 * in the family's zone and the database books its next weeks (refusing the whole series on a clash).
 */
export async function bookSession(
  input: { childId: string; parentId: string; coachId: string } & (
    { startsAt: string } | { startsOn: string; localTime: string; familyTimeZone: string }
  ),
): Promise<void> {
  const supabase = await getSupabase();
  const { error } =
    'startsAt' in input
      ? await supabase.from('coaching_sessions').insert({
          child_id: input.childId,
          coach_id: input.coachId,
          parent_id: input.parentId,
          starts_at: input.startsAt,
        })
      : await supabase.from('session_series').insert({
          child_id: input.childId,
          coach_id: input.coachId,
          starts_on: input.startsOn,
          local_time: input.localTime,
          time_zone: input.familyTimeZone,
          // the database sets the parent from the child whatever is sent
          parent_id: input.parentId,
          weekday: new Date(`${input.startsOn}T00:00:00Z`).getUTCDay() || 7,
        });
  if (error) throw error;
}

export function useBookSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
