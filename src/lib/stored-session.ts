import { env } from '@/lib/env';

/** The localStorage key supabase-js persists the session under (its default for our URL). */
export function sessionStorageKey(supabaseUrl = env.supabaseUrl): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/**
 * Whether a session may exist, without loading supabase-js: a persisted session, or auth
 * parameters in the URL (an email link). When false the visitor is certainly signed out, so the
 * page can render at once and supabase-js loads later.
 */
export function mightHaveSession(): boolean {
  // At build time (the prerender) every page is rendered for a signed-out visitor.
  if (typeof window === 'undefined') return false;
  try {
    if (window.localStorage.getItem(sessionStorageKey())) return true;
  } catch {
    // Storage blocked: only the URL can tell.
  }
  const { hash, search } = window.location;
  return /(^|[#&])(access_token|error_description|error)=/.test(hash) || /[?&]code=/.test(search);
}

/**
 * The persisted session's access token while it is valid, read synchronously (without supabase-js):
 * for a request that must start before the page goes (a page view sent as the visitor leaves).
 */
export function storedAccessToken(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    const raw = window.localStorage.getItem(sessionStorageKey());
    if (!raw) return undefined;
    const session = JSON.parse(raw) as { access_token?: unknown; expires_at?: unknown };
    if (typeof session.access_token !== 'string') return undefined;
    // A token about to expire would be refused: the visitor's row then goes with the anon key.
    if (typeof session.expires_at === 'number' && session.expires_at * 1000 < Date.now() + 10_000) {
      return undefined;
    }
    return session.access_token;
  } catch {
    return undefined;
  }
}
