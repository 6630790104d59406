import { useMutation, useQueryClient } from '@tanstack/react-query';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

/**
 * Books the child's session every week at one of the coach's open times, in one step (a session
 * series, docs/decisions/180). The server checks every week the booking window shows against the
 * coach's open times and the plan's allowance, and says which week does not fit; it emails the coach.
 */
export async function bookSeries(
  client: Supabase,
  input: { childId: string; startsAt: number },
): Promise<string> {
  const { data, error } = await client.rpc('book_family_series', {
    child_id: input.childId,
    starts_at: new Date(input.startsAt).toISOString(),
  });
  if (error) throw error;
  return data;
}

/** Ends a weekly booking: its sessions after the change notice are cancelled (the coach is told). */
export async function endSeries(client: Supabase, input: { seriesId: string }): Promise<void> {
  const { error } = await client.rpc('end_family_series', { series_id: input.seriesId });
  if (error) throw error;
}

export function useBookSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { childId: string; startsAt: number }) =>
      bookSeries(await familyClient(), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}

export function useEndSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { seriesId: string }) => endSeries(await familyClient(), input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
