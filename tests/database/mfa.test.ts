import { describe, expect, it } from 'vitest';
import { asTwoFactorSession, inOneSnapshot, type TwoFactorSession } from '../support/two-factor.ts';
import { setUpWorld } from './world.ts';

/**
 * Staff two-factor sign-in in row level security: a staff member with a verified factor reads
 * families' data only from an aal2 session; without a factor they are unaffected while the setting
 * `require_staff_two_factor` is off, and read nothing while it is on. Families are never affected.
 */

const { db, world } = setUpWorld();

type Staff = 'admin' | 'coach' | 'parent';
const FAMILY_TABLES = ['children', 'coaching_sessions', 'parent_updates', 'profiles'] as const;

/** Counts what `actor` reads of each table in the given session (rolled back). */
async function reads(actor: Staff, session: TwoFactorSession): Promise<Record<string, number>> {
  return asTwoFactorSession(db, world.users[actor], session, async (d) => {
    const counts: Record<string, number> = {};
    for (const table of FAMILY_TABLES) {
      counts[table] = Number((await d.query(`select count(*) as n from public.${table}`)).rows[0].n);
    }
    const step = (await d.query<{ step: string }>('select public.staff_two_factor_step() as step')).rows[0]
      .step;
    return { ...counts, [`step:${step}`]: 1 };
  });
}

describe('staff two-factor sign-in in RLS', () => {
  it('the setting is on for a new project (the migration) and off in the seeded demo', async () => {
    const { rows } = await db.query(
      `select enabled from public.feature_flags where key = 'require_staff_two_factor'`,
    );
    // The test stack is seeded: the seed turns it off so demo staff sign in with a password alone.
    expect(rows).toEqual([{ enabled: false }]);
  });

  // Admins and coaches read every family's rows, which other test files add and remove meanwhile:
  // the readings a test compares come from one snapshot.
  for (const actor of ['admin', 'coach'] as const) {
    it(`${actor} with a verified factor reads nothing of families at aal1, and as before at aal2`, async () => {
      await inOneSnapshot(db, async () => {
        const before = await reads(actor, { aal: 'aal1' });
        for (const table of FAMILY_TABLES) expect(before[table], `${actor} ${table}`).toBeGreaterThan(0);
        expect(before['step:none']).toBe(1);

        const aal1 = await reads(actor, { aal: 'aal1', factor: true });
        for (const table of FAMILY_TABLES) expect(aal1[table], `${actor} ${table} at aal1`).toBe(0);
        expect(aal1['step:verify']).toBe(1);

        const aal2 = await reads(actor, { aal: 'aal2', factor: true });
        expect(aal2).toEqual({ ...before });
      });
    });

    it(`${actor} without a factor: unaffected while the setting is off, reads nothing while it is on`, async () => {
      const off = await reads(actor, { aal: 'aal1', required: false });
      for (const table of FAMILY_TABLES) expect(off[table]).toBeGreaterThan(0);
      const on = await reads(actor, { aal: 'aal1', required: true });
      for (const table of FAMILY_TABLES) expect(on[table], `${actor} ${table} while required`).toBe(0);
      expect(on['step:enrol']).toBe(1);
    });
  }

  it('a parent reads their family as before, whatever the setting or a factor', async () => {
    await inOneSnapshot(db, async () => {
      const plain = await reads('parent', { aal: 'aal1' });
      expect(plain.children).toBeGreaterThan(0);
      expect(await reads('parent', { aal: 'aal1', required: true })).toEqual(plain);
      expect(await reads('parent', { aal: 'aal1', factor: true, required: true })).toEqual(plain);
    });
  });

  it('writes are held to the same rule: a coach at aal1 with a factor changes no session', async () => {
    const sessionId = world.rows.coaching_sessions?.ourSession;
    expect(sessionId).toBeDefined();
    const update = (aal: 'aal1' | 'aal2') =>
      asTwoFactorSession(db, world.users.coach, { aal, factor: true }, async (d) => {
        const result = await d.query(
          `update public.coaching_sessions set duration_minutes = duration_minutes where id = $1`,
          [sessionId],
        );
        return result.rowCount;
      });
    expect(await update('aal1')).toBe(0);
    expect(await update('aal2')).toBe(1);
  });
});

/** Tables that hold no family's, lead's or visitor's data (settings, the coach directory, roles). */
const NOT_FAMILY_DATA = new Set([
  'app_settings',
  'coaches',
  'consent_notices',
  'feature_flags',
  'user_roles',
  'stripe_webhook_events',
  // the Stripe id of a customer deleted at Stripe with its family: it names no one
  'deleted_billing_customers',
  // staff's own hours and the meeting rules (writes need the second factor, as for the settings)
  'availability_schedules',
  'availability_hours',
  'availability_overrides',
  'meeting_rules',
]);

describe('staff two-factor sign-in covers every table', () => {
  it("every public table with families' data carries the two-factor policy (a new table must too)", async () => {
    const { rows } = await db.query<{ table: string; guarded: boolean }>(
      `select c.relname as table,
              exists (
                select 1 from pg_policies p
                where p.schemaname = 'public' and p.tablename = c.relname
                  and p.permissive = 'RESTRICTIVE'
                  and p.qual like '%meets_staff_two_factor%'
              ) as guarded
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
       order by 1`,
    );
    expect(rows.length).toBeGreaterThan(20);
    const unguarded = rows.filter((r) => !r.guarded && !NOT_FAMILY_DATA.has(r.table)).map((r) => r.table);
    expect(unguarded).toEqual([]);
  });
});
