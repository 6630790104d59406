import type { FamilySupabase as Supabase } from './client';

/**
 * Records the parent's consent for a child to the notice they were shown. The server refuses a
 * notice that is no longer current (22023) and stamps who, when and which versions.
 */
export async function giveConsent(
  client: Supabase,
  input: { childId: string; noticeId: string; signedName: string },
): Promise<void> {
  const { error } = await client
    .from('parental_consents')
    .insert({ child_id: input.childId, notice_id: input.noticeId, signed_name: input.signedName.trim() });
  if (error) throw error;
}
