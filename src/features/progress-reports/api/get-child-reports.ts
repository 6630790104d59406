import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import type { Cadence } from '../lib/facts';
import { reportKeys } from './keys';

export interface ReportSummary {
  id: string;
  cadence: Cadence;
  periodStart: string;
  periodEnd: string;
  status: 'draft' | 'published';
  publishedAt: string | null;
}

/**
 * A child's reports, newest period first: the published ones for the parent, drafts too for the
 * child's coach and admins (row level security decides).
 */
export async function getChildReports(childId: string): Promise<ReportSummary[]> {
  // the read client: a screen's reads need not wait for supabase-js (decision 214)
  const supabase = getRest();
  const { data, error } = await supabase
    .from('progress_reports')
    .select('id, cadence, period_start, period_end, status, published_at')
    .eq('child_id', childId)
    .order('period_start', { ascending: false });
  if (error) throw error;
  return (data ?? []).map((r) => ({
    id: r.id,
    cadence: r.cadence as Cadence,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    status: r.status as ReportSummary['status'],
    publishedAt: r.published_at,
  }));
}

export const childReportsQueryOptions = (childId: string) =>
  queryOptions({ queryKey: reportKeys.child(childId), queryFn: () => getChildReports(childId) });

export function useChildReports(childId: string) {
  return useQuery(childReportsQueryOptions(childId));
}
