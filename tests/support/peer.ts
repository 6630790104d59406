import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { fetchFrom, loopbackAddress } from './loopback.ts';
import { stackEnv } from './stack.ts';

export { fetchFrom, loopbackAddress };

/** An anon client (a signed-out visitor) connecting from `localAddress`. */
export function anonClientFrom(localAddress = loopbackAddress()): SupabaseClient {
  return createClient(stackEnv.url, stackEnv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchFrom(localAddress) },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}
