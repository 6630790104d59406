import { describe, expect, it } from 'vitest';
import { anonClient, signedInClient, stackEnv } from '../support/stack.ts';
import { waitForEmail } from '../support/inbox.ts';

/**
 * An access token stops reading the moment its session ends, not when it expires: after a password
 * reset (every other session ends, as GoTrue does), a password change and a global sign-out, the old
 * tokens get 401 from the Data API (db-pre-request: private.check_request).
 */

async function secondDevice(email: string, password: string) {
  const device = anonClient();
  const { error } = await device.auth.signInWithPassword({ email, password });
  expect(error).toBeNull();
  return device;
}

async function readsOwnProfile(client: ReturnType<typeof anonClient>) {
  return client.from('profiles').select('id');
}

describe('ended sessions', () => {
  it('a password reset ends every other session, and their access tokens read nothing more', async () => {
    const { client: stolen, email, password, userId } = await signedInClient({ firstName: 'Reset' });
    const before = await readsOwnProfile(stolen);
    expect(before.error).toBeNull();
    expect(before.data).toEqual([{ id: userId }]);

    // The owner resets the password from the emailed link, as /reset-password does.
    expect((await anonClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const mail = await waitForEmail(email, /Reset your password/);
    const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text)![0];
    const location = (await fetch(link, { redirect: 'manual' })).headers.get('location')!;
    const fragment = new URLSearchParams(new URL(location).hash.slice(1));
    const owner = anonClient();
    await owner.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await owner.auth.updateUser({ password: 'a-brand-new-secret-1' })).error).toBeNull();

    const after = await readsOwnProfile(stolen);
    expect(after.status).toBe(401);
    expect(after.error).toMatchObject({ code: 'PT401', message: 'Your session has ended' });
    expect(after.data).toBeNull();
    const rpc = await stolen.rpc('export_family_data');
    expect(rpc.status).toBe(401);

    // The session that made the change goes on.
    expect((await readsOwnProfile(owner)).data).toEqual([{ id: userId }]);
    expect(password).not.toBe('a-brand-new-secret-1');
  });

  it('a password change keeps the session that made it and ends the others', async () => {
    const { client: laptop, email, password, userId } = await signedInClient({ firstName: 'Change' });
    const phone = await secondDevice(email, password);
    expect((await laptop.auth.updateUser({ password: 'another-secret-22' })).error).toBeNull();
    expect((await readsOwnProfile(laptop)).data).toEqual([{ id: userId }]);
    expect((await readsOwnProfile(phone)).status).toBe(401);
  });

  it('a global sign-out ends every session at once', async () => {
    const { client: laptop, email, password } = await signedInClient({ firstName: 'Global' });
    const phone = await secondDevice(email, password);
    const token = (await phone.auth.getSession()).data.session!.access_token;
    expect((await laptop.auth.signOut({ scope: 'global' })).error).toBeNull();
    // The phone's client still holds its token; the Data API refuses it.
    const response = await fetch(`${stackEnv.url}/rest/v1/profiles?select=id`, {
      headers: { apikey: stackEnv.anonKey, Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'PT401' });
  });

  it('the anon key and signed-in sessions that are alive read as before', async () => {
    const { client, userId } = await signedInClient({ firstName: 'Alive' });
    expect((await readsOwnProfile(client)).data).toEqual([{ id: userId }]);
    const anon = await anonClient().from('coaches').select('id').limit(1);
    expect(anon.error).toBeNull();
  });
});
