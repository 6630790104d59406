import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { downloadText, toCsv, type CsvColumn } from '@/lib/csv';
import { toDay } from '../lib/lead-filters';
import { subscribersQuery, type Subscriber } from '../lib/subscribers-query';

const columns: CsvColumn<Subscriber>[] = [
  { header: 'Email', value: (s) => s.email },
  { header: 'First name', value: (s) => s.first_name },
  { header: 'Source', value: (s) => s.source },
  { header: 'Subscribed', value: (s) => s.created_at },
  { header: 'Welcome email sent', value: (s) => s.confirmation_sent_at },
];

/** Every subscriber matching the search, all pages, as a CSV download; resolves with the count. */
export async function exportSubscribers(q: string | undefined): Promise<number> {
  const supabase = await getSupabase();
  const rows: Subscriber[] = [];
  for (let start = 0; ; start += 1000) {
    const { data, error } = await subscribersQuery(supabase, { q }).range(start, start + 999);
    if (error) throw error;
    rows.push(...((data ?? []) as Subscriber[]));
    if (!data || data.length < 1000) break;
  }
  downloadText(`ploom-newsletter-${toDay(new Date())}.csv`, toCsv(columns, rows));
  return rows.length;
}

export function useExportSubscribers() {
  return useMutation({ mutationFn: exportSubscribers });
}
