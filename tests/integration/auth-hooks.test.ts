import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { adminDb, anonClient, serviceClient, uniqueEmail } from '../support/stack.ts';

/**
 * The before-user-created hook (config.toml [auth.hook.before_user_created]): sign-ups follow the
 * feature flag signup_enabled, enforced by Auth on the server, as hosted Supabase runs the hook.
 */
let db: pg.Client;
let original: boolean | undefined;

async function setFlag(enabled: boolean | null) {
  if (enabled === null) await db.query(`delete from public.feature_flags where key = 'signup_enabled'`);
  else {
    await db.query(
      `insert into public.feature_flags (key, enabled) values ('signup_enabled', $1)
       on conflict (key) do update set enabled = excluded.enabled`,
      [enabled],
    );
  }
}

async function userExists(email: string) {
  const { rows } = await db.query(`select 1 from auth.users where email = $1`, [email]);
  return rows.length > 0;
}

beforeAll(async () => {
  db = await adminDb();
  const { rows } = await db.query(`select enabled from public.feature_flags where key = 'signup_enabled'`);
  original = rows[0]?.enabled;
});

afterAll(async () => {
  await setFlag(original ?? true);
  await db.end();
});

describe('sign-ups follow the signup_enabled flag', () => {
  it('refuses a sign-up while the flag is off, with the hook’s status and message, and creates nobody', async () => {
    await setFlag(false);
    const email = uniqueEmail('closed');
    const { data, error } = await anonClient().auth.signUp({ email, password: 'long-enough-1' });
    expect(data.session).toBeNull();
    expect(error?.status).toBe(403);
    expect(error?.message).toBe('Sign-ups are closed at the moment.');
    expect(await userExists(email)).toBe(false);

    const otp = await anonClient().auth.signInWithOtp({ email });
    expect(otp.error?.status).toBe(403);
    expect(await userExists(email)).toBe(false);
  });

  it('counts a missing flag as off', async () => {
    await setFlag(null);
    const email = uniqueEmail('noflag');
    const { error } = await anonClient().auth.signUp({ email, password: 'long-enough-1' });
    expect(error?.status).toBe(403);
    expect(await userExists(email)).toBe(false);
  });

  it('allows sign-ups again once the flag is on', async () => {
    await setFlag(true);
    const email = uniqueEmail('open');
    const { data, error } = await anonClient().auth.signUp({ email, password: 'long-enough-1' });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(await userExists(email)).toBe(true);
  });

  it('lets the service role create users while closed, and refuses invitations as hosted Auth does', async () => {
    await setFlag(false);
    const created = await serviceClient().auth.admin.createUser({ email: uniqueEmail('staff') });
    expect(created.error).toBeNull();
    const invited = await serviceClient().auth.admin.inviteUserByEmail(uniqueEmail('invitee'));
    expect(invited.error?.status).toBe(403);
    await setFlag(true);
  });

  it('cannot be called by visitors through the API', async () => {
    const { data, error } = await anonClient().rpc('hook_before_user_created', { event: {} });
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });
});
