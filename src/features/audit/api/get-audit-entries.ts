import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { joinName } from '@/lib/names';
import { getSupabase } from '@/lib/supabase';
import { fetchAuditPage } from '../lib/audit-query';

export interface AuditFilters {
  /** an actor's user id, 'system' for entries without an actor, or '' for everyone */
  actor: string;
  action: string;
  entityType: string;
  /** yyyy-mm-dd, in the viewer's time zone, inclusive */
  from: string;
  to: string;
}

export interface AuditEntry {
  id: string;
  createdAt: string;
  action: string;
  entityType: string | null;
  entityId: string | null;
  metadata: Record<string, unknown>;
  /** who or what the entry is about, in words ("Lee Lead", "Mia with Jordan Ellis") */
  entityName: string | null;
  /** the names of the ids in the details */
  names: Record<string, string>;
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

/** The start of a local calendar day as an ISO instant (the browser's time zone). */
export function dayStart(day: string, offsetDays = 0): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d + offsetDays).toISOString();
}

/**
 * One page of the audit log, newest first, filtered and counted on the server; a filter without
 * dates or a named actor is counted from the numbers the database keeps (lib/audit-query,
 * docs/decisions/213).
 */
export async function getAuditEntries(
  filters: AuditFilters,
  page: number,
  pageSize: number,
): Promise<AuditPage> {
  const supabase = await getSupabase();
  const { rows, total } = await fetchAuditPage(
    supabase,
    {
      actor: filters.actor,
      action: filters.action,
      entityType: filters.entityType,
      since: filters.from ? dayStart(filters.from) : undefined,
      until: filters.to ? dayStart(filters.to, 1) : undefined,
    },
    page,
    pageSize,
  );
  return {
    total,
    entries: rows.map((row) => ({
      id: row.id as string,
      createdAt: row.created_at as string,
      action: row.action as string,
      entityType: row.entity_type,
      entityId: row.entity_id,
      metadata: (row.metadata ?? {}) as Record<string, unknown>,
      entityName: row.entity_name,
      names: (row.names ?? {}) as Record<string, string>,
      actorId: row.actor_user_id,
      actorName: joinName(row.actor_first_name, row.actor_last_name),
      actorEmail: row.actor_email,
    })),
  };
}

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (filters: AuditFilters, page: number, pageSize: number) =>
    [...auditKeys.all, 'entries', filters, page, pageSize] as const,
  facets: () => [...auditKeys.all, 'facets'] as const,
};

export const auditEntriesQueryOptions = (filters: AuditFilters, page: number, pageSize: number) =>
  queryOptions({
    queryKey: auditKeys.list(filters, page, pageSize),
    queryFn: () => getAuditEntries(filters, page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useAuditEntries(filters: AuditFilters, page: number, pageSize: number) {
  return useQuery(auditEntriesQueryOptions(filters, page, pageSize));
}
