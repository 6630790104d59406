import { getSupabase, type Supabase } from '@/lib/supabase';

/** The coach ends the session: it is marked completed, which also closes its room to new joins. */
export async function endSession(
  sessionId: string,
  getClient: () => Promise<Supabase> = getSupabase,
): Promise<void> {
  const supabase = await getClient();
  const { error } = await supabase
    .from('coaching_sessions')
    .update({ status: 'completed' })
    .eq('id', sessionId);
  if (error) throw error;
}
