import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLiveQuery } from '@/lib/live-query';
import { getSupabase } from '@/lib/supabase';
import { flagKeys, SIGNUP_FLAG_KEY } from './get-flag';

export interface FeatureFlag {
  key: string;
  enabled: boolean;
  description: string | null;
  updatedAt: string;
}

/** Every feature flag, signup_enabled first, then by key. */
export async function getFlags(): Promise<FeatureFlag[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('feature_flags')
    .select('key, enabled, description, updated_at')
    .order('key');
  if (error) throw error;
  return data
    .map((row) => ({
      key: row.key,
      enabled: row.enabled,
      description: row.description,
      updatedAt: row.updated_at,
    }))
    .sort((a, b) => Number(b.key === SIGNUP_FLAG_KEY) - Number(a.key === SIGNUP_FLAG_KEY));
}

export const flagListKey = [...flagKeys.all, 'list'] as const;

export const flagsQueryOptions = () => queryOptions({ queryKey: flagListKey, queryFn: getFlags });

/** The flags, kept current through Realtime (another admin's change shows here too). */
export function useFlags() {
  useLiveQuery(flagListKey, { table: 'feature_flags' });
  return useQuery(flagsQueryOptions());
}
