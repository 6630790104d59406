import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChildValues, addChild } from '../queries/add-child';
import { familyClient } from './client';
import { familyKeys } from './keys';

export function useAddChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ChildValues & { noticeId: string }) => addChild(await familyClient(), values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: familyKeys.all }),
  });
}
