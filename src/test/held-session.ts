import { heldSessionKey } from '@/lib/held-session';

/** A token's part as a JWT carries it: JSON, base64url without padding. */
export const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/**
 * Leaves in localStorage what supabase-js keeps for a signed-in `user`: a session whose access token
 * names the user and their sign-in session `session`, good for `validForS` seconds more.
 */
export function holdSession(user: string, session: string, validForS = 3600) {
  const expiresAt = Math.floor(Date.now() / 1000) + validForS;
  const accessToken = `${base64url({ alg: 'HS256' })}.${base64url({ sub: user, session_id: session, exp: expiresAt })}.sig`;
  window.localStorage.setItem(
    heldSessionKey(),
    JSON.stringify({ access_token: accessToken, expires_at: expiresAt, user: { id: user } }),
  );
}
