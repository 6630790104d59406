import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { downloadText, toCsv } from '@/lib/csv';
import { leadCsvColumns } from '../lib/lead-csv';
import { toDay, type LeadFilters } from '../lib/lead-filters';
import { fetchAllLeads } from '../lib/lead-query';

/** Every lead of the current filter (all pages), as a CSV download; resolves with the row count. */
export async function exportLeads(filters: LeadFilters): Promise<number> {
  const rows = await fetchAllLeads(await getSupabase(), filters);
  downloadText(`ploom-leads-${toDay(new Date())}.csv`, toCsv(leadCsvColumns, rows));
  return rows.length;
}

export function useExportLeads() {
  return useMutation({ mutationFn: exportLeads });
}
