import { randomInt } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childSignIn, type ChildSignInAnswer } from '../support/child-login.ts';
import { listEmails, waitForEmail } from '../support/inbox.ts';
import { adminDb, signedInClient, stackEnv } from '../support/stack.ts';
import { clientFrom, freshLoopbackAddress } from './auth-support.ts';

/**
 * A stranger who knows a child's username cannot keep the child locked out (issue 35, finding 4;
 * docs/decisions/229-child-login-lockout.md). Wrong PINs are counted per username and client
 * address: five from one address refuse that address alone for 15 minutes (429). Guessing stays
 * bounded all the same: one address gets 30 wrong tries an hour over all usernames, and a username
 * 30 wrong tries a day over all addresses, after which it is locked for everyone until a parent
 * unlocks it (the parent is emailed once) or the day passes. Each test has a family of its own and
 * guesses from addresses of its own.
 */

// Unique across files started in the same millisecond.
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PIN = '27182818';
const LOCKED = /locked after too many wrong tries/;
const INVALID = { error: 'Invalid login credentials', code: 'invalid_credentials' };
const TOO_MANY = /^Too many tries from this device\. Try again in (\d+) minutes?\.$/;

let db: pg.Client;
const childIds: string[] = [];

interface Family {
  parent: Awaited<ReturnType<typeof signedInClient>>;
  childId: string;
  username: string;
}

/** A parent with a child called `firstName` who has a PIN login of their own. */
async function familyWithLogin(firstName: string): Promise<Family> {
  const parent = await signedInClient({ firstName: 'Lock', lastName: 'Family' });
  const { rows } = await db.query<{ id: string }>(
    `insert into public.children (parent_id, first_name, age_band) values ($1, $2, '9') returning id`,
    [parent.userId, firstName],
  );
  const childId = rows[0].id;
  childIds.push(childId);
  const username = `${firstName.toLowerCase()}.${run}`;
  const { error } = await parent.client.functions.invoke('child-accounts', {
    body: { action: 'create', child_id: childId, username, secret: PIN, secret_kind: 'pin' },
  });
  if (error) throw error;
  return { parent, childId, username };
}

/** One sign-in from `address` (a visitor's machine of its own). */
const tryFrom = (address: string, username: string, secret: string) =>
  childSignIn(username, secret, clientFrom(address));

const seen = (answer: ChildSignInAnswer) => ({ status: answer.status, body: answer.body });

/** `count` wrong PINs for `username` from `address`, one after another. */
async function wrongPins(address: string, username: string, count: number, seed = 0) {
  const answers: ChildSignInAnswer[] = [];
  for (let i = 0; i < count; i += 1) {
    answers.push(await tryFrom(address, username, `${31415900 + seed * 10 + i}`));
  }
  return answers;
}

async function unlock(client: SupabaseClient, childId: string) {
  const { error } = await client.rpc('unlock_child_login', { child: childId });
  expect(error).toBeNull();
}

beforeAll(async () => {
  db = await adminDb();
});

afterAll(async () => {
  if (childIds.length) await db?.query(`delete from public.children where id = any($1)`, [childIds]);
  await db?.end();
});

