import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database';
import { env } from './env';

export type Supabase = SupabaseClient<Database>;

let client: Promise<Supabase> | undefined;
let loaded: Supabase | undefined;

/**
 * The one Supabase client. supabase-js is loaded on first use, after the first paint, so the
 * landing pages show without it.
 */
export function getSupabase(): Promise<Supabase> {
  client ??= import('@supabase/supabase-js').then(({ createClient }) =>
    createClient<Database>(env.supabaseUrl, env.supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
      realtime: { heartbeatIntervalMs: 25000, timeout: 10000 },
    }),
  );
  void client
    .then((supabase) => {
      loaded = supabase;
      for (const listener of onLoad.splice(0)) listener(supabase);
    })
    .catch(() => (client = undefined));
  return client;
}

const onLoad: ((supabase: Supabase) => void)[] = [];

/** Calls `listener` with the client once it has loaded (at once if it has), without loading it. */
export function whenSupabaseLoads(listener: (supabase: Supabase) => void): void {
  if (loaded) listener(loaded);
  else onLoad.push(listener);
}

/** The client if it has loaded already (without loading it). */
export function loadedSupabase(): Supabase | undefined {
  return loaded;
}
