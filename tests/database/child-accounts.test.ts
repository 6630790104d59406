import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, asActor, createUser, insertRow, setRoles, type Actor } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * Child logins and what a child's login reads (docs/decisions/091-child-logins.md): the access
 * matrix of child_logins (role x action), who may link a login, the child dashboard, and that a
 * child reads only itself and its own sessions, never the adults' records about it. Also the access
 * matrix (role x action) of child_login_attempts and child_login_locks, the lockout hook, and that
 * only the parent's path changes a child's secret (docs/decisions/125, 127).
 */

const { db, world, runAs: as } = setUpWorld();
let theirLoginUser: string;
// Unique across files started in the same millisecond.
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  await db.query(
    `insert into public.child_logins (child_id, user_id, username, secret_kind) values ($1, $2, $3, 'pin')`,
    [world.rows.children.ourChild, world.users.child, `kit.${run}`],
  );
  // The other family's child gets a login too, so a parent has someone else's row to miss.
  theirLoginUser = (await createUser(db, { firstName: 'Otto', lastName: null })).id;
  await setRoles(db, theirLoginUser, ['child']);
  await db.query(`select public.link_child_login($1, $2, $3, 'password')`, [
    world.rows.children.theirChild,
    theirLoginUser,
    `otto.${run}`,
  ]);
  await db.query(`update public.children set notes = 'Parent''s note: worries at bedtime' where id = $1`, [
    world.rows.children.ourChild,
  ]);
});

afterAll(async () => {
  await db?.query('delete from auth.users where id = $1', [theirLoginUser]);
});

const rows = async (d: pg.Client, sql: string, params: unknown[] = []) => (await d.query(sql, params)).rows;

describe('child_logins access (role x action)', () => {
  it("select: the child's parent and admins; nobody else, the child included", async () => {
    const expected: Record<Actor, string[] | 'denied'> = {
      anon: 'denied',
      parent: [`kit.${run}`],
      otherParent: [`otto.${run}`],
      coach: [],
      child: [],
      admin: [`kit.${run}`, `otto.${run}`],
    };
    for (const actor of ACTORS) {
      const result = await as(actor, (d) =>
        rows(d, 'select username from public.child_logins where username like $1 order by username', [
          `%.${run}`,
        ]),
      );
      if (expected[actor] === 'denied') {
        expect(result, actor).toMatchObject({ ok: false, error: { code: '42501' } });
      } else {
        expect(result, actor).toEqual({ ok: true, value: expected[actor].map((username) => ({ username })) });
      }
    }
  });

  it('insert, update, delete: nobody through the API (only the service role, via the function)', async () => {
    for (const actor of ACTORS) {
      const insert = await as(actor, (d) =>
        insertRow(d, 'child_logins', {
          child_id: world.rows.children.ourChild,
          user_id: world.users.parent,
          username: `x${run}`,
          secret_kind: 'pin',
        }),
      );
      expect(insert, actor).toMatchObject({ ok: false, error: { code: '42501' } });
      const update = await as(actor, (d) => d.query(`update public.child_logins set username = 'hijack'`));
      expect(update, actor).toMatchObject({ ok: false, error: { code: '42501' } });
      const remove = await as(actor, (d) => d.query('delete from public.child_logins'));
      expect(remove, actor).toMatchObject({ ok: false, error: { code: '42501' } });
    }
  });

  it('link_child_login is for the service role only; a parent cannot link a login themselves', async () => {
    for (const actor of ACTORS) {
      const result = await as(actor, (d) =>
        d.query(`select public.link_child_login($1, $2, 'sneaky', 'pin')`, [
          world.rows.children.ourChild,
          world.users.parent,
        ]),
      );
      expect(result, actor).toMatchObject({ ok: false, error: { code: '42501' } });
    }
    const direct = await as('parent', (d) =>
      d.query('update public.children set user_id = $1 where id = $2', [
        world.users.otherParent,
        world.rows.children.ourChild,
      ]),
    );
    expect(direct).toMatchObject({ ok: false, error: { code: '42501' } });
  });

  it('usernames follow the rules and are unique', async () => {
    const attempt = (username: string) =>
      asActor(
        db,
        'admin',
        world.users.admin,
        () => Promise.resolve(),
        (d) =>
          d.query(`update public.child_logins set username = $1 where child_id = $2`, [
            username,
            world.rows.children.ourChild,
          ]),
      );
    for (const bad of ['ab', 'Kit', 'kit..x', '-kit', 'kit-', 'kit x', 'k'.repeat(31)]) {
      expect(await attempt(bad), bad).toMatchObject({ ok: false, error: { code: '23514' } });
    }
    expect(await attempt(`otto.${run}`)).toMatchObject({ ok: false, error: { code: '23505' } });
    expect(await attempt('kit.b-2')).toMatchObject({ ok: true });
  });
});

