import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, anonClient } from '../support/stack.ts';
import { createPractice } from './sessions-support.ts';

/**
 * /admin/families through supabase-js, as the page queries it: a coach reads their own families,
 * an admin every family and filters by coach (`coach_ids` contains), everyone else reads nothing.
 */

let db: pg.Client;
let practice: Awaited<ReturnType<typeof createPractice>>;

beforeAll(async () => {
  db = await adminDb();
  practice = await createPractice(db);
});
afterAll(async () => {
  await db.end();
});

const ours = () => [practice.parent.userId, practice.otherParent.userId];

describe('family_list over REST', () => {
  it('a coach reads the family of the child assigned to them, with first names, age and focus areas', async () => {
    await db.query(`update public.children set focus_areas = array['emotions', 'focus'] where id = $1`, [
      practice.parent.childId,
    ]);
    const { data, error } = await practice.coach.client
      .from('family_list')
      .select('parent_first_name, children')
      .in('parent_id', ours());
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        parent_first_name: 'Sam',
        children: [
          {
            id: practice.parent.childId,
            first_name: 'Mia',
            birth_year: null,
            age_band: '9',
            focus_areas: ['emotions', 'focus'],
            coach_id: practice.coach.coachId,
            coach_name: 'Jordan Tester',
          },
        ],
      },
    ]);
  });

  it('an admin reads every family, filters by coach and pages with an exact count', async () => {
    const all = await practice.admin.client
      .from('family_list')
      .select('parent_first_name', { count: 'exact' })
      .in('parent_id', ours())
      .order('parent_first_name');
    expect(all.data).toEqual([{ parent_first_name: 'Priya' }, { parent_first_name: 'Sam' }]);
    expect(all.count).toBe(2);

    const byCoach = await practice.admin.client
      .from('family_list')
      .select('parent_first_name')
      .contains('coach_ids', [practice.otherCoach.coachId]);
    expect(byCoach.error).toBeNull();
    expect(byCoach.data).toEqual([{ parent_first_name: 'Priya' }]);
  });

  it('parents and visitors read no family; a visitor is refused', async () => {
    const parent = await practice.parent.client.from('family_list').select('parent_id');
    expect(parent).toMatchObject({ error: null, data: [] });
    const visitor = await anonClient().from('family_list').select('parent_id');
    expect(visitor.error?.code).toBe('42501');
  });
});
