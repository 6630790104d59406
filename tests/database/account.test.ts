import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { asActor, type Result } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * The account tables' role matrix (role x action): notification_preferences (each account its own
 * row) and family_rewards (the parent manages, the child login and the child's coach read), for
 * anon, the parent of the family, another parent, the child, the family's coach, another coach
 * and an admin; plus the contact phone's check and who may call the family-data functions.
 */

type Caller = 'anon' | 'parent' | 'otherParent' | 'child' | 'coach' | 'otherCoach' | 'admin';
const CALLERS: Caller[] = ['anon', 'parent', 'otherParent', 'child', 'coach', 'otherCoach', 'admin'];

const { db, world } = setUpWorld();
let otherCoach: string;
const ids: Record<string, string> = {};

const userOf = (caller: Caller) =>
  caller === 'anon' ? undefined : caller === 'otherCoach' ? otherCoach : world.users[caller];

/** Runs SQL as `caller` (another coach acts as the 'coach' actor with their own id). */
function as<T>(caller: Caller, work: (d: pg.Client) => Promise<T>): Promise<Result<T>> {
  const actor = caller === 'otherCoach' ? 'coach' : caller;
  return asActor(db, actor, userOf(caller), work);
}

function verdict(result: Result<number>): string {
  if (!result.ok) return result.error.code === '42501' ? 'denied' : `error ${result.error.code}`;
  return result.value > 0 ? 'ok' : 'none';
}

async function rowCount(d: pg.Client, sql: string, params: unknown[]) {
  return (await d.query(sql, params)).rowCount ?? 0;
}

beforeAll(async () => {
  otherCoach = (await world.addCoach({ firstName: 'Maya', lastName: 'Elsewhere' })).userId;
  await db.query(`insert into public.notification_preferences (user_id, marketing) values ($1, true)`, [
    world.users.parent,
  ]);
  ids.ourReward = (
    await db.query<{ id: string }>(
      `insert into public.family_rewards (child_id, title, points_cost) values ($1, 'Park trip', 30) returning id`,
      [world.rows.children.ourChild],
    )
  ).rows[0].id;
  ids.theirReward = (
    await db.query<{ id: string }>(
      `insert into public.family_rewards (child_id, title, points_cost) values ($1, 'Film night', 20) returning id`,
      [world.rows.children.theirChild],
    )
  ).rows[0].id;
});

async function matrix(run: (caller: Caller) => Promise<Result<number>>) {
  const out: Record<string, string> = {};
  for (const caller of CALLERS) out[caller] = verdict(await run(caller));
  return out;
}

describe('notification_preferences (role matrix)', () => {
  it('select: each account reads only its own row', async () => {
    expect(
      await matrix((caller) =>
        as(caller, (d) =>
          rowCount(d, 'select 1 from public.notification_preferences where user_id = $1', [
            world.users.parent,
          ]),
        ),
      ),
    ).toEqual({
      anon: 'denied',
      parent: 'ok',
      otherParent: 'none',
      child: 'none',
      coach: 'none',
      otherCoach: 'none',
      admin: 'none',
    });
  });

  it('insert: only for oneself', async () => {
    const forParent = await matrix((caller) =>
      as(caller, (d) =>
        rowCount(d, 'insert into public.notification_preferences (user_id, marketing) values ($1, false)', [
          world.users.otherParent,
        ]),
      ),
    );
    expect(forParent).toEqual({
      anon: 'denied',
      parent: 'denied',
      otherParent: 'ok',
      child: 'denied',
      coach: 'denied',
      otherCoach: 'denied',
      admin: 'denied',
    });
  });

  it('update: only one’s own row; delete: nobody through the API', async () => {
    expect(
      await matrix((caller) =>
        as(caller, (d) =>
          rowCount(d, 'update public.notification_preferences set marketing = false where user_id = $1', [
            world.users.parent,
          ]),
        ),
      ),
    ).toEqual({
      anon: 'denied',
      parent: 'ok',
      otherParent: 'none',
      child: 'none',
      coach: 'none',
      otherCoach: 'none',
      admin: 'none',
    });
    expect(
      await matrix((caller) =>
        as(caller, (d) =>
          rowCount(d, 'delete from public.notification_preferences where user_id = $1', [world.users.parent]),
        ),
      ),
    ).toEqual(Object.fromEntries(CALLERS.map((c) => [c, 'denied'])));
  });
});

describe('family_rewards (role matrix)', () => {
  it('select: the family, the child login and the child’s coach', async () => {
    expect(
      await matrix((caller) =>
        as(caller, (d) => rowCount(d, 'select 1 from public.family_rewards where id = $1', [ids.ourReward])),
      ),
    ).toEqual({
      anon: 'denied',
      parent: 'ok',
      otherParent: 'none',
      child: 'ok',
      coach: 'ok',
      otherCoach: 'none',
      admin: 'none',
    });
  });

  it('insert, update, delete: the parent only', async () => {
    const insert = await matrix((caller) =>
      as(caller, (d) =>
        rowCount(
          d,
          `insert into public.family_rewards (child_id, title, points_cost) values ($1, 'Bike ride', 15)`,
          [world.rows.children.ourChild],
        ),
      ),
    );
    expect(insert).toEqual({
      anon: 'denied',
      parent: 'ok',
      otherParent: 'denied',
      child: 'denied',
      coach: 'denied',
      otherCoach: 'denied',
      admin: 'denied',
    });
    const expected = {
      anon: 'denied',
      parent: 'ok',
      otherParent: 'none',
      child: 'none',
      coach: 'none',
      otherCoach: 'none',
      admin: 'none',
    };
    expect(
      await matrix((caller) =>
        as(caller, (d) =>
          rowCount(d, 'update public.family_rewards set points_cost = 40 where id = $1', [ids.ourReward]),
        ),
      ),
    ).toEqual(expected);
    expect(
      await matrix((caller) =>
        as(caller, (d) => rowCount(d, 'delete from public.family_rewards where id = $1', [ids.ourReward])),
      ),
    ).toEqual(expected);
  });

  it('checks the title and the cost', async () => {
    for (const [title, cost] of [
      ['  ', 10],
      ['Park trip', 0],
      ['Park trip', 1001],
    ] as const) {
      const result = await as('parent', (d) =>
        rowCount(d, 'insert into public.family_rewards (child_id, title, points_cost) values ($1, $2, $3)', [
          world.rows.children.ourChild,
          title,
          cost,
        ]),
      );
      expect(result.ok ? 'ok' : result.error.code).toBe('23514');
    }
  });
});

describe('the profile’s contact phone', () => {
  it('is the user’s own to set, blank as null, and must look like a phone number', async () => {
    const set = (phone: string) =>
      as('parent', async (d) => {
        await d.query('update public.profiles set phone = $2 where id = $1', [world.users.parent, phone]);
        return (
          await d.query<{ phone: string | null }>('select phone from public.profiles where id = $1', [
            world.users.parent,
          ])
        ).rows[0].phone;
      });
    expect(await set('+44 (20) 7946-0000')).toEqual({ ok: true, value: '+44 (20) 7946-0000' });
    expect(await set('   ')).toEqual({ ok: true, value: null });
    const bad = await set('call me maybe');
    expect(bad.ok ? 'ok' : bad.error.code).toBe('23514');
    const other = await as('otherParent', (d) =>
      rowCount(d, `update public.profiles set phone = '0123456789' where id = $1`, [world.users.parent]),
    );
    expect(verdict(other)).toBe('none');
  });
});

describe('the family-data functions', () => {
  it('exports for parents only; the deletion is the service role’s alone', async () => {
    const exportAs = (caller: Caller) =>
      as(caller, async (d) => (await d.query('select public.export_family_data()')).rowCount ?? 0);
    expect(await matrix(exportAs)).toEqual({
      anon: 'denied',
      parent: 'ok',
      otherParent: 'ok',
      child: 'denied',
      coach: 'denied',
      otherCoach: 'denied',
      admin: 'denied',
    });
    expect(
      await matrix((caller) =>
        as(
          caller,
          async (d) =>
            (await d.query('select public.delete_family_data($1)', [world.users.parent])).rowCount ?? 0,
        ),
      ),
    ).toEqual(Object.fromEntries(CALLERS.map((c) => [c, 'denied'])));
  });

  it('gives a parent their own family only', async () => {
    const exported = await as('parent', async (d) => {
      const { rows } = await d.query<{ data: { tables: Record<string, { id: string }[]> } }>(
        'select public.export_family_data() as data',
      );
      return rows[0].data.tables;
    });
    expect(exported.ok).toBe(true);
    if (!exported.ok) return;
    expect(exported.value.children.map((c) => c.id)).toEqual([world.rows.children.ourChild]);
    expect(JSON.stringify(exported.value)).not.toContain(world.rows.children.theirChild);
  });
});

describe('analytics from the child area', () => {
  it('keeps a page view anonymous (section only, no browser or visit) and drops page leaves', async () => {
    const marker = `child-probe-${Date.now().toString(36)}`;
    const result = await as('child', async (d) => {
      await d.query(
        `insert into public.web_analytics (session_id, event_type, page_path, referrer, user_agent, device_type, metadata)
         values ($1, 'page_view', '/child/session/3f2b6c1e?utm_campaign=' || $1, 'https://example.com/', 'Mozilla/5.0', 'mobile', '{"screen_width": 390}'),
                ($1, 'page_leave', '/child/dashboard', null, null, 'mobile', '{}'),
                ($1, 'page_view', '/pricing?utm_campaign=' || $1, null, 'Mozilla/5.0', 'desktop', '{}')`,
        [marker],
      );
      await d.query('reset role');
      const { rows } = await d.query(
        `select session_id, event_type, page_path, path, referrer, user_agent, device_type, metadata, utm_campaign
           from public.web_analytics where session_id in ($1, 'anonymous') and created_at = now() order by page_path`,
        [marker],
      );
      return rows;
    });
    expect(result).toEqual({
      ok: true,
      value: [
        {
          session_id: 'anonymous',
          event_type: 'page_view',
          page_path: '/child/session',
          path: '/child/session',
          referrer: null,
          user_agent: null,
          device_type: null,
          metadata: {},
          utm_campaign: null,
        },
        expect.objectContaining({
          session_id: marker,
          page_path: `/pricing?utm_campaign=${marker}`,
          utm_campaign: marker,
        }),
      ],
    });
  });
});
