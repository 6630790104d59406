import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase, type Supabase } from '@/lib/supabase';
import { introCallKeys } from './keys';

/**
 * Books the lead's intro call at an open time, or moves it there (the same call, so the calendar
 * updates it). A race lost answers 23P01 "That time was just taken"; the database picks the host
 * and emails the parent and the host.
 */
export async function bookIntroCall(
  client: Supabase,
  input: { token: string; startsAt: number; timeZone: string },
): Promise<{ callId: string; startsAt: number; hostName: string }> {
  const { data, error } = await client.rpc('book_intro_call', {
    token: input.token,
    starts_at: new Date(input.startsAt).toISOString(),
    time_zone: input.timeZone,
  });
  if (error) throw error;
  const row = data[0] as (typeof data)[number] | undefined;
  if (!row) throw new Error('The call could not be booked');
  return { callId: row.call_id, startsAt: Date.parse(row.starts_at), hostName: row.host_name };
}

export function useBookIntroCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { token: string; startsAt: number; timeZone: string }) =>
      bookIntroCall(await getSupabase(), input),
    // the call and the open times both change (and a lost race needs fresh times)
    onSettled: () => queryClient.invalidateQueries({ queryKey: introCallKeys.all }),
  });
}
