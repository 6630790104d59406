import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb } from '../support/stack.ts';
import { createPractice, type Person, type Practice } from './sessions-support.ts';

/**
 * A coach's access to a family follows the match (docs/decisions/132): the child's current coach
 * reads and writes; a coach with a session of their own that was not cancelled reads, and writes
 * nothing; a coach whose only session with the child was cancelled has nothing at all.
 */

let db: pg.Client;
let practice: Practice;
let standIn: Person & { coachId: string };

beforeAll(async () => {
  db = await adminDb();
  practice = await createPractice(db);
  // Maya coaches another family; with Mia she only ever had a session that was cancelled.
  standIn = practice.otherCoach;
  const { childId } = practice.parent;
  await db.query(
    `update public.children set hopes = 'Name big feelings', birth_year = 2017, notes = 'Loves drawing'
      where id = $1`,
    [childId],
  );
  await db.query(
    `insert into public.coaching_sessions (child_id, coach_id, starts_at, status)
     values ($1, $2, date_trunc('minute', now()) - interval '20 days 3 hours', 'cancelled')`,
    [childId, standIn.coachId],
  );
  await db.query(
    `insert into public.ploom_points (child_id, points, reason, awarded_by) values ($1, 10, 'Came', $2)`,
    [childId, practice.coach.userId],
  );
  await db.query(
    `insert into public.preferred_session_times (child_id, weekday, day_part) values ($1, 2, 'afternoon')`,
    [childId],
  );
  await db.query(
    `insert into public.family_rewards (child_id, title, points_cost) values ($1, 'Park trip', 30)`,
    [childId],
  );
  await db.query(
    `insert into public.at_home_tools (child_id, coach_id, title, instructions) values ($1, $2, 'Calm breath', 'Four in, four out')`,
    [childId, practice.coach.coachId],
  );
});

afterAll(async () => {
  await db?.query('delete from public.children where id = $1', [practice?.parent.childId]);
  await practice?.destroy();
  await db?.end();
});

/** What `coach` reads of Mia's family, table by table. */
async function whatCoachReads(coach: Person) {
  const { childId } = practice.parent;
  const read = async (table: string, column: string, value: string) => {
    const { data, error } = await coach.client.from(table).select('*').eq(column, value);
    if (error) throw error;
    return data.length;
  };
  return {
    children: await read('children', 'id', childId),
    parentProfile: await read('profiles', 'id', practice.parent.userId),
    ploom_points: await read('ploom_points', 'child_id', childId),
    preferred_session_times: await read('preferred_session_times', 'child_id', childId),
    family_rewards: await read('family_rewards', 'child_id', childId),
    at_home_tools: await read('at_home_tools', 'child_id', childId),
  };
}

/** Awards points as the session follow-up screen does (sessions/api/save-follow-up.ts). */
async function award(coach: Person) {
  return coach.client.from('ploom_points').insert({
    child_id: practice.parent.childId,
    points: 20,
    reason: 'Great session',
    awarded_by: coach.userId,
  });
}

const NOTHING = {
  children: 0,
  parentProfile: 0,
  ploom_points: 0,
  preferred_session_times: 0,
  family_rewards: 0,
  at_home_tools: 0,
};
const EVERYTHING = {
  children: 1,
  parentProfile: 1,
  ploom_points: 1,
  preferred_session_times: 1,
  family_rewards: 1,
  at_home_tools: 1,
};

describe('a coach’s access to a family', () => {
  it('the current coach reads the family and awards points', async () => {
    expect(await whatCoachReads(practice.coach)).toEqual(EVERYTHING);
    expect((await award(practice.coach)).error).toBeNull();
    await db.query(`delete from public.ploom_points where child_id = $1 and points = 20`, [
      practice.parent.childId,
    ]);
  });

  it('a coach whose only session with the child was cancelled reads nothing of the child or the family', async () => {
    expect(await whatCoachReads(standIn)).toEqual(NOTHING);
  });

  it('and cannot award the child points, nor set an at-home tool or write a parent update', async () => {
    const points = await award(standIn);
    expect(points.error?.code).toBe('42501');
    const tool = await standIn.client.from('at_home_tools').insert({
      child_id: practice.parent.childId,
      coach_id: standIn.coachId,
      title: 'Mine',
      instructions: '',
    });
    expect(tool.error?.code).toBe('42501');
    const update = await standIn.client
      .from('parent_updates')
      .insert({ child_id: practice.parent.childId, coach_id: standIn.coachId, body: 'Hello' });
    expect(update.error?.code).toBe('42501');
    const { rows } = await db.query(
      'select count(*)::int as n from public.ploom_points where child_id = $1',
      [practice.parent.childId],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a stand-in coach who delivered a session reads the family, read-only: no points, no tools', async () => {
    await db.query(
      `insert into public.coaching_sessions (child_id, coach_id, starts_at, status)
       values ($1, $2, date_trunc('minute', now()) - interval '6 days 2 hours', 'completed')`,
      [practice.parent.childId, standIn.coachId],
    );
    expect(await whatCoachReads(standIn)).toEqual(EVERYTHING);
    expect((await award(standIn)).error?.code).toBe('42501');
    const tool = await standIn.client.from('at_home_tools').insert({
      child_id: practice.parent.childId,
      coach_id: standIn.coachId,
      title: 'Mine',
      instructions: '',
    });
    expect(tool.error?.code).toBe('42501');
  });

  it('once the family is matched with another coach, the former coach keeps only what their own sessions give', async () => {
    // Jordan had no session with Mia: matched away, he reads nothing and writes nothing.
    await db.query('update public.children set coach_id = $2 where id = $1', [
      practice.parent.childId,
      standIn.coachId,
    ]);
    try {
      expect(await whatCoachReads(practice.coach)).toEqual(NOTHING);
      expect((await award(practice.coach)).error?.code).toBe('42501');
      expect((await award(standIn)).error).toBeNull();
    } finally {
      await db.query('update public.children set coach_id = $2 where id = $1', [
        practice.parent.childId,
        practice.coach.coachId,
      ]);
    }
  });
});
