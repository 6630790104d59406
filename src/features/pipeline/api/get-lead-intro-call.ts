import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { leadsKey } from './get-leads';

/** A lead's intro call as the panel shows it: the one booked, else the latest. */
export interface LeadIntroCall {
  id: string;
  startsAt: string;
  durationMinutes: number;
  status: string;
  hostName: string | null;
  parentTimeZone: string;
}

export async function getLeadIntroCall(leadId: string): Promise<LeadIntroCall | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('lead_intro_calls')
    .select('id, starts_at, duration_minutes, status, host_name, parent_time_zone')
    .eq('lead_id', leadId)
    .order('status', { ascending: false }) // 'scheduled' before 'no_show', 'completed', 'cancelled'
    .order('starts_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  if (!data?.id || !data.starts_at) return null;
  return {
    id: data.id,
    startsAt: data.starts_at,
    durationMinutes: data.duration_minutes ?? 20,
    status: data.status ?? 'scheduled',
    hostName: data.host_name,
    parentTimeZone: data.parent_time_zone ?? 'UTC',
  };
}

// Under the leads' key: the list's live refresh (a change to a lead, as a booking makes) refetches it.
export const leadIntroCallQueryOptions = (leadId: string) =>
  queryOptions({ queryKey: [...leadsKey, 'intro-call', leadId], queryFn: () => getLeadIntroCall(leadId) });

export function useLeadIntroCall(leadId: string) {
  return useQuery(leadIntroCallQueryOptions(leadId));
}
