import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, asActor, type Actor, type Result } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * The access matrix of the parent app's tables (caller × table × select / insert / update /
 * delete), run in SQL as the API runs a request, with the fixture world of world.ts plus a second
 * coach ("otherCoach") who coaches the second family. Then the functions the parent app calls:
 * cancel and reschedule within the notice period, the schedule, the dashboard and consent.
 */

type Caller = Actor | 'otherCoach';
const CALLERS: readonly Caller[] = [...ACTORS, 'otherCoach'];
const DENIED = 'denied' as const;
type Expect<T> = Record<Caller, T | typeof DENIED>;
function all<T>(value: T | typeof DENIED, except: Partial<Expect<T>> = {}): Expect<T> {
  return Object.fromEntries(CALLERS.map((a) => [a, a in except ? except[a] : value])) as Expect<T>;
}

const { db, world, runAs } = setUpWorld();
let otherCoachUser: string;
let otherCoach: string;
const rows: Record<string, string> = {};

function as<T>(
  caller: Caller,
  work: (d: pg.Client) => Promise<T>,
  arrange?: (d: pg.Client) => Promise<unknown>,
) {
  if (caller === 'otherCoach') return asActor(db, 'coach', otherCoachUser, work, arrange);
  return runAs(caller, work, arrange);
}

function outcome<T>(result: Result<T>): T | typeof DENIED | string {
  if (result.ok) return result.value;
  return result.error.code === '42501' ? DENIED : `error ${result.error.code}: ${result.error.message}`;
}

const one = async (sql: string, params: unknown[]) =>
  String((await db.query<{ id: string }>(sql, params)).rows[0].id);

beforeAll(async () => {
  const { ourChild, theirChild } = world.rows.children;
  const { ourSession, theirSession } = world.rows.coaching_sessions;
  const { activeCoach } = world.rows.coaches;
  ({ userId: otherCoachUser, coachId: otherCoach } = await world.addCoach({
    firstName: 'Remy',
    lastName: 'Othercoach',
  }));
  await db.query('update public.children set coach_id = $1 where id = $2', [otherCoach, theirChild]);
  await db.query('update public.coaching_sessions set coach_id = $1 where id = $2', [
    otherCoach,
    theirSession,
  ]);

  rows.notice = await one('select private.current_consent_notice_id() as id', []);
  const consent = `insert into public.parental_consents (child_id, parent_id, notice_id, signed_name)
    values ($1, $2, $3, $4) returning id`;
  rows.ourConsent = await one(consent, [ourChild, world.users.parent, rows.notice, 'Pat Fixture']);
  rows.theirConsent = await one(consent, [theirChild, world.users.otherParent, rows.notice, 'Olive Other']);
  const time = `insert into public.preferred_session_times (child_id, weekday, day_part) values ($1, $2, $3) returning id`;
  rows.ourTime = await one(time, [ourChild, 2, 'afternoon']);
  rows.theirTime = await one(time, [theirChild, 4, 'evening']);
  const tool = `insert into public.at_home_tools (child_id, coach_id, title, instructions) values ($1, $2, $3, '') returning id`;
  rows.ourTool = await one(tool, [ourChild, activeCoach, 'Balloon breaths']);
  rows.theirTool = await one(tool, [theirChild, otherCoach, 'Homework timer']);
  const request = `insert into public.session_change_requests (session_id, parent_id, kind, message)
    values ($1, $2, 'reschedule', 'Friday?') returning id`;
  rows.ourRequest = await one(request, [ourSession, world.users.parent]);
  rows.theirRequest = await one(request, [theirSession, world.users.otherParent]);
});

interface Case {
  table: string;
  labels: string[];
  select: Expect<string[]>;
  insert: { sql: () => [string, unknown[]]; arrange?: () => string; expect: Expect<'ok'> };
  update: { set: string; target: string; expect: Expect<number> };
  delete: { target: string; expect: Expect<number> };
}

