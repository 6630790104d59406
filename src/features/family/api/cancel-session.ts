import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelSession } from '../queries/cancel-session';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function useCancelSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { sessionId: string; reason: string }) =>
      cancelSession(await familyClient(), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
