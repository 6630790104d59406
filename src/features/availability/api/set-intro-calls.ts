import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { availabilityKey } from './get-hosts';

/**
 * Whether a host is offered for intro calls (availability_schedules.takes_intro_calls). Only an
 * admin may change it: the database refuses anyone else (42501), and a coach without a login.
 */
export async function setTakesIntroCalls(input: {
  scheduleId: string;
  takesIntroCalls: boolean;
}): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('availability_schedules')
    .update({ takes_intro_calls: input.takesIntroCalls })
    .eq('id', input.scheduleId)
    .select('id');
  if (error) throw new Error(error.message);
  if (!data.length) throw new Error('This schedule could not be changed.');
}

export function useSetTakesIntroCalls() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTakesIntroCalls,
    onSettled: () => queryClient.invalidateQueries({ queryKey: availabilityKey }),
  });
}
