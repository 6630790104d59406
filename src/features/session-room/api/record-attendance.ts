import { getSupabase, type Supabase } from '@/lib/supabase';
import type { TablesInsert } from '@/types/database';

/**
 * Attendance: a row per visit to the room. The server stamps who, in which part and when; the
 * browser only says which session, then that it is still here, then that it left.
 */

/** Records the arrival; returns the visit's id. */
export async function startVisit(
  sessionId: string,
  getClient: () => Promise<Supabase> = getSupabase,
): Promise<string> {
  const supabase = await getClient();
  // user_id, role and the times are set by the server (a trigger); only session_id is sent.
  const row = { session_id: sessionId } as TablesInsert<'session_attendance'>;
  const { data, error } = await supabase.from('session_attendance').insert(row).select('id').single();
  if (error) throw error;
  return data.id;
}

/** Still here (the server stamps the time). */
export async function touchVisit(
  visitId: string,
  getClient: () => Promise<Supabase> = getSupabase,
): Promise<void> {
  const supabase = await getClient();
  const { error } = await supabase
    .from('session_attendance')
    .update({ last_seen_at: new Date().toISOString() })
    .eq('id', visitId);
  if (error) throw error;
}

/** Left the room (the server stamps the time). */
export async function endVisit(
  visitId: string,
  getClient: () => Promise<Supabase> = getSupabase,
): Promise<void> {
  const supabase = await getClient();
  const { error } = await supabase
    .from('session_attendance')
    .update({ left_at: new Date().toISOString() })
    .eq('id', visitId)
    .is('left_at', null);
  if (error) throw error;
}
