import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import type { SpendRow } from '../lib/spend-csv';
import { cockpitKey } from './get-cockpit';

export type SpendSource = 'google-ads' | 'meta' | 'manual';

/** What an import changed: rows new, rows with another figure, rows already as the file says. */
export interface ImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** A row the database refused, by its index in the rows sent (the import applied nothing). */
export interface RefusedRow {
  index: number;
  reason: string;
}

/** An import the database refused as a whole, with every row it could not take. */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly rows: RefusedRow[],
  ) {
    super(message);
    this.name = 'ImportRefused';
  }
}

function refusedRows(details: string | null | undefined): RefusedRow[] {
  if (!details) return [];
  try {
    const parsed = JSON.parse(details) as unknown;
    return Array.isArray(parsed)
      ? parsed.filter(
          (r): r is RefusedRow =>
            typeof r === 'object' && r !== null && typeof (r as RefusedRow).index === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

/**
 * Saves a platform's spend, or a figure entered by hand (public.import_ad_spend): all the rows or
 * none. The same rows again change nothing.
 */
export async function importAdSpend(rows: SpendRow[], source: SpendSource): Promise<ImportCounts> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('import_ad_spend', {
    rows: JSON.parse(JSON.stringify(rows)),
    source,
  });
  if (error) throw new ImportRefused(error.message, refusedRows(error.details));
  const counts = data as Partial<ImportCounts> | null;
  return {
    inserted: Number(counts?.inserted ?? 0),
    updated: Number(counts?.updated ?? 0),
    unchanged: Number(counts?.unchanged ?? 0),
  };
}

export function useImportAdSpend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, source }: { rows: SpendRow[]; source: SpendSource }) => importAdSpend(rows, source),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cockpitKey }),
  });
}
