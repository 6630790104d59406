import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { reportKeys } from './keys';

/** Starts (or opens) the report of the last period that ended for a child: its id. */
export async function startReport(input: { childId: string; day?: string }): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('start_progress_report', {
    child_id: input.childId,
    ...(input.day ? { day: input.day } : {}),
  });
  if (error) throw error;
  return data;
}

/** Saves a draft's words. */
export async function saveReport(input: {
  reportId: string;
  summary: string;
  nextSteps: string;
}): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('progress_reports')
    .update({ summary: input.summary, next_steps: input.nextSteps })
    .eq('id', input.reportId)
    .select('id');
  if (error) throw error;
  if (!data?.length)
    throw new Error('This report can no longer be changed: it is published, or not yours to write.');
}

/** Publishes a saved draft: the parent can read it, and is emailed that it is ready. */
export async function publishReport(reportId: string): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('publish_progress_report', { report_id: reportId });
  if (error) throw error;
  return data;
}

function useReportMutation<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}

export const useStartReport = () => useReportMutation(startReport);
export const useSaveReport = () => useReportMutation(saveReport);
export const usePublishReport = () => useReportMutation(publishReport);
