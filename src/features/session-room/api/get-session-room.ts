import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase, type Supabase } from '@/lib/supabase';
import type { RoomRole } from '../lib/room-state';

export interface SessionRoomInfo {
  id: string;
  topic: string;
  status: string;
  startsAt: number;
  endsAt: number;
  opensAt: number;
  closesAt: number;
  childFirstName: string | null;
  coachName: string | null;
  viewerRole: RoomRole;
}

/**
 * The session as its room needs it, or null when the caller may not see it (not theirs, or no such
 * session). Throws the client's error.
 */
export async function fetchSessionRoom(
  supabase: Supabase,
  sessionId: string,
): Promise<SessionRoomInfo | null> {
  const { data, error } = await supabase.rpc('get_session_room', { session_id: sessionId });
  if (error) {
    // 22P02: the id in the address is not a uuid at all.
    if (error.code === '22P02') return null;
    throw error;
  }
  const row = data?.[0];
  if (!row?.viewer_role) return null;
  return {
    id: row.id,
    topic: row.topic,
    status: row.status,
    startsAt: Date.parse(row.starts_at),
    endsAt: Date.parse(row.ends_at),
    opensAt: Date.parse(row.opens_at),
    closesAt: Date.parse(row.closes_at),
    childFirstName: row.child_first_name,
    coachName: row.coach_name,
    viewerRole: row.viewer_role as RoomRole,
  };
}

export const sessionRoomKeys = {
  one: (sessionId: string) => ['session-room', sessionId] as const,
};

export function sessionRoomQueryOptions(sessionId: string, getClient: () => Promise<Supabase> = getSupabase) {
  return queryOptions({
    queryKey: sessionRoomKeys.one(sessionId),
    queryFn: async () => fetchSessionRoom(await getClient(), sessionId),
    staleTime: 30_000,
    retry: 1,
  });
}

export function useSessionRoom(sessionId: string) {
  return useQuery(sessionRoomQueryOptions(sessionId));
}
