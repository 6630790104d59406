import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../support/plans.ts';
import { adminDb, anonClient, signedInClient } from '../support/stack.ts';

/**
 * Availability and self-booking as the screens will use them, through supabase-js and the API: a
 * coach sets their hours and a day off and sees their open slots change; a parent books one of their
 * child's coach's open slots and moves it; two parents racing for the last slot get one booking and
 * one "That time was just taken"; a parent cannot touch a schedule; a visitor reads intro call times.
 */

type Signed = Awaited<ReturnType<typeof signedInClient>>;
let db: pg.Client;
let coach: Signed;
let parent: Signed;
let otherParent: Signed;
let coachId: string;
let child: string;
let otherChild: string;

const DAY = 86_400_000;
const dateIn = (days: number) => {
  const d = new Date(Date.now() + days * DAY);
  return d.toISOString().slice(0, 10);
};
const at = (days: number, hhmm: string) => new Date(`${dateIn(days)}T${hhmm}:00.000Z`).toISOString();
const iso = (value: string) => new Date(value).toISOString();

beforeAll(async () => {
  db = await adminDb();
  [coach, parent, otherParent] = await Promise.all([
    signedInClient({ firstName: 'Robin', lastName: 'Hours' }),
    signedInClient({ firstName: 'Pia', lastName: 'Booker' }),
    signedInClient({ firstName: 'Quinn', lastName: 'Racer' }),
  ]);
  await db.query(`insert into public.user_roles (user_id, role) values ($1, 'coach')`, [coach.userId]);
  coachId = (
    await db.query<{ id: string }>(
      `insert into public.coaches (user_id, display_name, sort_order) values ($1, 'Robin Hours', 97)
       on conflict (user_id) do update set display_name = excluded.display_name, sort_order = excluded.sort_order returning id`,
      [coach.userId],
    )
  ).rows[0].id;
  const addChild = async (parentId: string, name: string) =>
    (
      await db.query<{ id: string }>(
        `insert into public.children (parent_id, coach_id, first_name, age_band) values ($1, $2, $3, '9') returning id`,
        [parentId, coachId, name],
      )
    ).rows[0].id;
  child = await addChild(parent.userId, 'Nell');
  otherChild = await addChild(otherParent.userId, 'Ove');
  // each family books on a plan of three a week: the race's families each have room; the families
  // live in UTC, the coach's zone, so every open time is in a child's day for them
  await givePlan(db, parent.userId);
  await givePlan(db, otherParent.userId);
  await db.query(`update public.profiles set time_zone = 'UTC' where id = any($1)`, [
    [parent.userId, otherParent.userId],
  ]);
});

afterAll(async () => {
  await db.query('delete from public.coaches where id = $1', [coachId]);
  await db.query('delete from auth.users where id = any($1)', [
    [coach.userId, parent.userId, otherParent.userId],
  ]);
  await db.end();
});

async function openSlots(client: Signed['client'], from: string, to: string) {
  const { data, error } = await client.rpc('get_coach_open_slots', {
    coach_id: coachId,
    range_start: from,
    range_end: to,
  });
  if (error) throw error;
  return (data as Array<{ starts_at: string }>).map((s) => iso(s.starts_at));
}

