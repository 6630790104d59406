import type { IncomingMessage } from 'node:http';
import { decodeJwt } from 'jose';
import { bearerToken } from '../http.ts';
import { verifyJwt } from '../jwt.ts';
import { apiError } from './errors.ts';

/**
 * PostgREST's JWT check: the bearer token (or the apikey) decides the role the request runs as;
 * no token means the anonymous role. Answers 401 with PostgREST's codes and messages otherwise.
 */

export interface Claims {
  role: string;
  [key: string]: unknown;
}

export const ANON_ROLE = 'anon';
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export async function authenticate(req: IncomingMessage, url: URL): Promise<Claims> {
  const hasAuthHeader = typeof req.headers.authorization === 'string';
  const token = bearerToken(req, url);
  if (hasAuthHeader && /^bearer\s*$/i.test(req.headers.authorization as string)) {
    throw apiError(401, 'PGRST301', 'Empty JWT is sent in Authorization header', null, null, {
      'WWW-Authenticate':
        'Bearer error="invalid_token", error_description="Empty JWT is sent in Authorization header"',
    });
  }
  if (!token) return { role: ANON_ROLE };
  const invalid = (code: string, message: string) =>
    apiError(401, code, message, null, null, {
      'WWW-Authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    });
  const parts = token.split('.').length;
  if (parts !== 3) throw invalid('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
  let claims: Claims;
  try {
    const verified = await verifyJwt(token);
    claims = { ...verified, role: verified.role };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') throw invalid('PGRST303', 'JWT expired');
    if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') {
      const claim = (error as { claim?: string }).claim;
      if (claim === 'nbf') throw invalid('PGRST303', 'JWT not yet valid');
      if (claim === 'iat') throw invalid('PGRST303', 'JWT issued at future');
      throw invalid('PGRST303', 'Parsing claims failed');
    }
    if (code === 'ERR_JOSE_ALG_NOT_ALLOWED')
      throw invalid('PGRST301', 'Wrong or unsupported encoding algorithm');
    if (code === undefined && (error as Error).message === 'JWT has no role claim') {
      // A valid token without a role claim gets the anonymous role, as in PostgREST.
      return { ...(decodeJwt(token) as Record<string, unknown>), role: ANON_ROLE };
    }
    if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') {
      throw invalid('PGRST301', 'JWT cryptographic operation failed');
    }
    throw invalid('PGRST301', "JWT couldn't be decoded");
  }
  // Only the API roles may be assumed: the answer Postgres gives for any other role.
  if (!API_ROLES.has(claims.role)) {
    throw apiError(403, '42501', `permission denied to set role "${claims.role}"`);
  }
  return claims;
}
