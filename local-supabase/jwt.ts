import fs from 'node:fs';
import {
  SignJWT,
  createLocalJWKSet,
  decodeProtectedHeader,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { JWT_SECRET } from './config.ts';

const secret = new TextEncoder().encode(JWT_SECRET);

export interface Claims extends JWTPayload {
  role: string;
  sub?: string;
  email?: string;
  session_id?: string;
}

/**
 * The project's JWT keys, as GoTrue's JWT_KEYS (the Supabase CLI's `[auth] signing_keys_path`: a
 * JSON array of private JWKs). With none configured, tokens are HS256 with the project secret, the
 * CLI's and a legacy hosted project's default. With keys, the first one signs (RS256 or ES256, its
 * `kid` in the header), every key verifies, and their public halves are the JWKS Auth publishes at
 * /auth/v1/.well-known/jwks.json. HS256 tokens signed with the secret stay valid either way (the
 * legacy anon and service_role keys are such tokens), as on a hosted project that rotated to
 * asymmetric keys.
 */
interface SigningKeys {
  alg: 'RS256' | 'ES256';
  kid: string;
  privateKey: CryptoKey | Uint8Array;
  publicKeys: JWK[];
  verifier: JWTVerifyGetKey;
}

let signingKeys: Promise<SigningKeys | undefined> = Promise.resolve(undefined);

const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

function algorithmOf(jwk: JWK): 'RS256' | 'ES256' {
  if (jwk.kty === 'RSA' && (jwk.alg === undefined || jwk.alg === 'RS256')) return 'RS256';
  if (jwk.kty === 'EC' && jwk.crv === 'P-256' && (jwk.alg === undefined || jwk.alg === 'ES256'))
    return 'ES256';
  throw new Error(`signing key ${jwk.kid ?? '?'}: only RS256 (RSA) and ES256 (EC P-256) keys are supported`);
}

/** The public half of a private JWK, as a JWKS lists it. */
export function publicJwk(jwk: JWK): JWK {
  const copy: Record<string, unknown> = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return { ...(copy as JWK), alg: algorithmOf(jwk), use: 'sig', key_ops: ['verify'], ext: true };
}

async function prepare(keys: JWK[]): Promise<SigningKeys | undefined> {
  if (keys.length === 0) return undefined;
  const [first] = keys;
  if (!first.kid) throw new Error('signing keys: every key needs a kid');
  if (!first.d)
    throw new Error(`signing key ${first.kid}: the first key signs, so it needs its private part`);
  const alg = algorithmOf(first);
  const publicKeys = keys.map(publicJwk);
  return {
    alg,
    kid: first.kid,
    // The file's key_ops/use describe the pair; the private half is imported for signing alone.
    privateKey: await importJWK({ ...first, key_ops: undefined, use: undefined }, alg),
    publicKeys,
    verifier: createLocalJWKSet({ keys: publicKeys }),
  };
}

/** Uses these private JWKs from now on (an empty list: HS256 with the project secret). */
export function setSigningKeys(keys: JWK[]): Promise<void> {
  signingKeys = prepare(keys);
  return signingKeys.then(() => undefined);
}

/** Reads a signing keys file (the CLI's signing_keys.json: a JSON array of private JWKs). */
export function readSigningKeys(file: string): JWK[] {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown }).keys;
  if (!Array.isArray(keys)) throw new Error(`${file}: expected a JSON array of JWKs`);
  return keys as JWK[];
}

/** The public keys tokens may be verified with: Auth's JWKS (empty while only HS256 is in use). */
export async function jwks(): Promise<{ keys: JWK[] }> {
  return { keys: (await signingKeys)?.publicKeys ?? [] };
}

export interface VerifyOptions {
  /**
   * Refuse a token without `exp` (default true): one would be valid forever. GoTrue itself does not
   * require it (the admin tokens of auth-js's own tests have none), so Auth turns this off.
   */
  requireExp?: boolean;
}

/**
 * Verifies a token signed with the project secret (HS256) or one of the project's signing keys. A
 * token must say when it expires unless told otherwise (JWTClaimValidationFailed, claim "exp").
 */
export async function verifyJwt(token: string, options: VerifyOptions = {}): Promise<Claims> {
  const requiredClaims = options.requireExp === false ? [] : ['exp'];
  const { alg } = decodeProtectedHeader(token);
  const keys = await signingKeys;
  const { payload } =
    alg === 'HS256' || !keys
      ? await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims })
      : await jwtVerify(token, keys.verifier, { algorithms: ['RS256', 'ES256'], requiredClaims });
  if (typeof payload.role !== 'string') throw new Error('JWT has no role claim');
  return payload as Claims;
}

export async function signJwt(claims: Claims, expiresInSeconds: number): Promise<string> {
  const keys = await signingKeys;
  const header = keys ? { alg: keys.alg, typ: 'JWT', kid: keys.kid } : { alg: 'HS256', typ: 'JWT' };
  return new SignJWT(claims)
    .setProtectedHeader(header)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .sign(keys?.privateKey ?? secret);
}
