import type { SupabaseClient } from '@supabase/supabase-js';
import { getRest, type Reads } from '@/lib/rest';
import { getSupabase } from '@/lib/supabase';
import type { Database } from '@/types/database';

/**
 * The fetchers take a typed supabase-js client as their first argument: the hooks pass the app's
 * one client (`familyClient`), the integration tests a signed-in client of their own.
 */
export type FamilySupabase = SupabaseClient<Database>;

/** The app's Supabase client, for the hooks. */
export function familyClient(): Promise<FamilySupabase> {
  return getSupabase();
}

/** What a family read needs (a supabase-js client is one). */
export type FamilyReads = Reads;

/** The app's client for family reads: PostgREST's own, so a screen's first reads need not wait for supabase-js. */
export function familyReads(): Promise<FamilyReads> {
  return Promise.resolve(getRest());
}
