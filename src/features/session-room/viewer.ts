import type { User } from '@supabase/supabase-js';
import type { Viewer } from './hooks/use-room-call';

/** The room's viewer from the signed-in user: their id and first name (the others see it). */
export function viewerOf(user: Pick<User, 'id' | 'email' | 'user_metadata'> | null): Viewer | null {
  if (!user) return null;
  const first = user.user_metadata?.first_name;
  const name =
    typeof first === 'string' && first.trim() ? first.trim() : (user.email?.split('@')[0] ?? 'Guest');
  return { userId: user.id, name };
}
