import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { adminDb, anonClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { listEmails, waitForEmail, type InboxEmail } from '../support/inbox.ts';

/** Password recovery by email: the request, the email, the link, the new password. */

function linkIn(mail: InboxEmail): string {
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no verify link in:\n${mail.text}`);
  return match[0];
}

function fragmentOf(location: string): URLSearchParams {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

async function requestReset(email: string, redirectTo = `${stackEnv.siteUrl}/reset-password`) {
  const { data, error } = await anonClient().auth.resetPasswordForEmail(email, { redirectTo });
  expect(error).toBeNull();
  expect(data).toEqual({});
  return linkIn(await waitForEmail(email, /Reset your password/));
}

describe('password recovery', () => {
  it('emails a link that signs the user in for a password reset, and the new password works', async () => {
    const { email, userId } = await signedInClient({ firstName: 'Rosa' });
    const link = await requestReset(email);
    expect(link.startsWith(`${stackEnv.url}/auth/v1/verify?`)).toBe(true);
    expect(new URL(link).searchParams.get('type')).toBe('recovery');

    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${stackEnv.siteUrl}/reset-password#access_token=`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBeGreaterThan(0);
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000);
    const accessToken = fragment.get('access_token')!;
    expect(decodeJwt(accessToken)).toMatchObject({ sub: userId, amr: [{ method: 'recovery' }] });

    // What the reset page does once supabase-js has read the session from the URL.
    const browser = anonClient();
    const { error: sessionError } = await browser.auth.setSession({
      access_token: accessToken,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(sessionError).toBeNull();
    expect((await browser.auth.updateUser({ password: 'freshly-chosen-pw' })).error).toBeNull();

    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'freshly-chosen-pw' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(userId);
  });

  it('sends a branded email with a plain-text part, escaping what the user typed', async () => {
    const { email } = await signedInClient({ firstName: '<b>Jo</b> & "Sam"' });
    await requestReset(email);
    const mail = await waitForEmail(email, /Reset your password/);
    expect(mail.from[0].address).toBe('hello@ploom.local');
    expect(mail.html).toContain('Ploom');
    expect(mail.html).toContain('&lt;b&gt;Jo&lt;/b&gt; &amp; &quot;Sam&quot;');
    expect(mail.html).not.toContain('<b>Jo</b>');
    expect(mail.text).toContain('Hi <b>Jo</b> & "Sam",');
    expect(mail.text).toContain('Reset password: http');
  });

  it('works once: following the link again redirects with an error', async () => {
    const { email } = await signedInClient();
    const link = await requestReset(email);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
    const again = await fetch(link, { redirect: 'manual' });
    expect(again.status).toBe(303);
    const location = again.headers.get('location')!;
    expect(location.startsWith(`${stackEnv.siteUrl}/reset-password#`)).toBe(true);
    expect(location).toContain(
      'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(fragmentOf(location).get('access_token')).toBeNull();
  });

  it("expires the link after config.toml's otp_expiry (a day)", async () => {
    const { email, userId } = await signedInClient();
    const link = await requestReset(email);
    const db = await adminDb();
    try {
      await db.query(
        `update auth.one_time_tokens set created_at = now() - interval '24 hours 1 minute' where user_id = $1`,
        [userId],
      );
    } finally {
      await db.end();
    }
    const response = await fetch(link, { redirect: 'manual' });
    expect(fragmentOf(response.headers.get('location')!).get('error_code')).toBe('otp_expired');
  });

  it('keeps only a hash of the link token in the database', async () => {
    const { email, userId } = await signedInClient();
    const link = await requestReset(email);
    const token = new URL(link).searchParams.get('token')!;
    const db = await adminDb();
    try {
      const { rows } = await db.query(`select token_hash from auth.one_time_tokens where user_id = $1`, [
        userId,
      ]);
      expect(rows).toHaveLength(1);
      expect(rows[0].token_hash).not.toContain(token);
    } finally {
      await db.end();
    }
  });

  it('answers an unknown email the same way and sends nothing', async () => {
    const email = uniqueEmail('stranger');
    const { data, error } = await anonClient().auth.resetPasswordForEmail(email, {
      redirectTo: `${stackEnv.siteUrl}/reset-password`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    await new Promise((r) => setTimeout(r, 800));
    const mails = await listEmails();
    expect(mails.some((m) => m.to.some((to) => to.address.toLowerCase() === email))).toBe(false);
  });

  it('never links to a foreign site: an unknown redirect falls back to the site', async () => {
    const { email } = await signedInClient();
    const link = await requestReset(email, 'https://evil.example.com/steal');
    expect(new URL(link).searchParams.get('redirect_to')).toBe(stackEnv.siteUrl);
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.headers.get('location')!.startsWith(`${stackEnv.siteUrl}`)).toBe(true);
  });

  it('limits how many emails one address can be sent in a minute', async () => {
    const email = uniqueEmail('flood');
    const results = [];
    for (let i = 0; i < 6; i += 1) {
      results.push(await anonClient().auth.resetPasswordForEmail(email));
    }
    expect(results.slice(0, 5).every((r) => r.error === null)).toBe(true);
    expect(results[5].error?.status).toBe(429);
    expect(results[5].error?.code).toBe('over_email_send_rate_limit');
  });

  it('refuses a recovery request without a valid email', async () => {
    const { error } = await anonClient().auth.resetPasswordForEmail('nope');
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('validation_failed');
  });

  it('verifies a link token posted by the page (verifyOtp with token_hash)', async () => {
    const { email, userId } = await signedInClient();
    const link = await requestReset(email);
    const token = new URL(link).searchParams.get('token')!;
    const client = anonClient();
    const { data, error } = await client.auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(userId);
    expect(data.session?.access_token).toBeTruthy();
    const again = await anonClient().auth.verifyOtp({ token_hash: token, type: 'recovery' });
    expect(again.error?.status).toBe(403);
    expect(again.error?.code).toBe('otp_expired');
  });
});

describe('magic links', () => {
  it('emails a sign-in link to an existing user, which signs them in', async () => {
    const { email, userId } = await signedInClient();
    const { error } = await anonClient().auth.signInWithOtp({
      email,
      options: { shouldCreateUser: false, emailRedirectTo: `${stackEnv.siteUrl}/app` },
    });
    expect(error).toBeNull();
    const link = linkIn(await waitForEmail(email, /sign-in link/));
    const response = await fetch(link, { redirect: 'manual' });
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${stackEnv.siteUrl}/app#access_token=`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('magiclink');
    expect(decodeJwt(fragment.get('access_token')!).sub).toBe(userId);
  });

  it('does not create an account when asked not to: an unknown address gets otp_disabled, as from GoTrue', async () => {
    const { email: known } = await signedInClient();
    const unknown = uniqueEmail('unknown');
    const answers = [];
    for (const email of [known, unknown]) {
      answers.push(await anonClient().auth.signInWithOtp({ email, options: { shouldCreateUser: false } }));
    }
    expect(answers[0].error).toBeNull();
    expect(answers[1].error?.code).toBe('otp_disabled');
    await waitForEmail(known, /sign-in link/);
    const db = await adminDb();
    try {
      const { rows } = await db.query(`select 1 from auth.users where email = $1`, [unknown]);
      expect(rows).toHaveLength(0);
    } finally {
      await db.end();
    }
    const mails = await listEmails();
    expect(mails.some((m) => m.to.some((to) => to.address.toLowerCase() === unknown))).toBe(false);
  });
});
