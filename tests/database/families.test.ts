import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { familyChildFrom } from '../../src/features/families/api/get-families.ts';
import { ACTORS, asActor, type Actor } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * /admin/families reads `family_list`: a coach sees the families with a child assigned to them (and
 * only those children), an admin every family, nobody else any. Access matrix (role x action) below,
 * with "another coach" besides the world's roles.
 */

const { db, world } = setUpWorld();
let otherCoach: { userId: string; coachId: string };

beforeAll(async () => {
  otherCoach = await world.addCoach({ firstName: 'Noor', lastName: 'Othercoach' });
});

interface FamilyRow {
  parent_id: string;
  parent_first_name: string;
  children: {
    first_name: string;
    birth_year: number | null;
    age_band: string | null;
    focus_areas: string[];
    coach_name: string | null;
  }[];
}

/** Our family gets a second child coached by the other coach; theirs (Otto) is coached by them too. */
async function arrange(d: pg.Client) {
  await d.query(
    `insert into public.children (parent_id, coach_id, first_name, birth_year, focus_areas)
     values ($1, $2, 'Ada', extract(year from current_date)::int - 8, array['confidence', 'focus'])`,
    [world.users.parent, otherCoach.coachId],
  );
  await d.query(`update public.children set focus_areas = array['emotions'] where id = $1`, [
    world.rows.children.ourChild,
  ]);
  await d.query(`update public.children set coach_id = $1, focus_areas = array['emotions'] where id = $2`, [
    otherCoach.coachId,
    world.rows.children.theirChild,
  ]);
}

type Reader = Actor | 'otherCoach';
const read = (actor: Reader) =>
  asActor(
    db,
    actor === 'otherCoach' ? 'coach' : actor,
    actor === 'otherCoach' ? otherCoach.userId : actor === 'anon' ? undefined : world.users[actor],
    async (d) => {
      const { rows } = await d.query<FamilyRow>(
        `select parent_id, parent_first_name, children from public.family_list
          where parent_id = any($1) order by parent_first_name`,
        [[world.users.parent, world.users.otherParent]],
      );
      return rows.map((r) => ({
        parent: r.parent_first_name,
        children: r.children.map(
          (c) =>
            `${c.first_name} ${familyChildFrom({ ...c, id: '', coach_id: null }).age} ${c.focus_areas.join('+')} ${c.coach_name}`,
        ),
      }));
    },
    arrange,
  );

