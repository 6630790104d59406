import { z } from 'zod';
import type { FamilySupabase as Supabase } from './client';

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
