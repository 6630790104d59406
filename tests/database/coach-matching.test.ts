import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../support/stack.ts';

/**
 * A family is matched with a coach when its child's first session is booked: the child takes the
 * session's coach if it has none, and keeps its own coach otherwise.
 */

let db: pg.Client;
const DEMO_PARENT = 'a0000000-0000-4000-8000-000000000003';
const DEMO_COACH = 'c0000000-0000-4000-8000-000000000001';
const OTHER_COACH = 'c0000000-0000-4000-8000-000000000002';

beforeAll(async () => {
  db = await adminDb();
});
afterAll(async () => {
  await db?.end();
});

/** Inside a rolled-back transaction: a child (with `coach` or none) gets a session with `sessionCoach`. */
async function coachAfterBooking(coach: string | null, sessionCoach: string): Promise<string | null> {
  await db.query('begin');
  try {
    const child = await db.query<{ id: string }>(
      `insert into public.children (parent_id, first_name, age, coach_id) values ($1, 'Robin', 8, $2) returning id`,
      [DEMO_PARENT, coach],
    );
    const childId = child.rows[0].id;
    await db.query(
      `insert into public.coaching_sessions (child_id, coach_id, starts_at)
       values ($1, $2, date_trunc('hour', now()) + interval '97 days 3 hours 7 minutes')`,
      [childId, sessionCoach],
    );
    const after = await db.query<{ coach_id: string | null }>(
      'select coach_id from public.children where id = $1',
      [childId],
    );
    return after.rows[0].coach_id;
  } finally {
    await db.query('rollback');
  }
}

describe('matching a family with a coach', () => {
  it('a child without a coach takes the coach of the first session booked for them', async () => {
    expect(await coachAfterBooking(null, DEMO_COACH)).toBe(DEMO_COACH);
  });

  it('a child with a coach keeps them when a stand-in coach takes one session', async () => {
    expect(await coachAfterBooking(DEMO_COACH, OTHER_COACH)).toBe(DEMO_COACH);
  });
});
