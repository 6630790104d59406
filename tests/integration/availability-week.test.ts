import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDb, signedInClient } from '../support/stack.ts';

/**
 * The availability screen's save of a week (save_availability_week, decision 166), through
 * supabase-js as the screen calls it: the zone and every span in one transaction, so a refused save
 * keeps the stored hours; a coach saves only their own schedule.
 */

type Signed = Awaited<ReturnType<typeof signedInClient>>;
let db: pg.Client;
let coach: Signed;
let otherCoach: Signed;
let coachId: string;
let otherCoachId: string;
let scheduleId: string;
let otherScheduleId: string;

async function addCoach(user: Signed, name: string, order: number): Promise<string> {
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'coach')`, [user.userId]);
  return (
    await db.query<{ id: string }>(
      // Giving the coach role may already have added their coaches row.
      `insert into public.coaches (user_id, display_name, sort_order) values ($1, $2, $3)
       on conflict (user_id) do update set display_name = excluded.display_name, sort_order = excluded.sort_order
       returning id`,
      [user.userId, name, order],
    )
  ).rows[0]!.id;
}

async function storedHours(schedule: string) {
  const { rows } = await db.query<{ weekday: number; start_time: string; end_time: string }>(
    `select weekday, start_time::text, end_time::text from public.availability_hours
      where schedule_id = $1 order by weekday, start_time`,
    [schedule],
  );
  return rows;
}

beforeAll(async () => {
  db = await adminDb();
  [coach, otherCoach] = await Promise.all([
    signedInClient({ firstName: 'Wren', lastName: 'Week' }),
    signedInClient({ firstName: 'Otto', lastName: 'Other' }),
  ]);
  coachId = await addCoach(coach, 'Wren Week', 95);
  otherCoachId = await addCoach(otherCoach, 'Otto Other', 96);
  const created = await coach.client
    .from('availability_schedules')
    .insert({ coach_id: coachId, time_zone: 'America/Chicago' })
    .select('id')
    .single();
  if (created.error) throw created.error;
  scheduleId = created.data.id as string;
  otherScheduleId = (
    await db.query<{ id: string }>(
      `insert into public.availability_schedules (coach_id, time_zone) values ($1, 'Europe/London') returning id`,
      [otherCoachId],
    )
  ).rows[0]!.id;
});

afterAll(async () => {
  await db.query('delete from public.coaches where id = any($1)', [[coachId, otherCoachId]]);
  await db.query('delete from auth.users where id = any($1)', [[coach.userId, otherCoach.userId]]);
  await db.end();
});

describe('save_availability_week', () => {
  it('replaces the zone and the weekly spans together, a midnight end included', async () => {
    const { error } = await coach.client.rpc('save_availability_week', {
      schedule_id: scheduleId,
      time_zone: 'America/Denver',
      hours: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '15:00' },
        { weekday: 7, start: '22:00', end: '24:00' },
      ],
    });
    expect(error).toBeNull();
    expect(await storedHours(scheduleId)).toEqual([
      { weekday: 1, start_time: '09:00:00', end_time: '12:00:00' },
      { weekday: 1, start_time: '13:00:00', end_time: '15:00:00' },
      { weekday: 7, start_time: '22:00:00', end_time: '24:00:00' },
    ]);
    const zone = await db.query('select time_zone from public.availability_schedules where id = $1', [
      scheduleId,
    ]);
    expect(zone.rows[0].time_zone).toBe('America/Denver');
  });

  it('a refused save (overlap, end before start) keeps the stored week and zone', async () => {
    const before = await storedHours(scheduleId);
    const overlap = await coach.client.rpc('save_availability_week', {
      schedule_id: scheduleId,
      time_zone: 'Asia/Tokyo',
      hours: [
        { weekday: 2, start: '09:00', end: '12:00' },
        { weekday: 2, start: '11:00', end: '13:00' },
      ],
    });
    expect(overlap.error?.code).toBe('23P01');
    const backwards = await coach.client.rpc('save_availability_week', {
      schedule_id: scheduleId,
      time_zone: 'America/Denver',
      hours: [{ weekday: 3, start: '12:00', end: '09:00' }],
    });
    expect(backwards.error?.code).toBe('23514');
    expect(backwards.error?.message).toMatch(/end_after_start/);
    expect(await storedHours(scheduleId)).toEqual(before);
    const zone = await db.query('select time_zone from public.availability_schedules where id = $1', [
      scheduleId,
    ]);
    expect(zone.rows[0].time_zone).toBe('America/Denver');
  });

  it("a coach cannot save another coach's week, and a bad payload is refused with a reason", async () => {
    const before = await storedHours(otherScheduleId);
    const foreign = await coach.client.rpc('save_availability_week', {
      schedule_id: otherScheduleId,
      time_zone: 'Europe/London',
      hours: [],
    });
    expect(foreign.error?.code).toBe('42501');
    expect(await storedHours(otherScheduleId)).toEqual(before);

    const notAList = await coach.client.rpc('save_availability_week', {
      schedule_id: scheduleId,
      time_zone: 'America/Denver',
      hours: { weekday: 1 },
    });
    expect(notAList.error?.code).toBe('22023');
    expect(await storedHours(scheduleId)).toHaveLength(3);
  });
});
