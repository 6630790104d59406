import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_TOML, parseAuthSettings } from '../../local-supabase/auth/config.ts';
import { waitForEmail } from '../support/inbox.ts';
import { adminDb, uniqueEmail } from '../support/stack.ts';
import { signInConfirmed, startAuth, type ExtraAuth } from './auth-support.ts';

/**
 * Auth features the product leaves off in supabase/config.toml but a project may turn on (auth-js's
 * own suite does): anonymous sign-ins, secure password change with reauthentication, and WebAuthn
 * factor enrolment. Each runs a second Auth with the product's config.toml plus the keys named.
 */
async function authWith(extraToml: string): Promise<ExtraAuth> {
  const toml = `${fs.readFileSync(CONFIG_TOML, 'utf8')}\n${extraToml}`;
  return startAuth(3600, { settings: parseAuthSettings(toml) });
}

describe('anonymous sign-ins ([auth] enable_anonymous_sign_ins = true)', () => {
  let auth: ExtraAuth;
  beforeAll(async () => {
    auth = await authWith('[auth]\nenable_anonymous_sign_ins = true');
  });
  afterAll(async () => auth?.stop());

  it('signs in an anonymous user with a session and their data', async () => {
    const client = auth.client();
    const { data, error } = await client.auth.signInAnonymously({ options: { data: { nickname: 'fox' } } });
    expect(error).toBeNull();
    expect(data.session?.access_token).toBeTruthy();
    expect(data.user?.is_anonymous).toBe(true);
    expect(data.user?.email ?? '').toBe('');
    expect(data.user?.user_metadata).toEqual({ nickname: 'fox' });
    const { data: claims } = await client.auth.getClaims();
    expect(claims?.claims.is_anonymous).toBe(true);
  });

  it('answers reauthenticate for a user with neither email nor phone as GoTrue does', async () => {
    const client = auth.client();
    await client.auth.signInAnonymously();
    const { error } = await client.auth.reauthenticate();
    expect(error?.status).toBe(400);
    expect(error?.message).toBe('Reauthentication requires the user to have an email or a phone number');
  });
});

describe('secure password change ([auth.email] secure_password_change = true)', () => {
  let auth: ExtraAuth;
  beforeAll(async () => {
    auth = await authWith('[auth.email]\nsecure_password_change = true');
  });
  afterAll(async () => auth?.stop());

  async function signedInOneDayAgo() {
    const client = auth.client();
    const email = uniqueEmail('reauth');
    const user = await signInConfirmed(client, email, 'first-password-1');
    const db = await adminDb();
    try {
      await db.query(`update auth.sessions set created_at = now() - interval '25 hours' where user_id = $1`, [
        user.id,
      ]);
    } finally {
      await db.end();
    }
    return { client, email };
  }

  it('lets a fresh session change the password without a nonce', async () => {
    const client = auth.client();
    await signInConfirmed(client, uniqueEmail('fresh'), 'first-password-1');
    const { error } = await client.auth.updateUser({ password: 'second-password-2' });
    expect(error).toBeNull();
  });

  it('asks an older session for the emailed nonce, which works once', async () => {
    const { client, email } = await signedInOneDayAgo();
    const without = await client.auth.updateUser({ password: 'second-password-2' });
    expect(without.error?.status).toBe(400);
    expect(without.error?.code).toBe('reauthentication_needed');

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await waitForEmail(email, /reauthentication/i);
    const nonce = /\b(\d{6})\b/.exec(mail.text)![1];

    const wrong = await client.auth.updateUser({
      password: 'second-password-2',
      nonce: nonce === '000000' ? '111111' : '000000',
    });
    expect(wrong.error?.code).toBe('reauthentication_not_valid');
    expect(wrong.error?.message).toBe('Nonce has expired or is invalid');

    const changed = await client.auth.updateUser({ password: 'second-password-2', nonce });
    expect(changed.error).toBeNull();
    const signIn = await auth.client().auth.signInWithPassword({ email, password: 'second-password-2' });
    expect(signIn.error).toBeNull();

    const again = await client.auth.updateUser({ password: 'third-password-3', nonce });
    expect(again.error?.code).toBe('reauthentication_not_valid');
  });
});

describe('WebAuthn factors ([auth.mfa.web_authn] enroll_enabled = true)', () => {
  let auth: ExtraAuth;
  beforeAll(async () => {
    auth = await authWith('[auth.mfa.web_authn]\nenroll_enabled = true');
  });
  afterAll(async () => auth?.stop());

  it('enrols an unverified factor that can be listed and unenrolled', async () => {
    const client = auth.client();
    await signInConfirmed(client, uniqueEmail('webauthn'), 'key-holder-1');
    const { data, error } = await client.auth.mfa.webauthn.enroll({ friendlyName: 'Security key' });
    expect(error).toBeNull();
    expect(data?.type).toBe('webauthn');
    expect(data?.friendly_name).toBe('Security key');
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data?.all.map((factor) => [factor.id, factor.factor_type, factor.status])).toEqual([
      [data!.id, 'webauthn', 'unverified'],
    ]);
    expect((await client.auth.mfa.unenroll({ factorId: data!.id })).error).toBeNull();
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
  });

  it('stays off in the product configuration', async () => {
    const product = await startAuth(3600, {});
    try {
      const client = product.client();
      await signInConfirmed(client, uniqueEmail('no-webauthn'), 'key-holder-1');
      const { error } = await client.auth.mfa.webauthn.enroll({ friendlyName: 'Security key' });
      expect(error?.code).toBe('mfa_webauthn_enroll_not_enabled');
    } finally {
      await product.stop();
    }
  });
});

describe('manual identity linking ([auth] enable_manual_linking = true)', () => {
  let auth: ExtraAuth;
  beforeAll(async () => {
    auth = await authWith('[auth]\nenable_manual_linking = true');
  });
  afterAll(async () => auth?.stop());

  it('refuses a provider that is not enabled, and keeps the only identity', async () => {
    const client = auth.client();
    await signInConfirmed(client, uniqueEmail('linking'), 'one-identity-1');
    const link = await client.auth.linkIdentity({ provider: 'github' });
    expect(link.error?.status).toBe(400);
    expect(link.error?.message).toBe('Unsupported provider: provider is not enabled');

    const { data, error } = await client.auth.getUserIdentities();
    expect(error).toBeNull();
    expect(data?.identities.map((identity) => identity.provider)).toEqual(['email']);
    const unlink = await client.auth.unlinkIdentity(data!.identities[0]);
    expect(unlink.error?.status).toBe(422);
    expect(unlink.error?.code).toBe('single_identity_not_deletable');
  });

  it('answers "Manual linking is disabled" in the product configuration', async () => {
    const product = await startAuth(3600, {});
    try {
      const client = product.client();
      await signInConfirmed(client, uniqueEmail('no-linking'), 'one-identity-1');
      const { error } = await client.auth.linkIdentity({ provider: 'github' });
      expect(error?.code).toBe('manual_linking_disabled');
    } finally {
      await product.stop();
    }
  });
});
