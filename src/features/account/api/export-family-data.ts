import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { renderFamilyDataSummary, type FamilyExport } from '../lib/family-data-summary';
import { downloadBlob } from '@/lib/download';

/** Everything the product holds about the family, as the database defines it (decision 092). */
export async function exportFamilyData(): Promise<unknown> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('export_family_data');
  if (error) throw error;
  return data;
}

/** The export's file name: ploom-family-data-YYYY-MM-DD.json (or .html, the readable summary). */
export function exportFileName(now = new Date(), extension: 'json' | 'html' = 'json'): string {
  return `ploom-family-data-${now.toISOString().slice(0, 10)}.${extension}`;
}

/** Fetches the export and hands it to the browser as a JSON download. */
export async function downloadFamilyData(): Promise<void> {
  const data = await exportFamilyData();
  downloadBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), exportFileName());
}

/**
 * Fetches the same export and saves the page made from it in the browser (a readable, printable
 * summary: lib/family-data-summary), with times in the parent's own time zone.
 */
export async function downloadFamilyDataSummary(): Promise<void> {
  const data = (await exportFamilyData()) as FamilyExport;
  const html = renderFamilyDataSummary(data, {
    locale: navigator.language || 'en-US',
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  });
  downloadBlob(new Blob([html], { type: 'text/html;charset=utf-8' }), exportFileName(new Date(), 'html'));
}

export function useDownloadFamilyData() {
  return useMutation({ mutationFn: downloadFamilyData });
}

export function useDownloadFamilyDataSummary() {
  return useMutation({ mutationFn: downloadFamilyDataSummary });
}
