import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import { readFacts, type Cadence, type ReportFacts } from '../lib/facts';
import { reportKeys } from './keys';

export interface ProgressReport {
  id: string;
  childId: string;
  childFirstName: string;
  parentId: string;
  coachName: string | null;
  cadence: Cadence;
  periodStart: string;
  periodEnd: string;
  facts: ReportFacts;
  summary: string;
  nextSteps: string;
  status: 'draft' | 'published';
  publishedAt: string | null;
}

/** One report, or null when there is none the caller may read (a parent never reads a draft). */
export async function getReport(reportId: string): Promise<ProgressReport | null> {
  // the read client: a screen's reads need not wait for supabase-js (decision 214)
  const supabase = getRest();
  const { data, error } = await supabase
    .from('progress_reports')
    .select(
      'id, child_id, parent_id, cadence, period_start, period_end, facts, summary, next_steps, status, published_at, children(first_name), coaches(display_name)',
    )
    .eq('id', reportId)
    .maybeSingle();
  if (error) {
    // a malformed id is no report
    if (error.code === '22P02') return null;
    throw error;
  }
  if (!data) return null;
  return {
    id: data.id,
    childId: data.child_id,
    childFirstName: data.children?.first_name ?? '',
    parentId: data.parent_id,
    coachName: data.coaches?.display_name ?? null,
    cadence: data.cadence as Cadence,
    periodStart: data.period_start,
    periodEnd: data.period_end,
    facts: readFacts(data.facts),
    summary: data.summary,
    nextSteps: data.next_steps,
    status: data.status as ProgressReport['status'],
    publishedAt: data.published_at,
  };
}

export const reportQueryOptions = (reportId: string) =>
  queryOptions({ queryKey: reportKeys.one(reportId), queryFn: () => getReport(reportId) });

export function useReport(reportId: string) {
  return useQuery(reportQueryOptions(reportId));
}
