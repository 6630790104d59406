import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { AuthWeakPasswordError } from '@supabase/supabase-js';
import { adminDb, anonClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { listEmails, waitForEmail } from '../support/inbox.ts';
import { confirmationLink, followAuthLink } from '../support/sign-up.ts';
import { signJwt } from '../../local-supabase/jwt.ts';

/** Sign-up, sign-in, sessions and the user endpoint, driven through supabase-js. */

const password = 'correct-horse-battery-9';

describe('sign-up', () => {
  it('creates the unconfirmed user with its metadata, emails the confirmation, and its link signs them in', async () => {
    const client = anonClient();
    const email = uniqueEmail('signup');
    const { data, error } = await client.auth.signUp({
      email,
      password,
      options: { data: { first_name: 'Maya', last_name: 'Lopez' }, emailRedirectTo: stackEnv.siteUrl },
    });
    expect(error).toBeNull();
    // config.toml confirms email addresses: no session until the emailed link is followed
    expect(data.session).toBeNull();
    expect(data.user?.email_confirmed_at).toBeUndefined();
    const early = await anonClient().auth.signInWithPassword({ email, password });
    expect(early.error?.code).toBe('email_not_confirmed');

    const before = Math.floor(Date.now() / 1000);
    const { session: confirmed } = await followAuthLink(await confirmationLink(email));
    const user = confirmed.user;
    expect(user.id).toBe(data.user!.id);
    expect(user.email).toBe(email);
    expect(user.user_metadata).toEqual({ first_name: 'Maya', last_name: 'Lopez' });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.aud).toBe('authenticated');
    expect(user.role).toBe('authenticated');
    expect(user.email_confirmed_at).toBeTruthy();
    expect(user.is_anonymous).toBe(false);
    expect(user.identities?.[0]).toMatchObject({ provider: 'email', user_id: user.id });

    // and the password works from now on
    const signIn = await anonClient().auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBeGreaterThan(3500);
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${stackEnv.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Maya', last_name: 'Lopez' },
    });
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(typeof claims.session_id).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.iat!).toBeGreaterThanOrEqual(before - 1);
    expect(session.expires_at).toBe(claims.exp);

    const db = await adminDb();
    try {
      const { rows } = await db.query(
        `select raw_user_meta_data, raw_app_meta_data, encrypted_password from auth.users where id = $1`,
        [user.id],
      );
      expect(rows[0].raw_user_meta_data).toEqual({ first_name: 'Maya', last_name: 'Lopez' });
      expect(rows[0].encrypted_password).toMatch(/^\$2[aby]\$10\$/);
    } finally {
      await db.end();
    }
  });

  it('answers a sign-up for a registered email as for a new one, and emails its owner nothing', async () => {
    const { email, userId } = await signedInClient();
    const { data, error } = await anonClient().auth.signUp({ email: email.toUpperCase(), password });
    // GoTrue with confirmations on: the same answer as a new address, so it tells nobody who has an account
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.id).not.toBe(userId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await listEmails()).filter((mail) => mail.to.some((to) => to.address === email))).toEqual([]);
  });

  it('refuses a password shorter than 8 characters (as config.toml sets) as a weak password', async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail(), password: '1234567' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('weak_password');
    expect(error?.message).toBe('Password should be at least 8 characters.');
    expect((error as AuthWeakPasswordError).reasons).toEqual(['length']);
  });

  it('refuses anonymous sign-ins, which are off', async () => {
    const { data, error } = await anonClient().auth.signInAnonymously();
    expect(data.session).toBeNull();
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('anonymous_provider_disabled');
  });

  it('refuses a malformed email and a missing password with a reason', async () => {
    const bad = await anonClient().auth.signUp({ email: 'not-an-email', password });
    expect(bad.error?.status).toBe(400);
    expect(bad.error?.code).toBe('validation_failed');
    expect(bad.error?.message).toBe('Unable to validate email address: invalid format');

    const noPassword = await anonClient().auth.signUp({ email: uniqueEmail(), password: '' });
    expect(noPassword.error?.status).toBe(400);
    expect(noPassword.error?.message).toBe('Signup requires a valid password');
  });
});

