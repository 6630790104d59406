import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/stack.ts';
import { ACTORS, asActor, insertRow, leadFactory, type Actor, type Result } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * The role matrix of the leads pipeline: every caller × leads, lead_events, lead_list and the
 * pipeline's functions × each action, run in SQL as the API runs a request (role switched, JWT
 * claims set, RLS deciding). "mine" is a lead assigned to the coach, "theirs" one nobody was given.
 */

const DENIED = 'denied' as const;
type Outcome<T> = T | typeof DENIED;
type Expect<T> = Record<Actor, Outcome<T>>;

function all<T>(value: Outcome<T>, except: Partial<Expect<T>> = {}): Expect<T> {
  return Object.fromEntries(ACTORS.map((a) => [a, a in except ? except[a] : value])) as Expect<T>;
}

const { db, world, runAs } = setUpWorld();
const leads: Record<'mine' | 'theirs', string> = { mine: '', theirs: '' };
const label = (id: string) => (id === leads.mine ? 'mine' : id === leads.theirs ? 'theirs' : 'other');

async function outcome<T>(result: Promise<Result<T>>): Promise<Outcome<T>> {
  const settled = await result;
  if (settled.ok) return settled.value;
  if (['42501', '42883'].includes(settled.error.code)) return DENIED;
  throw new Error(`${settled.error.code}: ${settled.error.message}`);
}

const run = <T>(actor: Actor, work: (d: pg.Client) => Promise<T>) => outcome(runAs(actor, work));

const visible = (table: string) => async (d: pg.Client) =>
  (
    await d.query<{ id: string }>(`select id from public.${table} where id = any($1)`, [Object.values(leads)])
  ).rows
    .map((r) => label(r.id))
    .sort();

const changed = (sql: string, target: 'mine' | 'theirs') => async (d: pg.Client) =>
  (await d.query(sql, [leads[target]])).rowCount ?? 0;

beforeAll(async () => {
  for (const [key, assignee] of [
    ['mine', world.users.coach],
    ['theirs', null],
  ] as const) {
    const email = uniqueEmail(`matrix-${key}`);
    await insertRow(db, 'waitlist', leadFactory({ email }));
    const { rows } = await db.query<{ id: string }>(
      'update public.leads set assignee_id = $2 where email = $1 returning id',
      [email, assignee],
    );
    leads[key] = rows[0].id;
  }
});

afterAll(async () => {
  // The leads go with their waitlist rows.
  await db.query(
    'delete from public.waitlist where id in (select waitlist_id from public.leads where id = any($1))',
    [Object.values(leads)],
  );
});

