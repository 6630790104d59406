import type { Reads } from '../../../lib/rest';

export const SESSION_COLUMNS =
  'id, starts_at, duration_minutes, status, series_id, child:children(id, first_name), coach:coaches(id, display_name)';

export interface SessionsPageQuery {
  /** UTC bounds, ISO strings: starts_at >= from and < to */
  from?: string;
  to?: string;
  coachId?: string;
  childId?: string;
  /** one status, or 'active' for every session not cancelled */
  status?: string;
  /** from 1 */
  page?: number;
  pageSize?: number;
}

/**
 * Whether the count the database keeps per status answers this filter exactly: a status, "active"
 * or none, and no date, coach or child (docs/decisions/213).
 */
export function sessionCountIsKept(filters: SessionsPageQuery): boolean {
  return !filters.from && !filters.to && !filters.coachId && !filters.childId;
}

/**
 * One page of sessions (what row level security lets the caller read: a coach their own, an admin
 * all) and the exact number matching. A filter the kept counts answer asks `session_list_count`
 * beside the page (the kept number for an admin, the caller's readable rows counted for anyone
 * else); any other filter is counted with the page.
 */
export async function fetchSessionsPage(client: Reads, filters: SessionsPageQuery) {
  const pageSize = filters.pageSize ?? 20;
  const page = filters.page ?? 1;
  const kept = sessionCountIsKept(filters);
  let query = client.from('coaching_sessions').select(SESSION_COLUMNS, kept ? {} : { count: 'exact' });
  if (filters.from) query = query.gte('starts_at', filters.from);
  if (filters.to) query = query.lt('starts_at', filters.to);
  if (filters.coachId) query = query.eq('coach_id', filters.coachId);
  if (filters.childId) query = query.eq('child_id', filters.childId);
  if (filters.status === 'active') query = query.neq('status', 'cancelled');
  else if (filters.status) query = query.eq('status', filters.status);
  const [rows, counted] = await Promise.all([
    query
      .order('starts_at', { ascending: true })
      .order('id')
      .range((page - 1) * pageSize, page * pageSize - 1),
    kept ? client.rpc('session_list_count', filters.status ? { status: filters.status } : {}) : undefined,
  ]);
  if (rows.error) throw rows.error;
  if (counted?.error) throw counted.error;
  return { rows: rows.data ?? [], total: (counted ? counted.data : rows.count) ?? 0 };
}
