import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';

// Written out rather than imported from get-flag.ts: that module is in the landing pages' first
// load, and sharing it with an admin chunk would split it into a chunk of its own.
const SIGNUP_FLAG_KEY = 'signup_enabled';
/** Under flagKeys.all (['feature-flags']), so invalidating every flag query includes this one. */
export const flagListKey = ['feature-flags', 'list'] as const;

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

export const flagsQueryOptions = () => queryOptions({ queryKey: flagListKey, queryFn: getFlags });

export function useFlags() {
  return useQuery(flagsQueryOptions());
}
