import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient, signedInClient, stackEnv, uniqueEmail } from '../support/stack.ts';
import { waitForEmail, type InboxEmail } from '../support/inbox.ts';

/**
 * /admin/users through supabase-js as the site uses it: the account list (rpc admin_accounts with
 * filters and a page), the admin-users function (invite, deactivate, reactivate) and roles granted
 * and removed directly, each leaving its audit entry with the admin as actor.
 */

let admin: Awaited<ReturnType<typeof signedInClient>>;

async function makeAdmin(userId: string) {
  const db = await adminDb();
  try {
    await db.query(
      `insert into public.user_roles (user_id, role) values ($1, 'admin') on conflict do nothing`,
      [userId],
    );
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  admin = await signedInClient({ firstName: 'Ada', lastName: 'Admin' });
  await makeAdmin(admin.userId);
});

afterAll(async () => {
  const db = await adminDb();
  try {
    await db.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [admin.userId]);
  } finally {
    await db.end();
  }
});

/** The audit entries about one user, oldest first, as the admin's screen reads them. */
async function auditAbout(client: SupabaseClient, userId: string) {
  const { data, error } = await client
    .from('audit_log_entries')
    .select('action, actor_user_id, actor_email, metadata')
    .eq('entity_id', userId)
    .order('created_at')
    .order('action');
  expect(error).toBeNull();
  return data!;
}

async function invoke(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke('admin-users', { body });
  if (!error) return { status: 200, data };
  const response = (error as { context?: Response }).context;
  return { status: response?.status ?? 0, data: await response?.json() };
}

function verifyLinkIn(mail: InboxEmail): string {
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no link in:\n${mail.text}`);
  return match[0];
}

describe('invite', () => {
  it('emails an invitation whose link signs the person in to set a password; the role is theirs', async () => {
    const email = uniqueEmail('coach');
    const invited = await invoke(admin.client, {
      action: 'invite',
      email,
      first_name: 'Casey',
      last_name: 'Newcoach',
      role: 'coach',
    });
    expect(invited).toMatchObject({ status: 200, data: { status: 'invited' } });
    const userId = (invited.data as { user_id: string }).user_id;

    const mail = await waitForEmail(email, /invited/i);
    // The email says who invited the person and to which role, and how long the link lasts.
    expect(mail.text).toContain('Ada Admin invited you to Ploom as a coach.');
    expect(mail.text).toContain('for 24 hours');
    const link = verifyLinkIn(mail);
    expect(new URL(link).searchParams.get('redirect_to')).toBe(`${stackEnv.siteUrl}/welcome`);
    // Still good the next day (config.toml's otp_expiry), not an hour only.
    const db = await adminDb();
    try {
      await db.query(
        `update auth.one_time_tokens set created_at = now() - interval '23 hours' where user_id = $1`,
        [userId],
      );
    } finally {
      await db.end();
    }
    const response = await fetch(link, { redirect: 'manual' });
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${stackEnv.siteUrl}/welcome`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('invite');

    // What the welcome page does: the session from the link, then the chosen password.
    const browser = anonClient();
    await browser.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect((await browser.auth.updateUser({ password: 'coach-secret-2026' })).error).toBeNull();
    const signIn = await anonClient().auth.signInWithPassword({ email, password: 'coach-secret-2026' });
    expect(signIn.error).toBeNull();

    const { data: roles } = await browser.from('user_roles').select('role');
    expect(roles).toEqual([{ role: 'coach' }]);
    const { data: coach } = await browser
      .from('coaches')
      .select('display_name, is_active')
      .eq('user_id', userId);
    expect(coach).toEqual([{ display_name: 'Casey Newcoach', is_active: false }]);

    const audit = await auditAbout(admin.client, userId);
    expect(audit.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['USER_INVITED', admin.userId],
      ['ROLE_GRANTED', admin.userId],
      ['ROLE_REVOKED', admin.userId],
    ]);
    expect(audit[0].metadata).toEqual({ email, role: 'coach' });
    expect(audit[0].actor_email).toBe(admin.email);
  });

  it('an address with an account already is a 409; a bad payload a 400', async () => {
    const someone = await signedInClient();
    expect(
      await invoke(admin.client, { action: 'invite', email: someone.email, first_name: 'X', role: 'admin' }),
    ).toEqual({
      status: 409,
      data: { error: 'An account with this email already exists: grant it the role instead' },
    });
    expect(
      await invoke(admin.client, { action: 'invite', email: 'nope', first_name: 'X', role: 'coach' }),
    ).toEqual({
      status: 400,
      data: { error: 'email: must be a valid email address' },
    });
  });
});