const cases: Case[] = [
  {
    table: 'consent_notices',
    labels: ['notice'],
    select: all<string[]>(['notice'], { anon: DENIED }),
    insert: {
      sql: () => [
        `insert into public.consent_notices (terms_version, privacy_version, effective_at)
         values ('test-terms', 'test-privacy', now() + interval '1 year')`,
        [],
      ],
      expect: all<'ok'>(DENIED, { admin: 'ok' }),
    },
    update: { set: `summary = 'Edited'`, target: 'notice', expect: all<number>(DENIED) },
    delete: { target: 'notice', expect: all<number>(DENIED) },
  },
  {
    table: 'parental_consents',
    labels: ['ourConsent', 'theirConsent'],
    // who consented for which child is the family's and the team's business only
    select: all<string[]>([], {
      anon: DENIED,
      parent: ['ourConsent'],
      otherParent: ['theirConsent'],
      admin: ['ourConsent', 'theirConsent'],
    }),
    insert: {
      arrange: () => `delete from public.parental_consents where id = '${rows.ourConsent}'`,
      sql: () => [
        `insert into public.parental_consents (child_id, notice_id, signed_name) values ($1, $2, 'Pat Fixture')`,
        [world.rows.children.ourChild, rows.notice],
      ],
      expect: all<'ok'>(DENIED, { parent: 'ok' }),
    },
    // a consent record is never edited or removed (it goes with the child)
    update: { set: `signed_name = 'Someone Else'`, target: 'ourConsent', expect: all<number>(DENIED) },
    delete: { target: 'ourConsent', expect: all<number>(DENIED) },
  },
  {
    table: 'preferred_session_times',
    labels: ['ourTime', 'theirTime'],
    select: all<string[]>([], {
      anon: DENIED,
      parent: ['ourTime'],
      otherParent: ['theirTime'],
      coach: ['ourTime'],
      otherCoach: ['theirTime'],
      admin: ['ourTime', 'theirTime'],
    }),
    insert: {
      sql: () => [
        `insert into public.preferred_session_times (child_id, weekday, day_part) values ($1, 6, 'morning')`,
        [world.rows.children.ourChild],
      ],
      expect: all<'ok'>(DENIED, { parent: 'ok' }),
    },
    update: { set: `weekday = 3`, target: 'ourTime', expect: all<number>(DENIED) },
    delete: { target: 'ourTime', expect: all(0, { anon: DENIED, parent: 1 }) },
  },
  {
    table: 'at_home_tools',
    labels: ['ourTool', 'theirTool'],
    select: all<string[]>([], {
      anon: DENIED,
      parent: ['ourTool'],
      otherParent: ['theirTool'],
      coach: ['ourTool'],
      otherCoach: ['theirTool'],
      child: ['ourTool'],
      admin: ['ourTool', 'theirTool'],
    }),
    insert: {
      sql: () => [
        `insert into public.at_home_tools (child_id, coach_id, title) values ($1, $2, 'Star jumps')`,
        [world.rows.children.ourChild, world.rows.coaches.activeCoach],
      ],
      expect: all<'ok'>(DENIED, { coach: 'ok', admin: 'ok' }),
    },
    update: {
      set: `title = 'Edited'`,
      target: 'ourTool',
      expect: all(0, { anon: DENIED, coach: 1, admin: 1 }),
    },
    delete: { target: 'ourTool', expect: all(0, { anon: DENIED, coach: 1, admin: 1 }) },
  },
  {
    table: 'session_change_requests',
    labels: ['ourRequest', 'theirRequest'],
    select: all<string[]>([], {
      anon: DENIED,
      parent: ['ourRequest'],
      otherParent: ['theirRequest'],
      coach: ['ourRequest'],
      otherCoach: ['theirRequest'],
      admin: ['ourRequest', 'theirRequest'],
    }),
    // only through cancel_family_session / request_session_reschedule
    insert: {
      sql: () => [
        `insert into public.session_change_requests (session_id, parent_id, kind) values ($1, auth.uid(), 'cancel')`,
        [world.rows.coaching_sessions.ourSession],
      ],
      expect: all<'ok'>(DENIED),
    },
    update: { set: `status = 'done'`, target: 'ourRequest', expect: all<number>(DENIED) },
    delete: { target: 'ourRequest', expect: all<number>(DENIED) },
  },
];

describe.each(cases)('$table (role x action)', (c) => {
  const labelOf = (value: string) => c.labels.find((l) => rows[l] === value) ?? value;

  it.each(CALLERS)('select as %s', async (caller) => {
    const result = await as(caller, async (d) => {
      const found = await d.query<{ k: string }>(
        `select id::text as k from public.${c.table} where id::text = any($1)`,
        [c.labels.map((l) => rows[l])],
      );
      return found.rows.map((r) => labelOf(r.k)).sort();
    });
    const expected = c.select[caller];
    expect(outcome(result)).toEqual(expected === DENIED ? DENIED : [...expected].sort());
  });

  it.each(CALLERS)('insert as %s', async (caller) => {
    const [sql, params] = c.insert.sql();
    const arrange = c.insert.arrange?.();
    const result = await as(
      caller,
      async (d) => {
        await d.query(sql, params);
        return 'ok' as const;
      },
      arrange ? (d) => d.query(arrange) : undefined,
    );
    expect(outcome(result)).toEqual(c.insert.expect[caller]);
  });

  it.each(CALLERS)('update as %s', async (caller) => {
    const result = await as(caller, async (d) => {
      const { rowCount } = await d.query(`update public.${c.table} set ${c.update.set} where id::text = $1`, [
        rows[c.update.target],
      ]);
      return rowCount ?? 0;
    });
    expect(outcome(result)).toEqual(c.update.expect[caller]);
  });

  it.each(CALLERS)('delete as %s', async (caller) => {
    const result = await as(caller, async (d) => {
      const { rowCount } = await d.query(`delete from public.${c.table} where id::text = $1`, [
        rows[c.delete.target],
      ]);
      return rowCount ?? 0;
    });
    expect(outcome(result)).toEqual(c.delete.expect[caller]);
  });
});

