import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { TWO_FACTOR_REASONS } from '../_shared/staff-two-factor.ts';
import { jsonRequest, memoryLogger, NOW } from '../_shared/testing.ts';
import { createHandler, iceConfigFrom, turnCredential, type IceConfig } from './handler.ts';

const SESSION = '7f3c1a52-52a4-4b8e-9d57-0f2b1c3d4e5f';
const USER = 'a0000000-0000-4000-8000-000000000003';

const production: IceConfig = {
  stunUrls: ['stun:turn.ploom.example:3478'],
  turnUrls: ['turn:turn.ploom.example:3478?transport=udp', 'turns:turn.ploom.example:443?transport=tcp'],
  turnSecret: 'north-star-secret',
  ttlSeconds: 3600,
};

function setup(config: IceConfig = production) {
  const logger = memoryLogger();
  const asked: { token: string; sessionId: string }[] = [];
  const handler = createHandler({
    config,
    now: () => NOW,
    logger,
    rooms: {
      callerOf: (token) => Promise.resolve(token === 'anon-key' ? null : USER),
      roleIn(token, sessionId) {
        asked.push({ token, sessionId });
        return Promise.resolve(token === 'participant' ? 'parent' : null);
      },
      // 'coach-aal1': the session's coach, with an authenticator app, signed in with a password only
      twoFactorStep: (token) => Promise.resolve(token === 'coach-aal1' ? 'verify' : 'none'),
    },
  });
  return { handler, logger, asked };
}

const ask = (token: string | null, body: unknown = { session_id: SESSION }) =>
  jsonRequest(body, { headers: token ? { Authorization: `Bearer ${token}` } : { Authorization: '' } });

Deno.test('a participant gets the STUN servers and a TURN credential in the coturn REST scheme', async () => {
  const { handler, asked } = setup();
  const response = await handler(ask('participant'));
  assert.equal(response.status, 200);
  assert.equal(response.headers.get('Access-Control-Allow-Origin'), '*');
  const body = await response.json();
  const expiry = Math.floor(NOW.getTime() / 1000) + 3600;
  const username = `${expiry}:${USER}`;
  // The credential as coturn computes it (use-auth-secret): base64 of HMAC-SHA1 over the username.
  const expected = createHmac('sha1', 'north-star-secret').update(username).digest('base64');
  assert.deepEqual(body, {
    iceServers: [
      { urls: ['stun:turn.ploom.example:3478'] },
      { urls: production.turnUrls, username, credential: expected },
    ],
    expiresAt: new Date(expiry * 1000).toISOString(),
  });
  assert.deepEqual(asked, [{ token: 'participant', sessionId: SESSION }]);
});

Deno.test('without TURN configured (the local stack) it answers no servers at all', async () => {
  const { handler } = setup(iceConfigFrom(() => undefined));
  const response = await handler(ask('participant'));
  assert.deepEqual(await response.json(), { iceServers: [], expiresAt: null });
});

Deno.test('someone who is not in the session gets 403, and nothing else', async () => {
  const { handler } = setup();
  const response = await handler(ask('stranger'));
  assert.equal(response.status, 403);
  assert.deepEqual(await response.json(), { error: "Only the session's participants may join its room" });
});

Deno.test('staff short of two-factor sign-in get 403 with the reason, and no TURN credential', async () => {
  const { handler, asked } = setup();
  const response = await handler(ask('coach-aal1'));
  assert.equal(response.status, 403);
  assert.deepEqual(await response.json(), { error: TWO_FACTOR_REASONS.verify });
  assert.deepEqual(asked, []);
});

Deno.test('401 without a signed-in user; 400 with the reason for a bad session id', async () => {
  const { handler, asked } = setup();
  assert.equal((await handler(ask(null))).status, 401);
  assert.equal((await handler(ask('anon-key'))).status, 401);
  const bad = await handler(ask('participant', { session_id: 'room-1' }));
  assert.equal(bad.status, 400);
  assert.deepEqual(await bad.json(), { error: 'session_id: must be a session id' });
  assert.equal(asked.length, 0);
});

Deno.test('TURN URLs without the secret are a server fault (500), logged, with no credential', async () => {
  const { handler, logger } = setup({ ...production, turnSecret: undefined });
  const response = await handler(ask('participant'));
  assert.equal(response.status, 500);
  assert.match(logger.lines[0], /TURN_SECRET/);
});

Deno.test('the configuration is read from the secrets, and a URL of the wrong kind is refused', () => {
  const env: Record<string, string> = {
    STUN_URLS: 'stun:a.example:3478',
    TURN_URLS: 'turn:a.example:3478, turns:a.example:443?transport=tcp',
    TURN_SECRET: 's',
    TURN_TTL_SECONDS: '600',
  };
  assert.deepEqual(
    iceConfigFrom((n) => env[n]),
    {
      stunUrls: ['stun:a.example:3478'],
      turnUrls: ['turn:a.example:3478', 'turns:a.example:443?transport=tcp'],
      turnSecret: 's',
      ttlSeconds: 600,
    },
  );
  assert.throws(
    () => iceConfigFrom((n) => (n === 'TURN_URLS' ? 'https://a.example' : undefined)),
    /TURN_URLS/,
  );
});

Deno.test('turnCredential matches a known HMAC-SHA1', async () => {
  // RFC 2202, test case 2: key "Jefe", data "what do ya want for nothing?".
  const hex = 'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79';
  const bytes = hex.match(/../g)!.map((h) => parseInt(h, 16));
  assert.equal(
    await turnCredential('Jefe', 'what do ya want for nothing?'),
    btoa(String.fromCharCode(...bytes)),
  );
});
