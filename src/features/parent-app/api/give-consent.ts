import { useMutation, useQueryClient } from '@tanstack/react-query';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

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

export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { childId: string; noticeId: string; signedName: string }) =>
      giveConsent(await familyClient(), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
