import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../support/stack.ts';
import { ACTORS, asActor, createUser, insertRow, setRoles, type Actor } from './support.ts';
import { createWorld, type World } from './world.ts';

/**
 * Child logins and what a child's login reads (docs/decisions/091-child-logins.md): the access
 * matrix of child_logins (role x action), who may link a login, the child dashboard, and that a
 * child reads only itself and its own sessions, never the adults' records about it.
 */

let db: pg.Client;
let world: World;
let theirLoginUser: string;
const run = Date.now().toString(36);

beforeAll(async () => {
  db = await adminDb();
  world = await createWorld(db);
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
  await world?.destroy();
  await db?.end();
});

const as = <T>(actor: Actor, work: (d: pg.Client) => Promise<T>) =>
  asActor(db, actor, actor === 'anon' ? undefined : world.users[actor], work);

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
