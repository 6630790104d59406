import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import { useLiveQuery } from '@/lib/live-query';
import { sessionKeys } from './keys';

export const SESSION_STATUSES = ['scheduled', 'completed', 'cancelled', 'no_show'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export interface SessionFilters {
  /** UTC bounds, ISO strings: starts_at >= from and < to */
  from?: string;
  to?: string;
  coachId?: string;
  childId?: string;
  /** one status, or 'active' for every session not cancelled (what the overview counts) */
  status?: SessionStatus | 'active';
  /** from 1 */
  page?: number;
  pageSize?: number;
}

export interface SessionRow {
  id: string;
  startsAt: string;
  durationMinutes: number;
  status: SessionStatus;
  seriesId: string | null;
  child: { id: string; firstName: string } | null;
  coach: { id: string; name: string } | null;
}

const COLUMNS =
  'id, starts_at, duration_minutes, status, series_id, child:children(id, first_name), coach:coaches(id, display_name)';

/** One page of sessions (what RLS lets the caller read: a coach their own, an admin all). */
export async function getSessions(filters: SessionFilters): Promise<{ rows: SessionRow[]; total: number }> {
  const supabase = getRest();
  const pageSize = filters.pageSize ?? 20;
  const page = filters.page ?? 1;
  let query = supabase.from('coaching_sessions').select(COLUMNS, { count: 'exact' });
  if (filters.from) query = query.gte('starts_at', filters.from);
  if (filters.to) query = query.lt('starts_at', filters.to);
  if (filters.coachId) query = query.eq('coach_id', filters.coachId);
  if (filters.childId) query = query.eq('child_id', filters.childId);
  if (filters.status === 'active') query = query.neq('status', 'cancelled');
  else if (filters.status) query = query.eq('status', filters.status);
  const { data, error, count } = await query
    .order('starts_at', { ascending: true })
    .order('id')
    .range((page - 1) * pageSize, page * pageSize - 1);
  if (error) throw error;
  return {
    total: count ?? 0,
    rows: (data ?? []).map((row) => ({
      id: row.id,
      startsAt: row.starts_at,
      durationMinutes: row.duration_minutes,
      status: row.status as SessionStatus,
      seriesId: row.series_id,
      child: row.child ? { id: row.child.id, firstName: row.child.first_name } : null,
      coach: row.coach ? { id: row.coach.id, name: row.coach.display_name } : null,
    })),
  };
}

export function sessionsQueryOptions(filters: SessionFilters) {
  return queryOptions({
    queryKey: sessionKeys.list(filters),
    queryFn: () => getSessions(filters),
    placeholderData: keepPreviousData,
  });
}

/** Sessions matching the filters, refetched when any session the viewer may read changes. */
export function useSessions(filters: SessionFilters) {
  useLiveQuery(sessionKeys.lists(), { table: 'coaching_sessions' });
  return useQuery(sessionsQueryOptions(filters));
}
