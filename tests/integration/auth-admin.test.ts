import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { anonClient, serviceClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { waitForEmail } from '../support/inbox.ts';

/** The admin user API (auth.admin.*), which only the service_role key may use. */

describe('auth admin API', () => {
  it('refuses the anon key and a signed-in user', async () => {
    const anon = await anonClient().auth.admin.listUsers();
    expect(anon.error?.status).toBe(403);
    expect(anon.error?.code).toBe('not_admin');

    const { client } = await signedInClient();
    const token = (await client.auth.getSession()).data.session!.access_token;
    // What a user's browser could send: its own access token as the bearer.
    const asUser = createClient(stackEnv.url, stackEnv.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    });
    const created = await asUser.auth.admin.createUser({ email: uniqueEmail(), password: 'secret-123' });
    expect(created.error?.status).toBe(403);
    expect(created.data.user).toBeNull();
  });

  it('creates, reads, updates, lists and deletes users', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('coach');
    const { data: created, error } = await admin.createUser({
      email,
      password: 'coach-secret-1',
      email_confirm: true,
      user_metadata: { first_name: 'Cora', last_name: 'Reyes' },
      app_metadata: { initial_role: 'coach' },
    });
    expect(error).toBeNull();
    const id = created.user!.id;
    expect(created.user).toMatchObject({
      email,
      user_metadata: { first_name: 'Cora', last_name: 'Reyes' },
      app_metadata: { provider: 'email', providers: ['email'], initial_role: 'coach' },
    });
    expect(created.user!.email_confirmed_at).toBeTruthy();

    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'coach-secret-1' });
    expect(signIn.error).toBeNull();

    const fetched = await admin.getUserById(id);
    expect(fetched.data.user?.email).toBe(email);

    const updated = await admin.updateUserById(id, {
      user_metadata: { last_name: 'Reyes-Lopez' },
      password: 'coach-secret-2',
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ first_name: 'Cora', last_name: 'Reyes-Lopez' });
    expect(
      (await anonClient().auth.signInWithPassword({ email, password: 'coach-secret-2' })).error,
    ).toBeNull();

    const list = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(list.error).toBeNull();
    expect(list.data.users.some((u) => u.id === id)).toBe(true);
    expect((list.data as unknown as { total: number }).total).toBeGreaterThanOrEqual(list.data.users.length);

    const duplicate = await admin.createUser({ email, password: 'whatever-1' });
    expect(duplicate.error?.status).toBe(422);
    expect(duplicate.error?.code).toBe('email_exists');

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error?.status).toBe(404);
    const gone = await anonClient().auth.signInWithPassword({ email, password: 'coach-secret-2' });
    expect(gone.error?.code).toBe('invalid_credentials');
  });

  it('creates a phone account that signs in with phone and password', async () => {
    const digits = `1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const { data, error } = await serviceClient().auth.admin.createUser({
      phone: `+${digits.slice(0, 1)} ${digits.slice(1, 4)} ${digits.slice(4)}`,
      password: 'phone-secret-1',
      phone_confirm: true,
    });
    expect(error).toBeNull();
    expect(data.user?.phone).toBe(digits);
    const signIn = await anonClient().auth.signInWithPassword({
      phone: `+${digits}`,
      password: 'phone-secret-1',
    });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.id).toBe(data.user?.id);
    const wrong = await anonClient().auth.signInWithPassword({
      phone: `+${digits}`,
      password: 'nope-nope-1',
    });
    expect(wrong.error?.code).toBe('invalid_credentials');
  });

  it('pages through users', async () => {
    // Other files create and delete users meanwhile, so this lists its own users only: GoTrue's
    // `filter` (an email search), which supabase-js's listUsers does not send, is added to the
    // client's requests.
    const tag = `paging${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
    const admin = createClient(stackEnv.url, stackEnv.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
      global: {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => {
          const url = new URL(input instanceof Request ? input.url : input);
          if (url.pathname.endsWith('/admin/users')) url.searchParams.set('filter', tag);
          return fetch(url, init);
        },
      },
    }).auth.admin;
    const created: string[] = [];
    for (let n = 0; n < 3; n += 1) {
      const { data, error } = await admin.createUser({ email: uniqueEmail(tag), password: 'secret-123' });
      expect(error).toBeNull();
      created.push(data.user!.id);
    }
    type Page = { users: { id: string }[]; total: number; nextPage: number | null; lastPage: number };
    const list = async (page: number, perPage: number) =>
      (await admin.listUsers({ page, perPage })).data as unknown as Page;

    const all = await list(1, 1000);
    expect(all.users.map((user) => user.id).sort()).toEqual([...created].sort());
    expect(all.total).toBe(3);
    const pages = [await list(1, 1), await list(2, 1), await list(3, 1)];
    expect(pages.map((page) => page.users.map((user) => user.id))).toEqual(
      all.users.map((user) => [user.id]),
    );
    expect(pages.map((page) => page.nextPage)).toEqual([2, 3, null]);
    expect(pages.map((page) => [page.total, page.lastPage])).toEqual([
      [3, 3],
      [3, 3],
      [3, 3],
    ]);
    expect((await list(4, 1)).users).toEqual([]);
  });

  it('bans a user: sign-in is refused and their sessions end', async () => {
    const admin = serviceClient().auth.admin;
    const { client, userId, email, password } = await signedInClient();
    expect((await admin.updateUserById(userId, { ban_duration: '24h' })).error).toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({ email, password });
    expect(signIn.error?.code).toBe('user_banned');
    expect((await client.auth.refreshSession()).error).not.toBeNull();
    expect((await admin.updateUserById(userId, { ban_duration: 'none' })).error).toBeNull();
    expect((await anonClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('answers an unknown user id with 404', async () => {
    const { error } = await serviceClient().auth.admin.getUserById('00000000-0000-4000-8000-000000000000');
    expect(error?.status).toBe(404);
    expect(error?.code).toBe('user_not_found');
  });

  it('invites a person by email: the link signs them in and they choose a password', async () => {
    const email = uniqueEmail('invitee');
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      data: { first_name: 'Nia' },
      redirectTo: `${stackEnv.siteUrl}/reset-password`,
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.invited_at).toBeTruthy();

    const mail = await waitForEmail(email, /invited/);
    expect(mail.html).toContain('Hi Nia,');
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0];
    const location = (await fetch(link, { redirect: 'manual' })).headers.get('location')!;
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    expect(fragment.get('type')).toBe('invite');

    const browser = anonClient();
    await browser.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await browser.auth.updateUser({ password: 'my-own-secret-1' })).error).toBeNull();
    expect(
      (await anonClient().auth.signInWithPassword({ email, password: 'my-own-secret-1' })).error,
    ).toBeNull();

    const anon = await anonClient().auth.admin.inviteUserByEmail(uniqueEmail('nope'));
    expect(anon.error?.status).toBe(403);
  });
});
