import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import { useLiveQuery } from '@/lib/live-query';
import { fetchSessionsPage } from '../lib/sessions-query';
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

/**
 * One page of sessions (what RLS lets the caller read: a coach their own, an admin all) and the
 * exact number matching; a filter by status alone is counted from the numbers the database keeps
 * (lib/sessions-query, docs/decisions/213).
 */
export async function getSessions(filters: SessionFilters): Promise<{ rows: SessionRow[]; total: number }> {
  const { rows, total } = await fetchSessionsPage(getRest(), filters);
  return {
    total,
    rows: rows.map((row) => ({
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
