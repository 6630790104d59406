import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SignJWT } from 'jose';
import { JWT_SECRET } from '../../local-supabase/config.ts';
import { anonClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';

/**
 * The gateway's API key rule, as Supabase's: REST, Auth and Realtime need the project's key (header
 * or query parameter); email links and preflights do not; functions check a key only if one is sent.
 * And no service accepts a token that never expires.
 */
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${stackEnv.url}${path}`, { headers });

describe('the API key', () => {
  it('is required by REST and Auth: 401 without one, 401 for a wrong one', async () => {
    for (const path of ['/rest/v1/feature_flags?select=key', '/auth/v1/settings', '/auth/v1/health']) {
      const none = await get(path);
      expect(none.status, path).toBe(401);
      expect(await none.json()).toEqual({ message: 'No API key found in request' });
      const wrong = await get(path, { apikey: 'not-our-key' });
      expect(wrong.status, path).toBe(401);
      expect(await wrong.json()).toEqual({ message: 'Invalid API key' });
    }
    // A bearer token alone is no API key.
    const { client } = await signedInClient();
    const token = (await client.auth.getSession()).data.session!.access_token;
    expect(
      (await get('/rest/v1/feature_flags?select=key', { Authorization: `Bearer ${token}` })).status,
    ).toBe(401);
  });

  it('is taken from the header or the query string', async () => {
    expect((await get('/rest/v1/feature_flags?select=key', { apikey: stackEnv.anonKey })).status).toBe(200);
    const query = await get(`/rest/v1/feature_flags?select=key&apikey=${stackEnv.anonKey}`);
    expect(query.status).toBe(200);
  });

  it('is not needed for the links in emails, nor for preflights', async () => {
    const link = await fetch(
      `${stackEnv.url}/auth/v1/verify?token=unknown&type=recovery&redirect_to=${encodeURIComponent(stackEnv.siteUrl)}`,
      { redirect: 'manual' },
    );
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toContain('error_code=otp_expired');
    const preflight = await fetch(`${stackEnv.url}/rest/v1/feature_flags`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://example.com', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBeLessThan(300);
  });

  it('lets functions decide without one, but refuses a wrong one before a function runs', async () => {
    const none = await fetch(`${stackEnv.url}/functions/v1/no-such-function`, { method: 'POST' });
    expect(none.status).toBe(404); // reached the functions service
    const wrong = await fetch(`${stackEnv.url}/functions/v1/no-such-function?apikey=forged`, {
      method: 'POST',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'Invalid API key' });
  });

  it('is required to open a Realtime socket', async () => {
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${stackEnv.url.replace('http', 'ws')}/realtime/v1/websocket?vsn=2.0.0`);
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('error', () => {});
    });
    expect(status).toBe(401);
  });
});

describe('tokens without an expiry', () => {
  const forever = (claims: Record<string, unknown>) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .sign(new TextEncoder().encode(JWT_SECRET));

  it('are refused by REST (401) and by Auth (403 bad_jwt), though correctly signed', async () => {
    const { userId, client } = await signedInClient({ email: uniqueEmail('forever') });
    const session = (await client.auth.getSession()).data.session!;
    const token = await forever({
      sub: userId,
      role: 'authenticated',
      aud: 'authenticated',
      session_id: JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString())
        .session_id,
    });
    const rest = await get('/rest/v1/feature_flags?select=key', {
      apikey: stackEnv.anonKey,
      Authorization: `Bearer ${token}`,
    });
    expect(rest.status).toBe(401);
    expect(await rest.json()).toMatchObject({ code: 'PGRST303' });

    const { data, error } = await anonClient().auth.getUser(token);
    expect(data.user).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
    expect(error?.message).toContain('exp claim is required');
  });
});
