import { describe, expect, it } from 'vitest';
import { anonClient, serviceClient, signedInClient, uniqueEmail } from '../support/stack';

/** `auth.admin.generateLink`: the link and code an email would carry, made without sending it. */
describe('admin.generateLink', () => {
  it('a magic link for an existing user signs them in through verifyOtp with its hashed token', async () => {
    const { email, userId } = await signedInClient();
    const { data, error } = await serviceClient().auth.admin.generateLink({ type: 'magiclink', email });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(userId);
    expect(data.properties).toMatchObject({ verification_type: 'magiclink' });
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    expect(data.properties!.action_link).toContain('/auth/v1/verify?token=');

    const visitor = anonClient();
    const signedIn = await visitor.auth.verifyOtp({
      token_hash: data.properties!.hashed_token,
      type: 'magiclink',
    });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.user!.id).toBe(userId);
  });

  it('a signup link creates the unconfirmed user; its code confirms them', async () => {
    const email = uniqueEmail('link');
    const admin = serviceClient();
    const { data, error } = await admin.auth.admin.generateLink({
      type: 'signup',
      email,
      password: 'long-enough-9',
    });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.user!.email_confirmed_at).toBeUndefined();
    const confirmed = await anonClient().auth.verifyOtp({
      email,
      token: data.properties!.email_otp,
      type: 'signup',
    });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.user!.email_confirmed_at).toBeTruthy();
  });

  it('answers as GoTrue for an unknown recovery address, a bad type, and a non-admin caller', async () => {
    const admin = serviceClient();
    const missing = await admin.auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(missing.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const bad = await admin.auth.admin.generateLink({ type: 'nonsense' as 'recovery', email: uniqueEmail() });
    expect(bad.error).toMatchObject({ status: 400, code: 'validation_failed' });
    const notAdmin = await anonClient().auth.admin.generateLink({ type: 'magiclink', email: uniqueEmail() });
    expect(notAdmin.error).toMatchObject({ status: 403 });
  });
});
