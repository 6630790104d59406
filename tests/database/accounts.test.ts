import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { asActor, createUser, insertRow } from './support.ts';
import { setUpWorld } from './world.ts';

/** Sign-up, roles and profiles: what the account screens and the admin's users screen rely on. */

const { db, world } = setUpWorld();
const created: string[] = [];

afterAll(async () => {
  if (created.length) await db.query('delete from auth.users where id = any($1)', [created]);
});

async function newUser(overrides: Parameters<typeof createUser>[1]) {
  const user = await createUser(db, overrides);
  created.push(user.id);
  return user;
}

async function rolesOf(userId: string) {
  const { rows } = await db.query<{ role: string }>(
    'select role from public.user_roles where user_id = $1 order by role',
    [userId],
  );
  return rows.map((r) => r.role);
}

describe('sign-up trigger', () => {
  it('creates the profile from the sign-up names and gives the role parent', async () => {
    const user = await newUser({ firstName: '  Ana  ', lastName: 'Lovelace' });
    const { rows } = await db.query('select first_name, last_name from public.profiles where id = $1', [
      user.id,
    ]);
    expect(rows[0]).toEqual({ first_name: 'Ana', last_name: 'Lovelace' });
    expect(await rolesOf(user.id)).toEqual(['parent']);
  });

  it('cuts names to 100 characters and stores blank names as null', async () => {
    const user = await newUser({ firstName: 'x'.repeat(150), lastName: '   ' });
    const { rows } = await db.query('select first_name, last_name from public.profiles where id = $1', [
      user.id,
    ]);
    expect(rows[0]).toEqual({ first_name: 'x'.repeat(100), last_name: null });
  });

  it('still creates the account when sign-up sent no names', async () => {
    const user = await newUser({ userMetadata: {} });
    const { rows } = await db.query('select first_name, last_name from public.profiles where id = $1', [
      user.id,
    ]);
    expect(rows[0]).toEqual({ first_name: null, last_name: null });
  });

  it('honours app_metadata.initial_role child or coach, set by the service role', async () => {
    const child = await newUser({ appMetadata: { provider: 'email', initial_role: 'child' } });
    expect(await rolesOf(child.id)).toEqual(['child']);
  });

  it('never grants admin from metadata, not even app_metadata', async () => {
    const sneaky = await newUser({
      userMetadata: { first_name: 'Eve', initial_role: 'admin', role: 'admin' },
      appMetadata: { provider: 'email', initial_role: 'admin' },
    });
    expect(await rolesOf(sneaky.id)).toEqual(['parent']);
  });
});

describe('roles', () => {
  it('rejects a parent granting themselves admin (42501)', async () => {
    const result = await asActor(db, 'parent', world.users.parent, (d) =>
      insertRow(d, 'user_roles', { user_id: world.users.parent, role: 'admin' }),
    );
    expect(result.ok ? 'ok' : result.error.code).toBe('42501');
  });

  it('rejects an admin granting themselves another role (42501)', async () => {
    const result = await asActor(db, 'admin', world.users.admin, (d) =>
      insertRow(d, 'user_roles', { user_id: world.users.admin, role: 'coach' }),
    );
    expect(result.ok ? 'ok' : result.error.code).toBe('42501');
  });

  it('lets an admin make another user an admin', async () => {
    const result = await asActor(db, 'admin', world.users.admin, async (d) => {
      await insertRow(d, 'user_roles', { user_id: world.users.otherParent, role: 'admin' });
      return (
        await d.query('select role from public.user_roles where user_id = $1', [world.users.otherParent])
      ).rows
        .map((r) => r.role)
        .sort();
    });
    expect(result).toEqual({ ok: true, value: ['admin', 'parent'] });
  });

  it('does not let a user move a role row onto themselves', async () => {
    const result = await asActor(db, 'admin', world.users.admin, async (d) => {
      const roleId = (
        await d.query(`select id from public.user_roles where user_id = $1`, [world.users.coach])
      ).rows[0].id;
      await d.query('update public.user_roles set user_id = $1 where id = $2', [world.users.admin, roleId]);
    });
    expect(result.ok ? 'ok' : result.error.code).toBe('42501');
  });

  it('refuses an admin removing their own admin role, alone or not (the last-admin rule: users.test.ts)', async () => {
    const adminRole = `select id from public.user_roles where user_id = $1 and role = 'admin'`;
    const removeOwnAdmin = async (d: pg.Client) => {
      const id = (await d.query(adminRole, [world.users.admin])).rows[0].id;
      return (await d.query('delete from public.user_roles where id = $1', [id])).rowCount;
    };
    const alone = await asActor(db, 'admin', world.users.admin, removeOwnAdmin, (d) =>
      d.query(`delete from public.user_roles where role = 'admin' and user_id <> $1`, [world.users.admin]),
    );
    expect(alone.ok ? 'ok' : alone.error).toMatchObject({
      code: '42501',
      message: 'You cannot remove your own admin role',
    });

    const withAnother = await asActor(db, 'admin', world.users.admin, removeOwnAdmin, (d) =>
      d.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
        world.users.otherParent,
      ]),
    );
    expect(withAnother.ok ? 'ok' : withAnother.error).toMatchObject({
      code: '42501',
      message: 'You cannot remove your own admin role',
    });
  });
});

