import { describe, expect, it } from 'vitest';
import { waitForEmail } from '../support/inbox.ts';
import { anonClient, serviceClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';

/**
 * Answers found by running auth-js's own test suite against the stack (docs/auth-conformance.md),
 * each as GoTrue gives it, driven with supabase-js against the shared test stack.
 */

describe('reauthenticate', () => {
  it('emails the signed-in user a 6-digit nonce and answers no user and no session', async () => {
    const { client, email } = await signedInClient();
    const { data, error } = await client.auth.reauthenticate();
    expect(error).toBeNull();
    expect(data).toEqual({ user: null, session: null });
    const mail = await waitForEmail(email, /reauthentication/i);
    expect(mail.text).toMatch(/\b\d{6}\b/);
  });

  it('needs a signed-in user', async () => {
    const response = await fetch(`${stackEnv.url}/auth/v1/reauthenticate`, {
      headers: { apikey: stackEnv.anonKey },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('x-sb-error-code')).toBe('no_authorization');
  });
});

describe('phone codes, with no SMS sent by this project', () => {
  it('checks the number first, as GoTrue does', async () => {
    const { error } = await anonClient().auth.verifyOtp({
      phone: '+1 555 0100-invalid',
      token: '123456',
      type: 'sms',
    });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
    expect(error?.message).toBe('Invalid phone number format (E.164 required)');
  });

  it('answers a code for a valid number as expired or invalid', async () => {
    for (const type of ['sms', 'phone_change'] as const) {
      const { data, error } = await anonClient().auth.verifyOtp({
        phone: '+15555550100',
        token: '123456',
        type,
      });
      expect(error?.status).toBe(403);
      expect(error?.code).toBe('otp_expired');
      expect(error?.message).toBe('Token has expired or is invalid');
      expect(data.session).toBeNull();
    }
  });
});

describe('signInWithIdToken with no external provider enabled', () => {
  it('answers provider_disabled with the provider issuer', async () => {
    const { data, error } = await anonClient().auth.signInWithIdToken({
      provider: 'google',
      token: 'not-a-real-id-token',
    });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('provider_disabled');
    expect(error?.message).toBe('Provider (issuer "https://accounts.google.com") is not enabled');
  });

  it('refuses custom providers and unknown ones', async () => {
    const custom = await anonClient().auth.signInWithIdToken({ provider: 'custom:mine', token: 'x' });
    expect(custom.error?.message).toBe('Custom OAuth providers are disabled');
    const apple = await anonClient().auth.signInWithIdToken({ provider: 'apple', token: 'not-a-jwt' });
    expect(apple.error?.message).toBe('Unable to detect issuer in ID token for Apple provider');
  });
});

describe('signInWithOtp with shouldCreateUser false', () => {
  it('refuses an unknown address with otp_disabled and creates no account', async () => {
    const email = uniqueEmail('no-otp-signup');
    const { error } = await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('otp_disabled');
    expect(error?.message).toBe('Signups not allowed for otp');
    const { data } = await serviceClient().auth.admin.listUsers({ perPage: 1000 });
    expect(data.users.some((user) => user.email === email)).toBe(false);
  });
});

describe('admin.generateLink for an email change', () => {
  it('records the change, and the two links (current and new address) apply it', async () => {
    const { client, email, userId } = await signedInClient();
    const newEmail = uniqueEmail('changed');
    const admin = serviceClient().auth.admin;
    const links = [];
    for (const type of ['email_change_current', 'email_change_new'] as const) {
      const { data, error } = await admin.generateLink({ type, email, newEmail });
      expect(error).toBeNull();
      expect(data.user?.new_email).toBe(newEmail);
      expect(data.properties?.verification_type).toBe(type);
      expect(data.properties?.email_otp).toMatch(/^\d{6}$/);
      links.push(data.properties!.action_link);
    }
    for (const link of links) {
      const response = await fetch(link, { redirect: 'manual' });
      expect(response.status).toBe(303);
    }
    const { data: after } = await admin.getUserById(userId);
    expect(after.user?.email).toBe(newEmail);
    await client.auth.signOut();
  });

  it('refuses an address another user has', async () => {
    const { email } = await signedInClient();
    const { email: taken } = await signedInClient();
    const { error } = await serviceClient().auth.admin.generateLink({
      type: 'email_change_new',
      email,
      newEmail: taken,
    });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });
});

describe('JWKS', () => {
  it('publishes no public key while tokens are HS256 (the product default)', async () => {
    const response = await fetch(`${stackEnv.url}/auth/v1/.well-known/jwks.json`, {
      headers: { apikey: stackEnv.anonKey },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ keys: [] });
  });
});
