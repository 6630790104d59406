import { verifyJwt, type Claims } from '../jwt.ts';

/**
 * The apikey and access tokens a client gives (on the socket, in a join, in an `access_token`
 * push, on the HTTP API), verified into claims, refused with hosted Realtime's codes and messages.
 */

export class TokenError extends Error {
  constructor(
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function claimsOf(token: string): Promise<Claims> {
  let claims: Claims;
  try {
    claims = await verifyJwt(token);
  } catch (error) {
    const e = error as { code?: string; message: string; payload?: { exp?: number } };
    if (e.code === 'ERR_JWT_EXPIRED') {
      const ago = Math.max(0, Math.floor(Date.now() / 1000) - Number(e.payload?.exp ?? 0));
      throw new TokenError('InvalidJWTToken', `Token has expired ${ago} seconds ago`);
    }
    if (e.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') {
      throw new TokenError('JwtSignatureError', 'Failed to validate JWT signature');
    }
    if (e.code === 'ERR_JWS_INVALID' || e.code === 'ERR_JWT_INVALID') {
      throw new TokenError('MalformedJWT', 'The token provided is not a valid JWT');
    }
    throw new TokenError('InvalidJWTToken', e.message);
  }
  if (typeof claims.exp !== 'number') {
    throw new TokenError('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT');
  }
  return claims;
}
