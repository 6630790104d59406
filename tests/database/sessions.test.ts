import { beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, asActor, type Actor, type Result } from './support.ts';
import { setUpWorld, type World } from './world.ts';

/**
 * The access matrix of the sessions tables (caller × table × select / insert / update / delete),
 * run in SQL as the API runs a request, with the fixture world of world.ts: "coach" coaches the
 * first family ("our" rows); the second family's rows ("their") belong to a coach without login.
 */

const DENIED = 'denied' as const;
type Expect<T> = Record<Actor, T | typeof DENIED>;
function all<T>(value: T | typeof DENIED, except: Partial<Expect<T>> = {}): Expect<T> {
  return Object.fromEntries(ACTORS.map((a) => [a, a in except ? except[a] : value])) as Expect<T>;
}

const { db, world } = setUpWorld();
const rows: Record<string, string> = {};
const me = (actor: Actor) => (actor === 'anon' ? undefined : world.users[actor]);

function outcome<T>(result: Result<T>): T | typeof DENIED | string {
  if (result.ok) return result.value;
  return result.error.code === '42501' ? DENIED : `error ${result.error.code}: ${result.error.message}`;
}

const one = async (sql: string, params: unknown[]) =>
  String((await db.query<{ id: string }>(sql, params)).rows[0].id);

beforeAll(async () => {
  const { ourSession, theirSession } = world.rows.coaching_sessions;
  const { activeCoach, inactiveCoach } = world.rows.coaches;
  const { ourChild, theirChild } = world.rows.children;
  rows.ourNote = await one(
    `insert into public.session_notes (session_id, body) values ($1, 'Kit named three feelings.') returning session_id as id`,
    [ourSession],
  );
  rows.theirNote = await one(
    `insert into public.session_notes (session_id, body) values ($1, 'Otto: homework plan.') returning session_id as id`,
    [theirSession],
  );
  // Weekly slots a month ahead at odd minutes, so they clash with no fixture session.
  const series = `insert into public.session_series (child_id, coach_id, local_time, starts_on)
    values ($1, $2, $3, current_date + 35 - extract(isodow from current_date)::int + 2) returning id`;
  rows.ourSeries = await one(series, [ourChild, activeCoach, '03:17']);
  rows.theirSeries = await one(series, [theirChild, inactiveCoach, '03:47']);
  rows.ourEmail = await one(
    `select id from public.outbox where session_id = $1 and recipient = 'family' order by id limit 1`,
    [ourSession],
  );
});

interface Case {
  table: string;
  key: string;
  labels: string[];
  select: Expect<string[]>;
  insert: { sql: (w: World) => [string, unknown[]]; arrange?: string; expect: Expect<'ok'> };
  update: { set: string; target: string; expect: Expect<number> };
  delete: { target: string; expect: Expect<number> };
}

const cases: Case[] = [
  {
    table: 'session_notes',
    key: 'session_id',
    labels: ['ourNote', 'theirNote'],
    // private to the session's coach and admins: never the family, never a child
    select: all<string[]>([], { anon: DENIED, coach: ['ourNote'], admin: ['ourNote', 'theirNote'] }),
    insert: {
      arrange: `delete from public.session_notes where session_id = '%ourNote%'`,
      sql: (w) => [
        `insert into public.session_notes (session_id, body, updated_by) values ($1, 'Notes', auth.uid())`,
        [w.rows.coaching_sessions.ourSession],
      ],
      expect: all<'ok'>(DENIED, { coach: 'ok', admin: 'ok' }),
    },
    update: {
      set: `body = 'Edited', updated_by = auth.uid()`,
      target: 'ourNote',
      expect: all(0, { anon: DENIED, coach: 1, admin: 1 }),
    },
    delete: { target: 'ourNote', expect: all(0, { anon: DENIED, coach: 1, admin: 1 }) },
  },
  {
    table: 'session_series',
    key: 'id',
    labels: ['ourSeries', 'theirSeries'],
    select: all<string[]>([], {
      anon: DENIED,
      parent: ['ourSeries'],
      otherParent: ['theirSeries'],
      coach: ['ourSeries'],
      admin: ['ourSeries', 'theirSeries'],
    }),
    insert: {
      sql: (w) => [
        `insert into public.session_series (child_id, coach_id, local_time, starts_on)
         values ($1, $2, '05:11', current_date + 70 - extract(isodow from current_date)::int + 3)`,
        [w.rows.children.ourChild, w.rows.coaches.activeCoach],
      ],
      expect: all<'ok'>(DENIED, { admin: 'ok' }),
    },
    update: {
      set: `ends_on = starts_on + 14`,
      target: 'ourSeries',
      expect: all(0, { anon: DENIED, coach: 1, admin: 1 }),
    },
    delete: { target: 'ourSeries', expect: all<number>(DENIED) },
  },
  {
    table: 'outbox',
    key: 'id',
    labels: ['ourEmail'],
    select: all<string[]>([], { anon: DENIED, admin: ['ourEmail'] }),
    insert: {
      sql: (w) => [
        `insert into public.outbox (kind, event, session_id, recipient, recipient_user_id, starts_at)
         values ('session_email', 'booked', $1, 'family', $2, now() + interval '1 day')`,
        [w.rows.coaching_sessions.ourSession, w.users.parent],
      ],
      expect: all<'ok'>(DENIED),
    },
    update: { set: `outcome = 'sent'`, target: 'ourEmail', expect: all<number>(DENIED) },
    delete: { target: 'ourEmail', expect: all<number>(DENIED) },
  },
];

