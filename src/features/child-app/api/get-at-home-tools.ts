import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase, type Supabase } from '@/lib/supabase';

export interface AtHomeTool {
  id: string;
  title: string;
  instructions: string;
}

/**
 * The at-home tools the coach set for the signed-in child (RLS gives a child's login only its own,
 * and only while they are not archived is what the child needs to see), newest first.
 */
export async function fetchAtHomeTools(supabase: Supabase): Promise<AtHomeTool[]> {
  const { data, error } = await supabase
    .from('at_home_tools')
    .select('id, title, instructions')
    .is('archived_at', null)
    .order('created_at', { ascending: false })
    .limit(20);
  if (error) throw error;
  return data;
}

export const atHomeToolsKeys = { mine: ['child-at-home-tools'] as const };

export function atHomeToolsQueryOptions(getClient: () => Promise<Supabase> = getSupabase) {
  return queryOptions({
    queryKey: atHomeToolsKeys.mine,
    queryFn: async () => fetchAtHomeTools(await getClient()),
  });
}

export function useAtHomeTools() {
  return useQuery(atHomeToolsQueryOptions());
}