describe('sign-in', () => {
  it('signs in with the right password and records the sign-in time', async () => {
    const { email, userId } = await signedInClient();
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(userId);
    expect(data.session?.refresh_token).toBeTruthy();
    expect(Date.now() - Date.parse(data.user!.last_sign_in_at!)).toBeLessThan(60_000);
  });

  it('answers a wrong password and an unknown email alike: invalid_credentials', async () => {
    const { email } = await signedInClient();
    for (const attempt of [
      { email, password: 'wrong-password' },
      { email: uniqueEmail('nobody'), password },
    ]) {
      const { data, error } = await anonClient().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error?.status).toBe(400);
      expect(error?.code).toBe('invalid_credentials');
      expect(error?.message).toBe('Invalid login credentials');
    }
  });

  it('signs in the seeded demo accounts, whose passwords were hashed by Postgres', async () => {
    const { data, error } = await anonClient().auth.signInWithPassword({
      email: 'parent@ploom.local',
      password: 'ploom-demo-2026',
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe('parent@ploom.local');
  });
});

describe('sessions', () => {
  it('refreshes a session with a new access token and a rotated refresh token', async () => {
    const { client } = await signedInClient();
    const first = (await client.auth.getSession()).data.session!;
    await new Promise((r) => setTimeout(r, 1100)); // so the new token's iat differs
    const { data, error } = await client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(first.refresh_token);
    expect(data.session!.access_token).not.toBe(first.access_token);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    const { data: me } = await client.auth.getUser();
    expect(me.user?.id).toBe(first.user.id);
  });

  it('lets two tabs refresh with the same token at the same time', async () => {
    const { client } = await signedInClient();
    const token = (await client.auth.getSession()).data.session!.refresh_token;
    const [a, b] = await Promise.all([
      anonClient().auth.refreshSession({ refresh_token: token }),
      anonClient().auth.refreshSession({ refresh_token: token }),
    ]);
    expect(a.error).toBeNull();
    expect(b.error).toBeNull();
    expect(a.data.session!.user.id).toBe(b.data.session!.user.id);
  });

  it('ends the whole session when a replaced refresh token is presented again later', async () => {
    const { client } = await signedInClient();
    const old = (await client.auth.getSession()).data.session!.refresh_token;
    const { data: refreshed } = await client.auth.refreshSession();
    const current = refreshed.session!.refresh_token;
    const db = await adminDb();
    try {
      // Past the grace period for concurrent refreshes.
      await db.query(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where revoked`);
    } finally {
      await db.end();
    }
    const reuse = await anonClient().auth.refreshSession({ refresh_token: old });
    expect(reuse.error?.code).toBe('refresh_token_already_used');
    expect(reuse.error?.message).toBe('Invalid Refresh Token: Already Used');
    const afterReuse = await anonClient().auth.refreshSession({ refresh_token: current });
    expect(afterReuse.error?.code).toBe('refresh_token_not_found');
    expect(afterReuse.data.session).toBeNull();
    const me = await anonClient().auth.getUser(refreshed.session!.access_token);
    expect(me.error?.name).toBe('AuthSessionMissingError');
  });

  it('refuses an unknown refresh token', async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: 'not-a-real-token' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('refresh_token_not_found');
    expect(error?.message).toBe('Invalid Refresh Token: Refresh Token Not Found');
  });

  it('signs out: the refresh token and the access token stop working', async () => {
    const { client } = await signedInClient();
    const session = (await client.auth.getSession()).data.session!;
    const { error } = await client.auth.signOut();
    expect(error).toBeNull();
    const refresh = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    const me = await anonClient().auth.getUser(session.access_token);
    expect(me.data.user).toBeNull();
    expect(me.error?.name).toBe('AuthSessionMissingError');
  });

  it("signs out locally without ending the user's other sessions", async () => {
    const { email, password: pw } = await signedInClient();
    const phone = anonClient();
    const laptop = anonClient();
    await phone.auth.signInWithPassword({ email, password: pw });
    await laptop.auth.signInWithPassword({ email, password: pw });
    expect((await phone.auth.signOut({ scope: 'local' })).error).toBeNull();
    const { error } = await laptop.auth.refreshSession();
    expect(error).toBeNull();
  });

  it('refuses an expired access token', async () => {
    const { client } = await signedInClient();
    const current = decodeJwt((await client.auth.getSession()).data.session!.access_token);
    const expired = await signJwt({ ...current, role: 'authenticated' }, -10);
    const { data, error } = await anonClient().auth.getUser(expired);
    expect(data.user).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
    expect(error?.message).toContain('token is expired');
  });

  it('refuses a token that is not signed with the project secret', async () => {
    const { client } = await signedInClient();
    const token = (await client.auth.getSession()).data.session!.access_token;
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged-signature').toString('base64url')}`;
    const { data, error } = await anonClient().auth.getUser(forged);
    expect(data.user).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('bad_jwt');
  });
});

describe('the user endpoint', () => {
  it('returns the signed-in user', async () => {
    const { client, userId, email } = await signedInClient({ firstName: 'Ana' });
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: userId, email, user_metadata: { first_name: 'Ana' } });
  });

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { client, email, password: oldPassword } = await signedInClient();
    const { error } = await client.auth.updateUser({ password: 'a-brand-new-secret' });
    expect(error).toBeNull();
    expect(
      (await anonClient().auth.signInWithPassword({ email, password: 'a-brand-new-secret' })).error,
    ).toBeNull();
    const old = await anonClient().auth.signInWithPassword({ email, password: oldPassword });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it('refuses to set the same password again', async () => {
    const { client, password: current } = await signedInClient();
    const { error } = await client.auth.updateUser({ password: current });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('same_password');
  });

  it('merges metadata, and a null value removes a key', async () => {
    const { client } = await signedInClient({ firstName: 'Lee', lastName: 'Park' });
    const { data, error } = await client.auth.updateUser({ data: { last_name: null, nickname: 'Lee-Lee' } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ first_name: 'Lee', nickname: 'Lee-Lee' });
    // A refreshed token carries the new metadata.
    const { data: refreshed } = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.session!.access_token).user_metadata).toEqual({
      first_name: 'Lee',
      nickname: 'Lee-Lee',
    });
  });

  it('does not let a user change their own app_metadata', async () => {
    const { client, userId } = await signedInClient();
    const token = (await client.auth.getSession()).data.session!.access_token;
    const response = await fetch(`${stackEnv.url}/auth/v1/user`, {
      method: 'PUT',
      headers: {
        apikey: stackEnv.anonKey,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ app_metadata: { role: 'admin' } }),
    });
    expect(response.status).toBe(403);
    const { data } = await client.auth.getUser();
    expect(data.user?.id).toBe(userId);
    expect(data.user?.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
  });
});

