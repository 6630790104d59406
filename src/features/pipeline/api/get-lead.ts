import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { LEAD_COLUMNS, type LeadRow } from '../lib/lead-query';
import { leadsKey } from './get-leads';

/** One lead, as the caller may see it (null when hidden or gone). */
export async function getLead(id: string): Promise<LeadRow | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('lead_list').select(LEAD_COLUMNS).eq('id', id).maybeSingle();
  if (error) throw error;
  return data as unknown as LeadRow | null;
}

export const leadQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...leadsKey, 'detail', id], queryFn: () => getLead(id) });

/** The lead as a page of the list already holds it (the same columns), if one does. */
export function leadFromLists(queryClient: QueryClient, id: string): LeadRow | undefined {
  for (const [, page] of queryClient.getQueriesData<{ rows?: LeadRow[] }>({
    queryKey: [...leadsKey, 'list'],
  })) {
    const row = page?.rows?.find((lead) => lead.id === id);
    if (row) return row;
  }
  return undefined;
}

/**
 * One lead. Opened from the table, the row it shows is drawn at once while the lead is read
 * afresh, so the panel opens in the click's own frame; `read` false holds the read back (until
 * that frame is painted).
 */
export function useLead(id: string | undefined, read = true) {
  const queryClient = useQueryClient();
  return useQuery({
    ...leadQueryOptions(id ?? ''),
    enabled: Boolean(id) && read,
    placeholderData: () => (id ? leadFromLists(queryClient, id) : undefined),
  });
}
