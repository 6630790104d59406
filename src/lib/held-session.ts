import type { Session } from '@supabase/supabase-js';
import { env } from './env';

/**
 * supabase-js's storage key for our project (what `sessionStorageKey` in ./stored-session.ts gives,
 * held equal by a test). Written out here: importing that function from the signed-in areas'
 * chunks would make the landing pages' entry chunk export one more name.
 */
export const heldSessionKey = (): string =>
  `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** The session supabase-js persisted, read without loading it. */
export interface HeldSession {
  session: Session;
  userId: string;
  accessToken: string;
  /** Whether its access token is still good for at least `margin` ms (see readHeldSession). */
  fresh: boolean;
}

/**
 * The session supabase-js keeps in localStorage, read without loading supabase-js; undefined when
 * none is held. `fresh` says whether its access token is good for `marginMs` more: a stale one is
 * refreshed by supabase-js before anything may use it.
 */
export function readHeldSession(marginMs = 60_000, now = Date.now()): HeldSession | undefined {
  try {
    const session = parsed(window.localStorage.getItem(heldSessionKey()));
    if (typeof session?.access_token !== 'string' || typeof session.user?.id !== 'string') return undefined;
    const fresh = typeof session.expires_at === 'number' && session.expires_at * 1000 >= now + marginMs;
    return { session: session as Session, userId: session.user.id, accessToken: session.access_token, fresh };
  } catch {
    return undefined;
  }
}

/** The last stored text and its parse: every read before supabase-js loads asks for it again. */
let last: { raw: string; session: Partial<Session> | null } | undefined;

function parsed(raw: string | null): Partial<Session> | null {
  if (!raw) return null;
  if (last?.raw !== raw) last = { raw, session: JSON.parse(raw) as Partial<Session> | null };
  return last.session;
}
