import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { stackEnv } from '../support/stack.ts';
import { asActor, createUser, insertRow, type Actor } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * Children's points and the leaderboard: coaches and admins award points; a parent awards a few
 * for practice at home (1-5 at a time, 15 a day per child); the leaderboard shows first names and
 * totals of enrolled children whose parent opted in, to accounts with an enrolled child only.
 * In the world, "ourChild" (Kit) has a coach, so is enrolled; "theirChild" (Otto) has none.
 */

const { db, world } = setUpWorld();
const extraUsers: string[] = [];

afterAll(async () => {
  if (extraUsers.length) await db.query('delete from auth.users where id = any($1)', [extraUsers]);
});

const me = (actor: Exclude<Actor, 'anon'>) => world.users[actor];

function award(actor: Exclude<Actor, 'anon'>, points: number, child = world.rows.children.ourChild) {
  return asActor(db, actor, me(actor), (d) =>
    insertRow(d, 'ploom_points', {
      child_id: child,
      points,
      reason: 'Practised at home',
      awarded_by: me(actor),
    }),
  );
}

const code = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error?.code);

describe('awarding points', () => {
  it('lets the coach and admins award any amount, parents 1 to 5 points at a time', async () => {
    expect(code(await award('coach', 50))).toBe('ok');
    expect(code(await award('admin', -20))).toBe('ok');
    expect(code(await award('parent', 5))).toBe('ok');
    expect(code(await award('parent', 1))).toBe('ok');
    for (const points of [6, 1000, 0, -5]) {
      const result = await award('parent', points);
      expect(result).toMatchObject({
        ok: false,
        error: { code: '23514', message: 'A parent awards 1 to 5 points at a time.' },
      });
    }
  });

  it('refuses other families, the child login, and an award in someone else’s name (42501)', async () => {
    expect(code(await award('otherParent', 5))).toBe('42501');
    expect(code(await award('child', 5))).toBe('42501');
    const forged = await asActor(db, 'parent', me('parent'), (d) =>
      insertRow(d, 'ploom_points', {
        child_id: world.rows.children.ourChild,
        points: 5,
        reason: 'Forged',
        awarded_by: me('coach'),
      }),
    );
    expect(code(forged)).toBe('42501');
  });

  it('caps what a parent awards one child at 15 points a day; the coach’s awards do not count', async () => {
    const result = await asActor(db, 'parent', me('parent'), async (d) => {
      const outcomes: string[] = [];
      for (const points of [5, 5, 5, 1]) {
        await d.query('savepoint award');
        try {
          await insertRow(d, 'ploom_points', {
            child_id: world.rows.children.ourChild,
            points,
            reason: 'Bedtime plan',
            awarded_by: me('parent'),
          });
          outcomes.push('ok');
        } catch (error) {
          await d.query('rollback to savepoint award');
          outcomes.push((error as Error).message);
        }
      }
      return outcomes;
    });
    expect(result).toEqual({
      ok: true,
      value: ['ok', 'ok', 'ok', 'A parent awards at most 15 points a day to one child.'],
    });
  });

  it('holds the daily cap when a parent’s awards arrive in parallel', async () => {
    const parent = await createUser(db);
    extraUsers.push(parent.id);
    const { rows } = await db.query<{ id: string }>(
      `insert into public.children (parent_id, first_name) values ($1, 'Pia') returning id`,
      [parent.id],
    );
    const child = rows[0].id;
    const claims = JSON.stringify({ sub: parent.id, role: 'authenticated', aud: 'authenticated' });
    const attempt = async () => {
      const conn = new pg.Client({ connectionString: stackEnv.dbUrl });
      conn.on('error', () => {});
      await conn.connect();
      try {
        await conn.query('begin');
        await conn.query('set local role authenticated');
        await conn.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
        await insertRow(conn, 'ploom_points', {
          child_id: child,
          points: 5,
          reason: 'Reading',
          awarded_by: parent.id,
        });
        await conn.query('commit');
        return true;
      } catch {
        await conn.query('rollback');
        return false;
      } finally {
        await conn.end();
      }
    };
    const results = await Promise.all(Array.from({ length: 8 }, attempt));
    expect(results.filter(Boolean)).toHaveLength(3);
    const total = await db.query(
      'select sum(points)::int as n from public.ploom_points where child_id = $1',
      [child],
    );
    expect(total.rows[0].n).toBe(15);
  });
});

