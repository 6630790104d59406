import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

/** What the parent types to confirm (the family-data function checks it too). */
export const DELETE_CONFIRMATION = 'DELETE';

/**
 * Deletes the account, each child's login and all the family's data (the family-data function),
 * then ends the local session (the account no longer exists).
 */
export async function deleteFamily(confirmation: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.functions.invoke('family-data', {
    body: { action: 'delete', confirmation },
  });
  if (error) throw error;
  await supabase.auth.signOut({ scope: 'local' });
}

export function useDeleteFamily() {
  return useMutation({ mutationFn: deleteFamily });
}
