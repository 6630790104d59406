import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase, type Supabase } from '@/lib/supabase';
import { introCallKeys } from './keys';

/** Cancels the lead's intro call; the database tells the host and sends the calendar's cancellation. */
export async function cancelIntroCall(client: Supabase, token: string): Promise<void> {
  const { error } = await client.rpc('cancel_intro_call', { token });
  if (error) throw error;
}

export function useCancelIntroCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => cancelIntroCall(await getSupabase(), token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: introCallKeys.all }),
  });
}