describe('onboarding rules', () => {
  it('a child is 7 to 12', async () => {
    for (const [age, expected] of [
      [6, '23514'],
      [7, 'ok'],
      [12, 'ok'],
      [13, '23514'],
    ] as const) {
      const result = await as('parent', (d) =>
        d.query(`insert into public.children (parent_id, first_name, age) values (auth.uid(), 'Ada', $1)`, [
          age,
        ]),
      );
      expect(result.ok ? 'ok' : result.error.code, `age ${age}`).toBe(expected);
    }
  });

  it('the server stamps who consented, when, how and to which versions', async () => {
    const result = await as(
      'parent',
      async (d) => {
        await d.query(
          `insert into public.parental_consents (child_id, notice_id, signed_name) values ($1, $2, '  Pat Fixture ')`,
          [world.rows.children.ourChild, rows.notice],
        );
        return (
          await d.query(
            `select parent_id, signed_name, method, terms_version, privacy_version, given_at > now() - interval '1 minute' as recent
               from public.parental_consents where child_id = $1`,
            [world.rows.children.ourChild],
          )
        ).rows[0];
      },
      (d) => d.query('delete from public.parental_consents where id = $1', [rows.ourConsent]),
    );
    expect(outcome(result)).toEqual({
      parent_id: world.users.parent,
      signed_name: 'Pat Fixture',
      method: 'in_app_signature',
      terms_version: '2026-11-01',
      privacy_version: '2026-11-01',
      recent: true,
    });
  });

  it('a new notice asks again: consent to the former one is refused, the new one current', async () => {
    const result = await as(
      'parent',
      async (d) => {
        const current = (await d.query<{ id: string }>('select private.current_consent_notice_id() as id'))
          .rows[0].id;
        const stale = await d
          .query(
            `insert into public.parental_consents (child_id, notice_id, signed_name) values ($1, $2, 'Pat F')`,
            [world.rows.children.ourChild, rows.notice],
          )
          .then(
            () => 'accepted',
            (e: { code: string }) => e.code,
          );
        return { changed: current !== rows.notice, stale };
      },
      (d) =>
        d.query(
          `insert into public.consent_notices (terms_version, privacy_version, effective_at)
           values ('2027-01-01', '2027-01-01', now() - interval '1 second')`,
        ),
    );
    expect(outcome(result)).toEqual({ changed: true, stale: '22023' });
  });
});

