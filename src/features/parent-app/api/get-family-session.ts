import { queryOptions, useQuery } from '@tanstack/react-query';
import { familyClient, type FamilySupabase as Supabase } from './client';
import { familyKeys } from './keys';

export interface FamilySession {
  id: string;
  childId: string;
  childFirstName: string;
  coachName: string | null;
  startsAt: number;
  durationMinutes: number;
  status: 'scheduled' | 'completed' | 'cancelled' | 'no_show';
  tools: { id: string; title: string; instructions: string }[];
}

/**
 * A session of the signed-in parent's family with what the page shows around the room, or null
 * when it is not their family's (or no such session).
 */
export async function fetchFamilySession(client: Supabase, sessionId: string): Promise<FamilySession | null> {
  const { data: auth } = await client.auth.getSession();
  const userId = auth.session?.user.id;
  if (!userId) return null;
  const { data, error } = await client
    .from('coaching_sessions')
    .select('id, child_id, starts_at, duration_minutes, status, children(first_name), coaches(display_name)')
    .eq('id', sessionId)
    .eq('parent_id', userId)
    .maybeSingle();
  if (error) {
    if (error.code === '22P02') return null;
    throw error;
  }
  if (!data) return null;
  const tools = await client
    .from('at_home_tools')
    .select('id, title, instructions')
    .eq('child_id', data.child_id)
    .is('archived_at', null)
    .order('created_at', { ascending: false });
  if (tools.error) throw tools.error;
  return {
    id: data.id,
    childId: data.child_id,
    childFirstName: data.children?.first_name ?? '',
    coachName: data.coaches?.display_name ?? null,
    startsAt: Date.parse(data.starts_at),
    durationMinutes: data.duration_minutes,
    status: data.status as FamilySession['status'],
    tools: tools.data,
  };
}

export function familySessionQueryOptions(
  sessionId: string,
  getClient: () => Promise<Supabase> = familyClient,
) {
  return queryOptions({
    queryKey: familyKeys.session(sessionId),
    queryFn: async () => fetchFamilySession(await getClient(), sessionId),
  });
}

export function useFamilySession(sessionId: string) {
  return useQuery(familySessionQueryOptions(sessionId));
}
