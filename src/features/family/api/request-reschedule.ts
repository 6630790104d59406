import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestReschedule } from '../queries/request-reschedule';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function useRequestReschedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { sessionId: string; message: string }) =>
      requestReschedule(await familyClient(), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
