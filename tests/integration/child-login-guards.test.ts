import * as OTPAuth from 'otpauth';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childSignIn, signInChild } from '../support/child-login.ts';
import { adminDb, anonClient, signedInClient } from '../support/stack.ts';
import { clientFrom, freshLoopbackAddress } from './auth-support.ts';

/**
 * What keeps a child's login the family's (issue 20, docs/decisions/125-128, 229): wrong secrets
 * are counted per address, so a stranger's do not lock the child out (the lockout itself:
 * child-login-lockout.test.ts); the parent sees the attempts and alone unlocks a lock, which Auth's
 * password hook holds too; nobody signs up on the child domain; a parent's username tries are
 * capped; a child cannot change its own secret; and two-factor codes are limited per factor, not
 * per address.
 */

const LOCKED = /locked after too many wrong tries/;
const run = Date.now().toString(36);
const PIN = '27182818';

let db: pg.Client;
let parent: Awaited<ReturnType<typeof signedInClient>>;
let otherParent: Awaited<ReturnType<typeof signedInClient>>;
let childId: string;
let otherChildId: string;

async function invoke(client: SupabaseClient, body: Record<string, unknown>) {
  const { data, error } = await client.functions.invoke('child-accounts', { body });
  if (!error) return { status: 200, data: data as Record<string, unknown> };
  const response = (error as { context?: Response }).context;
  return { status: response?.status ?? 0, data: (await response?.json()) as Record<string, unknown> };
}

const CHILD_EMAIL_DOMAIN = 'child.ploom.invalid';

/**
 * Signs in as /login does for a username (the child-sign-in function), from `address` (each guess
 * from another address): the refusal as `error` ({ status, code, message }), or the session.
 */
async function signInAsChild(username: string, secret: string, address?: string) {
  const client = address ? clientFrom(address) : anonClient();
  const answer = await childSignIn(username, secret, client);
  return answer.status === 200
    ? { error: null, data: { session: answer.body } }
    : {
        error: { status: answer.status, code: answer.body.code, message: String(answer.body.error) },
        data: { session: null },
      };
}

async function attemptsSeenBy(client: SupabaseClient, child: string) {
  const { data, error } = await client
    .from('child_login_attempts')
    .select('outcome')
    .eq('child_id', child)
    .order('attempted_at')
    .order('id');
  if (error) throw error;
  return data.map((row: { outcome: string }) => row.outcome);
}

beforeAll(async () => {
  db = await adminDb();
  parent = await signedInClient({ firstName: 'Guard', lastName: 'Family' });
  otherParent = await signedInClient({ firstName: 'Other', lastName: 'Family' });
  const { rows } = await db.query<{ id: string }>(
    `insert into public.children (parent_id, first_name, age_band) values ($1, 'Pip', '8'), ($2, 'Ola', '9')
     returning id`,
    [parent.userId, otherParent.userId],
  );
  [childId, otherChildId] = rows.map((r) => r.id);
  const created = await invoke(parent.client, {
    action: 'create',
    child_id: childId,
    username: `pip.${run}`,
    secret: PIN,
    secret_kind: 'pin',
  });
  expect(created.status).toBe(200);
});

afterAll(async () => {
  await db?.query(`delete from public.children where id = any($1)`, [[childId, otherChildId]]);
  await db?.end();
});

