import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { SessionStatus } from './get-sessions';
import { sessionKeys } from './keys';

export type SessionChange = { id: string } & ({ startsAt: string } | { status: SessionStatus });

/**
 * Reschedules (a new UTC start) or changes the status of a session (cancel, completed, no-show).
 * The database emails the family and the coach; a session the caller may not change is an error.
 */
export async function updateSession(change: SessionChange): Promise<void> {
  const supabase = await getSupabase();
  const values = 'startsAt' in change ? { starts_at: change.startsAt } : { status: change.status };
  const { data, error } = await supabase
    .from('coaching_sessions')
    .update(values)
    .eq('id', change.id)
    .select('id');
  if (error) throw error;
  if (!data?.length) throw { code: '42501', message: 'Not allowed' };
}

export function useUpdateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
