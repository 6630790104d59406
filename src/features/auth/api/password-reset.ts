import { getSupabase } from '@/lib/supabase';
import { paths } from '@/config/paths';

/** Sends the password-reset email; the link returns to /reset-password. Throws the client's error. */
export async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${paths.resetPassword}`,
  });
  if (error) throw error;
}

/** Sets a new password for the signed-in (recovery) session. Throws the client's error. */
export async function updatePassword(password: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}