describe('the leaderboard opt-in', () => {
  const optIn = (actor: Exclude<Actor, 'anon'>) =>
    asActor(db, actor, me(actor), async (d) => {
      const { rowCount } = await d.query(
        'update public.children set leaderboard_opt_in = true where id = $1',
        [world.rows.children.ourChild],
      );
      return rowCount;
    });

  it('is the parent’s (or an admin’s) to give, and starts off', async () => {
    const { rows } = await db.query('select leaderboard_opt_in from public.children where id = $1', [
      world.rows.children.ourChild,
    ]);
    expect(rows[0].leaderboard_opt_in).toBe(false);
    expect(await optIn('parent')).toEqual({ ok: true, value: 1 });
    expect(await optIn('admin')).toEqual({ ok: true, value: 1 });
    expect(await optIn('otherParent')).toEqual({ ok: true, value: 0 });
    expect(await optIn('child')).toEqual({ ok: true, value: 0 });
    expect(await optIn('coach')).toEqual({ ok: true, value: 0 });
  });
});

describe('leaderboard', () => {
  /**
   * As the owner, in the test's transaction: Kit (ours, enrolled) and Otto (not enrolled) opted in;
   * two more enrolled families, one opted in (Zara, 40 points) and one not (Nell, 90 points). Their
   * names are unique to the run: the board is the whole project's, and other test files put
   * children of their own on it meanwhile.
   */
  const tag = Math.random().toString(36).slice(2, 7);
  const zara = `Zara ${tag}`;
  const nell = `Nell ${tag}`;
  const arrange = async (d: pg.Client) => {
    await d.query('update public.children set leaderboard_opt_in = true where id = any($1)', [
      [world.rows.children.ourChild, world.rows.children.theirChild],
    ]);
    for (const [name, points, optedIn] of [
      [zara, 40, true],
      [nell, 90, false],
    ] as const) {
      const parent = await createUser(d, { lastName: 'Surname' });
      const { rows } = await d.query<{ id: string }>(
        `insert into public.children (parent_id, coach_id, first_name, leaderboard_opt_in)
         values ($1, $2, $3, $4) returning id`,
        [parent.id, world.rows.coaches.activeCoach, name, optedIn],
      );
      await d.query(
        `insert into public.ploom_points (child_id, points, reason) values ($1, $2, 'Sessions')`,
        [rows[0].id, points],
      );
    }
  };
  type BoardRow = { rank: string; first_name: string; total_points: string; is_mine: boolean };
  const board = (actor: Actor) =>
    asActor(
      db,
      actor,
      actor === 'anon' ? undefined : me(actor),
      async (d) => {
        const { rows, fields } = await d.query<BoardRow>('select * from public.leaderboard(100)');
        return { rows, columns: fields.map((f) => f.name) };
      },
      arrange,
    );

  it.each(['parent', 'child'] as const)(
    'shows a %s of an enrolled family the opted-in enrolled children: first names and totals only',
    async (actor) => {
      const result = await board(actor);
      if (!result.ok) throw new Error(result.error.message);
      const { rows, columns } = result.value;
      expect(columns).toEqual(['rank', 'first_name', 'total_points', 'is_mine']);
      // Ranked over the whole board: 1 + the number of children with more points.
      const rankOf = (points: number) =>
        String(1 + rows.filter((r) => Number(r.total_points) > points).length);
      expect(rows.filter((r) => r.is_mine || r.first_name === zara)).toEqual([
        { rank: rankOf(40), first_name: zara, total_points: '40', is_mine: false },
        { rank: rankOf(10), first_name: 'Kit', total_points: '10', is_mine: true },
      ]);
      expect(rows.map((r) => r.first_name)).not.toContain(nell);
      expect(rows.map((r) => r.first_name)).not.toContain('Otto');
      expect(rows.map((r) => Number(r.total_points))).toEqual(
        rows.map((r) => Number(r.total_points)).sort((a, b) => b - a),
      );
      expect(JSON.stringify(rows)).not.toMatch(/Surname|Fixture/);
    },
  );

  it.each(['otherParent', 'coach', 'admin'] as const)(
    'shows nothing to an account without an enrolled child (%s)',
    async (actor) => {
      const result = await board(actor);
      expect(result.ok && result.value.rows).toEqual([]);
    },
  );

  it('is not available to signed-out visitors (42501)', async () => {
    expect(code(await board('anon'))).toBe('42501');
  });
});
