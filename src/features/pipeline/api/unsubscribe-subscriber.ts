import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { subscribersKey } from './get-newsletter-subscribers';

/** Unsubscribing removes the address (we keep no email of someone who asked to leave). */
export async function unsubscribeSubscriber(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('newsletter_subscribers').delete().eq('id', id).select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('This subscriber was already removed.');
}

export function useUnsubscribeSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeSubscriber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscribersKey }),
  });
}