describe("what a child's login reads", () => {
  it('no children row directly (the parent notes stay with adults); the parent still reads it', async () => {
    const child = await as('child', (d) => rows(d, 'select id, notes from public.children'));
    expect(child).toEqual({ ok: true, value: [] });
    const parent = await as('parent', (d) => rows(d, 'select notes from public.children'));
    expect(parent).toEqual({ ok: true, value: [{ notes: "Parent's note: worries at bedtime" }] });
  });

  it('only its own sessions, and no session notes, parent updates or other families', async () => {
    const sessions = await as('child', (d) => rows(d, 'select id from public.coaching_sessions'));
    expect(sessions).toEqual({ ok: true, value: [{ id: world.rows.coaching_sessions.ourSession }] });
    const updates = await as('child', (d) => rows(d, 'select id from public.parent_updates'));
    expect(updates).toEqual({ ok: true, value: [] });
    const notes = await as('child', (d) => rows(d, 'select session_id from public.session_notes'));
    expect(notes).toEqual({ ok: true, value: [] });
    const points = await as('child', (d) => rows(d, 'select id from public.ploom_points'));
    expect(points).toEqual({ ok: true, value: [{ id: world.rows.ploom_points.ourPoints }] });
  });

  it('child_dashboard: its first name, points and next session; empty for every other caller', async () => {
    for (const actor of ACTORS) {
      const result = await as(actor, (d) =>
        rows(d, 'select first_name, points, next_session_id, coach_first_name from public.child_dashboard()'),
      );
      if (actor === 'anon') expect(result, actor).toMatchObject({ ok: false, error: { code: '42501' } });
      else if (actor === 'child') {
        expect(result).toEqual({
          ok: true,
          value: [
            {
              first_name: 'Kit',
              points: 10,
              next_session_id: world.rows.coaching_sessions.ourSession,
              coach_first_name: 'Casey',
            },
          ],
        });
      } else expect(result, actor).toEqual({ ok: true, value: [] });
    }
  });

  it('the room of a session opens to the child for its own session only', async () => {
    const own = await as('child', (d) =>
      rows(d, 'select viewer_role from public.get_session_room($1)', [
        world.rows.coaching_sessions.ourSession,
      ]),
    );
    expect(own).toEqual({ ok: true, value: [{ viewer_role: 'child' }] });
    const theirs = await as('child', (d) =>
      rows(d, 'select viewer_role from public.get_session_room($1)', [
        world.rows.coaching_sessions.theirSession,
      ]),
    );
    expect(theirs).toEqual({ ok: true, value: [] });
  });
});

describe('a child login goes with the child', () => {
  it("deleting a child deletes the child's Auth user and login", async () => {
    const result = await asActor(db, 'otherParent', world.users.otherParent, async (d) => {
      await d.query('delete from public.children where id = $1', [world.rows.children.theirChild]);
      await d.query('reset role');
      return {
        users: await rows(d, 'select id from auth.users where id = $1', [theirLoginUser]),
        logins: await rows(d, 'select child_id from public.child_logins where user_id = $1', [
          theirLoginUser,
        ]),
      };
    });
    expect(result).toEqual({ ok: true, value: { users: [], logins: [] } });
  });
});

