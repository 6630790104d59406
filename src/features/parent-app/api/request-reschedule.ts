import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

export const rescheduleSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, 'Tell your coach which times suit you.')
    .max(500, 'Please keep this under 500 characters.'),
});

/**
 * Asks the coach to move a session, up to the notice period before its start. The request is
 * recorded and the coach emailed the message; one open request per session (23505 otherwise).
 */
export async function requestReschedule(
  client: Supabase,
  input: { sessionId: string; message: string },
): Promise<void> {
  const { error } = await client.rpc('request_session_reschedule', {
    session_id: input.sessionId,
    message: input.message.trim(),
  });
  if (error) throw error;
}

export function useRequestReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { sessionId: string; message: string }) =>
      requestReschedule(await familyClient(), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
