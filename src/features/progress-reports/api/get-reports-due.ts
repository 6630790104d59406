import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRest } from '@/lib/rest';
import type { Cadence } from '../lib/facts';
import { reportKeys } from './keys';

/** A period that ended with no published report (docs/decisions/224). */
export interface ReportDue {
  childId: string;
  childFirstName: string;
  parentId: string;
  coachName: string;
  cadence: Cadence;
  periodStart: string;
  periodEnd: string;
  dueOn: string;
  overdue: boolean;
  /** the draft, if the coach has started it */
  draftId: string | null;
}

/** The reports due: a coach's own children's, every coach's for an admin. */
export async function getReportsDue(): Promise<ReportDue[]> {
  // the read client: a screen's reads need not wait for supabase-js (decision 214)
  const supabase = getRest();
  const { data, error } = await supabase.rpc('get_reports_due');
  if (error) throw error;
  return (data ?? []).map((r) => ({
    childId: r.child_id,
    childFirstName: r.child_first_name,
    parentId: r.parent_id,
    coachName: r.coach_name,
    cadence: r.cadence as Cadence,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    dueOn: r.due_on,
    overdue: r.overdue,
    draftId: r.draft_id,
  }));
}

export const reportsDueQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.due(),
    queryFn: getReportsDue,
    staleTime: 30_000,
    // beside the overview's figures: their heading does not wait for it
    meta: { aside: true },
  });

export function useReportsDue() {
  return useQuery(reportsDueQueryOptions());
}