describe('changing the email address', () => {
  it('keeps the old address until the change is confirmed from both inboxes', async () => {
    const { client, email, password: pw } = await signedInClient();
    const newEmail = uniqueEmail('moved');
    const { data, error } = await client.auth.updateUser(
      { email: newEmail },
      { emailRedirectTo: `${stackEnv.siteUrl}/app/account` },
    );
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.new_email).toBe(newEmail);

    const mail = await waitForEmail(newEmail, /Confirm your new email address/);
    expect(mail.text).toContain(newEmail);
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0];
    const first = await fetch(link, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toContain('#message=');
    // Secure email change (double_confirm_changes): the current address confirms too.
    const toCurrent = await waitForEmail(email, /Confirm your new email address/);
    const currentLink = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(toCurrent.text)![0];
    const response = await fetch(currentLink, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${stackEnv.siteUrl}/app/account#access_token=`)).toBe(true);

    expect((await anonClient().auth.signInWithPassword({ email: newEmail, password: pw })).error).toBeNull();
    const old = await anonClient().auth.signInWithPassword({ email, password: pw });
    expect(old.error?.code).toBe('invalid_credentials');
  });

  it("refuses another account's email", async () => {
    const { email: taken } = await signedInClient();
    const { client } = await signedInClient();
    const { error } = await client.auth.updateUser({ email: taken });
    expect(error?.status).toBe(422);
    expect(error?.code).toBe('email_exists');
  });
});

describe('settings and bad input', () => {
  it('publishes its settings: email sign-up open, each address confirmed by email', async () => {
    const response = await fetch(`${stackEnv.url}/auth/v1/settings`, {
      headers: { apikey: stackEnv.anonKey },
    });
    expect(await response.json()).toMatchObject({
      external: { email: true, phone: false },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });

  it('answers a client without the API version header in the legacy error shape', async () => {
    const response = await fetch(`${stackEnv.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stackEnv.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: 'whatever-1' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBeNull();
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('answers malformed and oversized bodies with 4xx, never 500', async () => {
    const post = (body: string) =>
      fetch(`${stackEnv.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: stackEnv.anonKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body,
      });
    const malformed = await post('{"email": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'bad_json' });
    const wrongTypes = await post(JSON.stringify({ email: ['a'], password: 5 }));
    expect(wrongTypes.status).toBe(400);
    const nul = await anonClient().auth.signUp({
      email: uniqueEmail(),
      password,
      options: { data: { first_name: 'A\u0000B' } },
    });
    expect(nul.error?.status).toBe(400);
    const huge = await post(
      JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
    );
    expect(huge.status).toBe(413);
    const grant = await fetch(`${stackEnv.url}/auth/v1/token?grant_type=magic`, {
      method: 'POST',
      headers: { apikey: stackEnv.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(grant.status).toBe(400);
  });
});
