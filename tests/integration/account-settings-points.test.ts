import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { adminDb, signedInClient, uniqueEmail } from '../support/stack.ts';

/**
 * The account page's and the points pages' queries and mutations, through supabase-js as the
 * parent: profile phone, notification preferences (and the reminder job honouring them), points a
 * parent awards within the daily cap, rewards, the leaderboard opt-in and who sees the leaderboard.
 */

type Person = Awaited<ReturnType<typeof signedInClient>>;

let db: pg.Client;
let parent: Person;
let unenrolledParent: Person;
let coach: Person;
let coachId: string;
let childId: string;
let otherChildId: string;

beforeAll(async () => {
  db = await adminDb();
  [parent, unenrolledParent, coach] = await Promise.all([
    signedInClient({ email: uniqueEmail('points-parent'), firstName: 'Sam' }),
    signedInClient({ email: uniqueEmail('points-waiting'), firstName: 'Wren' }),
    signedInClient({ email: uniqueEmail('points-coach'), firstName: 'Jordan' }),
  ]);
  await db.query(`update public.user_roles set role = 'coach' where user_id = $1`, [coach.userId]);
  coachId = (
    await db.query<{ id: string }>(
      `insert into public.coaches (user_id, display_name) values ($1, 'Jordan Points')
       on conflict (user_id) do update set display_name = excluded.display_name, is_active = excluded.is_active, sort_order = excluded.sort_order returning id`,
      [coach.userId],
    )
  ).rows[0].id;
  childId = (
    await db.query<{ id: string }>(
      `insert into public.children (parent_id, coach_id, first_name, age_band) values ($1, $2, 'Zuzu', '8') returning id`,
      [parent.userId, coachId],
    )
  ).rows[0].id;
  otherChildId = (
    await db.query<{ id: string }>(
      `insert into public.children (parent_id, first_name, age_band, leaderboard_opt_in) values ($1, 'Quill', '10', true) returning id`,
      [unenrolledParent.userId],
    )
  ).rows[0].id;
  await db.query(
    `insert into public.ploom_points (child_id, points, reason, awarded_by) values ($1, 3, 'Tried', $2)`,
    [otherChildId, unenrolledParent.userId],
  );
});

afterAll(async () => {
  await db.query('delete from public.coaches where id = $1', [coachId]);
  await db.query('delete from auth.users where id = any($1)', [
    [parent, unenrolledParent, coach].filter(Boolean).map((p) => p.userId),
  ]);
  await db.end();
});

describe('the account page', () => {
  it('saves a contact phone and refuses one that is not a phone number', async () => {
    const ok = await parent.client
      .from('profiles')
      .update({ phone: '(555) 010-2030' })
      .eq('id', parent.userId);
    expect(ok.error).toBeNull();
    const { data } = await parent.client.from('profiles').select('phone').eq('id', parent.userId).single();
    expect(data).toEqual({ phone: '(555) 010-2030' });
    const bad = await parent.client.from('profiles').update({ phone: 'not a phone' }).eq('id', parent.userId);
    expect(bad.error?.code).toBe('23514');
  });

  it('keeps notification preferences per account; the reminder job skips an account that said no', async () => {
    const none = await parent.client
      .from('notification_preferences')
      .select('*')
      .eq('user_id', parent.userId);
    expect(none.data).toEqual([]);
    const saved = await parent.client
      .from('notification_preferences')
      .upsert(
        { user_id: parent.userId, session_reminders: false, parent_updates: true, marketing: true },
        {
          onConflict: 'user_id',
        },
      )
      .select('session_reminders, marketing')
      .single();
    expect(saved.error).toBeNull();
    expect(saved.data).toEqual({ session_reminders: false, marketing: true });

    // A session in 40 minutes whose booking emails are long gone: the 1-hour reminder is due.
    const sessionId = (
      await db.query<{ id: string }>(
        `insert into public.coaching_sessions (child_id, coach_id, starts_at, duration_minutes)
         values ($1, $2, date_trunc('minute', now()) + interval '40 minutes' + interval '17 seconds', 45) returning id`,
        [childId, coachId],
      )
    ).rows[0].id;
    await db.query('delete from public.outbox where session_id = $1', [sessionId]);
    await db.query('select private.send_due_reminders()');
    const queued = await db.query<{ recipient: string; kind: string }>(
      `select recipient, event as kind from public.outbox where session_id = $1 order by recipient`,
      [sessionId],
    );
    expect(queued.rows).toEqual([{ recipient: 'coach', kind: 'reminder_1h' }]);
    await db.query('delete from public.coaching_sessions where id = $1', [sessionId]);
  });
});

describe('Ploom Points and rewards', () => {
  it('lets the parent award 1 to 5 points, up to 15 a day, with the database’s reasons', async () => {
    const award = (points: number) =>
      parent.client.from('ploom_points').insert({
        child_id: childId,
        points,
        reason: 'Practised an at-home tool',
        awarded_by: parent.userId,
      });
    expect((await award(5)).error).toBeNull();
    expect((await award(5)).error).toBeNull();
    expect((await award(6)).error).toMatchObject({
      code: '23514',
      message: 'A parent awards 1 to 5 points at a time.',
    });
    expect((await award(4)).error).toBeNull();
    const over = await award(2);
    expect(over.error).toMatchObject({
      code: '23514',
      message: 'A parent awards at most 15 points a day to one child.',
    });
    const { data } = await parent.client
      .from('children')
      .select('id, ploom_points(points, awarded_by)')
      .eq('id', childId)
      .single();
    expect(data!.ploom_points.reduce((sum, p) => sum + p.points, 0)).toBe(14);
  });

  it('keeps the family’s rewards, for the parent to add and remove', async () => {
    const added = await parent.client
      .from('family_rewards')
      .insert({ child_id: childId, title: 'Pancake breakfast', points_cost: 25 })
      .select('id, title, points_cost')
      .single();
    expect(added.error).toBeNull();
    const child = await parent.client
      .from('children')
      .select('family_rewards(title, points_cost)')
      .eq('id', childId)
      .single();
    expect(child.data?.family_rewards).toEqual([{ title: 'Pancake breakfast', points_cost: 25 }]);
    const other = await unenrolledParent.client
      .from('family_rewards')
      .insert({ child_id: childId, title: 'Sneaky', points_cost: 1 });
    expect(other.error?.code).toBe('42501');
    const removed = await parent.client.from('family_rewards').delete().eq('id', added.data!.id).select('id');
    expect(removed.data).toHaveLength(1);
  });

  it('shows opted-in enrolled children on the leaderboard, and nothing to a family without a coach', async () => {
    const before = await parent.client.rpc('leaderboard', { max_rows: 100 });
    expect(before.data!.some((row: { first_name: string }) => row.first_name === 'Zuzu')).toBe(false);
    const optIn = await parent.client.from('children').update({ leaderboard_opt_in: true }).eq('id', childId);
    expect(optIn.error).toBeNull();
    const after = await parent.client.rpc('leaderboard', { max_rows: 100 });
    expect(after.data).toContainEqual(
      expect.objectContaining({ first_name: 'Zuzu', total_points: 14, is_mine: true }),
    );
    // Quill opted in but has no coach: not on the board, and their parent sees no board at all.
    expect(after.data!.some((row: { first_name: string }) => row.first_name === 'Quill')).toBe(false);
    const waiting = await unenrolledParent.client.rpc('leaderboard', { max_rows: 100 });
    expect(waiting.data).toEqual([]);
  });
});
