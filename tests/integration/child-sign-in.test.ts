import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoEmail } from '../../scripts/demo-accounts.ts';
import { childSignIn, signInChild } from '../support/child-login.ts';
import { adminDb, anonClient, signedInClient } from '../support/stack.ts';
import { clientFrom, freshLoopbackAddress, median } from './auth-support.ts';

/**
 * Child usernames cannot be listed (issue 20, docs/decisions/151-child-sign-in-function.md): a
 * child's Auth address is random, so Auth's sign-up answers a taken username's address as a free
 * one's; a child signs in through the child-sign-in function, which answers a username nobody has
 * exactly as a wrong secret (status, body, time, and the refusals after many tries: decision 229,
 * tests/integration/child-login-lockout.test.ts).
 */

// Unique across files started in the same millisecond.
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const username = `wren.${run}`;
const PIN = '27182818';
const TOO_MANY = /^Too many tries from this device\. Try again in 15 minutes\.$/;

let db: pg.Client;
let parent: Awaited<ReturnType<typeof signedInClient>>;
let childId: string;

async function invoke(client: SupabaseClient, body: Record<string, unknown>) {
  const { error } = await client.functions.invoke('child-accounts', { body });
  if (error) throw error;
}

/** What Auth's sign-up answers for an address, as supabase-js reads it. */
async function signUpAnswer(email: string) {
  const { data, error } = await clientFrom(freshLoopbackAddress()).auth.signUp({
    email,
    password: 'a-long-password-1',
  });
  return { user: data.user, session: data.session, status: error?.status, message: error?.message };
}

beforeAll(async () => {
  db = await adminDb();
  parent = await signedInClient({ firstName: 'Sign', lastName: 'Family' });
  const { rows } = await db.query<{ id: string }>(
    `insert into public.children (parent_id, first_name, age_band) values ($1, 'Wren', '9') returning id`,
    [parent.userId],
  );
  childId = rows[0].id;
  await invoke(parent.client, {
    action: 'create',
    child_id: childId,
    username,
    secret: PIN,
    secret_kind: 'pin',
  });
});

afterAll(async () => {
  await db?.query(`delete from public.children where id = $1`, [childId]);
  await db?.end();
});

describe("Auth's sign-up tells no username", () => {
  it('answers the address of a taken username exactly as a free one', async () => {
    const taken = await signUpAnswer(`${username}@child.ploom.invalid`);
    const demo = await signUpAnswer('mia@child.ploom.invalid');
    const free = await signUpAnswer(`free.${run}@child.ploom.invalid`);
    expect(free).toEqual({
      user: null,
      session: null,
      status: 403,
      message: "A child's login is given by their parent from the parent's account.",
    });
    expect(taken).toEqual(free);
    expect(demo).toEqual(free);
  });

  it("no child's Auth address holds their username", async () => {
    const { rows } = await db.query<{ email: string; username: string }>(
      `select u.email, l.username from public.child_logins l join auth.users u on u.id = l.user_id`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row.email).toMatch(/^c-[0-9a-f]{32}@child\.ploom\.invalid$/);
      expect(row.email).not.toContain(row.username);
    }
  });
});

