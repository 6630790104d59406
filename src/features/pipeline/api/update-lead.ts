import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { LeadStatus } from '../lib/lead-filters';
import { leadsKey } from './get-leads';

export interface LeadChange {
  id: string;
  status?: LeadStatus;
  assigneeId?: string | null;
}

/** Moves a lead along the pipeline or (re)assigns it; the database records who and when. */
export async function updateLead({ id, status, assigneeId }: LeadChange): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('leads')
    .update({
      ...(status ? { status } : {}),
      ...(assigneeId !== undefined ? { assignee_id: assigneeId } : {}),
    })
    .eq('id', id)
    .select('id');
  if (error) throw error;
  if (!data || data.length === 0) throw new Error('This lead is no longer yours to change.');
}

export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
}
