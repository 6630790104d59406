import type { Supabase } from '@/lib/supabase';

/**
 * The app's Supabase client, loaded when first needed. The fetchers take a client as their first
 * argument (the integration tests pass a signed-in supabase-js client); the hooks pass this one.
 */
export function familyClient(): Promise<Supabase> {
  return import('@/lib/supabase').then(({ getSupabase }) => getSupabase());
}

/** A PostgREST error as thrown by the fetchers: code and message from the server. */
export interface FamilyError {
  code?: string;
  message: string;
}
