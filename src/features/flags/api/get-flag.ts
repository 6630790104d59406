import { queryOptions, useQuery } from '@tanstack/react-query';
import { clientIfNeeded, selectAsAnon } from '@/lib/public-api';
import type { Supabase } from '@/lib/supabase';
import { useLiveQuery, type LiveOptions } from '@/lib/live-query';
import { afterIdle } from '@/lib/when-idle';

export const SIGNUP_FLAG_KEY = 'signup_enabled';

/** Reads `enabled` of one feature flag (no row → false). Throws the client's error. */
export async function fetchFlag(supabase: Supabase, key: string): Promise<boolean> {
  const { data, error } = await supabase.from('feature_flags').select('enabled').eq('key', key).maybeSingle();
  if (error) throw error;
  return Boolean(data?.enabled);
}

/** The same read for any visitor, without loading supabase-js for a signed-out one. */
async function fetchFlagForVisitor(key: string): Promise<boolean> {
  const client = clientIfNeeded();
  if (client) return fetchFlag(await client, key);
  const rows = await selectAsAnon<{ enabled: boolean }>('feature_flags', {
    select: 'enabled',
    key: `eq.${key}`,
  });
  return Boolean(rows[0]?.enabled);
}

export const flagKeys = {
  all: ['feature-flags'] as const,
  one: (key: string) => [...flagKeys.all, key] as const,
};

export function flagQueryOptions(
  key: string,
  { getClient, defer = afterIdle }: { getClient?: () => Promise<Supabase>; defer?: () => Promise<void> } = {},
) {
  return queryOptions({
    queryKey: flagKeys.one(key),
    // After the first paint: supabase-js is not needed to show the page.
    queryFn: async () => {
      await defer();
      return getClient ? fetchFlag(await getClient(), key) : fetchFlagForVisitor(key);
    },
    staleTime: Infinity,
    retry: false,
  });
}

/** How a flag is read and followed; `getClient` (tests) serves both the read and Realtime. */
export type FlagOptions = Omit<LiveOptions, 'getClient'> & { getClient?: () => Promise<Supabase> };

/**
 * A feature flag, read once and then kept current through Realtime (a change to its row reaches
 * every open page). `undefined` while unknown; `false` when it cannot be read.
 */
export function useFlag(key: string, options: FlagOptions = {}): boolean | undefined {
  const query = useQuery(
    flagQueryOptions(key, {
      getClient: options.getClient,
      defer: options.defer ? () => new Promise((resolve) => options.defer!(resolve)) : undefined,
    }),
  );
  useLiveQuery(flagKeys.one(key), { table: 'feature_flags', filter: `key=eq.${key}` }, options);
  if (query.isError) return false;
  return query.data;
}
