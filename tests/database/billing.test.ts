import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, insertRow, type Result } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * Billing: the access matrix of billing_customers, subscriptions, invoices and stripe_webhook_events
 * (caller x table x select / insert / update / delete): a parent reads only their own family's rows,
 * admins read every family's, and nobody but the service role (the webhook) writes any of them.
 * Then the plan's weekly sessions, enforced by Postgres whoever books.
 */

const { db, world, runAs: as } = setUpWorld();
const suffix = Date.now().toString(36);
const ids = {
  ourCustomer: `cus_our${suffix}`,
  theirCustomer: `cus_their${suffix}`,
  ourSub: `sub_our${suffix}`,
  theirSub: `sub_their${suffix}`,
  ourInvoice: `in_our${suffix}`,
  theirInvoice: `in_their${suffix}`,
  event: `evt_fixture${suffix}`,
};

function subscriptionRow(overrides: Record<string, unknown>) {
  return {
    stripe_customer_id: ids.ourCustomer,
    plan: 'steady-growth',
    stripe_price_id: 'price_steady',
    status: 'active',
    current_period_start: new Date().toISOString(),
    current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    stripe_created: new Date().toISOString(),
    last_event_at: new Date().toISOString(),
    ...overrides,
  };
}

function invoiceRow(overrides: Record<string, unknown>) {
  return {
    status: 'paid',
    currency: 'usd',
    amount_due: 35000,
    amount_paid: 35000,
    stripe_created: new Date().toISOString(),
    last_event_at: new Date().toISOString(),
    ...overrides,
  };
}

beforeAll(async () => {
  const { parent, otherParent } = world.users;
  await insertRow(db, 'billing_customers', { parent_id: parent, stripe_customer_id: ids.ourCustomer });
  await insertRow(db, 'billing_customers', { parent_id: otherParent, stripe_customer_id: ids.theirCustomer });
  await insertRow(db, 'subscriptions', subscriptionRow({ id: ids.ourSub, parent_id: parent }));
  await insertRow(
    db,
    'subscriptions',
    subscriptionRow({ id: ids.theirSub, parent_id: otherParent, stripe_customer_id: ids.theirCustomer }),
  );
  await insertRow(
    db,
    'invoices',
    invoiceRow({ id: ids.ourInvoice, parent_id: parent, subscription_id: ids.ourSub }),
  );
  await insertRow(
    db,
    'invoices',
    invoiceRow({ id: ids.theirInvoice, parent_id: otherParent, subscription_id: ids.theirSub }),
  );
  await insertRow(db, 'stripe_webhook_events', {
    id: ids.event,
    type: 'invoice.paid',
    stripe_created: new Date().toISOString(),
  });
});

afterAll(async () => {
  // The billing rows go with their parents, when the world is removed.
  await db.query('delete from public.stripe_webhook_events where id = $1', [ids.event]);
});

const DENIED = 'denied';
function outcome<T>(result: Result<T>): T | string {
  if (result.ok) return result.value;
  return result.error.code === '42501' ? DENIED : `error ${result.error.code}: ${result.error.message}`;
}

interface Table {
  table: string;
  key: string;
  ours: string;
  theirs: string;
  newRow: () => Record<string, unknown>;
}

const tables: Table[] = [
  {
    table: 'billing_customers',
    key: 'stripe_customer_id',
    ours: ids.ourCustomer,
    theirs: ids.theirCustomer,
    newRow: () => ({ parent_id: world.users.coach, stripe_customer_id: `cus_new${suffix}` }),
  },
  {
    table: 'subscriptions',
    key: 'id',
    ours: ids.ourSub,
    theirs: ids.theirSub,
    newRow: () => subscriptionRow({ id: `sub_new${suffix}`, parent_id: world.users.parent }),
  },
  {
    table: 'invoices',
    key: 'id',
    ours: ids.ourInvoice,
    theirs: ids.theirInvoice,
    newRow: () => invoiceRow({ id: `in_new${suffix}`, parent_id: world.users.parent }),
  },
];

