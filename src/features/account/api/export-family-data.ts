import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

/** Everything the product holds about the family, as the database defines it (decision 092). */
export async function exportFamilyData(): Promise<unknown> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('export_family_data');
  if (error) throw error;
  return data;
}

/** The export's file name: ploom-family-data-YYYY-MM-DD.json. */
export function exportFileName(now = new Date()): string {
  return `ploom-family-data-${now.toISOString().slice(0, 10)}.json`;
}

/** Fetches the export and hands it to the browser as a JSON download. */
export async function downloadFamilyData(): Promise<void> {
  const data = await exportFamilyData();
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName();
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useDownloadFamilyData() {
  return useMutation({ mutationFn: downloadFamilyData });
}
