import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAuthSettings } from '../../local-supabase/auth/config.ts';
import { anonClient, serviceClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { signedUpThroughEmail } from '../support/sign-up.ts';
import { clientFrom, fetchFrom, freshLoopbackAddress, startAuth, type ExtraAuth } from './auth-support.ts';

/**
 * Auth's rate limits (config.toml [auth.rate_limit], per client address, GoTrue's buckets of 30),
 * and the size limits on what a client may store: passwords in bytes as bcrypt reads them, metadata.
 * The limits are checked on an Auth of their own with config.toml's values: the test stack allows
 * its suites more sign-ups and sign-ins from one address (scripts/with-test-stack.ts).
 */

const limits = readAuthSettings().rateLimit;
const BURST = 30;
let limited: ExtraAuth;
beforeAll(async () => {
  limited = await startAuth(3600, { rateLimits: limits });
});
afterAll(async () => limited?.stop());

/**
 * Fires `count` requests at once from one address; returns their statuses and bodies. Each claims
 * another X-Forwarded-For: were the client's own header trusted, each would have a bucket of its own.
 */
async function burst(address: string, count: number, path: string, body: unknown) {
  const post = fetchFrom(address);
  const started = Date.now();
  const answers = await Promise.all(
    Array.from({ length: count }, async () => {
      const response = await post(`${limited.url}/auth/v1${path}`, {
        method: 'POST',
        headers: {
          apikey: stackEnv.anonKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
          'X-Forwarded-For': `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    }),
  );
  return { answers, seconds: (Date.now() - started) / 1000 };
}

describe('request rate limits per client address', () => {
  it('answers sign-in attempts past the bucket with 429, and only for that address', async () => {
    const attacker = freshLoopbackAddress();
    // Wrong passwords for an account: each costs a bcrypt comparison until the limit stops them.
    const { email } = await signedInClient();
    const { answers, seconds } = await burst(attacker, BURST + 10, '/token?grant_type=password', {
      email,
      password: 'not-the-password',
    });
    const refused = answers.filter((a) => a.status === 429);
    const answered = answers.filter((a) => a.status === 400);
    expect(answered.length + refused.length).toBe(answers.length);
    // 30 at once, then token_refresh per 5 minutes (config.toml) while they ran.
    expect(answered.length).toBeGreaterThanOrEqual(BURST);
    expect(answered.length).toBeLessThanOrEqual(BURST + Math.ceil((seconds * limits.tokenRefresh) / 300));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].body).toEqual({
      code: 'over_request_rate_limit',
      message: 'Request rate limit reached',
    });
    expect(answered[0].body).toMatchObject({ code: 'invalid_credentials' });

    // The right password from another address still signs in.
    const other = clientFrom(freshLoopbackAddress(), stackEnv.anonKey, limited.url);
    const { error } = await other.auth.signInWithPassword({ email, password: 'correct-horse-battery-9' });
    expect(error).toBeNull();
  });

  it('limits sign-ups and password recovery requests at the sign_in_sign_ups rate', async () => {
    for (const [path, body] of [
      ['/signup', { email: 'not-an-email', password: 'long-enough-1' }],
      ['/recover', { email: 'not-an-email' }],
    ] as const) {
      const { answers, seconds } = await burst(freshLoopbackAddress(), BURST + 5, path, body);
      const answered = answers.filter((a) => a.status === 400).length;
      expect(answered, path).toBeGreaterThanOrEqual(BURST);
      expect(answered, path).toBeLessThanOrEqual(BURST + Math.ceil((seconds * limits.signInSignUps) / 300));
      expect(answers.filter((a) => a.status === 429).length, path).toBe(answers.length - answered);
    }
  });

  it('limits link verifications at the token_verifications rate', async () => {
    const { answers } = await burst(freshLoopbackAddress(), BURST + 5, '/verify', {
      type: 'recovery',
      token_hash: 'guessed-token',
    });
    expect(answers.filter((a) => a.status === 403).length).toBeGreaterThanOrEqual(BURST);
    expect(answers.some((a) => a.status === 429)).toBe(true);
  });
});

describe('the project-wide email limit', () => {
  let auth: ExtraAuth;
  beforeAll(async () => {
    auth = await startAuth(3600, { rateLimits: { emailSent: 2 } });
  });
  afterAll(async () => auth?.stop());

  it('refuses emails past email_sent an hour, for known and unknown addresses alike', async () => {
    const { email } = await signedInClient();
    const results = [];
    for (const to of [email, uniqueEmail('a'), email, uniqueEmail('b')]) {
      results.push(await auth.client().auth.resetPasswordForEmail(to));
    }
    expect(results.slice(0, 2).map((r) => r.error)).toEqual([null, null]);
    for (const result of results.slice(2)) {
      expect(result.error?.status).toBe(429);
      expect(result.error?.code).toBe('over_email_send_rate_limit');
      expect(result.error?.message).toBe('email rate limit exceeded');
    }
  });
});

describe('passwords, in bytes as bcrypt reads them', () => {
  const accented = (n: number) => 'é'.repeat(n); // 2 bytes each in UTF-8

  it('refuses a password over 72 bytes, even of fewer characters', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail(), password: accented(37) });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Password cannot be longer than 72 characters');
    const update = await (await signedInClient()).client.auth.updateUser({ password: accented(72) });
    expect(update.error?.status).toBe(400);
  });

  it('takes 72 bytes, and never lets a longer password in on its first 72 bytes', async () => {
    const email = uniqueEmail('bytes');
    const password = accented(36); // exactly 72 bytes
    await signedUpThroughEmail({ email, password });
    expect((await anonClient().auth.signInWithPassword({ email, password })).error).toBeNull();
    const longer = await anonClient().auth.signInWithPassword({ email, password: `${password}ZZZ` });
    expect(longer.error?.code).toBe('invalid_credentials');
  });
});

describe('user metadata size', () => {
  const big = 'x'.repeat(5000);

  it('refuses metadata over 4 KB at sign-up and on update, so tokens stay small enough for headers', async () => {
    const signUp = await anonClient().auth.signUp({
      email: uniqueEmail(),
      password: 'long-enough-1',
      options: { data: { first_name: big } },
    });
    expect(signUp.error?.status).toBe(400);
    expect(signUp.error?.code).toBe('validation_failed');
    expect(signUp.error?.message).toMatch(/user_metadata is too large/);

    const { client } = await signedInClient();
    const update = await client.auth.updateUser({ data: { bio: big } });
    expect(update.error?.status).toBe(400);
    const admin = await serviceClient().auth.admin.createUser({
      email: uniqueEmail(),
      user_metadata: { bio: big },
    });
    expect(admin.error?.status).toBe(400);
  });

  it('keeps a session usable at the largest metadata allowed', async () => {
    const { client } = await signedInClient();
    const { error } = await client.auth.updateUser({ data: { bio: 'y'.repeat(3900) } });
    expect(error).toBeNull();
    const { data } = await client.auth.refreshSession();
    expect(data.session).not.toBeNull();
    const rows = await client.from('feature_flags').select('key').limit(1);
    expect(rows.error).toBeNull();
  });
});