describe('wrong PINs from many addresses do not lock the child out', () => {
  it('five wrong PINs, each from another address, leave the right PIN working from a sixth', async () => {
    const { username } = await familyWithLogin('Kai');
    for (let i = 0; i < 5; i += 1) {
      const [answer] = await wrongPins(freshLoopbackAddress(), username, 1, i);
      expect(seen(answer)).toEqual({ status: 400, body: INVALID });
    }
    expect((await tryFrom(freshLoopbackAddress(), username, PIN)).status).toBe(200);
  });

  it('five wrong PINs from one address refuse that address alone (429, the right PIN too); another address signs in', async () => {
    const { username, parent, childId } = await familyWithLogin('Noa');
    const stranger = freshLoopbackAddress();
    const home = freshLoopbackAddress();

    // The right PIN resets an address's count: four wrong, the right one, four wrong again is no lock.
    await wrongPins(home, username, 4);
    expect((await tryFrom(home, username, PIN)).status).toBe(200);
    expect((await wrongPins(home, username, 4, 1)).map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect((await tryFrom(home, username, PIN)).status).toBe(200);

    const answers = await wrongPins(stranger, username, 5, 2);
    expect(answers.map(seen)).toEqual(Array(5).fill({ status: 400, body: INVALID }));
    const refused = await tryFrom(stranger, username, PIN);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('over_request_rate_limit');
    expect(String(refused.body.error)).toMatch(TOO_MANY);
    expect(Number(TOO_MANY.exec(String(refused.body.error))![1])).toBe(15);

    // The child at home is not locked out, and the login is not locked.
    expect((await tryFrom(home, username, PIN)).status).toBe(200);
    const locks = await parent.client
      .from('child_login_locks')
      .select('locked_until')
      .eq('child_id', childId);
    expect((locks.data ?? []).every((l: { locked_until: string | null }) => l.locked_until === null)).toBe(
      true,
    );
    // The parent sees the wrong tries, never an address.
    const attempts = await parent.client
      .from('child_login_attempts')
      .select('*')
      .eq('child_id', childId)
      .eq('outcome', 'failed');
    expect(attempts.data).toHaveLength(13);
    expect(JSON.stringify(attempts.data)).not.toContain(stranger);

    // A name nobody has is refused alike after five wrong tries from one address.
    const ghost = `ghost.${run}`;
    await wrongPins(stranger, ghost, 5, 3);
    const ghostRefused = await tryFrom(stranger, ghost, PIN);
    expect(seen(ghostRefused)).toEqual(seen(refused));
  });

  it('answers 429 with Retry-After in seconds', async () => {
    const { username } = await familyWithLogin('Rio');
    const address = freshLoopbackAddress();
    await wrongPins(address, username, 5);
    const { error } = await clientFrom(address).functions.invoke('child-sign-in', {
      body: { username, secret: PIN },
    });
    const context = (error as { context?: Response }).context!;
    expect(context.status).toBe(429);
    const retryAfter = Number(context.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });
});

describe('guessing stays bounded', () => {
  it('one address gets 30 wrong tries an hour over all usernames; then a fresh name is refused from it, not from elsewhere', async () => {
    const sprayer = freshLoopbackAddress();
    const names = Array.from({ length: 6 }, (_, i) => `spray${i}.${run}`);
    // Five a name (the most one address gets on one name), six names at once.
    const answers = (await Promise.all(names.map((name, i) => wrongPins(sprayer, name, 5, i)))).flat();
    expect(answers.map((a) => a.status)).toEqual(Array(30).fill(400));
    const fresh = `spray9.${run}`;
    const refused = await tryFrom(sprayer, fresh, PIN);
    expect(refused.status).toBe(429);
    expect(String(refused.body.error)).toMatch(TOO_MANY);
    expect(seen(await tryFrom(freshLoopbackAddress(), fresh, PIN))).toEqual({ status: 400, body: INVALID });
  });

  it('an IPv6 address is counted by its /64: a machine cannot give itself fresh addresses', async () => {
    // As the child-sign-in function asks, with the addresses a gateway could append (nothing on
    // this machine connects over IPv6, so the database is asked directly).
    const name = `six.${run}`;
    const [a, b] = [randomInt(0x10000), randomInt(0xffff)].map((n) => n.toString(16));
    const prefix = `2001:db8:${a}:${b}`;
    const otherBlock = `2001:db8:${a}:${(parseInt(b, 16) + 1).toString(16)}`;
    const begin = async (address: string) =>
      (
        await db.query<{ judged: Record<string, unknown> }>(
          'select public.begin_child_sign_in($1, $2) as judged',
          [name, address],
        )
      ).rows[0].judged;
    try {
      for (let i = 1; i <= 5; i += 1) expect(await begin(`${prefix}::${i}`)).toHaveProperty('try');
      expect(await begin(`${prefix}:ffff:ffff:ffff:ffff`)).toMatchObject({ refused: 'address' });
      expect(await begin(`${otherBlock}::1`)).toHaveProperty('try');
    } finally {
      await db.query(`delete from private.child_sign_in_tries where client like '2001:db8:%'`);
    }
  });

  it('30 wrong PINs in a day lock the login for everyone; the parent is emailed once; the unlock lets the child in', async () => {
    const { username, parent, childId } = await familyWithLogin('Ivy');
    const ghost = `ivy.ghost.${run}`;
    // Six addresses, five wrong PINs each, at once; a name nobody has tried the same way alongside.
    const [known, unknown] = await Promise.all(
      [username, ghost].map(async (name) =>
        (
          await Promise.all(
            Array.from({ length: 6 }, (_, i) => wrongPins(freshLoopbackAddress(), name, 5, i)),
          )
        ).flat(),
      ),
    );
    // Each is a wrong PIN, or, for the tries answered once the 30th was counted, the lock.
    for (const answers of [known, unknown]) {
      expect(answers.every((a) => a.status === 400 && a.body.code === 'invalid_credentials')).toBe(true);
      const locked = answers.filter((a) => LOCKED.test(String(a.body.error)));
      expect(locked.length).toBeGreaterThanOrEqual(1);
      expect(answers.length - locked.length).toBeGreaterThanOrEqual(24);
    }

    // Locked for everyone: the right PIN from an address never seen is refused, as for the name nobody has.
    const right = await tryFrom(freshLoopbackAddress(), username, PIN);
    expect(right).toMatchObject({ status: 400, body: { code: 'invalid_credentials' } });
    expect(String(right.body.error)).toMatch(LOCKED);
    expect(seen(await tryFrom(freshLoopbackAddress(), ghost, PIN))).toEqual(seen(right));

    // The parent sees the lock (about a day) and the wrong tries, and is emailed once.
    const { data: lock } = await parent.client
      .from('child_login_locks')
      .select('locked_until')
      .eq('child_id', childId)
      .single();
    const lockedFor = Date.parse((lock as { locked_until: string }).locked_until) - Date.now();
    expect(lockedFor).toBeGreaterThan(23 * 3600_000);
    expect(lockedFor).toBeLessThanOrEqual(24 * 3600_000);
    const { count } = await parent.client
      .from('child_login_attempts')
      .select('*', { count: 'exact', head: true })
      .eq('child_id', childId)
      .eq('outcome', 'failed');
    expect(count).toBe(30);

    const subject = /^Ivy's sign-in was paused after many wrong PINs$/;
    const mail = await waitForEmail(parent.email, subject, 20_000);
    expect(mail.html).toContain(`${stackEnv.siteUrl}/app/account/children`);
    expect(mail.text).toMatch(/30 times/);
    expect(mail.html).not.toContain(PIN);
    // No address the tries came from (the link to the site aside, which may itself be on 127.0.0.1).
    expect(mail.html.replaceAll(stackEnv.siteUrl, '')).not.toMatch(/127\.\d+\.\d+\.\d+/);
    expect(mail.text.replaceAll(stackEnv.siteUrl, '')).not.toMatch(/127\.\d+\.\d+\.\d+/);
    // Another try while locked sends nothing more.
    await tryFrom(freshLoopbackAddress(), username, '99999990');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const mails = (await listEmails()).filter(
      (m) =>
        m.to.some((to) => to.address.toLowerCase() === parent.email.toLowerCase()) && subject.test(m.subject),
    );
    expect(mails).toHaveLength(1);

    // The parent's unlock lets the child in again.
    await unlock(parent.client, childId);
    expect((await tryFrom(freshLoopbackAddress(), username, PIN)).status).toBe(200);
  });

  it('the daily lock ends by itself when the day has passed', async () => {
    const { username, childId } = await familyWithLogin('Oli');
    await Promise.all(Array.from({ length: 6 }, (_, i) => wrongPins(freshLoopbackAddress(), username, 5, i)));
    expect(String((await tryFrom(freshLoopbackAddress(), username, PIN)).body.error)).toMatch(LOCKED);
    // A day passes.
    await db.query(
      `update public.child_login_locks set locked_until = now() - interval '1 second' where child_id = $1`,
      [childId],
    );
    await db.query(
      `update private.child_sign_in_tries set tried_at = tried_at - interval '1 day' where child_id = $1`,
      [childId],
    );
    expect(seen(await tryFrom(freshLoopbackAddress(), username, '16180339'))).toEqual({
      status: 400,
      body: INVALID,
    });
    expect((await tryFrom(freshLoopbackAddress(), username, PIN)).status).toBe(200);
  });
});
