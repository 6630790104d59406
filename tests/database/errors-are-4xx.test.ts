import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pgErrorStatus } from '../../local-supabase/rest/errors.ts';
import { createUser, insertRow, leadFactory } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * A caller's mistake is answered 4xx with its reason, never 500: the SQLSTATE each refusal raises,
 * and the HTTP status the API gives it (PostgREST's mapping, local-supabase/rest/errors.ts).
 */

const { db, world, runAs } = setUpWorld();

/** The refusal `work` met as `actor`: its SQLSTATE, message and the API's status for it. */
async function refusal(
  actor: Parameters<typeof runAs>[0],
  work: (db: pg.Client) => Promise<unknown>,
  arrange?: (db: pg.Client) => Promise<unknown>,
) {
  const result = await runAs(actor, work, arrange);
  if (result.ok) return 'served';
  const { code, message } = result.error;
  return { code, message, status: pgErrorStatus(code, message, actor !== 'anon') };
}

describe('nothing to act on is a 404', () => {
  it('cancelling an intro call with a valid link when the lead has none', async () => {
    let token = '';
    const arrange = async (db: pg.Client) => {
      const lead = leadFactory();
      const { rows } = await db.query<{ id: string }>(
        `insert into public.waitlist (name, email, phone, consent, source)
         values ($1, $2, $3, true, 'fit-call') returning id`,
        [lead.name, lead.email, lead.phone],
      );
      token = (
        await db.query<{ token: string }>(
          `select private.issue_intro_call_token(l.id, interval '1 day') as token
             from public.leads l where l.waitlist_id = $1`,
          [rows[0].id],
        )
      ).rows[0].token;
    };
    expect(
      await refusal('anon', (db) => db.query('select public.cancel_intro_call($1)', [token]), arrange),
    ).toEqual({ code: 'PT404', message: 'There is no intro call to cancel', status: 404 });
  });

  it("unlocking a child login that is not the caller's, or no child at all", async () => {
    // Our child has a login (in each case's transaction, rolled back with it).
    const withLogin = (db: pg.Client) =>
      db.query(
        `insert into public.child_logins (child_id, user_id, username, secret_kind) values ($1, $2, $3, 'pin')`,
        [world.rows.children.ourChild, world.users.child, `kit.${Date.now().toString(36)}`],
      );
    const unlock = (child: string) => (db: pg.Client) =>
      db.query('select public.unlock_child_login($1)', [child]);
    const notFound = { code: 'PT404', message: 'No such child login', status: 404 };
    for (const actor of ['otherParent', 'coach', 'child'] as const) {
      expect(await refusal(actor, unlock(world.rows.children.ourChild), withLogin), actor).toEqual(notFound);
    }
    expect(await refusal('parent', unlock(crypto.randomUUID()), withLogin)).toEqual(notFound);
    expect(await refusal('admin', unlock(crypto.randomUUID()), withLogin)).toEqual(notFound);
    // The child's own parent is served, as before.
    expect(await refusal('parent', unlock(world.rows.children.ourChild), withLogin)).toBe('served');
  });
});

describe("people's names are one line: a name with line breaks or other control characters is a 400", () => {
  // As a lead once tried: lines of its own in the plain text of the team's emails.
  const INJECTED = 'Eve\r\nATTENDEE:mailto:m@evil.test\r\nX';
  const OTHER_CONTROLS = ['Eve\tAdams', 'Eve\u0001', 'Eve\u007f', 'Eve\u0085Adams', 'Eve\u2028Adams'];
  const refused = (constraint: string) => ({
    code: '23514',
    message: expect.stringContaining(`"${constraint}"`) as unknown as string,
    status: 400,
  });

  /** Runs `work` as the database owner in a transaction that is rolled back: 'ok' or the refusal. */
  async function asOwner(work: (db: pg.Client) => Promise<unknown>) {
    await db.query('begin');
    try {
      await work(db);
      return 'ok';
    } catch (error) {
      const { code, message } = error as { code: string; message: string };
      return { code, message, status: pgErrorStatus(code, message, true) };
    } finally {
      await db.query('rollback');
    }
  }

  it('the public forms: waitlist, contact messages, newsletter, quiz', async () => {
    const insert = (table: string, row: Record<string, unknown>) => (d: pg.Client) =>
      insertRow(d, table, row);
    const contact = { email: 'eve@example.com', topic: 'general', message: 'A question about coaching.' };
    const quiz = { answers: {}, scores: {}, recommended_plan: 'steady-growth' };
    for (const name of [INJECTED, ...OTHER_CONTROLS]) {
      const cases: [string, Record<string, unknown>, string][] = [
        ['waitlist', leadFactory({ name }), 'waitlist_name_one_line'],
        ['waitlist', leadFactory({ child_name: name }), 'waitlist_child_name_one_line'],
        ['contact_messages', { ...contact, name }, 'contact_messages_name_one_line'],
        [
          'newsletter_subscribers',
          { email: `n.${Date.now()}@example.com`, first_name: name },
          'newsletter_subscribers_first_name_one_line',
        ],
        [
          'quiz_assessments',
          { ...quiz, child_first_name: name },
          'quiz_assessments_child_first_name_one_line',
        ],
      ];
      for (const [table, row, constraint] of cases) {
        expect(await refusal('anon', insert(table, row)), `${table}: ${JSON.stringify(name)}`).toEqual(
          refused(constraint),
        );
      }
    }
    // Names as people write them still go in, accents, apostrophes, emoji and all.
    const name = 'Zoë-Anne O’Brien 🌱';
    expect(await refusal('anon', insert('waitlist', leadFactory({ name, child_name: 'Mia Lee' })))).toBe(
      'served',
    );
    expect(await refusal('anon', insert('contact_messages', { ...contact, name }))).toBe('served');
  });

  it("an account's own names, and the names the team keeps", async () => {
    const rename = (column: string, value: string) => (d: pg.Client) =>
      d.query(`update public.profiles set ${column} = $1 where id = $2`, [value, world.users.parent]);
    expect(await refusal('parent', rename('first_name', INJECTED))).toEqual(
      refused('profiles_first_name_one_line'),
    );
    expect(await refusal('parent', rename('last_name', 'Adams\tX'))).toEqual(
      refused('profiles_last_name_one_line'),
    );
    expect(await refusal('parent', rename('first_name', 'Zoë'))).toBe('served');

    expect(
      await asOwner((d) =>
        d.query(`insert into public.leads (source, name, email) values ('contact', $1, 'eve@example.com')`, [
          INJECTED,
        ]),
      ),
    ).toEqual(refused('leads_name_one_line'));
    expect(
      await asOwner((d) =>
        d.query(`update public.children set first_name = $1 where id = $2`, [
          'Mia\nLee',
          world.rows.children.ourChild,
        ]),
      ),
    ).toEqual(refused('children_first_name_one_line'));
    expect(
      await asOwner((d) => d.query(`update public.coaches set display_name = $1`, ['Jordan\r\nEllis'])),
    ).toEqual(refused('coaches_display_name_one_line'));
  });

  it('a sign-up with such a name still makes the account, its names on one line', async () => {
    let profile: unknown;
    expect(
      await asOwner(async (d) => {
        const { id } = await createUser(d, { firstName: INJECTED, lastName: ' Adams\t\u0085Jr ' });
        profile = (await d.query('select first_name, last_name from public.profiles where id = $1', [id]))
          .rows[0];
      }),
    ).toBe('ok');
    expect(profile).toEqual({ first_name: 'Eve ATTENDEE:mailto:m@evil.test X', last_name: 'Adams Jr' });
  });
});
