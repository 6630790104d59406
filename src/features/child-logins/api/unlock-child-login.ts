import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { childLoginKeys } from './keys';

/** Unlocks a child's login that too many wrong tries locked (only the child's parent may). */
export async function unlockChildLogin(childId: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('unlock_child_login', { child: childId });
  if (error) throw error;
}

export function useUnlockChildLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockChildLogin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: childLoginKeys.all }),
  });
}
