import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { Database } from '@/types/database';
import { leadsKey } from './get-leads';

export type LeadEvent = Database['public']['Tables']['lead_events']['Row'];

/** A lead's history, oldest first: created, status changes, assignments and notes. */
export async function getLeadEvents(leadId: string): Promise<LeadEvent[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lead_events')
    .select('*')
    .eq('lead_id', leadId)
    .order('created_at', { ascending: true })
    .order('id', { ascending: true });
  if (error) throw error;
  return data ?? [];
}

export const leadEventsQueryOptions = (leadId: string) =>
  queryOptions({ queryKey: [...leadsKey, 'events', leadId], queryFn: () => getLeadEvents(leadId) });

export function useLeadEvents(leadId: string) {
  return useQuery(leadEventsQueryOptions(leadId));
}
