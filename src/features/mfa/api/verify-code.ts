import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

/** Checks a 6-digit code from the app against a factor: the session reaches aal2. */
export async function verifyCode({ factorId, code }: { factorId: string; code: string }): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['mfa'] }),
  });
}

/** The first verified factor to ask a code for at sign-in. */
export async function firstVerifiedFactorId(): Promise<string | undefined> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.auth.mfa.listFactors();
  if (error) throw error;
  return data.totp[0]?.id;
}
