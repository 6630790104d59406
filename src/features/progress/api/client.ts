import type { SupabaseClient } from '@supabase/supabase-js';
import { getSupabase } from '@/lib/supabase';
import type { Database } from '@/types/database';

/** The fetchers take a typed client first: the hooks pass the app's, the integration tests their own. */
export type ProgressSupabase = SupabaseClient<Database>;

export function progressClient(): Promise<ProgressSupabase> {
  return getSupabase();
}
