import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { serviceClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { waitForEmail } from '../support/inbox.ts';
import { startAuth, type ExtraAuth } from './auth-support.ts';

/**
 * Auth under settings given in code rather than read from config.toml: a short access-token
 * lifetime (so supabase-js' auto-refresh has to act), and email confirmation required (config.toml
 * requires it too; here the setting is explicit). Each runs a second Auth on its own port against
 * the test stack's database and mail catcher.
 */

describe('auto-refresh with short-lived access tokens', () => {
  let auth: ExtraAuth;
  beforeAll(async () => {
    // 60 s is inside supabase-js' 90 s refresh margin, so it refreshes on its first tick.
    auth = await startAuth(60, {});
  });
  afterAll(async () => auth?.stop());

  it('refreshes the session by itself before the access token expires', async () => {
    const client = auth.client({ autoRefreshToken: true });
    try {
      const email = uniqueEmail('short');
      const created = await serviceClient().auth.admin.createUser({
        email,
        password: 'short-lived-1',
        email_confirm: true,
      });
      expect(created.error).toBeNull();
      const { data, error } = await client.auth.signInWithPassword({ email, password: 'short-lived-1' });
      expect(error).toBeNull();
      expect(data.session!.expires_in).toBeLessThanOrEqual(60);
      const first = data.session!;
      const refreshed = await new Promise<Session>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no TOKEN_REFRESHED within 15 s')), 15000);
        const { data: sub } = client.auth.onAuthStateChange((event, session) => {
          if (event === 'TOKEN_REFRESHED' && session) {
            clearTimeout(timer);
            sub.subscription.unsubscribe();
            resolve(session);
          }
        });
        void client.auth.startAutoRefresh();
      });
      // A new refresh token from the rotation, and an access token that works.
      expect(refreshed.refresh_token).not.toBe(first.refresh_token);
      expect(refreshed.expires_at!).toBeGreaterThanOrEqual(first.expires_at!);
      const { data: me, error: meError } = await client.auth.getUser(refreshed.access_token);
      expect(meError).toBeNull();
      expect(me.user?.email).toBe(email);
    } finally {
      await client.auth.stopAutoRefresh();
    }
  });
});

describe('email confirmation required', () => {
  let auth: ExtraAuth;
  beforeAll(async () => {
    auth = await startAuth(3600, { autoconfirm: false });
  });
  afterAll(async () => auth?.stop());

  it('signs up without a session, emails a confirmation link, and the link signs the user in', async () => {
    const email = uniqueEmail('confirm');
    const redirect = `${stackEnv.siteUrl}/welcome`;
    const { data, error } = await auth.client().auth.signUp({
      email,
      password: 'confirm-me-1',
      options: { data: { first_name: 'Ivy' }, emailRedirectTo: redirect },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.email_confirmed_at).toBeUndefined();

    const early = await auth.client().auth.signInWithPassword({ email, password: 'confirm-me-1' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.message).toBe('Email not confirmed');

    const mail = await waitForEmail(email, /Confirm your email/);
    expect(mail.html).toContain('Hi Ivy,');
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0];
    expect(link.startsWith(`${auth.url}/auth/v1/verify?`)).toBe(true);
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${redirect}#access_token=`)).toBe(true);
    expect(new URLSearchParams(new URL(location).hash.slice(1)).get('type')).toBe('signup');

    const later = await auth.client().auth.signInWithPassword({ email, password: 'confirm-me-1' });
    expect(later.error).toBeNull();
    expect(later.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('does not reveal that an email is already registered', async () => {
    const email = uniqueEmail('taken');
    const first = await auth.client().auth.signUp({ email, password: 'confirm-me-1' });
    const second = await auth.client().auth.signUp({ email, password: 'something-else-2' });
    expect(second.error).toBeNull();
    expect(second.data.session).toBeNull();
    expect(second.data.user?.email).toBe(email);
    expect(second.data.user?.id).not.toBe(first.data.user?.id);
  });
});
