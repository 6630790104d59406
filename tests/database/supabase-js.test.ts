import { afterAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoAdults } from '../../scripts/demo-accounts.ts';
import { signInChild } from '../support/child-login.ts';
import { adminDb, anonClient, signedInClient, uniqueEmail } from '../support/stack.ts';

/** The access rules as the site meets them: through @supabase/supabase-js and the API. */

const createdUsers: string[] = [];
afterAll(async () => {
  if (!createdUsers.length) return;
  const db = await adminDb();
  await db.query('delete from auth.users where id = any($1)', [createdUsers]);
  await db.end();
});

describe('a signed-out visitor', () => {
  it('subscribes once; the same address in another case answers 23505', async () => {
    const supabase = anonClient();
    const email = uniqueEmail('Reader');
    const first = await supabase.from('newsletter_subscribers').insert({ email, first_name: null });
    expect(first.error).toBeNull();
    const again = await supabase
      .from('newsletter_subscribers')
      .insert({ email: email.toLowerCase(), first_name: 'R' });
    expect(again.error?.code).toBe('23505');
  });

  it('sends an intro-call request but cannot read it back', async () => {
    const supabase = anonClient();
    const lead = {
      name: 'Jamie Parent',
      email: uniqueEmail('lead'),
      phone: '555-010-1234',
      child_name: 'Robin',
      age_band: '9',
      challenge: 'confidence',
      consent: true,
    };
    expect((await supabase.from('waitlist').insert(lead)).error).toBeNull();
    const readBack = await supabase.from('waitlist').select('id').eq('email', lead.email);
    expect(readBack.data ?? []).toEqual([]);
    const withSelect = await supabase
      .from('waitlist')
      .insert({ ...lead, email: uniqueEmail('lead') })
      .select();
    expect(withSelect.error?.code).toBe('42501');
  });

  it('reads the signup_enabled flag', async () => {
    const { data, error } = await anonClient()
      .from('feature_flags')
      .select('enabled')
      .eq('key', 'signup_enabled')
      .maybeSingle();
    expect(error).toBeNull();
    expect(data).toEqual({ enabled: true });
  });
});

describe('a parent who just signed up', () => {
  it('has the role parent, records the login, and sees only their own profile', async () => {
    const { client, userId } = await signedInClient({ firstName: 'Robin', lastName: 'Signup' });
    createdUsers.push(userId);

    const roles = await client.from('user_roles').select('role').eq('user_id', userId);
    expect(roles.data).toEqual([{ role: 'parent' }]);

    const audit = await client
      .from('audit_logs')
      .insert({ actor_user_id: userId, action: 'USER_LOGIN', entity_type: 'auth', entity_id: userId });
    expect(audit.error).toBeNull();

    const stamp = new Date().toISOString();
    const update = await client.from('profiles').update({ last_login_at: stamp }).eq('id', userId);
    expect(update.error).toBeNull();
    const profiles = await client.from('profiles').select('id, first_name, last_name, last_login_at');
    expect(profiles.data).toHaveLength(1);
    expect(profiles.data?.[0]).toMatchObject({ id: userId, first_name: 'Robin', last_name: 'Signup' });
    expect(new Date(profiles.data?.[0].last_login_at).toISOString()).toBe(stamp);

    const leads = await client.from('waitlist').select('id');
    expect(leads.data).toEqual([]);

    // A new account has no enrolled child, so the leaderboard shows it nobody's children.
    const leaderboard = await client.rpc('leaderboard', { max_rows: 3 });
    expect(leaderboard.error).toBeNull();
    expect(leaderboard.data).toEqual([]);
  });
});

async function demoClient(role: (typeof demoAccounts.users)[number]['role']) {
  const account = demoAccounts.users.find((u) => u.role === role)!;
  // The child signs in with her username, as /login does (docs/decisions/151).
  if (!('email' in account)) return signInChild(account.username, demoAccounts.password);
  const client = anonClient();
  const { error } = await client.auth.signInWithPassword({
    email: account.email,
    password: demoAccounts.password,
  });
  if (error) throw error;
  return client;
}

describe('the demo accounts', () => {
  it('the admin reads the leads pipeline, the variant report and every user', async () => {
    const admin = await demoClient('admin');
    const leads = await admin.from('waitlist').select('id, status').order('created_at');
    expect(leads.error).toBeNull();
    expect(new Set(leads.data?.map((l) => l.status)).size).toBeGreaterThanOrEqual(3);

    const report = await admin.rpc('landing_variant_report');
    expect(report.error).toBeNull();
    expect(report.data?.map((r: { path: string }) => r.path)).toContain('/coaching-home');

    const users = await admin.rpc('admin_accounts');
    expect(users.error).toBeNull();
    expect(users.data?.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining(demoAdults.map((u) => u.email)),
    );
  });

  it('the parent sees their two children and their sessions, the child only themselves', async () => {
    const parent = await demoClient('parent');
    const children = await parent.from('children').select('first_name').order('first_name');
    expect(children.data).toEqual([{ first_name: 'Leo' }, { first_name: 'Mia' }]);
    const sessions = await parent.from('coaching_sessions').select('id, child_id');
    expect(sessions.data?.length).toBeGreaterThan(0);

    const child = await demoClient('child');
    // A child reads itself through its dashboard, not the children table (docs/decisions/091).
    const own = await child.rpc('child_dashboard').select('first_name');
    expect(own.data).toEqual([{ first_name: 'Mia' }]);
    const rows = await child.from('children').select('first_name');
    expect(rows.data).toEqual([]);
    const users = await child.rpc('admin_accounts');
    expect(users.error?.code).toBe('42501');
  });
});
