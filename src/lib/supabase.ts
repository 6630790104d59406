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
      // a dropped socket is opened again at once, then with a growing pause (the default waits 1 s)
      realtime: {
        heartbeatIntervalMs: 25000,
        timeout: 10000,
        reconnectAfterMs: (tries: number) => [100, 300, 1000, 2000][tries - 1] ?? 5000,
      },
    }),
  );
  void client.then(
    (supabase) => (loaded = supabase),
    () => (client = undefined),
  );
  return client;
}

/** The client if it has loaded already (without loading it). */
export function loadedSupabase(): Supabase | undefined {
  return loaded;
}
