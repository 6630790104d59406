import { createClient, type SupabaseClient } from 'npm:@supabase/supabase-js@2.109.0';

export type { SupabaseClient };

/** An environment variable the platform must provide; its absence is a server fault (500). */
export function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

let adminClient: SupabaseClient | undefined;

/**
 * The service-role client (bypasses RLS): only for the narrow reads and updates each function
 * documents, never with data the caller could use to reach other rows.
 */
export function serviceClient(): SupabaseClient {
  adminClient ??= createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'X-Client-Info': 'ploom-edge-functions' } },
  });
  return adminClient;
}

/** `ilike` pattern matching exactly `value` in any letter case (LIKE wildcards escaped). */
export function exactIlike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Turns a PostgREST error into a thrown one (the function answers 500 and logs it). */
export function check<T>(result: { data: T; error: { message: string; code?: string } | null }): T {
  if (result.error) throw new Error(`database: ${result.error.code ?? ''} ${result.error.message}`);
  return result.data;
}