describe('leads role matrix', () => {
  const cases: {
    name: string;
    work: (actor: Actor) => (d: pg.Client) => Promise<unknown>;
    expect: Expect<unknown>;
  }[] = [
    {
      name: 'select leads',
      work: () => visible('leads'),
      expect: all<string[]>(DENIED, {
        parent: [],
        otherParent: [],
        child: [],
        coach: ['mine'],
        admin: ['mine', 'theirs'],
      }),
    },
    {
      name: 'select lead_list (the view keeps the caller’s row level security)',
      work: () => visible('lead_list'),
      expect: all<string[]>(DENIED, {
        parent: [],
        otherParent: [],
        child: [],
        coach: ['mine'],
        admin: ['mine', 'theirs'],
      }),
    },
    {
      name: 'select lead_events',
      work: () => async (d) =>
        (
          await d.query<{ lead_id: string }>(
            'select distinct lead_id from public.lead_events where lead_id = any($1)',
            [Object.values(leads)],
          )
        ).rows
          .map((r) => label(r.lead_id))
          .sort(),
      expect: all<string[]>(DENIED, {
        parent: [],
        otherParent: [],
        child: [],
        coach: ['mine'],
        admin: ['mine', 'theirs'],
      }),
    },
    {
      name: 'update status of the assigned lead',
      work: () => changed(`update public.leads set status = 'contacted' where id = $1`, 'mine'),
      expect: all<number>(0, { anon: DENIED, coach: 1, admin: 1 }),
    },
    {
      name: 'update status of an unassigned lead',
      work: () => changed(`update public.leads set status = 'contacted' where id = $1`, 'theirs'),
      expect: all<number>(0, { anon: DENIED, admin: 1 }),
    },
    {
      name: 'assign an unassigned lead to oneself',
      work: (actor) => async (d) =>
        (
          await d.query('update public.leads set assignee_id = $2 where id = $1', [
            leads.theirs,
            world.users[actor as 'admin'],
          ])
        ).rowCount ?? 0,
      expect: all<number>(0, { anon: DENIED, admin: 1 }),
    },
    {
      name: 'change columns other than status and assignee',
      work: () => changed(`update public.leads set email = 'x@example.com' where id = $1`, 'mine'),
      expect: all<number>(DENIED),
    },
    {
      name: 'insert a lead directly',
      work: () => async (d) =>
        (await d.query(`insert into public.leads (source, email) values ('waitlist', 'direct@example.com')`))
          .rowCount,
      expect: all<number>(DENIED),
    },
    {
      name: 'delete a lead',
      work: () => changed('delete from public.leads where id = $1', 'mine'),
      expect: all<number>(DENIED),
    },
    {
      name: 'add a note to the assigned lead',
      work: () => async (d) =>
        (
          await d.query('insert into public.lead_events (lead_id, body) values ($1, $2)', [
            leads.mine,
            'A note',
          ])
        ).rowCount,
      expect: all<number>(DENIED, { coach: 1, admin: 1 }),
    },
    {
      name: 'add a note to an unassigned lead',
      work: () => async (d) =>
        (
          await d.query('insert into public.lead_events (lead_id, body) values ($1, $2)', [
            leads.theirs,
            'A note',
          ])
        ).rowCount,
      expect: all<number>(DENIED, { admin: 1 }),
    },
    {
      name: 'write a status event or pick the author',
      work: () => async (d) =>
        (
          await d.query(
            `insert into public.lead_events (lead_id, kind, from_value, to_value) values ($1, 'status', 'new', 'closed')`,
            [leads.mine],
          )
        ).rowCount,
      expect: all<number>(DENIED),
    },
    {
      name: 'edit or delete history',
      work: () => changed(`update public.lead_events set body = 'x' where lead_id = $1`, 'mine'),
      expect: all<number>(DENIED),
    },
    {
      name: 'list assignees',
      work: () => async (d) => (await d.query('select * from public.lead_assignees()')).rows.length > 0,
      expect: all<boolean>(DENIED, { coach: true, admin: true }),
    },
    {
      name: 'enrol a lead (database half)',
      work: () => async (d) => {
        await d.query('select * from public.enrol_lead($1, $2, $3)', [leads.theirs, 'Robin', 9]);
        return 'ok';
      },
      // The parent has no account yet: an admin gets "invite first" (P0002), everyone else is denied.
      expect: all<string>(DENIED, { admin: 'no account' }),
    },
    {
      name: 'overview: beta counter',
      work: () => async (d) =>
        (
          await d.query<{ families_enrolled: string | null }>(
            `select families_enrolled from public.admin_overview(date_trunc('day', now()), date_trunc('week', now()))`,
          )
        ).rows[0].families_enrolled !== null,
      expect: all<boolean>(false, { anon: DENIED, admin: true }),
    },
  ];

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const got: Record<string, unknown> = {};
      for (const actor of ACTORS) {
        const settled = await runAs(actor, testCase.work(actor));
        if (settled.ok) got[actor] = settled.value;
        else if (settled.error.code === 'PT409') got[actor] = 'no account';
        else if (['42501', '42883'].includes(settled.error.code)) got[actor] = DENIED;
        else got[actor] = `${settled.error.code}: ${settled.error.message}`;
      }
      expect(got).toEqual(testCase.expect);
    });
  }
});

describe('lead rules in the database', () => {
  it('a note stamps its author and time; a coach cannot hand their lead to someone else', async () => {
    const note = await run('coach', async (d) => {
      await d.query(`insert into public.lead_events (lead_id, body) values ($1, '  Spoke to mum ')`, [
        leads.mine,
      ]);
      return (
        await d.query(
          `select actor_id, actor_name, body, created_at > now() - interval '1 minute' as fresh
           from public.lead_events where lead_id = $1 and kind = 'note'`,
          [leads.mine],
        )
      ).rows;
    });
    expect(note).toEqual([
      { actor_id: world.users.coach, actor_name: 'Casey Coach', body: 'Spoke to mum', fresh: true },
    ]);
    const handOff = await run(
      'coach',
      changed('update public.leads set assignee_id = null where id = $1', 'mine'),
    );
    expect(handOff).toBe(DENIED);
  });

  it('overdue is still new after the reply promise (24 hours)', async () => {
    const overdue = async (hoursAgo: number, status: string) =>
      await asActor(
        db,
        'admin',
        world.users.admin,
        async (d) =>
          (
            await d.query<{ overdue: boolean }>('select overdue from public.lead_list where id = $1', [
              leads.theirs,
            ])
          ).rows[0].overdue,
        (d) =>
          d.query(
            `update public.leads set created_at = now() - make_interval(hours => $2), status = $3 where id = $1`,
            [leads.theirs, hoursAgo, status],
          ),
      );
    expect(await overdue(23, 'new')).toEqual({ ok: true, value: false });
    expect(await overdue(25, 'new')).toEqual({ ok: true, value: true });
    expect(await overdue(25, 'contacted')).toEqual({ ok: true, value: false });
  });
});
