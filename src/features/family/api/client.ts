import { getSupabase } from '@/lib/supabase';
import type { FamilySupabase } from '../queries/client';

/** The app's Supabase client, for the hooks (the fetchers in ../queries take it as an argument). */
export function familyClient(): Promise<FamilySupabase> {
  return getSupabase();
}
