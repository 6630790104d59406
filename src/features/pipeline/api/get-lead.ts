import { queryOptions, useQuery } from '@tanstack/react-query';
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

export function useLead(id: string | undefined) {
  return useQuery({ ...leadQueryOptions(id ?? ''), enabled: Boolean(id) });
}
