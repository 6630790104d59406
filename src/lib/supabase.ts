import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database';
import { env } from './env';

export type Supabase = SupabaseClient<Database>;

let client: Promise<Supabase> | undefined;
let loaded: Supabase | undefined;

let release = () => {};
let firstScreen = Promise.resolve();

/**
 * Resolves once the page's first signed-in screen has drawn its data from the session the browser
 * holds (at once on any other page, and where the areas draw nothing that way): the session check,
 * the role read and the live channels wait for it, so supabase-js does not share the phone's
 * network and CPU with that screen's first paint (decision 215). Whatever else needs supabase-js
 * loads it at once, and that ends the wait.
 */
export const afterFirstScreen = (): Promise<void> => firstScreen;

/** A page opened in a signed-in area: its areas will say when their first screen has drawn. */
export function holdForFirstScreen(): void {
  firstScreen = new Promise((resolve) => (release = resolve));
}

/** The first screen has drawn (or cannot draw) from what the browser holds: see afterFirstScreen. */
export const firstScreenDrawn = (): void => release();

/**
 * The one Supabase client. supabase-js is loaded on first use, after the first paint, so the
 * landing pages show without it.
 */
export function getSupabase(): Promise<Supabase> {
  release();
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
