import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_TOML, parseAuthSettings } from '../../local-supabase/auth/config.ts';
import { setSigningKeys, verifyJwt } from '../../local-supabase/jwt.ts';
import { serviceClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { startAuth, type ExtraAuth } from './auth-support.ts';

/**
 * Asymmetric JWT signing keys, as hosted Supabase offers them: with `[auth] signing_keys_path`
 * naming the CLI's signing_keys.json, Auth signs with the first key (ES256 here), publishes the
 * public keys at /auth/v1/.well-known/jwks.json, and supabase-js's getClaims() verifies locally.
 * REST, Realtime and the functions runner verify through the same local-supabase/jwt.ts.
 */
/** A confirmed account (the test stack's admin API, same database) to sign in with. */
async function confirmedAccount(email: string, password: string) {
  const { error } = await serviceClient().auth.admin.createUser({ email, password, email_confirm: true });
  if (error) throw error;
}

describe('ES256 signing keys', () => {
  let auth: ExtraAuth;
  let dir: string;
  let kid: string;

  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    kid = `test-${Date.now().toString(36)}`;
    const jwk = {
      ...(await exportJWK(privateKey)),
      kid,
      alg: 'ES256',
      use: 'sig',
      key_ops: ['sign', 'verify'],
    };
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-keys-'));
    const keysFile = path.join(dir, 'signing_keys.json');
    fs.writeFileSync(keysFile, JSON.stringify([jwk]));
    const toml = `${fs.readFileSync(CONFIG_TOML, 'utf8')}\n[auth]\nsigning_keys_path = ${JSON.stringify(keysFile)}`;
    auth = await startAuth(3600, { settings: parseAuthSettings(toml) });
  });
  afterAll(async () => {
    await auth?.stop();
    await setSigningKeys([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('signs access tokens with the key and publishes only its public half', async () => {
    const email = uniqueEmail('es256');
    await confirmedAccount(email, 'elliptic-1');
    const { data, error } = await auth.client().auth.signInWithPassword({ email, password: 'elliptic-1' });
    expect(error).toBeNull();
    expect(decodeProtectedHeader(data.session!.access_token)).toEqual({ alg: 'ES256', typ: 'JWT', kid });

    const response = await fetch(`${auth.url}/auth/v1/.well-known/jwks.json`, {
      headers: { apikey: stackEnv.anonKey },
    });
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', kid, alg: 'ES256' });
    expect(keys[0]).not.toHaveProperty('d');
  });

  it('lets getClaims() verify the token with the JWKS, without asking Auth for the user', async () => {
    const calls: string[] = [];
    const client = auth.client();
    const email = uniqueEmail('claims');
    await confirmedAccount(email, 'elliptic-1');
    expect((await client.auth.signInWithPassword({ email, password: 'elliptic-1' })).error).toBeNull();
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return original(input, init);
    };
    try {
      const { data, error } = await client.auth.getClaims();
      expect(error).toBeNull();
      expect(data?.claims.email).toBe(email);
      expect(data?.header.alg).toBe('ES256');
    } finally {
      globalThis.fetch = original;
    }
    expect(calls).not.toContain('/auth/v1/user');
  });

  it('still accepts HS256 tokens signed with the project secret, and refuses a stranger key', async () => {
    expect((await verifyJwt(stackEnv.anonKey)).role).toBe('anon');
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setExpirationTime('1h')
      .sign(privateKey);
    await expect(verifyJwt(forged)).rejects.toThrow();
  });
});
