import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { emailSchema } from '@/lib/validation';

export const emailChangeSchema = z.object({ email: emailSchema });

/**
 * Asks Auth to move the account to a new address. Nothing changes until it is confirmed: with
 * secure email change on (config.toml double_confirm_changes) a link goes to the current address
 * and one to the new, and both must be followed.
 */
export async function changeEmail({ email, redirectTo }: { email: string; redirectTo: string }) {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ email }, { emailRedirectTo: redirectTo });
  if (error) throw error;
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
