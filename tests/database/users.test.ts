import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFreshDatabase, type FreshDatabase } from './fresh-database.ts';
import { ACTORS, asActor, createUser, setRoles } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * The users screen's data (admin_accounts) and the rules about admins the database keeps whoever
 * asks: nobody removes their own admin role, and the last admin who can sign in keeps the role and
 * cannot be deactivated.
 */

const { db, world, runAs } = setUpWorld();

/** As the database owner, in the running transaction: ban every admin except `keep`. */
async function banAdminsExcept(d: pg.Client, keep: string) {
  await d.query(
    `update auth.users set banned_until = now() + interval '1 day'
      where id in (select user_id from public.user_roles where role = 'admin') and id <> $1`,
    [keep],
  );
}

/**
 * "The last admin" is about every admin of the project: these run on a database of their own (the
 * migrations alone), where no other test file creates an admin between the ban and the check.
 */
describe('admin role guards', () => {
  let fresh: FreshDatabase;
  let guardsDb: pg.Client;
  let admin: string;
  let secondAdmin: string;

  beforeAll(async () => {
    fresh = await startFreshDatabase({ authSchema: true });
    guardsDb = fresh.db;
    admin = (await createUser(guardsDb, { firstName: 'Ada', lastName: 'Admin' })).id;
    secondAdmin = (await createUser(guardsDb, { firstName: 'Bea', lastName: 'Backup' })).id;
    await setRoles(guardsDb, admin, ['admin']);
    await setRoles(guardsDb, secondAdmin, ['admin']);
    // As in the seeded stack: staff sign in with a password alone (a new project requires two-factor).
    await guardsDb.query(
      `update public.feature_flags set enabled = false where key = 'require_staff_two_factor'`,
    );
  });
  afterAll(async () => {
    await fresh?.stop();
  });

  it('an admin cannot remove their own admin role', async () => {
    const result = await asActor(guardsDb, 'admin', admin, (d) =>
      d.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [admin]),
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: '42501', message: 'You cannot remove your own admin role' },
    });
  });

  it("an admin removes another admin's role while another active admin remains", async () => {
    const result = await asActor(guardsDb, 'admin', admin, async (d) => {
      const { rowCount } = await d.query(
        `delete from public.user_roles where user_id = $1 and role = 'admin'`,
        [secondAdmin],
      );
      return rowCount;
    });
    expect(result).toEqual({ ok: true, value: 1 });
  });

  it('the admin role of the last admin who can sign in cannot be removed', async () => {
    // Every other admin is deactivated; the caller's token still works for its last minutes.
    const result = await asActor(
      guardsDb,
      'admin',
      admin,
      (d) => d.query(`delete from public.user_roles where user_id = $1 and role = 'admin'`, [secondAdmin]),
      (d) => banAdminsExcept(d, secondAdmin),
    );
    expect(result).toMatchObject({
      ok: false,
      error: { code: '42501', message: 'The last admin role cannot be removed' },
    });
  });

  it('the last active admin cannot be deactivated, whoever asks; another admin can', async () => {
    for (const [label, arrange, target, expected] of [
      ['last', (d: pg.Client) => banAdminsExcept(d, secondAdmin), secondAdmin, false],
      ['not last', async () => undefined, secondAdmin, true],
    ] as const) {
      await guardsDb.query('begin');
      try {
        await arrange(guardsDb);
        const outcome = await guardsDb
          .query(`update auth.users set banned_until = now() + interval '100 years' where id = $1`, [target])
          .then(
            () => true,
            (error: { code?: string; message?: string }) => {
              expect(error).toMatchObject({ code: '42501', message: 'The last admin cannot be deactivated' });
              return false;
            },
          );
        expect(outcome, label).toBe(expected);
      } finally {
        await guardsDb.query('rollback');
      }
    }
  });
});

describe('admin_accounts', () => {
  it('only admins get rows; everyone else is refused', async () => {
    for (const actor of ACTORS) {
      const result = await runAs(actor, async (d) => {
        const { rows } = await d.query('select id from public.admin_accounts() where id = $1', [
          world.users.parent,
        ]);
        return rows.length;
      });
      if (actor === 'admin') expect(result).toEqual({ ok: true, value: 1 });
      else expect(result, actor).toMatchObject({ ok: false, error: { code: '42501' } });
    }
  });

  it('each account with names, email, roles, status and last login; filters by role', async () => {
    const result = await asActor(
      db,
      'admin',
      world.users.admin,
      async (d) => {
        const { rows } = await d.query(
          `select id, full_name, roles::text[] as roles, status, last_login_at is not null as logged_in
             from public.admin_accounts() where id = any($1) order by full_name`,
          [[world.users.parent, world.users.coach, world.users.otherParent, world.users.child]],
        );
        const coaches = await d.query(
          `select id from public.admin_accounts() where roles @> '{coach}' and id = any($1)`,
          [Object.values(world.users)],
        );
        return { rows, coaches: coaches.rows.map((r) => r.id) };
      },
      async (d) => {
        await d.query('update public.profiles set last_login_at = now() where id = $1', [world.users.parent]);
        await d.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [
          world.users.otherParent,
        ]);
        await d.query(`update auth.users set invited_at = now(), email_confirmed_at = null where id = $1`, [
          world.users.child,
        ]);
      },
    );
    expect(result).toEqual({
      ok: true,
      value: {
        rows: [
          {
            id: world.users.coach,
            full_name: 'Casey Coach',
            roles: ['coach'],
            status: 'active',
            logged_in: false,
          },
          {
            id: world.users.child,
            full_name: 'Kit Fixture',
            roles: ['child'],
            status: 'invited',
            logged_in: false,
          },
          {
            id: world.users.otherParent,
            full_name: 'Olive Other',
            roles: ['parent'],
            status: 'deactivated',
            logged_in: false,
          },
          {
            id: world.users.parent,
            full_name: 'Pat Fixture',
            roles: ['parent'],
            status: 'active',
            logged_in: true,
          },
        ],
        coaches: [world.users.coach],
      },
    });
  });
});
