import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { sessionKeys } from './keys';

export interface FollowUp {
  /** the coach's private notes (coach and admins only) */
  notes: string;
  /** the latest parent update written for this session, if any */
  parentUpdate: { id: string; body: string; sharedAt: string | null } | null;
  pointsAwarded: number;
}

/** What was written after a session: private notes, the parent update, and points given since it started. */
export async function getFollowUp(sessionId: string, childId: string, since: string): Promise<FollowUp> {
  const supabase = await getSupabase();
  const [notes, update, points] = await Promise.all([
    // read through read_session_note: each read of a note is kept in the audit log
    supabase.rpc('read_session_note', { session_id: sessionId }),
    supabase
      .from('parent_updates')
      .select('id, body, shared_at')
      .eq('session_id', sessionId)
      .order('created_at', { ascending: false })
      .limit(1)
      .maybeSingle(),
    supabase.from('ploom_points').select('points').eq('child_id', childId).gte('created_at', since),
  ]);
  if (notes.error) throw notes.error;
  if (update.error) throw update.error;
  if (points.error) throw points.error;
  return {
    notes: notes.data ?? '',
    parentUpdate: update.data
      ? { id: update.data.id, body: update.data.body, sharedAt: update.data.shared_at }
      : null,
    pointsAwarded: (points.data ?? []).reduce((sum, p) => sum + p.points, 0),
  };
}

export function followUpQueryOptions(sessionId: string, childId: string, since: string) {
  return queryOptions({
    queryKey: sessionKeys.followUp(sessionId),
    queryFn: () => getFollowUp(sessionId, childId, since),
  });
}

export function useFollowUp(sessionId: string, childId: string, since: string) {
  return useQuery(followUpQueryOptions(sessionId, childId, since));
}
