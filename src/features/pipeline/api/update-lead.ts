import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { afterNextPaint } from '@/lib/after-paint';
import { getSupabase } from '@/lib/supabase';
import type { LeadStatus } from '../lib/lead-filters';
import type { LeadRow } from '../lib/lead-query';
import { leadsKey } from './get-leads';

export interface LeadChange {
  id: string;
  status?: LeadStatus;
  assigneeId?: string | null;
  /** the new assignee's name, for the table and the panel until the lead is read again */
  assigneeName?: string | null;
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

/** The lead as the change leaves it. */
export function changedLead(lead: LeadRow, { status, assigneeId, assigneeName }: LeadChange): LeadRow {
  return {
    ...lead,
    ...(status ? { status } : {}),
    ...(assigneeId !== undefined
      ? { assignee_id: assigneeId, assignee_name: assigneeId ? (assigneeName ?? lead.assignee_name) : null }
      : {}),
  };
}

interface LeadsPage {
  rows: LeadRow[];
  count: number;
}
type Cached = LeadRow | LeadsPage | null | undefined;

/**
 * The change shows at once in the lead's panel and in every page of the list holding it (the
 * pages keep their place until they are read again); a refused change puts them back as they were.
 */
export function useUpdateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    // Sent once the press's frame (which shows the change) is painted.
    mutationFn: async (change: LeadChange) => {
      await afterNextPaint();
      return updateLead(change);
    },
    onMutate: async (change: LeadChange) => {
      // A read already on its way would bring the old values back over the new ones.
      await queryClient.cancelQueries({ queryKey: leadsKey });
      const touched = [
        ...queryClient.getQueriesData<Cached>({ queryKey: [...leadsKey, 'list'] }),
        ...queryClient.getQueriesData<Cached>({ queryKey: [...leadsKey, 'detail', change.id] }),
      ];
      const previous: [QueryKey, Cached][] = [];
      for (const [key, data] of touched) {
        if (!data) continue;
        if ('rows' in data) {
          if (!data.rows.some((lead) => lead.id === change.id)) continue;
          previous.push([key, data]);
          queryClient.setQueryData<LeadsPage>(key, {
            ...data,
            rows: data.rows.map((lead) => (lead.id === change.id ? changedLead(lead, change) : lead)),
          });
        } else {
          previous.push([key, data]);
          queryClient.setQueryData<LeadRow>(key, changedLead(data, change));
        }
      }
      return { previous };
    },
    onError: (_error, _change, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leadsKey }),
  });
}
