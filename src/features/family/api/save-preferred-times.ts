import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savePreferredTimes } from '../queries/save-preferred-times';
import type { PreferredTime } from '../lib/options';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function useSavePreferredTimes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { childId: string; times: PreferredTime[] }) =>
      savePreferredTimes(await familyClient(), input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