describe.each(cases)('$table', (c) => {
  const labelOf = (value: string) => c.labels.find((l) => rows[l] === value) ?? value;

  it.each(ACTORS)('select as %s', async (actor) => {
    const result = await asActor(db, actor, me(actor), async (d) => {
      const found = await d.query<{ k: string }>(
        `select ${c.key}::text as k from public.${c.table} where ${c.key}::text = any($1)`,
        [c.labels.map((l) => rows[l])],
      );
      return found.rows.map((r) => labelOf(r.k)).sort();
    });
    const expected = c.select[actor];
    expect(outcome(result)).toEqual(expected === DENIED ? DENIED : [...expected].sort());
  });

  it.each(ACTORS)('insert as %s', async (actor) => {
    const [sql, params] = c.insert.sql(world);
    const arrange = c.insert.arrange?.replace('%ourNote%', rows.ourNote);
    const result = await asActor(
      db,
      actor,
      me(actor),
      async (d) => {
        await d.query(sql, params);
        return 'ok' as const;
      },
      arrange ? (d) => d.query(arrange) : undefined,
    );
    expect(outcome(result)).toEqual(c.insert.expect[actor]);
  });

  it.each(ACTORS)('update as %s', async (actor) => {
    const result = await asActor(db, actor, me(actor), async (d) => {
      const { rowCount } = await d.query(
        `update public.${c.table} set ${c.update.set} where ${c.key}::text = $1`,
        [rows[c.update.target]],
      );
      return rowCount ?? 0;
    });
    expect(outcome(result)).toEqual(c.update.expect[actor]);
  });

  it.each(ACTORS)('delete as %s', async (actor) => {
    const result = await asActor(db, actor, me(actor), async (d) => {
      const { rowCount } = await d.query(`delete from public.${c.table} where ${c.key}::text = $1`, [
        rows[c.delete.target],
      ]);
      return rowCount ?? 0;
    });
    expect(outcome(result)).toEqual(c.delete.expect[actor]);
  });
});

describe('session functions and columns', () => {
  it.each(ACTORS)('only the service role claims or settles the outbox (%s may not)', async (actor) => {
    for (const sql of [
      `select * from public.claim_outbox(array['session_email'], 1)`,
      `select public.settle_outbox(1, 'sent')`,
    ]) {
      const result = await asActor(db, actor, me(actor), (d) => d.query(sql));
      expect(outcome(result)).toBe(DENIED);
    }
  });

  it('sessions carry no notes column any more: notes live in session_notes only', async () => {
    const result = await asActor(db, 'parent', world.users.parent, (d) =>
      d.query('select notes from public.coaching_sessions'),
    );
    expect(result.ok ? 'readable' : result.error.code).toBe('42703');
  });

  it('the new tables have row level security enabled and index every foreign key', async () => {
    const { rows: tables } = await db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class
        where relnamespace = 'public'::regnamespace and relname = any($1)`,
      [['session_notes', 'session_series', 'outbox']],
    );
    expect(tables.every((t) => t.relrowsecurity)).toBe(true);
    const { rows: unindexed } = await db.query<{ fk: string }>(
      `select c.conrelid::regclass || '.' || c.conname as fk
         from pg_constraint c
        where c.contype = 'f'
          and c.conrelid = any(array['public.session_notes', 'public.session_series', 'public.outbox',
                                      'public.coaching_sessions']::regclass[])
          and not exists (
            select 1 from pg_index i
             where i.indrelid = c.conrelid
               and (i.indkey::int2[])[0:array_length(c.conkey, 1) - 1] @> c.conkey
          )`,
    );
    expect(unindexed).toEqual([]);
  });
});
