import * as OTPAuth from 'otpauth';
import { decodeJwt } from 'jose';
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInClient } from '../support/stack';
import { clientFrom, freshLoopbackAddress } from './auth-support';

/**
 * MFA with TOTP through supabase-js' own `auth.mfa` API, as against hosted Supabase Auth: enrol,
 * challenge, verify with a code computed here from the secret, the assurance level in the tokens,
 * unenrol, and the admin's list and delete.
 */

const codeFor = (secret: string, timestamp = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp,
  });

/** A code for another time step than now and its neighbours: valid-looking, but not accepted. */
const staleCode = (secret: string) => codeFor(secret, Date.now() - 5 * 60_000);

async function enrolled(client: SupabaseClient, friendlyName = 'Phone') {
  const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'Ploom' });
  if (error) throw error;
  return data;
}

async function verified(client: SupabaseClient) {
  const factor = await enrolled(client);
  const { data, error } = await client.auth.mfa.challengeAndVerify({
    factorId: factor.id,
    code: codeFor(factor.totp.secret),
  });
  if (error) throw error;
  return { factor, session: data };
}

async function currentClaims(client: SupabaseClient) {
  const { data } = await client.auth.getSession();
  return decodeJwt(data.session!.access_token) as {
    aal: string;
    amr: { method: string; timestamp: number }[];
  };
}

describe('MFA (TOTP) in Auth', () => {
  it('an ordinary sign-in is aal1 with the password in amr, and aal2 is next once a factor is verified', async () => {
    const { client } = await signedInClient();
    const claims = await currentClaims(client);
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((entry) => entry.method)).toEqual(['password']);
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
  });

  it('enrols a factor: a secret, its otpauth URI and a QR code as an SVG data URI', async () => {
    const { client, email } = await signedInClient();
    const factor = await enrolled(client);
    expect(factor.type).toBe('totp');
    expect(factor.friendly_name).toBe('Phone');
    expect(factor.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp.uri).toContain('otpauth://totp/Ploom:');
    expect(factor.totp.uri).toContain(encodeURIComponent(email));
    expect(factor.totp.uri).toContain(`secret=${factor.totp.secret}`);
    expect(factor.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);

    const { data } = await client.auth.mfa.listFactors();
    expect(data!.all.map((f) => [f.id, f.status])).toEqual([[factor.id, 'unverified']]);
    expect(data!.totp).toEqual([]);
  });

  it('verifies a code: the session reaches aal2 with totp in amr, and refreshing keeps it', async () => {
    const { client } = await signedInClient();
    const { factor } = await verified(client);
    const claims = await currentClaims(client);
    expect(claims.aal).toBe('aal2');
    expect(claims.amr.map((entry) => entry.method)).toEqual(['totp', 'password']);
    expect(claims.amr[0].timestamp).toBeGreaterThan(Date.now() / 1000 - 60);

    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const { data } = await client.auth.mfa.listFactors();
    expect(data!.totp.map((f) => [f.id, f.status])).toEqual([[factor.id, 'verified']]);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect((decodeJwt(refreshed.data.session!.access_token) as { aal: string }).aal).toBe('aal2');
  });

  it('a later password sign-in is aal1 with aal2 next, until the code is given', async () => {
    const { client, email, password } = await signedInClient();
    const { factor } = await verified(client);
    const again = anonClient();
    expect((await again.auth.signInWithPassword({ email, password })).error).toBeNull();
    const level = await again.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const done = await again.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret),
    });
    expect(done.error).toBeNull();
    expect((await currentClaims(again)).aal).toBe('aal2');
  });

  it('refuses a wrong code, a stale code, and a challenge of another factor, as GoTrue does', async () => {
    const { client } = await signedInClient();
    const factor = await enrolled(client);
    const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000);

    const wrong = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: staleCode(factor.totp.secret),
    });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });

    const empty = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: '',
    });
    expect(empty.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const unknown = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: crypto.randomUUID(),
      code: codeFor(factor.totp.secret),
    });
    expect(unknown.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });

    const noFactor = await client.auth.mfa.challenge({ factorId: crypto.randomUUID() });
    expect(noFactor.error).toMatchObject({
      status: 404,
      code: 'mfa_factor_not_found',
      message: 'Factor not found',
    });

    // The right code still works on the same challenge, and that challenge then cannot be used again.
    const ok = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(ok.error).toBeNull();
    const replay = await client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
  });

  it("another user's factor is not found", async () => {
    const { client } = await signedInClient();
    const factor = await enrolled(client);
    const { client: other } = await signedInClient();
    const challenge = await other.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
    const remove = await other.auth.mfa.unenroll({ factorId: factor.id });
    expect(remove.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('names are unique per user, and a second factor needs aal2 once one is verified', async () => {
    const { client, email, password } = await signedInClient();
    await enrolled(client, 'Work phone');
    const twice = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' });
    expect(twice.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });

    const unsupported = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+441234567890' });
    expect(unsupported.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });

    await verified(client);
    const aal1 = anonClient();
    await aal1.auth.signInWithPassword({ email, password });
    const second = await aal1.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' });
    expect(second.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
  });

  it('unenrols: an unverified factor at aal1; a verified one only at aal2, and the session drops to aal1', async () => {
    const { client, email, password } = await signedInClient();
    const { factor } = await verified(client);

    const aal1 = anonClient();
    await aal1.auth.signInWithPassword({ email, password });
    const refused = await aal1.auth.mfa.unenroll({ factorId: factor.id });
    expect(refused.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    });

    const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
    expect(removed.error).toBeNull();
    expect(removed.data).toEqual({ id: factor.id });
    const refreshed = await client.auth.refreshSession();
    const claims = decodeJwt(refreshed.data.session!.access_token) as {
      aal: string;
      amr: { method: string }[];
    };
    expect(claims.aal).toBe('aal1');
    expect(claims.amr.map((entry) => entry.method)).toEqual(['password']);
    const { data } = await client.auth.mfa.listFactors();
    expect(data!.all).toEqual([]);
  });

  it('limits verification attempts per client address (token_verifications), so codes cannot be guessed', async () => {
    const address = freshLoopbackAddress();
    const { email, password } = await signedInClient();
    const client = clientFrom(address);
    expect((await client.auth.signInWithPassword({ email, password })).error).toBeNull();
    // Five guesses on each of seven factors: under the MFA verification hook's five per factor
    // (child-login-guards.test.ts), so only the address's limit (30, then its refill) refuses.
    const challenges = [];
    for (let i = 0; i < 7; i += 1) {
      const factor = await enrolled(client, `Phone ${i}`);
      const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
      challenges.push({ factor, challengeId: challenge.data!.id });
    }
    const guesses = await Promise.all(
      challenges.flatMap(({ factor, challengeId }) =>
        Array.from({ length: 5 }, () =>
          client.auth.mfa.verify({ factorId: factor.id, challengeId, code: staleCode(factor.totp.secret) }),
        ),
      ),
    );
    const statuses = guesses.map((guess) => guess.error?.status);
    expect(statuses.filter((status) => status === 422).length).toBeGreaterThanOrEqual(28);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 422 && status !== 429)).toEqual([]);
    expect(guesses.find((guess) => guess.error?.status === 429)!.error).toMatchObject({
      code: 'over_request_rate_limit',
    });
    // Another address is unaffected.
    const { client: elsewhere } = await signedInClient();
    const own = await enrolled(elsewhere);
    const ok = await elsewhere.auth.mfa.challengeAndVerify({
      factorId: own.id,
      code: codeFor(own.totp.secret),
    });
    expect(ok.error).toBeNull();
  });

  it('the admin API lists and deletes a user’s factors', async () => {
    const { client, userId } = await signedInClient();
    const { factor } = await verified(client);
    const admin = serviceClient();
    const listed = await admin.auth.admin.mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors.map((f) => [f.id, f.factor_type, f.status])).toEqual([
      [factor.id, 'totp', 'verified'],
    ]);

    const byId = await admin.auth.admin.getUserById(userId);
    expect(byId.data.user!.factors!.map((f) => f.id)).toEqual([factor.id]);

    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId, id: factor.id });
    expect(deleted.error).toBeNull();
    // auth-js hands the answer (the deleted factor) back wrapped once more in { data, error }.
    expect(JSON.stringify(deleted.data)).toContain(factor.id);
    expect((await admin.auth.admin.mfa.listFactors({ userId })).data!.factors).toEqual([]);

    // The user's aal2 session is back at aal1 when it next refreshes.
    const refreshed = await client.auth.refreshSession();
    expect((decodeJwt(refreshed.data.session!.access_token) as { aal: string }).aal).toBe('aal1');

    const { client: plain } = await signedInClient();
    const notAdmin = await plain.auth.admin.mfa.listFactors({ userId });
    expect(notAdmin.error).toMatchObject({ status: 403 });
  });
});

