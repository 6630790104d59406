import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { accountKeys, type AppRole } from './get-accounts';

export interface RoleChange {
  userId: string;
  role: AppRole;
  grant: boolean;
}

/**
 * Grants or removes a role as the signed-in admin: row level security and the database's guards
 * decide (never one's own admin role, never the last admin's), and the change is audited there.
 */
export async function changeRole({ userId, role, grant }: RoleChange): Promise<void> {
  const supabase = await getSupabase();
  const { error } = grant
    ? await supabase.from('user_roles').insert({ user_id: userId, role })
    : await supabase.from('user_roles').delete().eq('user_id', userId).eq('role', role);
  if (error) throw error;
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