describe('deactivate and reactivate', () => {
  it('ends the sessions and refuses sign-in until reactivated; both audited as the admin', async () => {
    const parent = await signedInClient({ firstName: 'Dee' });
    expect(await invoke(admin.client, { action: 'deactivate', user_id: parent.userId })).toEqual({
      status: 200,
      data: { user_id: parent.userId, status: 'deactivated' },
    });
    const refreshed = await parent.client.auth.refreshSession();
    expect(refreshed.error).not.toBeNull();
    const refused = await anonClient().auth.signInWithPassword({
      email: parent.email,
      password: parent.password,
    });
    expect(refused.error?.code).toBe('user_banned');

    const { data: listed } = await admin.client
      .rpc('admin_accounts')
      .select('status')
      .eq('id', parent.userId);
    expect(listed).toEqual([{ status: 'deactivated' }]);

    expect(await invoke(admin.client, { action: 'reactivate', user_id: parent.userId })).toMatchObject({
      status: 200,
      data: { status: 'active' },
    });
    const back = await anonClient().auth.signInWithPassword({
      email: parent.email,
      password: parent.password,
    });
    expect(back.error).toBeNull();

    const audit = await auditAbout(admin.client, parent.userId);
    expect(audit.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['USER_DEACTIVATED', admin.userId],
      ['USER_REACTIVATED', admin.userId],
    ]);
  });

  it('an admin cannot deactivate themselves (409)', async () => {
    expect(await invoke(admin.client, { action: 'deactivate', user_id: admin.userId })).toEqual({
      status: 409,
      data: { error: 'You cannot deactivate your own account' },
    });
  });

  it('a parent gets a 403 and a visitor a 401; nothing changes', async () => {
    const parent = await signedInClient();
    const target = await signedInClient();
    expect(await invoke(parent.client, { action: 'deactivate', user_id: target.userId })).toEqual({
      status: 403,
      data: { error: 'Only admins can manage users' },
    });
    expect(await invoke(anonClient(), { action: 'deactivate', user_id: target.userId })).toMatchObject({
      status: 401,
    });
    const { error } = await target.client.auth.refreshSession();
    expect(error).toBeNull();
  });
});