describe('features this project leaves off answer as GoTrue does when they are disabled', () => {
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const { stackEnv } = await import('../support/stack');
    const response = await fetch(`${stackEnv.url}/auth/v1${path}`, {
      method,
      headers: {
        apikey: stackEnv.anonKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('SSO (SAML) through supabase-js', async () => {
    const { error } = await anonClient().auth.signInWithSSO({ domain: 'example.com' });
    expect(error).toMatchObject({
      status: 404,
      code: 'saml_provider_disabled',
      message: 'SAML 2.0 is disabled',
    });
  });

  it('passkeys, the OAuth server, Web3 sign-in and manual identity linking', async () => {
    expect(await call('POST', '/passkeys/authentication/options', {})).toEqual({
      status: 404,
      body: { code: 'passkey_disabled', message: 'Passkeys are disabled' },
    });
    expect(await call('GET', '/oauth/authorize?client_id=x')).toEqual({
      status: 404,
      body: { code: 'feature_disabled', message: 'OAuth server is disabled' },
    });
    expect(
      await call('POST', '/token?grant_type=web3', { chain: 'ethereum', message: 'm', signature: 's' }),
    ).toEqual({
      status: 422,
      body: { code: 'web3_provider_disabled', message: 'Web3 provider is disabled' },
    });
    const { client } = await signedInClient();
    const token = (await client.auth.getSession()).data.session!.access_token;
    const linked = await client.auth.linkIdentity({
      provider: 'github',
      options: { skipBrowserRedirect: true },
    });
    expect(linked.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    expect(
      await call(
        'GET',
        '/user/identities/authorize?provider=github&skip_http_redirect=true',
        undefined,
        token,
      ),
    ).toEqual({
      status: 404,
      body: { code: 'manual_linking_disabled', message: 'Manual linking is disabled' },
    });
    const identity = (await client.auth.getUserIdentities()).data!.identities[0];
    const unlink = await client.auth.unlinkIdentity(identity);
    expect(unlink.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' });
    expect((await call('GET', '/user/oauth/grants', undefined, token)).body).toEqual({
      code: 'feature_disabled',
      message: 'OAuth server is disabled',
    });
  });
});