describe('cancel and reschedule within the notice period', () => {
  const session = () => world.rows.coaching_sessions.ourSession;
  const emailsFor = (d: pg.Client, kind: string) =>
    d.query<{ recipient: string; message: string | null }>(
      `select recipient, message from public.outbox
        where kind = 'session_email' and session_id = $1 and event = $2 and outcome is null
        order by recipient`,
      [session(), kind],
    );

  it('the parent cancels: the session is cancelled, recorded, and the coach and family are mailed', async () => {
    const result = await as('parent', async (d) => {
      await d.query('select public.cancel_family_session($1, $2)', [session(), 'Ill']);
      const status = (await d.query('select status from public.coaching_sessions where id = $1', [session()]))
        .rows[0].status as string;
      const requests = (
        await d.query(
          'select kind, message, status from public.session_change_requests where session_id = $1 order by created_at',
          [session()],
        )
      ).rows;
      await d.query('reset role');
      const mails = (await emailsFor(d, 'cancelled')).rows.map((r) => r.recipient);
      return { status, requests, mails };
    });
    expect(outcome(result)).toEqual({
      status: 'cancelled',
      requests: [
        { kind: 'reschedule', message: 'Friday?', status: 'done' },
        { kind: 'cancel', message: 'Ill', status: 'done' },
      ],
      mails: ['coach', 'family'],
    });
  });

  it('asking to reschedule records the request and mails the coach the message, once', async () => {
    const result = await as(
      'parent',
      async (d) => {
        await d.query('select public.request_session_reschedule($1, $2)', [session(), 'Saturday morning?']);
        const again = await d
          .query('select public.request_session_reschedule($1, $2)', [session(), 'Again'])
          .then(
            () => 'accepted',
            (e: { code: string }) => e.code,
          );
        return { again };
      },
      (d) => d.query('delete from public.session_change_requests where id = $1', [rows.ourRequest]),
    );
    expect(outcome(result)).toEqual({ again: '23505' });

    const mails = await as(
      'parent',
      async (d) => {
        await d.query('select public.request_session_reschedule($1, $2)', [session(), 'Saturday morning?']);
        await d.query('reset role');
        return (await emailsFor(d, 'reschedule_requested')).rows;
      },
      (d) => d.query('delete from public.session_change_requests where id = $1', [rows.ourRequest]),
    );
    expect(outcome(mails)).toEqual([{ recipient: 'coach', message: 'Saturday morning?' }]);
  });

  it('an empty reschedule message is refused with a reason', async () => {
    const result = await as(
      'parent',
      (d) => d.query('select public.request_session_reschedule($1, $2)', [session(), '  ']),
      (d) => d.query('delete from public.session_change_requests where id = $1', [rows.ourRequest]),
    );
    expect(result.ok ? 'ok' : result.error.code).toBe('22023');
  });

  it('inside the notice period neither is possible', async () => {
    for (const sql of [
      'select public.cancel_family_session($1)',
      `select public.request_session_reschedule($1, 'Later?')`,
    ]) {
      const result = await as(
        'parent',
        (d) => d.query(sql, [session()]),
        async (d) => {
          await d.query('delete from public.session_change_requests where id = $1', [rows.ourRequest]);
          await d.query(
            `update public.coaching_sessions set starts_at = now() + interval '23 hours' where id = $1`,
            [session()],
          );
        },
      );
      expect(result.ok ? 'ok' : result.error.message).toMatch(/up to 24 hours before/);
    }
  });

  it.each(['otherParent', 'coach', 'child', 'otherCoach'] as const)(
    '%s may not cancel or reschedule the family’s session',
    async (caller) => {
      for (const sql of [
        'select public.cancel_family_session($1)',
        `select public.request_session_reschedule($1, 'Later?')`,
      ]) {
        const result = await as(caller, (d) => d.query(sql, [session()]));
        expect(outcome(result)).toBe(DENIED);
      }
    },
  );

  it('anon may call none of the parent functions', async () => {
    for (const sql of [
      `select public.cancel_family_session('${world.rows.coaching_sessions.ourSession}')`,
      'select * from public.get_family_dashboard()',
      'select * from public.get_family_standing()',
      `select * from public.get_child_schedule('${world.rows.children.ourChild}')`,
    ]) {
      expect(outcome(await as('anon', (d) => d.query(sql)))).toBe(DENIED);
    }
  });

  it('moving the session settles the open reschedule request', async () => {
    const result = await as(
      'parent',
      async (d) =>
        (await d.query('select status from public.session_change_requests where id = $1', [rows.ourRequest]))
          .rows[0].status as string,
      (d) =>
        d.query(
          `update public.coaching_sessions set starts_at = starts_at + interval '1 hour' where id = $1`,
          [session()],
        ),
    );
    expect(outcome(result)).toBe('done');
  });
});

describe('schedule and dashboard', () => {
  it('the schedule shows the family its own child only, with the change deadline', async () => {
    const mine = await as(
      'parent',
      async (d) =>
        (
          await d.query<{ id: string; notice_hours: number; gap: number; open_request: string | null }>(
            `select id, notice_hours, extract(epoch from starts_at - change_deadline)::int as gap, open_request
             from public.get_child_schedule($1)`,
            [world.rows.children.ourChild],
          )
        ).rows,
    );
    expect(outcome(mine)).toEqual([
      {
        id: world.rows.coaching_sessions.ourSession,
        notice_hours: 24,
        gap: 86400,
        open_request: 'reschedule',
      },
    ]);
    const theirs = await as(
      'otherParent',
      async (d) =>
        (await d.query('select id from public.get_child_schedule($1)', [world.rows.children.ourChild])).rows,
    );
    expect(outcome(theirs)).toEqual([]);
  });

  it('the dashboard has one row per own child: next session, latest shared update, points', async () => {
    const result = await as(
      'parent',
      async (d) =>
        (
          await d.query(
            `select first_name, coach_name, next_session_id, update_body, points_total::int as points,
                  (next_starts_at - next_opens_at)::text as early
             from public.get_family_dashboard()`,
          )
        ).rows,
    );
    expect(outcome(result)).toEqual([
      {
        first_name: 'Kit',
        coach_name: 'Casey Coach',
        next_session_id: world.rows.coaching_sessions.ourSession,
        update_body: 'Kit practised calm breathing.',
        points: 10,
        early: '00:10:00',
      },
    ]);
  });

  it('a family without a coach sees where it stands', async () => {
    const result = await as(
      'otherParent',
      async (d) => (await d.query('select * from public.get_family_standing()')).rows[0],
      (d) =>
        d.query('update public.children set coach_id = null where id = $1', [world.rows.children.theirChild]),
    );
    expect(outcome(result)).toMatchObject({
      lead_status: null,
      beta_places_total: 25,
      holds_beta_place: false,
    });
  });
});
