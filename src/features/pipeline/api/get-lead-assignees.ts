import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

export interface Assignee {
  id: string;
  name: string;
  role: string;
}

/** The team members a lead may be assigned to (admins and coaches). */
export async function getLeadAssignees(): Promise<Assignee[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('lead_assignees');
  if (error) throw error;
  return (data ?? []).map((a) => ({ id: a.id, name: a.name ?? a.id, role: a.role }));
}

export const leadAssigneesQueryOptions = () =>
  queryOptions({ queryKey: ['lead-assignees'], queryFn: getLeadAssignees, staleTime: 5 * 60_000 });

export function useLeadAssignees(enabled = true) {
  return useQuery({ ...leadAssigneesQueryOptions(), enabled });
}
