import type { Supabase } from '@/lib/supabase';

export type AuthAuditAction = 'USER_LOGIN' | 'USER_LOGOUT';

/** Writes the login/logout audit record (entity auth, the user's id). Throws the client's error. */
export async function recordAuthEvent(
  supabase: Supabase,
  userId: string,
  action: AuthAuditAction,
): Promise<void> {
  const { error } = await supabase.from('audit_logs').insert({
    actor_user_id: userId,
    action,
    entity_type: 'auth',
    entity_id: userId,
  });
  if (error) throw error;
}

/** Sets profiles.last_login_at to now. Throws the client's error. */
export async function touchLastLogin(supabase: Supabase, userId: string, now = new Date()): Promise<void> {
  const { error } = await supabase
    .from('profiles')
    .update({ last_login_at: now.toISOString() })
    .eq('id', userId);
  if (error) throw error;
}
