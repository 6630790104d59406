import { useMutation, useQueryClient } from '@tanstack/react-query';
import { giveConsent } from '../queries/give-consent';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function useGiveConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { childId: string; noticeId: string; signedName: string }) =>
      giveConsent(await familyClient(), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
