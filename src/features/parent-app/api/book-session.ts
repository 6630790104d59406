import { useMutation, useQueryClient } from '@tanstack/react-query';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

/**
 * Books a session for the family's child with the child's coach in one of the coach's open times.
 * The server checks the plan's weekly allowance and that the time is still open ("That time was
 * just taken", 23P01, on a race); the database emails the coach and the family.
 */
export async function bookSession(
  client: Supabase,
  input: { childId: string; startsAt: number },
): Promise<string> {
  const { data, error } = await client.rpc('book_family_session', {
    child_id: input.childId,
    starts_at: new Date(input.startsAt).toISOString(),
  });
  if (error) throw error;
  return data;
}

/** Moves a session of the family to another open time, up to the change notice before its start. */
export async function moveSession(
  client: Supabase,
  input: { sessionId: string; startsAt: number },
): Promise<void> {
  const { error } = await client.rpc('move_family_session', {
    session_id: input.sessionId,
    starts_at: new Date(input.startsAt).toISOString(),
  });
  if (error) throw error;
}

/** Every family view (schedule, open times, allowance) refetches after a booking or a move, or a race lost. */
function useRefreshFamily() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: familyKeys.all });
}

export function useBookSession() {
  const refresh = useRefreshFamily();
  return useMutation({
    mutationFn: async (input: { childId: string; startsAt: number }) =>
      bookSession(await familyClient(), input),
    onSettled: refresh,
  });
}

export function useMoveSession() {
  const refresh = useRefreshFamily();
  return useMutation({
    mutationFn: async (input: { sessionId: string; startsAt: number }) =>
      moveSession(await familyClient(), input),
    onSettled: refresh,
  });
}