describe('scheduling through supabase-js', () => {
  let scheduleId: string;

  it('a coach sets their hours and a day off, and their open slots follow', async () => {
    const created = await coach.client
      .from('availability_schedules')
      .insert({ coach_id: coachId, time_zone: 'UTC' })
      .select('id, time_zone, takes_intro_calls')
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ time_zone: 'UTC', takes_intro_calls: false });
    scheduleId = created.data!.id as string;
    const hours = await coach.client.from('availability_hours').insert(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        schedule_id: scheduleId,
        weekday,
        start_time: '09:00',
        end_time: '12:00',
      })),
    );
    expect(hours.error).toBeNull();

    const before = await openSlots(coach.client, at(5, '00:00'), at(7, '00:00'));
    expect(before).toHaveLength(12);
    expect(before[0]).toBe(at(5, '09:00'));

    const dayOff = await coach.client
      .from('availability_overrides')
      .insert({ schedule_id: scheduleId, on_date: dateIn(5) });
    expect(dayOff.error).toBeNull();
    const after = await openSlots(coach.client, at(5, '00:00'), at(7, '00:00'));
    expect(after).toEqual(before.filter((s) => s.startsWith(dateIn(6))));

    const badZone = await coach.client
      .from('availability_schedules')
      .update({ time_zone: 'Moon/Base' })
      .eq('id', scheduleId);
    expect(badZone.error?.message).toBe('Unknown time zone: Moon/Base');
  });

  it('a parent reads the slots but cannot change the schedule', async () => {
    expect(await openSlots(parent.client, at(6, '00:00'), at(7, '00:00'))).toHaveLength(6);
    const insert = await parent.client
      .from('availability_hours')
      .insert({ schedule_id: scheduleId, weekday: 1, start_time: '20:00', end_time: '21:00' });
    expect(insert.error?.code).toBe('42501');
    const update = await parent.client
      .from('availability_hours')
      .update({ end_time: '23:00' })
      .eq('schedule_id', scheduleId)
      .select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const read = await parent.client.from('availability_schedules').select('id');
    expect(read.data).toEqual([]);
  });

  it('a parent books a slot and moves it; the old time opens again', async () => {
    const booked = await parent.client.rpc('book_family_session', {
      child_id: child,
      starts_at: at(6, '09:00'),
    });
    expect(booked.error).toBeNull();
    const sessionId = booked.data as string;
    expect(await openSlots(parent.client, at(6, '00:00'), at(7, '00:00'))).not.toContain(at(6, '09:00'));

    const moved = await parent.client.rpc('move_family_session', {
      session_id: sessionId,
      starts_at: at(6, '11:00'),
    });
    expect(moved.error).toBeNull();
    const schedule = await parent.client.rpc('get_child_schedule', { child_id: child });
    const session = (schedule.data as Array<{ id: string; starts_at: string }>).find(
      (s) => s.id === sessionId,
    );
    expect(iso(session!.starts_at)).toBe(at(6, '11:00'));
    const open = await openSlots(parent.client, at(6, '00:00'), at(7, '00:00'));
    expect(open).toContain(at(6, '09:00'));
    expect(open).not.toContain(at(6, '11:00'));

    const notOpen = await parent.client.rpc('book_family_session', {
      child_id: child,
      starts_at: at(6, '13:00'),
    });
    expect(notOpen.error?.message).toBe("That time is not one of the coach's open times");
  });

  it('two parents racing for the last slot: one booking, one "That time was just taken"', async () => {
    // Day 8 has one slot left.
    await db.query(
      `insert into public.availability_overrides (schedule_id, on_date, start_time, end_time) values ($1, $2, '10:00', '10:30')`,
      [scheduleId, dateIn(8)],
    );
    expect(await openSlots(parent.client, at(8, '00:00'), at(9, '00:00'))).toEqual([at(8, '10:00')]);
    const results = await Promise.all([
      parent.client.rpc('book_family_session', { child_id: child, starts_at: at(8, '10:00') }),
      otherParent.client.rpc('book_family_session', { child_id: otherChild, starts_at: at(8, '10:00') }),
    ]);
    expect(results.filter((r) => r.error === null)).toHaveLength(1);
    const lost = results.find((r) => r.error !== null)!;
    expect(lost.error).toMatchObject({ code: '23P01', message: 'That time was just taken' });
    expect(await openSlots(parent.client, at(8, '00:00'), at(9, '00:00'))).toEqual([]);
  });

  it('a visitor reads intro call times, never who takes them', async () => {
    const { data, error } = await anonClient().rpc('get_intro_call_slots', {
      range_start: new Date().toISOString(),
      range_end: new Date(Date.now() + 7 * DAY).toISOString(),
    });
    expect(error).toBeNull();
    for (const slot of data as Array<Record<string, unknown>>) {
      expect(Object.keys(slot).sort()).toEqual(['ends_at', 'starts_at']);
    }
  });
});
