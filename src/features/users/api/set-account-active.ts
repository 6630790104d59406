import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountKeys } from './get-accounts';
import { callAdminUsers } from './admin-users-function';

/** Deactivates (bans, ending their sessions) or reactivates an account. */
export function setAccountActive({ userId, active }: { userId: string; active: boolean }) {
  return callAdminUsers<{ user_id: string; status: string }>({
    action: active ? 'reactivate' : 'deactivate',
    user_id: userId,
  });
}

export function useSetAccountActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccountActive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