describe("a child login's wrong tries and its lock", () => {
  it('five wrong PINs from five addresses lock nothing; the parent reads the attempts, another parent none', async () => {
    const username = `pip.${run}`;
    expect((await signInAsChild(username, PIN, freshLoopbackAddress())).error).toBeNull();

    // Five wrong PINs, each from another address: the sixth address signs in.
    const answers = [];
    for (let i = 0; i < 5; i += 1) {
      const { error } = await signInAsChild(username, `3141592${i}`, freshLoopbackAddress());
      answers.push(error?.message);
    }
    expect(answers).toEqual(Array(5).fill('Invalid login credentials'));
    expect((await signInAsChild(username, PIN, freshLoopbackAddress())).error).toBeNull();

    // The parent reads the attempts; another parent reads none.
    expect(await attemptsSeenBy(parent.client, childId)).toEqual([
      'succeeded',
      'failed',
      'failed',
      'failed',
      'failed',
      'failed',
      'succeeded',
    ]);
    expect(await attemptsSeenBy(otherParent.client, childId)).toEqual([]);
  });

  it("a lock refuses the right secret on every path, Auth's own included; only the parent lifts it (audited)", async () => {
    const username = `pip.${run}`;
    // A lock as the day's ceiling sets it (child-login-lockout.test.ts reaches it by 30 wrong PINs).
    await db.query(
      `insert into public.child_login_locks (child_id, locked_until) values ($1, now() + interval '1 day')
       on conflict (child_id) do update set locked_until = excluded.locked_until`,
      [childId],
    );
    const refused = await signInAsChild(username, PIN, freshLoopbackAddress());
    expect(refused.data.session).toBeNull();
    expect(refused.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(refused.error!.message).toMatch(LOCKED);
    // Auth asked directly with the child's (secret, random) address: its password hook refuses too.
    const { rows } = await db.query<{ email: string }>(
      `select u.email from auth.users u join public.child_logins l on l.user_id = u.id where l.child_id = $1`,
      [childId],
    );
    const direct = await clientFrom(freshLoopbackAddress()).auth.signInWithPassword({
      email: rows[0].email,
      password: PIN,
    });
    expect(direct.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    expect(direct.error!.message).toMatch(LOCKED);

    // Another parent cannot unlock it; the parent can, and the PIN works again.
    const foreign = await otherParent.client.rpc('unlock_child_login', { child: childId });
    expect(foreign).toMatchObject({ status: 404, error: { code: 'PT404', message: 'No such child login' } });
    expect((await signInAsChild(username, PIN, freshLoopbackAddress())).error!.message).toMatch(LOCKED);
    const unlocked = await parent.client.rpc('unlock_child_login', { child: childId });
    expect(unlocked.error).toBeNull();
    // The unlock is in the audit log, by the parent; a lock the sign-in set is not an action of anyone.
    const audit = await db.query<{ action: string; actor_user_id: string | null }>(
      `select action, actor_user_id from public.audit_logs
        where entity_type = 'child' and entity_id = $1 and action = 'CHILD_LOGIN_UNLOCKED'`,
      [childId],
    );
    expect(audit.rows).toEqual([{ action: 'CHILD_LOGIN_UNLOCKED', actor_user_id: parent.userId }]);
    const again = await signInAsChild(username, PIN, freshLoopbackAddress());
    expect(again.error).toBeNull();
    expect(again.data.session).not.toBeNull();
    expect(
      (
        await clientFrom(freshLoopbackAddress()).auth.signInWithPassword({
          email: rows[0].email,
          password: PIN,
        })
      ).error,
    ).toBeNull();
  });

  it('an adult is not locked out by wrong passwords (the hook judges children only)', async () => {
    for (let i = 0; i < 6; i += 1) {
      const { error } = await clientFrom(freshLoopbackAddress()).auth.signInWithPassword({
        email: otherParent.email,
        password: `wrong-password-${i}`,
      });
      expect(error!.message).toBe('Invalid login credentials');
    }
    const { error } = await anonClient().auth.signInWithPassword({
      email: otherParent.email,
      password: otherParent.password,
    });
    expect(error).toBeNull();
  });
});

describe('the child domain is not for sign-up', () => {
  it('refuses a sign-up for a free child username, and creates nobody', async () => {
    const email = `free.${run}@${CHILD_EMAIL_DOMAIN}`;
    const { data, error } = await anonClient().auth.signUp({ email, password: 'a-long-password-1' });
    expect(data.user).toBeNull();
    expect(error).toMatchObject({ status: 403 });
    expect(error!.message).toBe("A child's login is given by their parent from the parent's account.");
    const { rows } = await db.query(`select 1 from auth.users where email = $1`, [email]);
    expect(rows).toEqual([]);
  });

  it('still lets the parent give that username through the child-accounts function', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.children (parent_id, first_name, age_band) values ($1, 'Fay', '7') returning id`,
      [parent.userId],
    );
    const created = await invoke(parent.client, {
      action: 'create',
      child_id: rows[0].id,
      username: `free.${run}`,
      secret: 'sunny-day-42',
      secret_kind: 'password',
    });
    expect(created.status).toBe(200);
    const signIn = await signInAsChild(`free.${run}`, 'sunny-day-42');
    expect(signIn.error).toBeNull();
    await db.query(`delete from public.children where id = $1`, [rows[0].id]);
  });

  it("caps a parent's username tries: the 11th name within the hour is 429, nothing renamed", async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.children (parent_id, first_name, age_band) values ($1, 'Cy', '11') returning id`,
      [otherParent.userId],
    );
    const cy = rows[0].id;
    const first = await invoke(otherParent.client, {
      action: 'create',
      child_id: cy,
      username: `cy.${run}`,
      secret: 'sunny-day-42',
      secret_kind: 'password',
    });
    expect(first.status).toBe(200);
    const statuses: number[] = [];
    // Probing names (taken or free) by renaming, as the audit did 30 times in 1.1 s.
    for (let i = 0; i < 12; i += 1) {
      const probe = i % 2 === 0 ? 'mia' : `cy${i}.${run}`;
      statuses.push(
        (await invoke(otherParent.client, { action: 'update', child_id: cy, username: probe })).status,
      );
    }
    expect(statuses.slice(0, 9).every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
    const refused = await invoke(otherParent.client, {
      action: 'update',
      child_id: cy,
      username: `cy.z.${run}`,
    });
    expect(refused).toEqual({
      status: 429,
      data: { error: 'You have tried many usernames in the last hour: please try again later' },
    });
    const login = await db.query<{ username: string }>(
      `select username from public.child_logins where child_id = $1`,
      [cy],
    );
    expect(login.rows[0].username).toBe(`cy7.${run}`);
    await db.query(`delete from public.children where id = $1`, [cy]);
  });
});

describe('text nobody types', () => {
  it('a username, password or PIN holding a NUL or a lone surrogate is refused 400, and nothing changes', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.children (parent_id, first_name, age_band) values ($1, 'Nel', '8') returning id`,
      [parent.userId],
    );
    const nel = rows[0].id;
    const cases: [Record<string, unknown>, string][] = [
      [
        { username: 'nel\u0000x', secret: 'sunny-day-42', secret_kind: 'password' },
        'username: must not contain control characters',
      ],
      [
        { username: 'nel\ud800x', secret: 'sunny-day-42', secret_kind: 'password' },
        'username: must be valid Unicode text',
      ],
      [
        { username: `nel.${run}`, secret: 'sunny\u0000day-42', secret_kind: 'password' },
        'secret: must not contain control characters',
      ],
      [
        { username: `nel.${run}`, secret: 'sunny-day-42\ud800', secret_kind: 'password' },
        'secret: must be valid Unicode text',
      ],
      [
        { username: `nel.${run}`, secret: '4027\u00001958', secret_kind: 'pin' },
        'secret: must not contain control characters',
      ],
      [
        { username: `nel.${run}`, secret: '\udc0040271958', secret_kind: 'pin' },
        'secret: must be valid Unicode text',
      ],
    ];
    for (const [fields, error] of cases) {
      const answer = await invoke(parent.client, { action: 'create', child_id: nel, ...fields });
      expect(answer, JSON.stringify(fields)).toEqual({ status: 400, data: { error } });
    }
    const login = await db.query(`select 1 from public.child_logins where child_id = $1`, [nel]);
    expect(login.rows).toEqual([]);
    // A change of an existing login's secret is refused alike.
    for (const secret of ['3589\u00007932', '35897932\ud800']) {
      const answer = await invoke(parent.client, {
        action: 'update',
        child_id: childId,
        secret,
        secret_kind: 'pin',
      });
      expect(answer.status).toBe(400);
    }
    await db.query(`delete from public.children where id = $1`, [nel]);
  });
});

describe("a child's secret is the parent's to change", () => {
  it("refuses the child's own updateUser({ password }); the old PIN still works, and the parent's change does", async () => {
    const username = `pip.${run}`;
    await parent.client.rpc('unlock_child_login', { child: childId });
    const child = await signInChild(username, PIN);

    const changed = await child.auth.updateUser({ password: 'my-own-secret-1' });
    // Hosted Auth's answer when the database refuses the write, 500 "Error during password storage",
    // which auth-js hands over as a retryable fetch error (docs/decisions/127).
    expect(changed.error).toMatchObject({ status: 500 });
    expect(changed.data.user).toBeNull();
    expect((await signInAsChild(username, 'my-own-secret-1')).error!.message).toBe(
      'Invalid login credentials',
    );
    expect((await signInAsChild(username, PIN)).error).toBeNull();

    // The parent's change (the child-accounts function) goes through, with the PIN rules.
    const byParent = await invoke(parent.client, {
      action: 'update',
      child_id: childId,
      secret: '35897932',
      secret_kind: 'pin',
    });
    expect(byParent.status).toBe(200);
    expect((await signInAsChild(username, '35897932')).error).toBeNull();
    expect((await signInAsChild(username, PIN)).error!.message).toBe('Invalid login credentials');
  });
});

describe('two-factor codes are limited per factor', () => {
  const codeFor = (secret: string, timestamp = Date.now()) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp,
    });

  it('after five wrong codes the right one is refused (403) and the user is signed out', async () => {
    const adult = await signedInClient();
    const enrol = await adult.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(enrol.error).toBeNull();
    const factor = enrol.data!;
    const challenge = await adult.client.auth.mfa.challenge({ factorId: factor.id });
    expect(challenge.error).toBeNull();
    const wrong = codeFor(factor.totp.secret, Date.now() - 10 * 60_000);
    for (let i = 0; i < 5; i += 1) {
      // The same challenge takes another wrong code each time (as GoTrue: a wrong code does not use it up).
      const { error } = await adult.client.auth.mfa.verify({
        factorId: factor.id,
        challengeId: challenge.data!.id,
        code: wrong,
      });
      expect(error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
    }
    const right = await adult.client.auth.mfa.verify({
      factorId: factor.id,
      challengeId: challenge.data!.id,
      code: codeFor(factor.totp.secret),
    });
    expect(right.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected' });
    expect(right.error!.message).toBe(
      'Too many wrong codes. Wait 15 minutes, then sign in again and enter a new code.',
    );
    // Signed out everywhere: the refresh token no longer works.
    const session = await adult.client.auth.getSession();
    const refreshed = await anonClient().auth.refreshSession({
      refresh_token: session.data.session!.refresh_token,
    });
    expect(refreshed.error).not.toBeNull();

    // Signing in again (another address) does not reset the count: the factor stays refused.
    const again = clientFrom(freshLoopbackAddress());
    expect(
      (await again.auth.signInWithPassword({ email: adult.email, password: adult.password })).error,
    ).toBeNull();
    const retry = await again.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret),
    });
    expect(retry.error).toMatchObject({ status: 403, code: 'mfa_verification_rejected' });

    // Once the wrong codes age out, the right code verifies.
    await db.query(
      `update private.mfa_failed_verifications set failed_at = failed_at - interval '16 minutes' where factor_id = $1`,
      [factor.id],
    );
    const later = clientFrom(freshLoopbackAddress());
    expect(
      (await later.auth.signInWithPassword({ email: adult.email, password: adult.password })).error,
    ).toBeNull();
    const ok = await later.auth.mfa.challengeAndVerify({
      factorId: factor.id,
      code: codeFor(factor.totp.secret),
    });
    expect(ok.error).toBeNull();
  });
});
