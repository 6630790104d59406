import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import type { SessionRow, SessionStatus } from './get-sessions';
import { sessionKeys } from './keys';

/** One session, or null when it does not exist or the caller may not read it (RLS). */
export async function getSession(id: string): Promise<SessionRow | null> {
  const supabase = getRest();
  const { data, error } = await supabase
    .from('coaching_sessions')
    .select(
      'id, starts_at, duration_minutes, status, series_id, child:children(id, first_name), coach:coaches(id, display_name)',
    )
    .eq('id', id)
    .maybeSingle();
  // An id that is not a UUID is no session.
  if (error?.code === '22P02') return null;
  if (error) throw error;
  if (!data) return null;
  return {
    id: data.id,
    startsAt: data.starts_at,
    durationMinutes: data.duration_minutes,
    status: data.status as SessionStatus,
    seriesId: data.series_id,
    child: data.child ? { id: data.child.id, firstName: data.child.first_name } : null,
    coach: data.coach ? { id: data.coach.id, name: data.coach.display_name } : null,
  };
}

export function sessionQueryOptions(id: string) {
  return queryOptions({ queryKey: sessionKeys.detail(id), queryFn: () => getSession(id) });
}

export function useSession(id: string) {
  return useQuery(sessionQueryOptions(id));
}