describe('child_login_attempts and child_login_locks access (role x action)', () => {
  const arrange = async () => {
    await db.query(`delete from public.child_login_attempts where child_id = $1`, [
      world.rows.children.ourChild,
    ]);
    await db.query(`insert into public.child_login_attempts (child_id, outcome) values ($1, 'failed')`, [
      world.rows.children.ourChild,
    ]);
    await db.query(
      `insert into public.child_login_locks (child_id, locked_until) values ($1, now() + interval '1 minute')
       on conflict (child_id) do update set locked_until = excluded.locked_until`,
      [world.rows.children.ourChild],
    );
  };

  it("select: the child's parent and admins; nobody else, the child included", async () => {
    const seen = { parent: 1, otherParent: 0, coach: 0, child: 0, admin: 1 } as const;
    for (const table of ['child_login_attempts', 'child_login_locks']) {
      for (const actor of ACTORS) {
        const result = await as(
          actor,
          (d) =>
            rows(d, `select child_id from public.${table} where child_id = $1`, [
              world.rows.children.ourChild,
            ]),
          arrange,
        );
        if (actor === 'anon')
          expect(result, `${table} ${actor}`).toMatchObject({ ok: false, error: { code: '42501' } });
        else expect(result, `${table} ${actor}`).toMatchObject({ ok: true, value: { length: seen[actor] } });
      }
    }
  });

  it("insert, update, delete: nobody through the API (only Auth's hook and the unlock function)", async () => {
    for (const actor of ACTORS) {
      const insert = await as(actor, (d) =>
        insertRow(d, 'child_login_attempts', {
          child_id: world.rows.children.ourChild,
          outcome: 'succeeded',
        }),
      );
      expect(insert, actor).toMatchObject({ ok: false, error: { code: '42501' } });
      const lock = await as(actor, (d) =>
        insertRow(d, 'child_login_locks', { child_id: world.rows.children.ourChild, locked_until: null }),
      );
      expect(lock, actor).toMatchObject({ ok: false, error: { code: '42501' } });
      for (const sql of [
        `update public.child_login_attempts set outcome = 'succeeded'`,
        `delete from public.child_login_attempts`,
        `update public.child_login_locks set locked_until = null`,
        `delete from public.child_login_locks`,
      ]) {
        expect(await as(actor, (d) => d.query(sql)), `${actor}: ${sql}`).toMatchObject({
          ok: false,
          error: { code: '42501' },
        });
      }
    }
  });

  it("unlock_child_login: the child's parent and admins; another family is told no such child", async () => {
    const expected: Record<Actor, string> = {
      anon: '42501',
      parent: 'ok',
      otherParent: 'PT404',
      coach: 'PT404',
      child: 'PT404',
      admin: 'ok',
    };
    for (const actor of ACTORS) {
      const result = await as(
        actor,
        async (d) => {
          await d.query('select public.unlock_child_login($1)', [world.rows.children.ourChild]);
          await d.query('reset role');
          return (
            await rows(d, 'select locked_until from public.child_login_locks where child_id = $1', [
              world.rows.children.ourChild,
            ])
          )[0];
        },
        arrange,
      );
      if (expected[actor] === 'ok')
        expect(result, actor).toEqual({ ok: true, value: { locked_until: null } });
      else expect(result, actor).toMatchObject({ ok: false, error: { code: expected[actor] } });
    }
  });

  it('the hooks, the secret setter and the username tries are not callable through the API', async () => {
    for (const actor of ACTORS) {
      for (const sql of [
        `select public.hook_password_verification_attempt('{"user_id": "${world.users.child}", "valid": false}')`,
        `select public.hook_mfa_verification_attempt('{}')`,
        `select public.set_child_login_secret('${world.users.child}', 'new-secret-123')`,
        `select public.take_child_username_try('${world.users.parent}')`,
      ]) {
        expect(await as(actor, (d) => d.query(sql)), `${actor}: ${sql}`).toMatchObject({
          ok: false,
          error: { code: '42501' },
        });
      }
    }
  });
});

describe("a child login's secret", () => {
  const hashOf = async () =>
    (
      await db.query<{ h: string }>('select encrypted_password as h from auth.users where id = $1', [
        world.users.child,
      ])
    ).rows[0].h;

  it('is not changed by Auth for the child (the role Auth writes with is refused)', async () => {
    const before = await hashOf();
    await db.query('begin');
    try {
      await db.query('set local role supabase_auth_admin');
      await expect(
        db.query(`update auth.users set encrypted_password = 'x' where id = $1`, [world.users.child]),
      ).rejects.toMatchObject({ code: '42501' });
    } finally {
      await db.query('rollback');
    }
    expect(await hashOf()).toBe(before);
  });

  it("is changed by the parent's path, hashed as Auth hashes; too short is refused", async () => {
    await db.query('begin');
    try {
      await db.query('set local role service_role');
      await db.query(`select public.set_child_login_secret($1, 'a-new-secret-9')`, [world.users.child]);
      await db.query('reset role');
      const { rows: check } = await db.query<{ ok: boolean }>(
        `select encrypted_password = extensions.crypt('a-new-secret-9', encrypted_password) and encrypted_password like '$2_$10$%' as ok
           from auth.users where id = $1`,
        [world.users.child],
      );
      expect(check).toEqual([{ ok: true }]);
      await expect(
        db.query(`select public.set_child_login_secret($1, 'short')`, [world.users.child]),
      ).rejects.toMatchObject({ code: '22023' });
    } finally {
      await db.query('rollback');
    }
  });

  it("an adult's password is changed as before", async () => {
    await db.query('begin');
    try {
      await db.query('set local role supabase_auth_admin');
      const result = await db.query(`update auth.users set encrypted_password = 'x' where id = $1`, [
        world.users.parent,
      ]);
      expect(result.rowCount).toBe(1);
    } finally {
      await db.query('rollback');
    }
  });
});
