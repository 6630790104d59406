import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { factorsKey } from './list-factors';

/** Removes one of the signed-in user's factors (a verified one needs a session at aal2). */
export async function removeFactor(factorId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.unenroll({ factorId });
  if (error) throw error;
  // The session dropped back to aal1: take the token that says so.
  await supabase.auth.refreshSession();
}

export function useRemoveFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorsKey }),
  });
}