describe('family_list access (role x action)', () => {
  it('select: a coach reads their assigned children and their parents, an admin all, others nothing', async () => {
    expect(await read('anon')).toMatchObject({ ok: false, error: { code: '42501' } });
    for (const actor of ['parent', 'otherParent', 'child'] as const) {
      expect(await read(actor), actor).toEqual({ ok: true, value: [] });
    }
    expect(await read('coach')).toEqual({
      ok: true,
      value: [{ parent: 'Pat', children: ['Kit 9 emotions Casey Coach'] }],
    });
    expect(await read('otherCoach')).toEqual({
      ok: true,
      value: [
        { parent: 'Olive', children: ['Otto 11 emotions Noor Othercoach'] },
        { parent: 'Pat', children: ['Ada 8 confidence+focus Noor Othercoach'] },
      ],
    });
    expect(await read('admin')).toEqual({
      ok: true,
      value: [
        { parent: 'Olive', children: ['Otto 11 emotions Noor Othercoach'] },
        {
          parent: 'Pat',
          children: ['Ada 8 confidence+focus Noor Othercoach', 'Kit 9 emotions Casey Coach'],
        },
      ],
    });
  });

  it('shows first names only: no surname, email or notes column', async () => {
    const { rows } = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'family_list' order by column_name`,
    );
    expect(rows.map((r) => r.column_name)).toEqual([
      'children',
      'coach_ids',
      'parent_first_name',
      'parent_id',
      'since',
    ]);
  });

  it('an admin filters by coach with coach_ids', async () => {
    const result = await asActor(
      db,
      'admin',
      world.users.admin,
      async (d) =>
        (
          await d.query<{ parent_first_name: string }>(
            `select parent_first_name from public.family_list where coach_ids @> array[$1]::uuid[]
              and parent_id = any($2) order by 1`,
            [otherCoach.coachId, [world.users.parent, world.users.otherParent]],
          )
        ).rows.map((r) => r.parent_first_name),
      arrange,
    );
    expect(result).toEqual({ ok: true, value: ['Olive', 'Pat'] });
  });

  it('follows every change to a family: children added, moved, removed, coaches and parents renamed', async () => {
    const result = await asActor(
      db,
      'admin',
      world.users.admin,
      async (d) =>
        (
          await d.query<FamilyRow>(
            `select parent_id, parent_first_name, children from public.family_list
              where parent_id = any($1) order by parent_first_name`,
            [[world.users.parent, world.users.otherParent]],
          )
        ).rows.map((r) => ({
          parent: r.parent_first_name,
          children: r.children.map((c) => `${c.first_name} ${c.coach_name}`),
        })),
      async (d) => {
        await arrange(d);
        // Otto moves to our family, Kit leaves it, the other coach and our parent are renamed.
        await d.query(`update public.children set parent_id = $1 where id = $2`, [
          world.users.parent,
          world.rows.children.theirChild,
        ]);
        await d.query(`delete from public.children where id = $1`, [world.rows.children.ourChild]);
        await d.query(`update public.coaches set display_name = 'Noor R' where id = $1`, [
          otherCoach.coachId,
        ]);
        await d.query(`update public.profiles set first_name = 'Patricia' where id = $1`, [
          world.users.parent,
        ]);
      },
    );
    // Olive has no child left: her family is no longer listed.
    expect(result).toEqual({
      ok: true,
      value: [{ parent: 'Patricia', children: ['Ada Noor R', 'Otto Noor R'] }],
    });
  });

  it('family_summaries (role x action): read as the list reads it, written by nobody but its triggers', async () => {
    const ours = [world.users.parent, world.users.otherParent];
    const names = (actor: Actor) =>
      asActor(
        db,
        actor,
        actor === 'anon' ? undefined : world.users[actor],
        async (d) =>
          (
            await d.query<{ parent_first_name: string }>(
              `select parent_first_name from public.family_summaries where parent_id = any($1) order by 1`,
              [ours],
            )
          ).rows.map((r) => r.parent_first_name),
        arrange,
      );
    expect(await names('anon')).toMatchObject({ ok: false, error: { code: '42501' } });
    for (const actor of ['parent', 'otherParent', 'child'] as const) {
      expect(await names(actor), actor).toEqual({ ok: true, value: [] });
    }
    expect(await names('coach')).toEqual({ ok: true, value: ['Pat'] });
    expect(await names('admin')).toEqual({ ok: true, value: ['Olive', 'Pat'] });
    for (const actor of ACTORS) {
      const userId = actor === 'anon' ? undefined : world.users[actor];
      for (const sql of [
        `update public.family_summaries set parent_first_name = 'X'`,
        `delete from public.family_summaries`,
        `insert into public.family_summaries (parent_id, since) values ('${world.users.parent}', now())`,
      ]) {
        const result = await asActor(db, actor, userId, (d) => d.query(sql));
        expect(result.ok, `${actor}: ${sql}`).toBe(false);
      }
    }
  });

  it('insert, update, delete: nobody writes through the list', async () => {
    for (const actor of ACTORS) {
      const userId = actor === 'anon' ? undefined : world.users[actor];
      for (const sql of [
        `update public.family_list set parent_first_name = 'X'`,
        `delete from public.family_list`,
        `insert into public.family_list (parent_id) values (gen_random_uuid())`,
      ]) {
        const result = await asActor(db, actor, userId, (d) => d.query(sql));
        expect(result.ok, `${actor}: ${sql}`).toBe(false);
      }
    }
  });
});
