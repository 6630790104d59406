import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database';

export const AUDIT_COLUMNS =
  'id, created_at, action, entity_type, entity_id, metadata, entity_name, names, actor_user_id, actor_first_name, actor_last_name, actor_email';

export interface AuditPageQuery {
  /** an actor's user id, 'system' for entries without an actor, or '' for everyone */
  actor: string;
  action: string;
  entityType: string;
  /** ISO instants: created_at >= since and < until */
  since?: string;
  until?: string;
}

/**
 * Whether the count the database keeps per action, entity type and "System" answers this filter
 * exactly: no date and no named actor (docs/decisions/213).
 */
export function auditCountIsKept(filters: AuditPageQuery): boolean {
  return !filters.since && !filters.until && (filters.actor === '' || filters.actor === 'system');
}

/**
 * One page of the audit log, newest first, and the exact number matching. A filter the kept counts
 * answer asks `audit_log_count` beside the page; any other filter is counted with the page.
 */
export async function fetchAuditPage(
  client: SupabaseClient<Database>,
  filters: AuditPageQuery,
  page: number,
  pageSize: number,
) {
  const kept = auditCountIsKept(filters);
  let query = client.from('audit_log_entries').select(AUDIT_COLUMNS, kept ? {} : { count: 'exact' });
  if (filters.actor === 'system') query = query.is('actor_user_id', null);
  else if (filters.actor) query = query.eq('actor_user_id', filters.actor);
  if (filters.action) query = query.eq('action', filters.action);
  if (filters.entityType) query = query.eq('entity_type', filters.entityType);
  if (filters.since) query = query.gte('created_at', filters.since);
  if (filters.until) query = query.lt('created_at', filters.until);
  const from = (page - 1) * pageSize;
  const [rows, counted] = await Promise.all([
    query
      .order('created_at', { ascending: false })
      .order('id')
      .range(from, from + pageSize - 1),
    kept
      ? client.rpc('audit_log_count', {
          ...(filters.action ? { action: filters.action } : {}),
          ...(filters.entityType ? { entity_type: filters.entityType } : {}),
          ...(filters.actor === 'system' ? { system_only: true } : {}),
        })
      : undefined,
  ]);
  if (rows.error) throw rows.error;
  if (counted?.error) throw counted.error;
  return { rows: rows.data ?? [], total: (counted ? counted.data : rows.count) ?? 0 };
}
