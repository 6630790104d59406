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
