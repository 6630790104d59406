import type { Supabase } from '@/lib/supabase';
import { pickRole, type AppRole } from '../lib/roles';

/** Reads the user's roles from user_roles and returns the effective one. Throws the client's error. */
export async function loadRole(supabase: Supabase, userId: string): Promise<AppRole | null> {
  const { data, error } = await supabase.from('user_roles').select('role').eq('user_id', userId);
  if (error) throw error;
  return pickRole(((data ?? []) as { role: AppRole }[]).map((row) => row.role));
}
