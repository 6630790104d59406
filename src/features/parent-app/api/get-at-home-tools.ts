import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyReads, type FamilyReads as Supabase } from './client';
import { familyKeys } from './keys';

export interface AtHomeTool {
  id: string;
  childId: string;
  title: string;
  instructions: string;
  setAt: number;
}

/** The at-home tools the coaches set for the family's children (current ones, newest first). */
export async function fetchAtHomeTools(client: Supabase): Promise<AtHomeTool[]> {
  const { data, error } = await client
    .from('at_home_tools')
    .select('id, child_id, title, instructions, created_at')
    .is('archived_at', null)
    .order('created_at', { ascending: false });
  if (error) throw error;
  return data.map((t) => ({
    id: t.id,
    childId: t.child_id,
    title: t.title,
    instructions: t.instructions,
    setAt: Date.parse(t.created_at),
  }));
}

export function atHomeToolsQueryOptions(getClient: () => Promise<Supabase> = familyReads) {
  return queryOptions({
    queryKey: familyKeys.tools(),
    queryFn: async () => fetchAtHomeTools(await getClient()),
  });
}

export function useAtHomeTools() {
  return useQuery(atHomeToolsQueryOptions());
}