describe('profiles', () => {
  it('lets a user set their own last_login_at and names, and keeps updated_at current', async () => {
    const result = await asActor(db, 'parent', world.users.parent, async (d) => {
      const before = (
        await d.query('select updated_at from public.profiles where id = $1', [world.users.parent])
      ).rows[0].updated_at as Date;
      await d.query(`select pg_sleep(0.01)`);
      await d.query(
        `update public.profiles set last_login_at = now(), first_name = 'Patricia' where id = $1`,
        [world.users.parent],
      );
      const after = (
        await d.query('select first_name, last_login_at, updated_at from public.profiles where id = $1', [
          world.users.parent,
        ])
      ).rows[0];
      return { ...after, changed: (after.updated_at as Date).getTime() >= before.getTime() };
    });
    expect(result.ok && result.value).toMatchObject({ first_name: 'Patricia', changed: true });
    expect(result.ok && result.value.last_login_at).toBeInstanceOf(Date);
  });

  it.each([
    ['id', `id = gen_random_uuid()`],
    ['created_at', `created_at = now() - interval '1 year'`],
  ])('does not let a user change their profile %s (42501)', async (_column, set) => {
    const result = await asActor(db, 'parent', world.users.parent, (d) =>
      d.query(`update public.profiles set ${set} where id = $1`, [world.users.parent]),
    );
    expect(result.ok ? 'ok' : result.error.code).toBe('42501');
  });
});

describe('children and sessions', () => {
  it.each([
    ['link a child login', 'user_id', 'otherParent'],
    ['assign a coach', 'coach_id', null],
  ])('does not let a parent %s themselves (42501)', async (_label, column, valueFrom) => {
    const value = valueFrom ? world.users[valueFrom as 'otherParent'] : world.rows.coaches.inactiveCoach;
    const result = await asActor(db, 'parent', world.users.parent, (d) =>
      d.query(`update public.children set ${column} = $1 where id = $2`, [
        value,
        world.rows.children.ourChild,
      ]),
    );
    expect(result.ok ? 'ok' : result.error.code).toBe('42501');
  });

  it('takes a session’s parent from its child, whatever the writer sent', async () => {
    const result = await asActor(db, 'admin', world.users.admin, async (d) => {
      const id = crypto.randomUUID();
      await insertRow(d, 'coaching_sessions', {
        id,
        child_id: world.rows.children.ourChild,
        parent_id: world.users.otherParent,
        starts_at: new Date(Date.now() + 86400000).toISOString(),
      });
      return (
        await d.query(
          'select parent_id, duration_minutes, status from public.coaching_sessions where id = $1',
          [id],
        )
      ).rows[0];
    });
    expect(result).toEqual({
      ok: true,
      value: { parent_id: world.users.parent, duration_minutes: 30, status: 'scheduled' },
    });
  });

  it('gives each session an unguessable room key', async () => {
    const { rows } = await db.query<{ room_id: string }>(
      'select room_id from public.coaching_sessions where id = $1',
      [world.rows.coaching_sessions.ourSession],
    );
    expect(rows[0].room_id).toMatch(/^[0-9a-f]{32}$/);
  });
});

// The leaderboard's rules are in points.test.ts.

describe('hygiene', () => {
  it('has row level security on every table in public', async () => {
    const { rows } = await db.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  it('names the role of every policy (no policy applies to PUBLIC)', async () => {
    const { rows } = await db.query<{ tablename: string; policyname: string }>(
      `select tablename, policyname from pg_policies where schemaname = 'public' and 'public' = any(roles)`,
    );
    expect(rows).toEqual([]);
  });

  it('keeps security definer functions out of the exposed schema, each with an empty search_path', async () => {
    const { rows } = await db.query<{ schema: string; name: string; config: string[] | null }>(
      `select n.nspname as schema, p.proname as name, p.proconfig as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where p.prosecdef and n.nspname in ('public', 'private')`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const fn of rows) {
      expect({ fn: fn.name, schema: fn.schema }).toEqual({ fn: fn.name, schema: 'private' });
      expect({ fn: fn.name, config: fn.config }).toEqual({ fn: fn.name, config: ['search_path=""'] });
    }
  });
});

describe('admin_accounts', () => {
  it('lists every account with its email and roles for an admin, and a child login by its username alone', async () => {
    const result = await asActor(db, 'admin', world.users.admin, async (d) => {
      const { rows } = await d.query(
        'select id, email, first_name, roles, child_username from public.admin_accounts()',
      );
      return rows;
    });
    const rows = result.ok ? result.value : [];
    expect(rows.find((r) => r.id === world.users.coach)).toMatchObject({
      first_name: 'Casey',
      roles: '{coach}',
    });
    expect(rows.find((r) => r.id === world.users.coach)?.email).toMatch(/@example\.com$/);
    const childLogins = rows.filter((r) => r.child_username !== null);
    expect(childLogins.length).toBeGreaterThan(0);
    for (const login of childLogins) expect(login.email).toBeNull();
  });

  it("no older function answers a child login's Auth address", async () => {
    const { rows } = await db.query(
      "select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where p.proname = 'admin_users'",
    );
    expect(rows).toEqual([]);
  });

  it.each(['parent', 'coach'] as const)('refuses a %s (42501)', async (actor) => {
    const result = await asActor(db, actor, world.users[actor], (d) =>
      d.query('select * from public.admin_accounts()'),
    );
    expect(result.ok ? 'ok' : result.error.code).toBe('42501');
  });
});