describe('the child-sign-in function', () => {
  it('signs the demo child in with mia and her password: a session of the child role', async () => {
    const child = await signInChild('mia', demoAccounts.password);
    const { data } = await child.auth.getUser();
    expect(data.user?.user_metadata).toMatchObject({ first_name: 'Mia' });
    const roles = await child.from('user_roles').select('role');
    expect(roles.data).toEqual([{ role: 'child' }]);
    const dashboard = await child.rpc('child_dashboard').select('first_name');
    expect(dashboard.data).toEqual([{ first_name: 'Mia' }]);
  });

  it('answers a username nobody has exactly as a wrong PIN, after about as long', async () => {
    const wrong = [];
    const unknown = [];
    for (let i = 0; i < 3; i += 1) {
      wrong.push(await childSignIn(username, `3141592${i}`, clientFrom(freshLoopbackAddress())));
      unknown.push(await childSignIn(`nobody${i}.${run}`, `3141592${i}`, clientFrom(freshLoopbackAddress())));
    }
    const refusal = { error: 'Invalid login credentials', code: 'invalid_credentials' };
    for (const answer of [...wrong, ...unknown]) {
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 400, body: refusal });
    }
    // The right PIN still works (three wrong tries are not a lock), and resets the count.
    expect((await childSignIn(username, PIN)).status).toBe(200);
    const [a, b] = [median(wrong.map((x) => x.ms)), median(unknown.map((x) => x.ms))];
    expect(Math.abs(a - b)).toBeLessThan(300);
  });

  it('after five wrong PINs from one address refuses it (429), and a name nobody has tried as often the same', async () => {
    const [known, unknown] = [freshLoopbackAddress(), freshLoopbackAddress()];
    const answers = { known: [] as unknown[], unknown: [] as unknown[] };
    for (let i = 0; i < 6; i += 1) {
      const a = await childSignIn(username, `1414213${i}`, clientFrom(known));
      const b = await childSignIn(`ghost.${run}`, `1414213${i}`, clientFrom(unknown));
      answers.known.push({ status: a.status, body: a.body });
      answers.unknown.push({ status: b.status, body: b.body });
    }
    expect(answers.known).toEqual(answers.unknown);
    expect(answers.known.slice(0, 5)).toEqual(
      Array(5).fill({
        status: 400,
        body: { error: 'Invalid login credentials', code: 'invalid_credentials' },
      }),
    );
    expect(answers.known[5]).toMatchObject({ status: 429, body: { code: 'over_request_rate_limit' } });
    expect(String((answers.known[5] as { body: { error: string } }).body.error)).toMatch(TOO_MANY);
    // That address is refused the right PIN too, with the same answer as the name nobody has.
    const right = await childSignIn(username, PIN, clientFrom(known));
    const ghost = await childSignIn(`ghost.${run}`, PIN, clientFrom(unknown));
    expect({ status: right.status, body: right.body }).toEqual({ status: ghost.status, body: ghost.body });
    // Any other address signs in; the parent reads the wrong tries.
    expect((await childSignIn(username, PIN, clientFrom(freshLoopbackAddress()))).status).toBe(200);
    const attempts = await parent.client
      .from('child_login_attempts')
      .select('outcome')
      .eq('child_id', childId)
      .eq('outcome', 'failed');
    expect(attempts.data?.length).toBe(3 + 5);
  });

  it('answers a bad payload 400 with the reason', async () => {
    const { error } = await anonClient().functions.invoke('child-sign-in', { body: { username: 'mia' } });
    const response = (error as { context?: Response }).context!;
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'secret: is required' });
  });
});

describe("where the team sees a child's login", () => {
  it('the users screen and the audit log name it by username, never by its address', async () => {
    const admin = anonClient();
    const signIn = await admin.auth.signInWithPassword({
      email: demoEmail('admin'),
      password: demoAccounts.password,
    });
    expect(signIn.error).toBeNull();
    // As /admin/users asks for its rows (src/features/users/api/get-accounts.ts), searching "mia"
    // (other tests' accounts may match the search too: Mia's row is the one with her username).
    const { data: accounts, error } = await admin
      .rpc('admin_accounts')
      .select('email, child_username, full_name')
      .or('full_name.ilike.*mia*,email.ilike.*mia*,child_username.ilike.*mia*')
      .eq('child_username', 'mia');
    expect(error).toBeNull();
    expect(accounts).toEqual([{ email: null, child_username: 'mia', full_name: 'Mia' }]);

    // The child's own sign-in is recorded (USER_LOGIN, by the child) with no address shown.
    const child = await signInChild('mia', demoAccounts.password);
    const { data: me } = await child.auth.getUser();
    const { error: logged } = await child.from('audit_logs').insert({
      actor_user_id: me.user!.id,
      action: 'USER_LOGIN',
      entity_type: 'auth',
      entity_id: me.user!.id,
    });
    expect(logged).toBeNull();
    const { data: entries } = await admin
      .from('audit_log_entries')
      .select('actor_first_name, actor_email')
      .eq('actor_user_id', me.user!.id)
      .eq('action', 'USER_LOGIN');
    expect(entries?.length).toBeGreaterThan(0);
    expect(entries?.every((e) => e.actor_first_name === 'Mia' && e.actor_email === null)).toBe(true);
  });
});
