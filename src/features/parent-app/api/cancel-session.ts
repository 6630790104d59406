import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

export const cancelSchema = z.object({
  reason: z.string().trim().max(500, 'Please keep this under 500 characters.'),
});

/**
 * Cancels a session of the family, up to the notice period before its start (the server checks
 * it: 22023 with the reason when too late). The database emails the coach and the family.
 */
export async function cancelSession(
  client: Supabase,
  input: { sessionId: string; reason: string },
): Promise<void> {
  const { error } = await client.rpc('cancel_family_session', {
    session_id: input.sessionId,
    reason: input.reason.trim() || undefined,
  });
  if (error) throw error;
}

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { sessionId: string; reason: string }) =>
      cancelSession(await familyClient(), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
