import type { Reads } from '../../../lib/rest';
import type { Database } from '../../../types/database';
import { dayAfter, dayStart, type LeadFilters } from './lead-filters';

export type LeadRow = Database['public']['Views']['lead_list']['Row'];

export const LEAD_COLUMNS =
  'id, source, name, email, phone, child_name, child_age, focus_area, message, landing_path, landing_variant, ' +
  'utm_source, utm_medium, utm_campaign, status, assignee_id, assignee_name, enrolled_parent_id, ' +
  'enrolled_child_id, first_response_at, created_at, overdue';

/** `value` for a LIKE pattern, its wildcards taken literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const leadListQuery = (client: Reads) => client.from('lead_list').select(LEAD_COLUMNS, { count: 'exact' });

/**
 * The list's query for these filters and sort, counted exactly; the caller adds `.range()` for a
 * page (the screen) or walks every page (the CSV export). Row level security narrows it further:
 * a coach gets only the leads assigned to them.
 */
export function leadsQuery(client: Reads, filters: LeadFilters) {
  // A search goes through lead_list_search: under row level security an ILIKE filter on the view
  // cannot use the trigram index, the function can (docs/decisions/204). Same rows and columns as
  // lead_list, so its builder is typed as the view's (its own type is a call's).
  let query = filters.q
    ? (client
        .rpc('lead_list_search', { q: filters.q }, { count: 'exact' })
        .select(LEAD_COLUMNS) as unknown as ReturnType<typeof leadListQuery>)
    : leadListQuery(client);
  if (filters.status) query = query.eq('status', filters.status);
  if (filters.source) query = query.eq('source', filters.source);
  if (filters.variant) query = query.eq('landing_variant', filters.variant);
  if (filters.campaign) query = query.eq('utm_campaign', filters.campaign);
  if (filters.from) query = query.gte('created_at', dayStart(filters.from).toISOString());
  if (filters.to) query = query.lt('created_at', dayAfter(filters.to).toISOString());
  if (filters.overdue) query = query.eq('overdue', true);
  const ascending = filters.dir === 'asc';
  // Leads without a name go last either way. The other sort columns are never null: their order is
  // left as Postgres' default, the order of their indexes read either way (asking "nulls last" of
  // a descending order would match no index, and every page would sort every matching lead).
  const nulls = filters.sort === 'name' ? { nullsFirst: false } : {};
  return query.order(filters.sort, { ascending, ...nulls }).order('id', { ascending });
}

/** One page of the list (1-based `page`). */
export async function fetchLeadsPage(
  client: Reads,
  filters: LeadFilters,
  pageSize: number,
): Promise<{ rows: LeadRow[]; count: number }> {
  const start = (filters.page - 1) * pageSize;
  const { data, error, count } = await leadsQuery(client, filters).range(start, start + pageSize - 1);
  if (error) throw error;
  return { rows: (data ?? []) as unknown as LeadRow[], count: count ?? 0 };
}

/** Every lead matching the filters, page by page (the API returns at most 1,000 rows a request). */
export async function fetchAllLeads(client: Reads, filters: LeadFilters, chunk = 1000): Promise<LeadRow[]> {
  const rows: LeadRow[] = [];
  for (let start = 0; ; start += chunk) {
    const { data, error, count } = await leadsQuery(client, filters).range(start, start + chunk - 1);
    if (error) throw error;
    rows.push(...((data ?? []) as unknown as LeadRow[]));
    if (!data || data.length < chunk || rows.length >= (count ?? 0)) return rows;
  }
}
