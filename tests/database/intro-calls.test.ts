import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, type Actor } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * The intro call booked on the spot (decision 170): the outbox of its emails, written only by the
 * database and read only by admins (the role matrix, caller x action), and the functions a visitor
 * calls with a link token, which no caller reaches without a valid token.
 */

const { db, world, runAs } = setUpWorld();
let lead: string;
let call: string;
let email: string;

type Outcome = string | number | string[];
const denied = (e: { code: string; message: string }) =>
  /^permission denied/.test(e.message)
    ? 'denied'
    : /row-level security/.test(e.message)
      ? 'refused'
      : `${e.code} ${e.message}`;
const each = <T extends Outcome>(value: T, except: Partial<Record<Actor, Outcome>> = {}) =>
  Object.fromEntries(ACTORS.map((a) => [a, a in except ? except[a] : value])) as Record<Actor, Outcome>;
async function outcome(actor: Actor, work: (c: pg.Client) => Promise<Outcome>): Promise<Outcome> {
  const result = await runAs(actor, work);
  return result.ok ? result.value : denied(result.error);
}

beforeAll(async () => {
  lead = (
    await db.query<{ id: string }>('select id from public.leads where waitlist_id = $1', [
      world.rows.waitlist.lead,
    ])
  ).rows[0].id;
  call = (
    await db.query<{ id: string }>(
      `insert into public.intro_calls (lead_id, host_id, starts_at) values ($1, $2, now() + interval '5 days') returning id`,
      [lead, world.users.coach],
    )
  ).rows[0].id;
  email = (
    await db.query<{ id: string }>(
      `select id::text from public.outbox where intro_call_id = $1 and recipient = 'host'`,
      [call],
    )
  ).rows[0].id;
});

describe('the role matrix (caller x action) of the outbox, on an intro-call email', () => {
  it('admins read the outbox; nobody writes it through the API', async () => {
    const matrix: Record<string, Record<string, Outcome>> = {};
    const run = async (name: string, work: (c: pg.Client) => Promise<Outcome>) => {
      matrix[name] = {};
      for (const actor of ACTORS) matrix[name][actor] = await outcome(actor, work);
    };
    await run('select', async (c) =>
      (await c.query<{ id: string }>('select id::text from public.outbox where id = $1', [email])).rows.map(
        () => 'email',
      ),
    );
    await run('insert', async (c) => {
      await c.query(
        `insert into public.outbox (kind, event, intro_call_id, recipient, starts_at)
         values ('intro_call_email', 'booked', $1, 'parent', now())`,
        [call],
      );
      return 'ok';
    });
    await run(
      'update',
      async (c) =>
        (await c.query(`update public.outbox set outcome = 'sent' where id = $1`, [email])).rowCount ?? 0,
    );
    await run(
      'delete',
      async (c) => (await c.query('delete from public.outbox where id = $1', [email])).rowCount ?? 0,
    );
    expect(matrix).toEqual({
      select: each([], { anon: 'denied', admin: ['email'] }),
      insert: each('denied'),
      update: each('denied'),
      delete: each('denied'),
    });
  });
});

describe('the link token functions', () => {
  it('answer no caller, of any role, without a valid token; only the service role issues one', async () => {
    for (const actor of ACTORS) {
      for (const sql of [
        `select * from public.get_intro_call_booking('${'0'.repeat(64)}')`,
        `select * from public.book_intro_call('${'0'.repeat(64)}', now() + interval '3 days', 'UTC')`,
        `select public.cancel_intro_call('${'0'.repeat(64)}')`,
      ]) {
        const result = await runAs(actor, (c) => c.query(sql));
        expect(result.ok ? 'ok' : result.error.message, `${actor}: ${sql}`).toBe(
          'This link is not valid or has expired',
        );
      }
      const issue = await runAs(actor, (c) =>
        c.query(`select public.issue_intro_call_token($1)`, [world.rows.waitlist.lead]),
      );
      expect(issue.ok ? 'issued' : denied(issue.error)).toBe('denied');
    }
  });

  it('a booking queues the emails for the parent and the host; a move and a cancellation tell both', async () => {
    const kinds = async () =>
      (
        await db.query<{ kind: string; recipient: string }>(
          `select event as kind, recipient from public.outbox where intro_call_id = $1 order by id`,
          [call],
        )
      ).rows.map((r) => `${r.kind}:${r.recipient}`);
    expect(await kinds()).toEqual(['booked:parent', 'booked:host']);
    await db.query(`update public.intro_calls set starts_at = starts_at + interval '1 day' where id = $1`, [
      call,
    ]);
    await db.query(`update public.intro_calls set status = 'cancelled' where id = $1`, [call]);
    expect(await kinds()).toEqual([
      'booked:parent',
      'booked:host',
      'moved:parent',
      'moved:host',
      'cancelled:parent',
      'cancelled:host',
    ]);
  });
});
