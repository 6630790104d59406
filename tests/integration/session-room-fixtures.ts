import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { adminDb, anonClient, signedInClient } from '../support/stack.ts';

/**
 * Two families with a session each, for the session room's tests: ours (its coach, parent, child
 * login) and another (its own coach, parent, child login), plus an admin. Every account signs up
 * through the auth API and holds a real session, as a browser would.
 */

export interface Person {
  client: SupabaseClient;
  userId: string;
  firstName: string;
}

export interface Family {
  coach: Person;
  parent: Person;
  child: Person;
  coachId: string;
  childId: string;
}

export interface RoomWorld {
  db: pg.Client;
  ours: Family;
  theirs: Family;
  admin: Person;
  anon: SupabaseClient;
  /** creates a session of `family` (starting `startsInMinutes` from now) and returns it */
  createSession(
    family: Family,
    options?: { startsInMinutes?: number; status?: string },
  ): Promise<{ id: string; roomId: string; topic: string }>;
  destroy(): Promise<void>;
}

async function person(firstName: string): Promise<Person> {
  const { client, userId } = await signedInClient({ firstName, lastName: 'Roomtest' });
  return { client, userId, firstName };
}

async function family(db: pg.Client, label: string): Promise<Family> {
  const [coach, parent, child] = await Promise.all([
    person(`${label}Coach`),
    person(`${label}Parent`),
    person(`${label}Child`),
  ]);
  await db.query(`delete from public.user_roles where user_id = any($1)`, [[coach.userId, child.userId]]);
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'coach'), ($2, 'child')`, [
    coach.userId,
    child.userId,
  ]);
  const coachId = String(
    (
      await db.query<{ id: string }>(
        `insert into public.coaches (user_id, display_name, is_active, sort_order)
         values ($1, $2, false, 99)
       on conflict (user_id) do update set display_name = excluded.display_name, is_active = excluded.is_active, sort_order = excluded.sort_order returning id`,
        [coach.userId, `${label} Coach`],
      )
    ).rows[0]!.id,
  );
  const childId = String(
    (
      await db.query<{ id: string }>(
        `insert into public.children (parent_id, user_id, coach_id, first_name, age_band)
         values ($1, $2, $3, $4, '9') returning id`,
        [parent.userId, child.userId, coachId, child.firstName],
      )
    ).rows[0]!.id,
  );
  return { coach, parent, child, coachId, childId };
}

export async function createRoomWorld(): Promise<RoomWorld> {
  const db = await adminDb();
  const [ours, theirs, admin] = await Promise.all([family(db, 'Our'), family(db, 'Their'), person('Admin')]);
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [admin.userId]);
  const people = [ours, theirs].flatMap((f) => [f.coach, f.parent, f.child]).concat(admin);
  const anon = anonClient();

  return {
    db,
    ours,
    theirs,
    admin,
    anon,
    async createSession(f, { startsInMinutes = -1, status = 'scheduled' } = {}) {
      const { rows } = await db.query<{ id: string; room_id: string }>(
        `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at, status)
         values ($1, $2, $3, now() + make_interval(mins => $4), $5) returning id, room_id`,
        [f.childId, f.coachId, f.parent.userId, startsInMinutes, status],
      );
      const row = rows[0]!;
      return { id: row.id, roomId: row.room_id, topic: `session-room:${row.room_id}` };
    },
    async destroy() {
      await Promise.all(
        [...people.map((p) => p.client), anon].map((c) => c.removeAllChannels().catch(() => {})),
      );
      await db.query('delete from public.coaches where id = any($1)', [[ours.coachId, theirs.coachId]]);
      await db.query('delete from auth.users where id = any($1)', [people.map((p) => p.userId)]);
      await db.end();
    },
  };
}