describe('billing access matrix (role x action)', () => {
  for (const t of tables) {
    it(`${t.table} select: each parent their own family's row, admins both, everyone else none`, async () => {
      for (const actor of ACTORS) {
        const result = await as(actor, async (d) =>
          (
            await d.query<{ key: string }>(
              `select ${t.key} as key from public.${t.table} where ${t.key} = any($1) order by 1`,
              [[t.ours, t.theirs]],
            )
          ).rows.map((r) => (r.key === t.ours ? 'ours' : 'theirs')),
        );
        const expected =
          actor === 'anon'
            ? DENIED
            : actor === 'parent'
              ? ['ours']
              : actor === 'otherParent'
                ? ['theirs']
                : actor === 'admin'
                  ? ['ours', 'theirs']
                  : [];
        expect(outcome(result), `${actor} select ${t.table}`).toEqual(expected);
      }
    });

    it(`${t.table} insert, update, delete: refused to every API role, the parent and admins included`, async () => {
      for (const actor of ACTORS) {
        const insert = await as(actor, (d) => insertRow(d, t.table, t.newRow()));
        expect(outcome(insert), `${actor} insert ${t.table}`).toBe(DENIED);
        const update = await as(actor, (d) =>
          d.query(`update public.${t.table} set created_at = now() where ${t.key} = $1`, [t.ours]),
        );
        expect(outcome(update), `${actor} update ${t.table}`).toBe(DENIED);
        const remove = await as(actor, (d) =>
          d.query(`delete from public.${t.table} where ${t.key} = $1`, [t.ours]),
        );
        expect(outcome(remove), `${actor} delete ${t.table}`).toBe(DENIED);
      }
    });
  }

  it('stripe_webhook_events: no API role reads or writes it', async () => {
    for (const actor of ACTORS) {
      const read = await as(actor, (d) => d.query('select id from public.stripe_webhook_events'));
      expect(outcome(read), actor).toBe(DENIED);
      const write = await as(actor, (d) =>
        insertRow(d, 'stripe_webhook_events', {
          id: `evt_x${suffix}`,
          type: 'x',
          stripe_created: new Date(),
        }),
      );
      expect(outcome(write), actor).toBe(DENIED);
      const remove = await as(actor, (d) => d.query('delete from public.stripe_webhook_events'));
      expect(outcome(remove), actor).toBe(DENIED);
    }
  });

  it('deleted_billing_customers: no API role reads or writes it', async () => {
    for (const actor of ACTORS) {
      const read = await as(actor, (d) =>
        d.query('select stripe_customer_id from public.deleted_billing_customers'),
      );
      expect(outcome(read), actor).toBe(DENIED);
      const write = await as(actor, (d) =>
        insertRow(d, 'deleted_billing_customers', { stripe_customer_id: `cus_x${suffix}` }),
      );
      expect(outcome(write), actor).toBe(DENIED);
      const remove = await as(actor, (d) => d.query('delete from public.deleted_billing_customers'));
      expect(outcome(remove), actor).toBe(DENIED);
    }
  });

  it('the service role writes them all (the webhook)', async () => {
    await db.query('begin');
    try {
      await db.query('set local role service_role');
      await db.query(`update public.subscriptions set status = 'past_due' where id = $1`, [ids.ourSub]);
      await insertRow(db, 'stripe_webhook_events', {
        id: `evt_svc${suffix}`,
        type: 'customer.subscription.updated',
        stripe_created: new Date(),
      });
      const { rows } = await db.query('select status from public.subscriptions where id = $1', [ids.ourSub]);
      expect(rows).toEqual([{ status: 'past_due' }]);
    } finally {
      await db.query('rollback');
    }
  });
});

