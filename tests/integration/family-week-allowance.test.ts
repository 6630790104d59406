import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient, signedInClient } from '../support/stack.ts';

/**
 * get_family_week_allowance (docs/decisions/167): what the parent's booking screen shows of the
 * plan's weekly allowance, counted as the weekly-allowance trigger counts it.
 */

const DEMO_COACH = 'c0000000-0000-4000-8000-000000000001';

let db: pg.Client;
let family: { client: SupabaseClient; userId: string };
let child: string;

beforeAll(async () => {
  db = await adminDb();
  family = await signedInClient({ firstName: 'Week' });
  await db.query(`update public.profiles set time_zone = 'America/New_York' where id = $1`, [family.userId]);
  const { rows } = await db.query<{ id: string }>(
    `insert into public.children (parent_id, coach_id, first_name, age_band) values ($1, $2, 'Wren', '8') returning id`,
    [family.userId, DEMO_COACH],
  );
  child = rows[0]!.id;
});

afterAll(async () => {
  await db.query('delete from public.coaching_sessions where child_id = $1', [child]);
  await db.query('delete from public.subscriptions where parent_id = $1', [family.userId]);
  await db.end();
});

// Wednesday 2027-03-17, 16:00 New York; its week (in New York) begins Monday 2027-03-15.
const WEDNESDAY = '2027-03-17T20:00:00Z';

async function allowance(weekOf = WEDNESDAY) {
  const { data, error } = await family.client.rpc('get_family_week_allowance', { week_of: weekOf });
  expect(error).toBeNull();
  return data[0];
}

describe('get_family_week_allowance', () => {
  it('a family that never subscribed books nothing, and is told why; its sessions that week are counted', async () => {
    expect(await allowance()).toEqual({
      sessions_per_week: 0,
      reason: 'the family has no plan yet',
      week_start: '2027-03-15',
      booked: 0,
    });
    // Monday 00:30 in New York is in the week; Sunday 23:30 before it is not
    await db.query(
      `insert into public.coaching_sessions (child_id, coach_id, starts_at) values
         ($1, $2, '2027-03-15T04:30:00Z'), ($1, $2, '2027-03-15T03:30:00Z')`,
      [child, DEMO_COACH],
    );
    expect((await allowance()).booked).toBe(1);
  });

  it('an active plan gives its sessions a week; a paused one none, with the reason', async () => {
    await db.query(
      `insert into public.subscriptions (id, parent_id, stripe_customer_id, plan, stripe_price_id, status,
         stripe_created, last_event_at)
       values ('sub_week_allowance_' || substr(md5($1::text), 1, 8), $1::uuid, 'cus_x', 'focused-progress', 'price_x',
         'active', now(), now())`,
      [family.userId],
    );
    expect(await allowance()).toEqual({
      sessions_per_week: 2,
      reason: "the family's plan includes 2 sessions a week",
      week_start: '2027-03-15',
      booked: 1,
    });
    await db.query(`update public.subscriptions set status = 'paused' where parent_id = $1`, [family.userId]);
    expect(await allowance()).toMatchObject({
      sessions_per_week: 0,
      reason: "the family's subscription is paused",
    });
  });

  it('is for signed-in families only', async () => {
    const { error } = await anonClient().rpc('get_family_week_allowance', { week_of: WEDNESDAY });
    expect(error).not.toBeNull();
  });
});
