import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../../types/database';

/**
 * The fetchers take a typed supabase-js client as their first argument: the app passes its one
 * client (api/client.ts), the integration tests a signed-in client of their own.
 */
export type FamilySupabase = SupabaseClient<Database>;
