import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { signedInClient, uniqueEmail } from '../support/stack.ts';

/** A person of a sessions test: a signed-in supabase-js client and their ids. */
export interface Person {
  client: SupabaseClient;
  userId: string;
  email: string;
}

/**
 * A fresh practice for one test file, made through the real sign-up: an admin, two coaches with
 * logins (Chicago and London), two families (New York and Los Angeles) with a child each.
 */
export async function createPractice(db: pg.Client) {
  const signUp = async (prefix: string, firstName: string) => {
    const { client, userId, email } = await signedInClient({ email: uniqueEmail(prefix), firstName });
    return { client, userId, email };
  };
  const [admin, coach, otherCoach, parent, otherParent] = await Promise.all([
    signUp('admin', 'Ada'),
    signUp('coach', 'Jordan'),
    signUp('coach2', 'Maya'),
    signUp('parent', 'Sam'),
    signUp('parent2', 'Priya'),
  ]);
  const setRole = (userId: string, role: string) =>
    db.query(`update public.user_roles set role = $2 where user_id = $1`, [userId, role]);
  await setRole(admin.userId, 'admin');
  await setRole(coach.userId, 'coach');
  await setRole(otherCoach.userId, 'coach');
  await db.query(`update public.profiles set time_zone = 'America/New_York' where id = $1`, [parent.userId]);
  await db.query(`update public.profiles set time_zone = 'America/Los_Angeles' where id = $1`, [
    otherParent.userId,
  ]);
  const coachRow = async (userId: string, name: string, zone: string) =>
    (
      await db.query<{ id: string }>(
        `insert into public.coaches (user_id, display_name, time_zone) values ($1, $2, $3)
       on conflict (user_id) do update set display_name = excluded.display_name, time_zone = excluded.time_zone, is_active = excluded.is_active, sort_order = excluded.sort_order returning id`,
        [userId, name, zone],
      )
    ).rows[0].id;
  const coachId = await coachRow(coach.userId, 'Jordan Tester', 'America/Chicago');
  const otherCoachId = await coachRow(otherCoach.userId, 'Maya Tester', 'Europe/London');
  const childRow = async (parentId: string, name: string, coach: string) =>
    (
      await db.query<{ id: string }>(
        `insert into public.children (parent_id, coach_id, first_name, age_band) values ($1, $2, $3, '9') returning id`,
        [parentId, coach, name],
      )
    ).rows[0].id;
  const childId = await childRow(parent.userId, 'Mia', coachId);
  const otherChildId = await childRow(otherParent.userId, 'Arjun', otherCoachId);
  return {
    admin,
    coach: { ...coach, coachId },
    otherCoach: { ...otherCoach, coachId: otherCoachId },
    parent: { ...parent, childId },
    otherParent: { ...otherParent, childId: otherChildId },
    async destroy() {
      await db.query('delete from public.coaches where id = any($1)', [[coachId, otherCoachId]]);
      await db.query('delete from auth.users where id = any($1)', [
        [admin, coach, otherCoach, parent, otherParent].map((p) => p.userId),
      ]);
    },
  };
}

export type Practice = Awaited<ReturnType<typeof createPractice>>;

/** A whole minute (plus `minutes`) from now, clear of other tests' sessions by `slot` hours. */
export function futureTime(hoursAhead: number, minutes = 0): string {
  const at = new Date(Date.now() + hoursAhead * 3600_000);
  at.setUTCSeconds(0, 0);
  at.setUTCMinutes(minutes);
  return at.toISOString();
}
