import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { JWT_SECRET } from './config.ts';

const key = new TextEncoder().encode(JWT_SECRET);

export interface Claims extends JWTPayload {
  role: string;
  sub?: string;
  email?: string;
  session_id?: string;
}

/**
 * Verifies an HS256 token signed with the project secret. A token must say when it expires: one
 * without `exp` would be valid forever, so it is refused (JWTClaimValidationFailed, claim "exp").
 */
export async function verifyJwt(token: string): Promise<Claims> {
  const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
  if (typeof payload.role !== 'string') throw new Error('JWT has no role claim');
  return payload as Claims;
}

export async function signJwt(claims: Claims, expiresInSeconds: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(key);
}
