/**
 * The URL fragment the app was opened with, read once at start-up: supabase-js clears it after
 * reading an email link's tokens, but the reset page still needs to know what the link said.
 */
const initialHash = typeof window === 'undefined' ? '' : window.location.hash;

export interface AuthLinkInfo {
  /** The link's error text (e.g. an expired link), if any. */
  errorDescription: string | null;
  /** The link's type (recovery, signup, ...), if any. */
  type: string | null;
}

export function readAuthLink(hash: string = initialHash): AuthLinkInfo {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const errorDescription =
    params.get('error_description') ?? (params.get('error') ? 'The link is invalid.' : null);
  return { errorDescription, type: params.get('type') };
}
