import { verifyJwt } from '../jwt.ts';
import type { AuthApi, AuthRequest } from './api.ts';
import { AuthError, badRequest, forbidden } from './errors.ts';
import type { LimiterName } from './rate-limit.ts';
import { sessionExists } from './sessions.ts';
import { findUserById, isBanned, isUuid } from './store.ts';

/** What runs before an endpoint (GoTrue's middleware): it may refuse, or add to the request. */
export type Middleware = (api: AuthApi, r: AuthRequest) => Promise<void> | void;

/** GoTrue's limitHandler: one request from the client's address against the named limiter. */
export const limit =
  (name: LimiterName): Middleware =>
  (api, r) =>
    api.limits.check(name, r.ip);

function bearer(r: AuthRequest): string {
  const header = r.req.headers.authorization;
  if (!header || !/^bearer /i.test(header) || !header.slice(7).trim()) {
    throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  }
  return header.slice(7).trim();
}

/** GoTrue's wording for a token it cannot accept. */
function badJwt(error: unknown): AuthError {
  const { code, claim } = error as { code?: string; claim?: string };
  let reason = 'signature is invalid';
  if (code === 'ERR_JWT_EXPIRED') reason = 'token is expired';
  else if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' && claim === 'exp') {
    reason = 'token is missing required claim: exp claim is required';
  }
  return forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
}

/** The signed-in caller, from `Authorization: Bearer <access token>`, as GoTrue checks it. */
export const requireAuthentication: Middleware = async (api, r) => {
  let claims;
  try {
    claims = await verifyJwt(bearer(r));
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw badJwt(error);
  }
  if (!claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(claims.sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(api.pool, claims.sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  const sessionId = claims.session_id;
  if (sessionId !== undefined) {
    if (!isUuid(sessionId)) throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    if (!(await sessionExists(api.pool, sessionId))) {
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
    }
  }
  const audience = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (audience !== (user.aud ?? 'authenticated')) {
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  r.user = user;
  r.sessionId = sessionId;
  r.claims = claims;
};

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** GoTrue's requireAdminCredentials: a valid token whose role is an admin role. */
export const requireAdmin: Middleware = async (_api, r) => {
  let claims;
  try {
    // GoTrue does not require `exp` of an admin token (auth-js's own tests send one without).
    claims = await verifyJwt(bearer(r), { requireExp: false });
  } catch (error) {
    if (error instanceof AuthError) throw error;
    throw badJwt(error);
  }
  if (!ADMIN_ROLES.has(claims.role)) throw forbidden('not_admin', 'User not allowed');
  r.claims = claims;
};
