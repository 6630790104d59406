import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pgErrorStatus } from '../../local-supabase/rest/errors.ts';
import { leadFactory } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * A caller's mistake is answered 4xx with its reason, never 500: the SQLSTATE each refusal raises,
 * and the HTTP status the API gives it (PostgREST's mapping, local-supabase/rest/errors.ts).
 */

const { world, runAs } = setUpWorld();

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