describe('roles and the account list', () => {
  it('an admin grants and removes a role; never their own admin role', async () => {
    const person = await signedInClient({ firstName: 'Rory' });
    expect(
      (await admin.client.from('user_roles').insert({ user_id: person.userId, role: 'coach' })).error,
    ).toBeNull();
    expect(
      (await admin.client.from('user_roles').delete().eq('user_id', person.userId).eq('role', 'coach')).error,
    ).toBeNull();
    const own = await admin.client
      .from('user_roles')
      .delete()
      .eq('user_id', admin.userId)
      .eq('role', 'admin');
    expect(own.error).toMatchObject({ code: '42501', message: 'You cannot remove your own admin role' });

    const audit = await auditAbout(admin.client, person.userId);
    expect(audit.map((e) => [e.action, e.metadata])).toEqual([
      ['ROLE_GRANTED', { role: 'coach' }],
      ['ROLE_REVOKED', { role: 'coach' }],
    ]);
  });

  it("a child's login holds only the child role, and the child role is never granted from here", async () => {
    // A child's login as the family page makes it (the child-accounts function).
    const parent = await signedInClient({ firstName: 'Pat' });
    const db = await adminDb();
    let childId = '';
    try {
      childId = (
        await db.query<{ id: string }>(
          `insert into public.children (parent_id, first_name, age_band) values ($1, 'Kit', '9') returning id`,
          [parent.userId],
        )
      ).rows[0].id;
      const username = `kit.${Date.now().toString(36)}`;
      const created = await parent.client.functions.invoke('child-accounts', {
        body: {
          action: 'create',
          child_id: childId,
          username,
          secret: 'sunny-day-42',
          secret_kind: 'password',
        },
      });
      expect(created.error).toBeNull();
      const login = (
        await db.query<{ user_id: string }>('select user_id from public.children where id = $1', [childId])
      ).rows[0].user_id;
      const rolesOf = async (userId: string) =>
        (
          await db.query<{ role: string }>(
            'select role::text from public.user_roles where user_id = $1 order by 1',
            [userId],
          )
        ).rows.map((r) => r.role);
      expect(await rolesOf(login)).toEqual(['child']);

      for (const role of ['admin', 'coach', 'parent'] as const) {
        const grant = await admin.client.from('user_roles').insert({ user_id: login, role });
        expect(grant.error, role).toMatchObject({
          code: '42501',
          message: "A child's login holds only the child role",
        });
      }
      // Nor once its child role is gone.
      await db.query(`delete from public.user_roles where user_id = $1`, [login]);
      const after = await admin.client.from('user_roles').insert({ user_id: login, role: 'admin' });
      expect(after.error).toMatchObject({ code: '42501' });
      // Nor turned into another role by an update.
      await db.query(`insert into public.user_roles (user_id, role) values ($1, 'child')`, [login]);
      const changed = await admin.client.from('user_roles').update({ role: 'coach' }).eq('user_id', login);
      expect(changed.error).toMatchObject({ code: '42501' });
      expect(await rolesOf(login)).toEqual(['child']);

      // And the child role is given to nobody through the API.
      const person = await signedInClient({ firstName: 'Rowan' });
      const child = await admin.client.from('user_roles').insert({ user_id: person.userId, role: 'child' });
      expect(child.error).toMatchObject({
        code: '42501',
        message: "The child role comes only with a child login, made from the family's page",
      });
      expect(await rolesOf(person.userId)).toEqual(['parent']);
    } finally {
      if (childId) await db.query('delete from public.children where id = $1', [childId]);
      await db.end();
    }
  });

  it('searches by name or email, filters by role and pages on the server', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const people = [];
    for (const n of [1, 2, 3])
      people.push(await signedInClient({ firstName: `${tag}${n}`, lastName: 'Lister' }));
    await admin.client.from('user_roles').insert({ user_id: people[2].userId, role: 'coach' });

    const page = await admin.client
      .rpc('admin_accounts', {}, { count: 'exact' })
      .select('full_name, roles')
      .or(`full_name.ilike.*${tag}*,email.ilike.*${tag}*`)
      .order('full_name')
      .range(0, 1);
    expect(page.error).toBeNull();
    expect(page.count).toBe(3);
    expect(page.data).toEqual([
      { full_name: `${tag}1 Lister`, roles: ['parent'] },
      { full_name: `${tag}2 Lister`, roles: ['parent'] },
    ]);

    const coaches = await admin.client
      .rpc('admin_accounts')
      .select('full_name')
      .ilike('full_name', `${tag}%`)
      .contains('roles', ['coach']);
    expect(coaches.data).toEqual([{ full_name: `${tag}3 Lister` }]);

    const refused = await people[0].client.rpc('admin_accounts');
    expect(refused.error?.code).toBe('42501');
  });

  it('the screen’s page (admin_account_page): search, role, newest first, a page and the exact count in one call', async () => {
    const tag = `zp${Date.now().toString(36)}`;
    const people = [];
    for (const n of [1, 2, 3])
      people.push(await signedInClient({ firstName: `${tag}${n}`, lastName: 'Pager' }));
    await admin.client.from('user_roles').insert({ user_id: people[2].userId, role: 'coach' });
    const page = (args: { search?: string; role?: 'coach'; page_size: number; page_offset: number }) =>
      admin.client.rpc('admin_account_page', args).select('full_name, roles, total');

    const first = await page({ search: ` ${tag.toUpperCase()} `, page_size: 2, page_offset: 0 });
    expect(first.error).toBeNull();
    expect(first.data).toEqual([
      { full_name: `${tag}3 Pager`, roles: ['coach', 'parent'], total: 3 },
      { full_name: `${tag}2 Pager`, roles: ['parent'], total: 3 },
    ]);
    const second = await page({ search: tag, page_size: 2, page_offset: 2 });
    expect(second.data).toEqual([{ full_name: `${tag}1 Pager`, roles: ['parent'], total: 3 }]);
    const coaches = await page({ search: tag, role: 'coach', page_size: 25, page_offset: 0 });
    expect(coaches.data).toEqual([{ full_name: `${tag}3 Pager`, roles: ['coach', 'parent'], total: 1 }]);
    // The search's % and _ are letters, not wildcards.
    expect((await page({ search: `${tag}%`, page_size: 25, page_offset: 0 })).data).toEqual([]);

    const bad = await page({ page_size: 0, page_offset: 0 });
    expect(bad.error?.code).toBe('22023');
    const refused = await people[0].client.rpc('admin_account_page', { page_size: 25, page_offset: 0 });
    expect(refused.error?.code).toBe('42501');
  });
});