describe('the plan decides how many sessions a week a family may book', () => {
  // A Monday three weeks ahead, midnight in the family's zone (New York, the profiles' default).
  let monday: Date;
  beforeAll(async () => {
    const { rows } = await db.query<{ monday: Date }>(
      `select (date_trunc('week', (now() at time zone 'America/New_York') + interval '21 days'))
         at time zone 'America/New_York' as monday`,
    );
    monday = rows[0].monday;
  });
  const at = (days: number, hours = 16, minutes = 0) =>
    new Date(monday.getTime() + ((days * 24 + hours) * 60 + minutes) * 60_000);

  /** Changes our subscription; `failedDaysAgo` adds an open invoice whose charge failed then. */
  const setSubscription = (all: Record<string, unknown>) => async (d: pg.Client) => {
    const { failedDaysAgo, ...changes } = all;
    if (typeof failedDaysAgo === 'number') {
      await insertRow(
        d,
        'invoices',
        invoiceRow({
          id: `in_failed${suffix}`,
          parent_id: world.users.parent,
          subscription_id: ids.ourSub,
          status: 'open',
          amount_paid: 0,
          payment_failed_at: new Date(Date.now() - failedDaysAgo * 86_400_000).toISOString(),
        }),
      );
    }
    const columns = Object.keys(changes);
    await d.query(
      `update public.subscriptions set ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')} where id = $1`,
      [ids.ourSub, ...columns.map((c) => changes[c])],
    );
  };

  /** Books our child's sessions at these times as the admin, in order; the outcome of each. */
  const book = (times: Date[], arrange?: (d: pg.Client) => Promise<unknown>) =>
    as(
      'admin',
      async (d) => {
        const results: string[] = [];
        for (const time of times) {
          await d.query('savepoint booking');
          try {
            await d.query(
              `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at) values ($1, $2, $3, $4)`,
              [world.rows.children.ourChild, world.rows.coaches.activeCoach, world.users.parent, time],
            );
            results.push('booked');
          } catch (error) {
            const e = error as { code: string; message: string };
            results.push(`${e.code}: ${e.message}`);
            await d.query('rollback to savepoint booking');
          }
        }
        return results;
      },
      arrange,
    );

  it('Steady Growth: one session a week; the next week has room again', async () => {
    const result = await book([at(1), at(3), at(7 + 1)]);
    expect(result.ok && result.value[0]).toBe('booked');
    expect(result.ok && result.value[1]).toMatch(
      /^23514: This booking is over the family's weekly sessions: the family's plan includes 1 session a week/,
    );
    expect(result.ok && result.value[2]).toBe('booked');
  });

  it('Focused Progress: two a week; Intensive Momentum: three', async () => {
    const focused = await book([at(0), at(2), at(4)], setSubscription({ plan: 'focused-progress' }));
    expect(focused.ok && focused.value.map((r) => r.slice(0, 6))).toEqual(['booked', 'booked', '23514:']);
    const intensive = await book(
      [at(0), at(2), at(4), at(5)],
      setSubscription({ plan: 'intensive-momentum' }),
    );
    expect(intensive.ok && intensive.value.map((r) => r.slice(0, 6))).toEqual([
      'booked',
      'booked',
      'booked',
      '23514:',
    ]);
  });

  it('a cancelled session frees its place; moving a session within its week is not a new booking', async () => {
    const result = await as('admin', async (d) => {
      const insert = (time: Date) =>
        d.query<{ id: string }>(
          `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at) values ($1, $2, $3, $4) returning id`,
          [world.rows.children.ourChild, world.rows.coaches.activeCoach, world.users.parent, time],
        );
      const first = (await insert(at(1))).rows[0].id;
      await d.query('update public.coaching_sessions set starts_at = $2 where id = $1', [first, at(2)]);
      await d.query(`update public.coaching_sessions set status = 'cancelled' where id = $1`, [first]);
      await insert(at(4));
      // un-cancelling the first would make two that week
      await d.query(`update public.coaching_sessions set status = 'scheduled' where id = $1`, [first]);
    });
    expect(result).toMatchObject({ ok: false, error: { code: '23514' } });
  });

  it('paused, cancelled, or past due beyond the grace period: no new sessions', async () => {
    const cases: Record<string, unknown>[] = [
      { pause_behavior: 'void' },
      { status: 'canceled', ended_at: new Date().toISOString() },
      { status: 'past_due', failedDaysAgo: 8 },
      { cancel_at_period_end: true, current_period_end: at(0, 0).toISOString() },
    ];
    for (const changes of cases) {
      const result = await book([at(1)], setSubscription(changes));
      expect(result.ok && result.value[0], JSON.stringify(changes)).toMatch(/^23514: .*(paused|ended|grace)/);
    }
  });

  it('past due within the grace period, or paused until a date before the session: sessions go on', async () => {
    const grace = await book([at(1)], setSubscription({ status: 'past_due', failedDaysAgo: 2 }));
    expect(grace).toEqual({ ok: true, value: ['booked'] });
    const resumes = await book(
      [at(1)],
      setSubscription({ pause_behavior: 'void', pause_resumes_at: at(0, 0).toISOString() }),
    );
    expect(resumes).toEqual({ ok: true, value: ['booked'] });
  });

  it('a family that never subscribed is not limited (families coached before billing)', async () => {
    const result = await book([at(1), at(3)], (d) =>
      d.query('delete from public.subscriptions where id = $1', [ids.ourSub]),
    );
    expect(result).toEqual({ ok: true, value: ['booked', 'booked'] });
  });

  it('a weekly series over the plan is refused at creation; the hourly job skips the full week', async () => {
    const result = await as('admin', async (d) => {
      // a one-off session already fills the series' second week
      await d.query(
        `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at) values ($1, $2, $3, $4)`,
        [world.rows.children.ourChild, world.rows.coaches.activeCoach, world.users.parent, at(7 + 1)],
      );
      await d.query('savepoint series');
      const refused = await d
        .query(
          `insert into public.session_series (child_id, coach_id, local_time, starts_on, time_zone)
           values ($1, $2, '17:05', ($3::timestamptz at time zone 'America/New_York')::date, 'America/New_York')`,
          [world.rows.children.ourChild, world.rows.coaches.activeCoach, at(3)],
        )
        .then(
          () => 'created',
          (error: { code: string }) => error.code,
        );
      await d.query('rollback to savepoint series');
      return refused;
    });
    expect(result).toEqual({ ok: true, value: '23514' });

    const job = await as(
      'admin',
      async (d) => {
        await d.query('reset role');
        await d.query('select private.extend_session_series()');
        const { rows } = await d.query<{ starts_at: Date }>(
          `select starts_at from public.coaching_sessions where parent_id = $1 and starts_at >= $2 and starts_at < $3
             and status <> 'cancelled' order by starts_at`,
          [world.users.parent, at(0, 0), at(14, 0)],
        );
        return rows.map((r) => r.starts_at.toISOString());
      },
      async (d) => {
        // the series exists from before the one-off was booked; the job now extends it
        await d.query(
          `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at) values ($1, $2, $3, $4)`,
          [world.rows.children.ourChild, world.rows.coaches.activeCoach, world.users.parent, at(7 + 1)],
        );
        await d.query(
          `insert into public.session_series (child_id, coach_id, local_time, starts_on, time_zone, ends_on)
           values ($1, $2, '17:05', ($3::timestamptz at time zone 'America/New_York')::date, 'America/New_York',
                   ($3::timestamptz at time zone 'America/New_York')::date)`,
          [world.rows.children.ourChild, world.rows.coaches.activeCoach, at(3)],
        );
        await d.query(
          `update public.session_series set ends_on = null where child_id = $1 and local_time = '17:05'`,
          [world.rows.children.ourChild],
        );
      },
    );
    // week 1: the series' Thursday; week 2: the one-off only (the series' Thursday skipped)
    expect(job).toEqual({ ok: true, value: [at(3, 17, 5).toISOString(), at(7 + 1).toISOString()] });
  });
});

describe('my_recommended_plan()', () => {
  it("gives the plan of the parent's latest quiz result sent to their email; nothing for others", async () => {
    const arrange = async (d: pg.Client) => {
      const { rows } = await d.query<{ email: string }>('select email from auth.users where id = $1', [
        world.users.parent,
      ]);
      await d.query(
        `insert into public.quiz_assessments (answers, scores, recommended_plan, email, email_consent_at, created_at)
         values ('{}', '{}', 'steady-growth', $1, now(), now() - interval '1 day'),
                ('{}', '{}', 'focused-progress', upper($1), now(), now())`,
        [rows[0].email],
      );
    };
    const mine = await as(
      'parent',
      async (d) => (await d.query('select public.my_recommended_plan() as p')).rows[0].p,
      arrange,
    );
    expect(mine).toEqual({ ok: true, value: 'focused-progress' });
    const theirs = await as(
      'otherParent',
      async (d) => (await d.query('select public.my_recommended_plan() as p')).rows[0].p,
      arrange,
    );
    expect(theirs).toEqual({ ok: true, value: null });
    const anon = await as('anon', (d) => d.query('select public.my_recommended_plan()'));
    expect(outcome(anon)).toBe(DENIED);
  });
});
