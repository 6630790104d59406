import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan, removePlan } from '../support/plans.ts';
import { adminDb } from '../support/stack.ts';
import { asTwoFactorSession } from '../support/two-factor.ts';
import { ACTORS, asActor, insertRow, type Actor } from './support.ts';
import { setUpWorld } from './world.ts';

/**
 * Availability and open slots (docs/decisions/150): the slot function over weekly hours, date
 * overrides, the meeting rules (buffer, minimum notice, booking window, daily maximum) and existing
 * bookings, across daylight-saving changes in two zones; a parent booking and moving a session in an
 * open slot, within the plan's weekly allowance, and two parents racing for the last slot; then the
 * role matrix of availability_schedules, availability_hours, availability_overrides, meeting_rules
 * and intro_calls (caller x table x select / insert / update / delete).
 */

const { db, world, runAs } = setUpWorld();
let ourSchedule: string;
let otherCoach: string;
let otherSchedule: string;
let ourHours: string;
let otherHours: string;
let ourOverride: string;
let otherOverride: string;
let lead: string;
let coachCall: string;
let adminCall: string;

const DAY = 86_400_000;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
// The booking tests use the week after next (inside the notice and the 6-week window), Monday first.
const bookingMonday = (() => {
  const d = new Date();
  d.setUTCHours(0, 0, 0, 0);
  let t = d.getTime() + 8 * DAY;
  while (new Date(t).getUTCDay() !== 1) t += DAY;
  return new Date(t);
})();
/** An instant in the booking week: day 0 = Monday, at hh:mm UTC. */
const inBookingWeek = (day: number, hhmm: string) =>
  new Date(`${isoDate(new Date(bookingMonday.getTime() + day * DAY))}T${hhmm}:00.000Z`).toISOString();
const iso = (value: Date | string) => new Date(value).toISOString();
/** How a family in `zone` reads an instant: "2027-03-12 14:00". */
const seenIn = (zone: string, instant: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));

async function rolledBack<T>(work: () => Promise<T>): Promise<T> {
  await db.query('begin');
  try {
    return await work();
  } finally {
    await db.query('rollback');
  }
}

/** A coach (no login) with a schedule in `zone`: weekly hours as [weekday, start, end]. */
async function coachWithSchedule(zone: string, hours: Array<[number, string, string]>) {
  const coach = (
    await db.query<{ id: string }>(
      `insert into public.coaches (display_name, sort_order) values ('Slot Coach', 95) returning id`,
    )
  ).rows[0].id;
  const schedule = (
    await db.query<{ id: string }>(
      `insert into public.availability_schedules (coach_id, time_zone) values ($1, $2) returning id`,
      [coach, zone],
    )
  ).rows[0].id;
  for (const [weekday, start, end] of hours) {
    await insertRow(db, 'availability_hours', {
      schedule_id: schedule,
      weekday,
      start_time: start,
      end_time: end,
    });
  }
  return { coach, schedule };
}

const everyDay = (start: string, end: string): Array<[number, string, string]> =>
  [1, 2, 3, 4, 5, 6, 7].map((d) => [d, start, end]);

async function slots(schedule: string, from: string, to: string, nowAt: string, kind = 'coaching_session') {
  const { rows } = await db.query<{ starts_at: Date }>(
    'select starts_at from private.open_slots($1, $2, $3, $4, $5)',
    [schedule, kind, from, to, nowAt],
  );
  return rows.map((r) => r.starts_at.toISOString());
}

/** A session booked for the coach (as the database owner, as an admin's screen would). */
async function book(coach: string, startsAt: string, status = 'scheduled') {
  await db.query(
    `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at, status)
     values ($1, $2, $3, $4, $5)`,
    [world.rows.children.ourChild, coach, world.users.parent, startsAt, status],
  );
}

beforeAll(async () => {
  const one = async (sql: string, params: unknown[]) =>
    String((await db.query<{ id: string }>(sql, params)).rows[0].id);
  // The other family's child is coached by the same coach: two families who can race for a slot.
  await db.query('update public.children set coach_id = $1 where id = $2', [
    world.rows.coaches.activeCoach,
    world.rows.children.theirChild,
  ]);
  ourSchedule = await one(
    `insert into public.availability_schedules (coach_id, time_zone) values ($1, 'UTC') returning id`,
    [world.rows.coaches.activeCoach],
  );
  ourHours = await one(
    `insert into public.availability_hours (schedule_id, weekday, start_time, end_time)
     values ($1, 1, '08:00', '20:00') returning id`,
    [ourSchedule],
  );
  for (const weekday of [2, 3, 4, 5, 6, 7]) {
    await insertRow(db, 'availability_hours', {
      schedule_id: ourSchedule,
      weekday,
      start_time: '08:00',
      end_time: '20:00',
    });
  }
  // Thursday of the booking week has one slot left: 15:00-15:30.
  ourOverride = await one(
    `insert into public.availability_overrides (schedule_id, on_date, start_time, end_time)
     values ($1, $2, '15:00', '15:30') returning id`,
    [ourSchedule, isoDate(new Date(bookingMonday.getTime() + 3 * DAY))],
  );
  otherCoach = await one(
    `insert into public.coaches (display_name, sort_order) values ('Other Coach', 96) returning id`,
    [],
  );
  otherSchedule = await one(
    `insert into public.availability_schedules (coach_id, time_zone) values ($1, 'Europe/London') returning id`,
    [otherCoach],
  );
  otherHours = await one(
    `insert into public.availability_hours (schedule_id, weekday, start_time, end_time)
     values ($1, 2, '09:00', '12:00') returning id`,
    [otherSchedule],
  );
  otherOverride = await one(
    `insert into public.availability_overrides (schedule_id, on_date) values ($1, '2030-01-01') returning id`,
    [otherSchedule],
  );
  lead = await one('select id from public.leads where waitlist_id = $1', [world.rows.waitlist.lead]);
  coachCall = await one(
    `insert into public.intro_calls (lead_id, host_id, starts_at) values ($1, $2, now() + interval '3 days') returning id`,
    [lead, world.users.coach],
  );
  adminCall = await one(
    `insert into public.intro_calls (lead_id, host_id, starts_at, status)
     values ($1, $2, now() + interval '4 days', 'cancelled') returning id`,
    [lead, world.users.admin],
  );
});

afterAll(async () => {
  await db.query('delete from public.coaches where id = $1', [otherCoach]);
});

describe('open slots', () => {
  const monday = '2027-03-01';
  const nowAt = '2027-02-20T00:00:00Z';

  it("cuts the weekly hours into slots in the coach's zone, returned as UTC instants", async () => {
    await rolledBack(async () => {
      const { schedule } = await coachWithSchedule('America/New_York', [[1, '09:00', '11:00']]);
      expect(await slots(schedule, `${monday}T00:00Z`, '2027-03-08T00:00Z', nowAt)).toEqual([
        '2027-03-01T14:00:00.000Z',
        '2027-03-01T14:30:00.000Z',
        '2027-03-01T15:00:00.000Z',
        '2027-03-01T15:30:00.000Z',
      ]);
    });
  });

  it('keeps the buffer free around existing bookings; cancelled ones free their time', async () => {
    await rolledBack(async () => {
      const { coach, schedule } = await coachWithSchedule('America/New_York', [[1, '09:00', '12:00']]);
      await book(coach, '2027-03-01T15:00:00Z'); // 10:00-10:30 New York
      await book(coach, '2027-03-01T16:00:00Z', 'cancelled'); // 11:00
      // the 10-minute buffer takes 9:30 (ends at 10:00) and 10:30 (starts right after) too
      expect(await slots(schedule, `${monday}T00:00Z`, '2027-03-02T00:00Z', nowAt)).toEqual([
        '2027-03-01T14:00:00.000Z',
        '2027-03-01T16:00:00.000Z',
        '2027-03-01T16:30:00.000Z',
      ]);
      await db.query(`update public.meeting_rules set buffer_minutes = 0 where kind = 'coaching_session'`);
      expect(await slots(schedule, `${monday}T00:00Z`, '2027-03-02T00:00Z', nowAt)).toEqual([
        '2027-03-01T14:00:00.000Z',
        '2027-03-01T14:30:00.000Z',
        '2027-03-01T15:30:00.000Z',
        '2027-03-01T16:00:00.000Z',
        '2027-03-01T16:30:00.000Z',
      ]);
    });
  });

  it('an intro call keeps the host busy for coaching sessions too', async () => {
    await rolledBack(async () => {
      const { coach, schedule } = await coachWithSchedule('America/New_York', [[1, '09:00', '10:00']]);
      await db.query('update public.coaches set user_id = $1 where id = $2', [world.users.admin, coach]);
      await db.query(`update public.intro_calls set status = 'cancelled' where id = $1`, [coachCall]);
      await db.query(
        `insert into public.intro_calls (lead_id, host_id, starts_at) values ($1, $2, '2027-03-01T14:00:00Z')`,
        [lead, world.users.admin],
      );
      // 9:00-9:20 is the call; 9:30 is the first time clear of it and of the buffer
      expect(await slots(schedule, `${monday}T00:00Z`, '2027-03-02T00:00Z', nowAt)).toEqual([
        '2027-03-01T14:30:00.000Z',
      ]);
    });
  });

  it('offers nothing inside the minimum notice (24 hours for sessions, 2 for intro calls)', async () => {
    await rolledBack(async () => {
      const { coach, schedule } = await coachWithSchedule('America/New_York', everyDay('09:00', '11:00'));
      await db.query('update public.coaches set user_id = $1 where id = $2', [world.users.admin, coach]);
      // Monday 9:45 New York: the next session can start Tuesday at 10:00
      const mondayMorning = '2027-03-01T14:45:00Z';
      expect(await slots(schedule, `${monday}T00:00Z`, '2027-03-03T00:00Z', mondayMorning)).toEqual([
        '2027-03-02T15:00:00.000Z',
        '2027-03-02T15:30:00.000Z',
      ]);
      // the coach gives those hours to intro calls (decision 231)
      await db.query('update public.availability_schedules set takes_intro_calls = true where id = $1', [
        schedule,
      ]);
      await db.query(`update public.availability_hours set meeting = 'intro_call' where schedule_id = $1`, [
        schedule,
      ]);
      // an intro call (15 minutes, every 15) from Monday 11:45 New York on: that day is over
      expect(
        (await slots(schedule, `${monday}T00:00Z`, '2027-03-03T00:00Z', mondayMorning, 'intro_call'))[0],
      ).toBe('2027-03-02T14:00:00.000Z');
      expect(
        await slots(schedule, `${monday}T00:00Z`, '2027-03-02T00:00Z', '2027-03-01T12:00:00Z', 'intro_call'),
      ).toEqual([
        '2027-03-01T14:00:00.000Z',
        '2027-03-01T14:15:00.000Z',
        '2027-03-01T14:30:00.000Z',
        '2027-03-01T14:45:00.000Z',
        '2027-03-01T15:00:00.000Z',
        '2027-03-01T15:15:00.000Z',
        '2027-03-01T15:30:00.000Z',
        '2027-03-01T15:45:00.000Z',
      ]);
    });
  });

  it('offers nothing beyond the booking window (6 weeks)', async () => {
    await rolledBack(async () => {
      const { schedule } = await coachWithSchedule('America/New_York', everyDay('09:00', '11:00'));
      const found = await slots(schedule, '2027-04-01T00:00Z', '2027-05-31T00:00Z', '2027-04-01T14:45:00Z');
      // 42 days after Thursday April 1, 10:45 New York: Thursday May 13, 10:45
      expect(found.at(-1)).toBe('2027-05-13T14:30:00.000Z');
      expect(found.filter((s) => s > '2027-05-13T14:45:00.000Z')).toEqual([]);
    });
  });

  it('closes a day once the coach has the daily maximum of sessions', async () => {
    await rolledBack(async () => {
      const { coach, schedule } = await coachWithSchedule('America/New_York', everyDay('09:00', '12:00'));
      await db.query(`update public.meeting_rules set daily_maximum = 2 where kind = 'coaching_session'`);
      await book(coach, '2027-03-01T14:00:00Z');
      await book(coach, '2027-03-01T16:00:00Z', 'cancelled');
      const oneBooked = await slots(schedule, `${monday}T00:00Z`, '2027-03-02T00:00Z', nowAt);
      expect(oneBooked.length).toBeGreaterThan(0);
      await book(coach, '2027-03-01T16:30:00Z');
      expect(await slots(schedule, `${monday}T00:00Z`, '2027-03-02T00:00Z', nowAt)).toEqual([]);
      // the next day is open as usual
      expect(await slots(schedule, '2027-03-02T00:00Z', '2027-03-03T00:00Z', nowAt)).toHaveLength(6);
    });
  });

  it('follows date overrides: a day off, and other hours on a date', async () => {
    await rolledBack(async () => {
      const { schedule } = await coachWithSchedule('America/New_York', everyDay('09:00', '10:00'));
      await insertRow(db, 'availability_overrides', { schedule_id: schedule, on_date: '2027-03-02' });
      await insertRow(db, 'availability_overrides', {
        schedule_id: schedule,
        on_date: '2027-03-03',
        start_time: '09:00',
        end_time: '10:00',
      });
      await insertRow(db, 'availability_overrides', {
        schedule_id: schedule,
        on_date: '2027-03-03',
        start_time: '18:00',
        end_time: '19:00',
      });
      expect(await slots(schedule, `${monday}T00:00Z`, '2027-03-04T05:00Z', nowAt)).toEqual([
        '2027-03-01T14:00:00.000Z',
        '2027-03-01T14:30:00.000Z',
        // Tuesday off; Wednesday has its usual hour and an extra evening one
        '2027-03-03T14:00:00.000Z',
        '2027-03-03T14:30:00.000Z',
        '2027-03-03T23:00:00.000Z',
        '2027-03-03T23:30:00.000Z',
      ]);
    });
  });

  it('keeps 9:00 New York across the March changes, as a family in London sees it', async () => {
    await rolledBack(async () => {
      const { schedule } = await coachWithSchedule('America/New_York', everyDay('09:00', '09:30'));
      // New York springs forward on March 14, 2027; London on March 28
      const found = await slots(schedule, '2027-03-12T00:00Z', '2027-03-31T00:00Z', nowAt);
      const byDate = Object.fromEntries(found.map((s) => [seenIn('America/New_York', s).slice(0, 10), s]));
      expect(found.every((s) => seenIn('America/New_York', s).endsWith('09:00'))).toBe(true);
      expect(byDate['2027-03-13']).toBe('2027-03-13T14:00:00.000Z');
      expect(byDate['2027-03-14']).toBe('2027-03-14T13:00:00.000Z');
      expect(byDate['2027-03-29']).toBe('2027-03-29T13:00:00.000Z');
      expect(seenIn('Europe/London', byDate['2027-03-13'])).toBe('2027-03-13 14:00');
      expect(seenIn('Europe/London', byDate['2027-03-14'])).toBe('2027-03-14 13:00');
      expect(seenIn('Europe/London', byDate['2027-03-27'])).toBe('2027-03-27 13:00');
      expect(seenIn('Europe/London', byDate['2027-03-29'])).toBe('2027-03-29 14:00');
    });
  });

  it('keeps 9:00 New York across the autumn changes (London October 31, New York November 7)', async () => {
    await rolledBack(async () => {
      const { schedule } = await coachWithSchedule('America/New_York', everyDay('09:00', '09:30'));
      const found = await slots(schedule, '2027-10-29T00:00Z', '2027-11-10T00:00Z', '2027-10-20T00:00Z');
      const byDate = Object.fromEntries(found.map((s) => [seenIn('America/New_York', s).slice(0, 10), s]));
      expect(found).toHaveLength(12);
      expect(found.every((s) => seenIn('America/New_York', s).endsWith('09:00'))).toBe(true);
      expect(seenIn('Europe/London', byDate['2027-10-30'])).toBe('2027-10-30 14:00');
      expect(seenIn('Europe/London', byDate['2027-11-01'])).toBe('2027-11-01 13:00');
      expect(byDate['2027-11-06']).toBe('2027-11-06T13:00:00.000Z');
      expect(byDate['2027-11-08']).toBe('2027-11-08T14:00:00.000Z');
      expect(seenIn('Europe/London', byDate['2027-11-08'])).toBe('2027-11-08 14:00');
    });
  });

  it('counts the hours of a change night as they pass: 1:00-4:00 is 2 hours in March, 4 in November', async () => {
    await rolledBack(async () => {
      const { schedule } = await coachWithSchedule('America/New_York', [[7, '01:00', '04:00']]);
      const spring = await slots(schedule, '2027-03-14T00:00Z', '2027-03-15T00:00Z', nowAt);
      expect(spring).toEqual([
        '2027-03-14T06:00:00.000Z',
        '2027-03-14T06:30:00.000Z',
        '2027-03-14T07:00:00.000Z',
        '2027-03-14T07:30:00.000Z',
      ]);
      const autumn = await slots(schedule, '2027-11-07T00:00Z', '2027-11-08T00:00Z', '2027-10-20T00:00Z');
      expect(autumn).toHaveLength(8);
      expect(autumn[0]).toBe('2027-11-07T05:00:00.000Z');
      expect(autumn.at(-1)).toBe('2027-11-07T08:30:00.000Z');
    });
  });

  it("offers a London coach's hours at the right instants across London's change", async () => {
    await rolledBack(async () => {
      const { schedule } = await coachWithSchedule('Europe/London', everyDay('17:00', '17:30'));
      const found = await slots(schedule, '2027-03-27T00:00Z', '2027-03-30T00:00Z', nowAt);
      expect(found).toEqual([
        '2027-03-27T17:00:00.000Z',
        '2027-03-28T16:00:00.000Z',
        '2027-03-29T16:00:00.000Z',
      ]);
    });
  });

  it('offers intro call times of every team member who takes them, and of nobody else', async () => {
    await rolledBack(async () => {
      const a = await coachWithSchedule('America/New_York', [[1, '09:00', '09:40']]);
      // the seeded team members aside
      await db.query(
        'update public.availability_schedules set takes_intro_calls = false where takes_intro_calls',
      );
      await coachWithSchedule('Europe/London', [[1, '09:00', '09:20']]); // does not take intro calls
      await db.query('update public.coaches set user_id = $1 where id = $2', [world.users.admin, a.coach]);
      await db.query('update public.availability_schedules set takes_intro_calls = true where id = $1', [
        a.schedule,
      ]);
      await db.query(`update public.availability_hours set meeting = 'intro_call' where schedule_id = $1`, [
        a.schedule,
      ]);
      const { rows } = await db.query<{ starts_at: Date }>(
        'select starts_at from private.intro_call_open_slots($1, $2, $3)',
        ['2027-03-01T00:00Z', '2027-03-02T00:00Z', nowAt],
      );
      // 15-minute calls every 15 minutes from 9:00 to 9:40 New York
      expect(rows.map((r) => r.starts_at.toISOString())).toEqual([
        '2027-03-01T14:00:00.000Z',
        '2027-03-01T14:15:00.000Z',
      ]);
    });
  });
});

describe('what the tables refuse', () => {
  const refused = async (sql: string, params: unknown[]) =>
    rolledBack(async () => {
      const { schedule } = await coachWithSchedule('UTC', []);
      try {
        await db.query(sql, [schedule, ...params]);
        return 'accepted';
      } catch (error) {
        return (error as { message: string }).message;
      }
    });

  it('refuses hours that end before they start, overlap, or are off the minute', async () => {
    const hours = `insert into public.availability_hours (schedule_id, weekday, start_time, end_time) values ($1, $2, $3, $4)`;
    expect(await refused(hours, [1, '10:00', '09:00'])).toMatch(/end_after_start/);
    expect(await refused(hours, [8, '09:00', '10:00'])).toMatch(/weekday_check/);
    expect(await refused(hours, [1, '09:00:30', '10:00'])).toMatch(/check/);
    expect(await refused(hours, [1, '09:00', '09:05'])).toMatch(/long_enough/);
    expect(await refused(`${hours}, ($1, 1, '09:30', '11:00')`, [1, '09:00', '10:00'])).toMatch(/no_overlap/);
    expect(await refused(`${hours}, ($1, 1, '10:00', '24:00')`, [1, '09:00', '10:00'])).toBe('accepted');
  });

  it('refuses a day off beside hours on the same date, and half-given times', async () => {
    const override = `insert into public.availability_overrides (schedule_id, on_date, start_time, end_time) values ($1, $2, $3, $4)`;
    expect(
      await refused(`${override}, ($1, '2027-03-01', null, null)`, ['2027-03-01', '09:00', '10:00']),
    ).toMatch(/no_overlap/);
    expect(await refused(override, ['2027-03-01', '09:00', null])).toMatch(/both_times_or_none/);
    expect(await refused(override, ['1999-03-01', null, null])).toMatch(/on_date_check/);
  });

  it('refuses unknown time zones and abbreviations', async () => {
    await rolledBack(async () => {
      const coach = (
        await db.query<{ id: string }>(`insert into public.coaches (display_name) values ('Z') returning id`)
      ).rows[0].id;
      for (const zone of ['Eastern', 'Mars/Olympus', '+05:00']) {
        await db.query('savepoint z');
        await expect(
          db.query('insert into public.availability_schedules (coach_id, time_zone) values ($1, $2)', [
            coach,
            zone,
          ]),
        ).rejects.toThrow(/Unknown time zone/);
        await db.query('rollback to savepoint z');
      }
    });
  });

  it('refuses rules a screen would never send', async () => {
    for (const [column, value] of [
      ['length_minutes', 5],
      ['length_minutes', 240],
      ['buffer_minutes', -5],
      ['minimum_notice_minutes', -1],
      ['booking_window_days', 0],
      ['daily_maximum', 0],
      ['slot_step_minutes', 1],
    ] as const) {
      await rolledBack(async () => {
        await expect(
          db.query(`update public.meeting_rules set ${column} = $1 where kind = 'coaching_session'`, [value]),
        ).rejects.toThrow(/check/);
      });
    }
  });
});

describe('a parent booking and moving a session', () => {
  // A family books its own sessions only on a plan (decision 221): both families have one here.
  // They live in UTC, the coach's zone, so the coach's hours (8:00-20:00) are all in a child's day
  // for them (decision 223).
  const plans: string[] = [];
  const families = () => [world.users.parent, world.users.otherParent];
  let zones: { id: string; time_zone: string | null }[] = [];
  beforeAll(async () => {
    plans.push(await givePlan(db, world.users.parent), await givePlan(db, world.users.otherParent));
    zones = (await db.query('select id, time_zone from public.profiles where id = any($1)', [families()]))
      .rows;
    await db.query(`update public.profiles set time_zone = 'UTC' where id = any($1)`, [families()]);
  });
  afterAll(async () => {
    for (const id of plans.splice(0)) await removePlan(db, id);
    for (const z of zones)
      await db.query('update public.profiles set time_zone = $2 where id = $1', [z.id, z.time_zone]);
  });

  const parent = () => world.users.parent;
  const bookAs = (
    actor: Actor,
    child: string,
    startsAt: string,
    arrange?: (db: pg.Client) => Promise<unknown>,
  ) =>
    asActor(
      db,
      actor,
      actor === 'anon' ? undefined : world.users[actor as Exclude<Actor, 'anon'>],
      async (c) =>
        (await c.query<{ id: string }>('select public.book_family_session($1, $2) as id', [child, startsAt]))
          .rows[0].id,
      arrange,
    );
  const subscribe =
    (status: string, plan = 'steady-growth') =>
    async (c: pg.Client) => {
      const customer = `cus_sched${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
      await insertRow(c, 'billing_customers', { parent_id: parent(), stripe_customer_id: customer });
      await insertRow(c, 'subscriptions', {
        id: `sub_${customer}`,
        parent_id: parent(),
        stripe_customer_id: customer,
        plan,
        stripe_price_id: 'price_sched',
        status,
        current_period_start: new Date().toISOString(),
        current_period_end: new Date(Date.now() + 30 * DAY).toISOString(),
        stripe_created: new Date().toISOString(),
        last_event_at: new Date().toISOString(),
      });
    };

  it("books an open slot for their child with the child's coach, and the slot closes", async () => {
    const result = await asActor(db, 'parent', parent(), async (c) => {
      const id = (
        await c.query<{ id: string }>('select public.book_family_session($1, $2) as id', [
          world.rows.children.ourChild,
          inBookingWeek(1, '15:00'),
        ])
      ).rows[0].id;
      const session = (
        await c.query(
          'select coach_id, duration_minutes, status, starts_at from public.coaching_sessions where id = $1',
          [id],
        )
      ).rows[0];
      const open = (
        await c.query<{ starts_at: Date }>('select starts_at from public.get_coach_open_slots($1, $2, $3)', [
          world.rows.coaches.activeCoach,
          inBookingWeek(1, '00:00'),
          inBookingWeek(2, '00:00'),
        ])
      ).rows.map((r) => r.starts_at.toISOString());
      // the family and the coach are mailed, and the audit trail records the booking
      await c.query('reset role');
      const emails = (
        await c.query<{ kind: string; recipient: string }>(
          `select event as kind, recipient from public.outbox where kind = 'session_email' and session_id = $1 order by recipient`,
          [id],
        )
      ).rows;
      const audited = (
        await c.query<{ actor_user_id: string }>(
          `select actor_user_id from public.audit_logs where action = 'SESSION_CREATED' and entity_id = $1`,
          [id],
        )
      ).rows;
      return { session, open, emails, audited };
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.session).toMatchObject({
      coach_id: world.rows.coaches.activeCoach,
      duration_minutes: 30,
      status: 'scheduled',
    });
    expect(iso(result.value.session.starts_at)).toBe(inBookingWeek(1, '15:00'));
    expect(result.value.open).toContain(inBookingWeek(1, '14:00'));
    expect(result.value.open).not.toContain(inBookingWeek(1, '15:00'));
    expect(result.value.open).not.toContain(inBookingWeek(1, '15:30')); // the buffer
    expect(result.value.emails).toEqual([
      { kind: 'booked', recipient: 'coach' },
      { kind: 'booked', recipient: 'family' },
    ]);
    expect(result.value.audited).toEqual([{ actor_user_id: parent() }]);
  });

  it("refuses times that are not open, other families' children, and the other family's coach's slots", async () => {
    const notOffered = await bookAs('parent', world.rows.children.ourChild, inBookingWeek(1, '15:10'));
    expect(notOffered.ok || notOffered.error.message).toBe("That time is not one of the coach's open times");
    const night = await bookAs('parent', world.rows.children.ourChild, inBookingWeek(1, '22:00'));
    expect(night.ok || night.error.message).toBe("That time is not one of the coach's open times");
    const soon = new Date(Date.now() + 2 * 3600_000);
    soon.setUTCMinutes(soon.getUTCMinutes() < 30 ? 30 : 60, 0, 0);
    const withinNotice = await bookAs('parent', world.rows.children.ourChild, soon.toISOString());
    expect(withinNotice.ok).toBe(false);
    const notTheirs = await bookAs('otherParent', world.rows.children.ourChild, inBookingWeek(1, '15:00'));
    expect(notTheirs.ok || notTheirs.error).toEqual({
      code: '42501',
      message: 'No such child in your family',
    });
    const coach = await bookAs('coach', world.rows.children.ourChild, inBookingWeek(1, '15:00'));
    expect(coach.ok).toBe(false);
    const anon = await bookAs('anon', world.rows.children.ourChild, inBookingWeek(1, '15:00'));
    expect(anon.ok || anon.error.code).toBe('42501');
    const slotsOfOtherCoach = await asActor(db, 'parent', parent(), (c) =>
      c.query('select * from public.get_coach_open_slots($1, $2, $3)', [
        otherCoach,
        inBookingWeek(0, '00:00'),
        inBookingWeek(7, '00:00'),
      ]),
    );
    expect(slotsOfOtherCoach.ok || slotsOfOtherCoach.error.message).toBe('No such coach for your family');
  });

  it("books within the plan's weekly allowance and says why past it", async () => {
    const result = await asActor(
      db,
      'parent',
      parent(),
      async (c) => {
        await c.query('select public.book_family_session($1, $2)', [
          world.rows.children.ourChild,
          inBookingWeek(1, '10:00'),
        ]);
        await c.query('savepoint second');
        const second = await c
          .query('select public.book_family_session($1, $2)', [
            world.rows.children.ourChild,
            inBookingWeek(2, '10:00'),
          ])
          .then(
            () => 'booked',
            (e: { message: string; code: string }) => `${e.code} ${e.message}`,
          );
        await c.query('rollback to savepoint second');
        // the next week has room
        await c.query('select public.book_family_session($1, $2)', [
          world.rows.children.ourChild,
          inBookingWeek(8, '10:00'),
        ]);
        return second;
      },
      subscribe('active'),
    );
    expect(result).toEqual({
      ok: true,
      value: '23514 That week is full: your plan includes 1 session a week',
    });
  });

  it('books nothing new on a paused or cancelled plan', async () => {
    const paused = await bookAs(
      'parent',
      world.rows.children.ourChild,
      inBookingWeek(1, '15:00'),
      subscribe('paused'),
    );
    expect(paused.ok || paused.error.message).toBe(
      "No new sessions can be booked: the family's subscription is paused",
    );
    const ended = await bookAs(
      'parent',
      world.rows.children.ourChild,
      inBookingWeek(1, '15:00'),
      subscribe('canceled'),
    );
    expect(ended.ok || ended.error.message).toBe(
      "No new sessions can be booked: the family's subscription has ended",
    );
  });

  it('tells the coach of each booking, move and cancellation by email, and the audit trail records each as the parent', async () => {
    const result = await asActor(db, 'parent', parent(), async (c) => {
      const id = (
        await c.query<{ id: string }>('select public.book_family_session($1, $2) as id', [
          world.rows.children.ourChild,
          inBookingWeek(1, '15:00'),
        ])
      ).rows[0].id;
      await c.query('select public.move_family_session($1, $2)', [id, inBookingWeek(2, '15:00')]);
      await c.query('select public.cancel_family_session($1, $2)', [id, 'Family trip']);
      await c.query('reset role');
      const emails = (
        await c.query<{ kind: string }>(
          `select event as kind from public.outbox
            where kind = 'session_email' and session_id = $1 and recipient = 'coach' order by event`,
          [id],
        )
      ).rows.map((r) => r.kind);
      const audited = (
        await c.query<{ action: string; actor_user_id: string }>(
          `select action, actor_user_id from public.audit_logs where entity_id = $1 order by action`,
          [id],
        )
      ).rows;
      return { emails, audited };
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.emails).toEqual(['booked', 'cancelled', 'moved']);
    expect(result.value.audited.map((a) => a.action)).toEqual([
      'SESSION_CREATED',
      'SESSION_UPDATED',
      'SESSION_UPDATED',
    ]);
    expect(new Set(result.value.audited.map((a) => a.actor_user_id))).toEqual(new Set([parent()]));
  });

  it('moves a session to another open slot; its old time opens again', async () => {
    const result = await asActor(db, 'parent', parent(), async (c) => {
      const id = (
        await c.query<{ id: string }>('select public.book_family_session($1, $2) as id', [
          world.rows.children.ourChild,
          inBookingWeek(1, '15:00'),
        ])
      ).rows[0].id;
      // half an hour later is inside its own buffer, which a move ignores
      await c.query('select public.move_family_session($1, $2)', [id, inBookingWeek(1, '15:30')]);
      const moved = (await c.query('select starts_at from public.coaching_sessions where id = $1', [id]))
        .rows[0];
      const open = (
        await c.query<{ starts_at: Date }>('select starts_at from public.get_coach_open_slots($1, $2, $3)', [
          world.rows.coaches.activeCoach,
          inBookingWeek(1, '00:00'),
          inBookingWeek(2, '00:00'),
        ])
      ).rows.map((r) => r.starts_at.toISOString());
      return { movedTo: iso(moved.starts_at), open };
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.movedTo).toBe(inBookingWeek(1, '15:30'));
    expect(result.value.open).toContain(inBookingWeek(1, '14:30'));
    expect(result.value.open).not.toContain(inBookingWeek(1, '15:00'));
  });
});

/** The parent's plan, arranged inside the test's transaction; a renewal that failed `failedDaysAgo`. */
const planFor =
  (status: string, failedDaysAgo?: number) =>
  async (c: pg.Client): Promise<void> => {
    const parent = world.users.parent;
    const customer = `cus_series${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await insertRow(c, 'billing_customers', { parent_id: parent, stripe_customer_id: customer });
    await insertRow(c, 'subscriptions', {
      id: `sub_${customer}`,
      parent_id: parent,
      stripe_customer_id: customer,
      plan: 'intensive-momentum',
      stripe_price_id: 'price_series',
      status,
      current_period_start: new Date().toISOString(),
      current_period_end: new Date(Date.now() + 30 * DAY).toISOString(),
      stripe_created: new Date().toISOString(),
      last_event_at: new Date().toISOString(),
    });
    if (failedDaysAgo !== undefined) {
      await insertRow(c, 'invoices', {
        id: `in_${customer}`,
        parent_id: parent,
        subscription_id: `sub_${customer}`,
        status: 'open',
        currency: 'usd',
        amount_due: 9900,
        amount_paid: 0,
        payment_failed_at: new Date(Date.now() - failedDaysAgo * DAY).toISOString(),
        stripe_created: new Date().toISOString(),
        last_event_at: new Date().toISOString(),
      });
    }
  };

describe("a failed payment's grace period (docs/decisions/100: 7 days)", () => {
  const bookWith = (arrange: (c: pg.Client) => Promise<void>) =>
    asActor(
      db,
      'parent',
      world.users.parent,
      async (c) =>
        (
          await c.query<{ id: string }>('select public.book_family_session($1, $2) as id', [
            world.rows.children.ourChild,
            inBookingWeek(1, '15:00'),
          ])
        ).rows[0].id,
      arrange,
    );

  it('books as before within the 7 days after the first failed charge', async () => {
    const result = await bookWith(planFor('past_due', 6));
    expect(result.ok).toBe(true);
  });

  it('books nothing new once the 7 days are over, and says why', async () => {
    const result = await bookWith(planFor('past_due', 8));
    expect(result.ok || result.error).toEqual({
      code: '23514',
      message: "No new sessions can be booked: the family's payment has failed and its grace period is over",
    });
  });
});

describe('a parent booking every week at one time (a series)', () => {
  // A family books its own sessions only on a plan (decision 221): both families have one here.
  // They live in UTC, the coach's zone, so the coach's hours (8:00-20:00) are all in a child's day
  // for them (decision 223).
  const plans: string[] = [];
  const families = () => [world.users.parent, world.users.otherParent];
  let zones: { id: string; time_zone: string | null }[] = [];
  beforeAll(async () => {
    plans.push(await givePlan(db, world.users.parent), await givePlan(db, world.users.otherParent));
    zones = (await db.query('select id, time_zone from public.profiles where id = any($1)', [families()]))
      .rows;
    await db.query(`update public.profiles set time_zone = 'UTC' where id = any($1)`, [families()]);
  });
  afterAll(async () => {
    for (const id of plans.splice(0)) await removePlan(db, id);
    for (const z of zones)
      await db.query('update public.profiles set time_zone = $2 where id = $1', [z.id, z.time_zone]);
  });

  const bookSeries = (
    startsAt: string,
    arrange?: (c: pg.Client) => Promise<unknown>,
    actor: Actor = 'parent',
  ) =>
    asActor(
      db,
      actor,
      world.users[actor as Exclude<Actor, 'anon'>],
      async (c) => {
        const id = (
          await c.query<{ id: string }>('select public.book_family_series($1, $2) as id', [
            world.rows.children.ourChild,
            startsAt,
          ])
        ).rows[0].id;
        const series = (
          await c.query(
            'select weekday, time_zone, duration_minutes, ends_on from public.session_series where id = $1',
            [id],
          )
        ).rows[0];
        const sessions = (
          await c.query<{ starts_at: Date; status: string }>(
            'select starts_at, status from public.coaching_sessions where series_id = $1 order by starts_at',
            [id],
          )
        ).rows.map((r) => iso(r.starts_at));
        const open = (
          await c.query<{ starts_at: Date }>(
            'select starts_at from public.get_coach_open_slots($1, $2, $3)',
            [world.rows.coaches.activeCoach, inBookingWeek(7, '00:00'), inBookingWeek(8, '00:00')],
          )
        ).rows.map((r) => iso(r.starts_at));
        await c.query('reset role');
        const coachEmails = (
          await c.query<{ n: number }>(
            `select count(*)::int as n from public.outbox e join public.coaching_sessions s on s.id = e.session_id
             where s.series_id = $1 and e.recipient = 'coach' and e.event = 'booked'`,
            [id],
          )
        ).rows[0].n;
        const audited = (
          await c.query<{ n: number }>(
            `select count(*)::int as n from public.audit_logs a join public.coaching_sessions s on s.id::text = a.entity_id::text
             where s.series_id = $1 and a.action = 'SESSION_CREATED' and a.actor_user_id = $2`,
            [id, world.users.parent],
          )
        ).rows[0].n;
        return { series, sessions, open, coachEmails, audited };
      },
      arrange,
    );

  it("books the time every week in one step, in the coach's zone, and the coach is told of each", async () => {
    const result = await bookSeries(inBookingWeek(0, '10:00'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.series).toMatchObject({
      weekday: 1,
      time_zone: 'UTC',
      duration_minutes: 30,
      ends_on: null,
    });
    // eight weeks booked ahead, each Monday at 10:00
    expect(result.value.sessions).toHaveLength(8);
    expect(result.value.sessions.slice(0, 2)).toEqual([inBookingWeek(0, '10:00'), inBookingWeek(7, '10:00')]);
    expect(result.value.open).not.toContain(inBookingWeek(7, '10:00'));
    expect(result.value.open).toContain(inBookingWeek(7, '11:00'));
    expect(result.value.coachEmails).toBe(8);
    expect(result.value.audited).toBe(8);
  });

  it('refuses a time the coach is not free at in a later week, naming that date', async () => {
    // the Thursday of the booking week is an override with only 15:00-15:30
    const thursdayBefore = inBookingWeek(-4, '10:00');
    const result = await bookSeries(thursdayBefore);
    const thursday = new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
    }).format(new Date(inBookingWeek(3, '10:00')));
    expect(result.ok || result.error).toEqual({
      code: '23P01',
      message: `Your coach is not free at that time on ${thursday}`,
    });
  });

  it('refuses a first time already taken, and a time never offered', async () => {
    const taken = await bookSeries(inBookingWeek(0, '10:00'), (c) =>
      c.query(
        `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at) values ($1, $2, $3, $4)`,
        [
          world.rows.children.theirChild,
          world.rows.coaches.activeCoach,
          world.users.otherParent,
          inBookingWeek(0, '10:00'),
        ],
      ),
    );
    expect(taken.ok || taken.error).toEqual({ code: '23P01', message: 'That time was just taken' });
    const night = await bookSeries(inBookingWeek(0, '22:00'));
    expect(night.ok || night.error.message).toBe("That time is not one of the coach's open times");
    const notTheirs = await bookSeries(inBookingWeek(0, '10:00'), undefined, 'otherParent');
    expect(notTheirs.ok || notTheirs.error.code).toBe('42501');
  });

  it('refuses a paused plan, and a week that has no room in the plan, in words', async () => {
    const paused = await bookSeries(inBookingWeek(0, '10:00'), planFor('paused'));
    expect(paused.ok || paused.error.message).toBe(
      "No new sessions can be booked: the family's subscription is paused",
    );
    // three a week; the second week already holds three
    const full = await bookSeries(inBookingWeek(0, '10:00'), async (c) => {
      await planFor('active')(c);
      for (const hour of ['12:00', '13:00', '14:00']) {
        await c.query(
          `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at) values ($1, $2, $3, $4)`,
          [
            world.rows.children.ourChild,
            world.rows.coaches.activeCoach,
            world.users.parent,
            inBookingWeek(8, hour),
          ],
        );
      }
    });
    expect(full.ok || full.error.code).toBe('23514');
    expect(full.ok || full.error.message).toMatch(
      /^Not every week has room in your plan: the family's plan includes 3 sessions a week, and the week of .* has 3 booked$/,
    );
  });

  it('ends the series: later sessions are cancelled, the coach told; only the family ends it', async () => {
    const result = await asActor(db, 'parent', world.users.parent, async (c) => {
      const id = (
        await c.query<{ id: string }>('select public.book_family_series($1, $2) as id', [
          world.rows.children.ourChild,
          inBookingWeek(0, '10:00'),
        ])
      ).rows[0].id;
      await c.query('savepoint other');
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: world.users.otherParent, role: 'authenticated', aud: 'authenticated' }),
      ]);
      const other = await c.query('select public.end_family_series($1)', [id]).then(
        () => 'ended',
        (e: { code: string }) => e.code,
      );
      await c.query('rollback to savepoint other');
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: world.users.parent, role: 'authenticated', aud: 'authenticated' }),
      ]);
      await c.query('select public.end_family_series($1)', [id]);
      const statuses = (
        await c.query<{ status: string }>(
          'select status from public.coaching_sessions where series_id = $1 order by starts_at',
          [id],
        )
      ).rows.map((r) => r.status);
      const endsOn = (await c.query('select ends_on from public.session_series where id = $1', [id])).rows[0]
        .ends_on;
      await c.query('reset role');
      const cancelledEmails = (
        await c.query<{ n: number }>(
          `select count(*)::int as n from public.outbox e join public.coaching_sessions s on s.id = e.session_id
           where s.series_id = $1 and e.recipient = 'coach' and e.event = 'cancelled'`,
          [id],
        )
      ).rows[0].n;
      return { other, statuses, endsOn, cancelledEmails };
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.other).toBe('42501');
    // every session is more than a day away: all are cancelled, and the series has ended
    expect(result.value.statuses).toEqual(Array(8).fill('cancelled'));
    expect(result.value.endsOn).not.toBeNull();
    expect(result.value.cancelledEmails).toBe(8);
  });
});

describe('two families racing for the last slot', () => {
  // A family books its own sessions only on a plan (decision 221): both families have one here.
  // They live in UTC, the coach's zone, so the coach's hours (8:00-20:00) are all in a child's day
  // for them (decision 223).
  const plans: string[] = [];
  const families = () => [world.users.parent, world.users.otherParent];
  let zones: { id: string; time_zone: string | null }[] = [];
  beforeAll(async () => {
    plans.push(await givePlan(db, world.users.parent), await givePlan(db, world.users.otherParent));
    zones = (await db.query('select id, time_zone from public.profiles where id = any($1)', [families()]))
      .rows;
    await db.query(`update public.profiles set time_zone = 'UTC' where id = any($1)`, [families()]);
  });
  afterAll(async () => {
    for (const id of plans.splice(0)) await removePlan(db, id);
    for (const z of zones)
      await db.query('update public.profiles set time_zone = $2 where id = $1', [z.id, z.time_zone]);
  });

  const lastSlot = () => inBookingWeek(3, '15:00');

  async function connectAs(actor: 'parent' | 'otherParent') {
    const c = await adminDb();
    await c.query('begin');
    await c.query('set local role authenticated');
    await c.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ sub: world.users[actor], role: 'authenticated', aud: 'authenticated' }),
    ]);
    return c;
  }

  async function cleanUp() {
    await db.query('delete from public.coaching_sessions where coach_id = $1 and starts_at = $2', [
      world.rows.coaches.activeCoach,
      lastSlot(),
    ]);
  }

  it('gives one booking and one "That time was just taken"', async () => {
    const first = await connectAs('parent');
    const second = await connectAs('otherParent');
    try {
      await first.query('select public.book_family_session($1, $2)', [
        world.rows.children.ourChild,
        lastSlot(),
      ]);
      // the second waits for the first to finish, then finds the slot taken
      const racing = second
        .query('select public.book_family_session($1, $2)', [world.rows.children.theirChild, lastSlot()])
        .then(
          () => 'booked',
          (e: { code: string; message: string }) => `${e.code} ${e.message}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await first.query('commit');
      expect(await racing).toBe('23P01 That time was just taken');
      await second.query('rollback');
      const { rows } = await db.query(
        'select child_id from public.coaching_sessions where coach_id = $1 and starts_at = $2',
        [world.rows.coaches.activeCoach, lastSlot()],
      );
      expect(rows).toEqual([{ child_id: world.rows.children.ourChild }]);
    } finally {
      await first.end();
      await second.end();
      await cleanUp();
    }
  });

  it('maps the exclusion constraint, the last word, to the same message', async () => {
    // A writer that does not take the booking lock (an admin's screen) books the slot; the parent's
    // check runs before that commits, so only the constraint stops the second booking.
    const admin = await adminDb();
    const parentConnection = await connectAs('otherParent');
    try {
      await admin.query('begin');
      await admin.query(
        `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at) values ($1, $2, $3, $4)`,
        [world.rows.children.ourChild, world.rows.coaches.activeCoach, world.users.parent, lastSlot()],
      );
      const racing = parentConnection
        .query('select public.book_family_session($1, $2)', [world.rows.children.theirChild, lastSlot()])
        .then(
          () => 'booked',
          (e: { code: string; message: string }) => `${e.code} ${e.message}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await admin.query('commit');
      expect(await racing).toBe('23P01 That time was just taken');
      await parentConnection.query('rollback');
    } finally {
      await admin.end();
      await parentConnection.end();
      await cleanUp();
    }
  });
});

/** 'denied', 'refused', 'ok', a row count, the rows seen, or an error's code and message. */
type Outcome = string | number | string[];
/** 'denied': no privilege on the table; 'refused': a policy refused the row; else the error itself. */
const denied = (e: { code: string; message: string }) =>
  /^permission denied/.test(e.message)
    ? 'denied'
    : /row-level security/.test(e.message)
      ? 'refused'
      : `${e.code} ${e.message}`;
const each = <T extends Outcome>(value: T, except: Partial<Record<Actor, Outcome>> = {}) =>
  Object.fromEntries(ACTORS.map((a) => [a, a in except ? except[a] : value])) as Record<Actor, Outcome>;

async function outcome(actor: Actor, work: (c: pg.Client) => Promise<Outcome>): Promise<Outcome> {
  const result = await runAs(actor, work);
  return result.ok ? result.value : denied(result.error);
}

describe('the role matrix (caller x table x action)', () => {
  const labelled = (ids: string[], labels: Record<string, string>) =>
    ids.map((id) => Object.entries(labels).find(([, v]) => v === id)?.[0] ?? 'unexpected').sort();

  it.each([
    ['availability_schedules', () => ({ our: ourSchedule, other: otherSchedule })],
    ['availability_hours', () => ({ our: ourHours, other: otherHours })],
    ['availability_overrides', () => ({ our: ourOverride, other: otherOverride })],
  ])('%s: hosts read their own, admins every one, families nothing', async (table, fixtures) => {
    const labels = fixtures();
    const seen: Record<string, Outcome> = {};
    for (const actor of ACTORS) {
      seen[actor] = await outcome(actor, async (c) =>
        labelled(
          (
            await c.query<{ id: string }>(`select id from public.${table} where id = any($1)`, [
              Object.values(labels),
            ])
          ).rows.map((r) => r.id),
          labels,
        ),
      );
    }
    expect(seen).toEqual(each([], { anon: 'denied', coach: ['our'], admin: ['other', 'our'] }));
  });

  it("availability_hours and availability_overrides: hosts add, change and remove their own, admins anyone's", async () => {
    const insertInto = (schedule: () => string) => async (c: pg.Client) => {
      await c.query(
        `insert into public.availability_hours (schedule_id, weekday, start_time, end_time) values ($1, 3, '21:00', '22:00')`,
        [schedule()],
      );
      await c.query(
        `insert into public.availability_overrides (schedule_id, on_date) values ($1, '2031-05-05')`,
        [schedule()],
      );
      return 'ok' as const;
    };
    const change = (id: () => string, table: string) => async (c: pg.Client) =>
      (await c.query(`update public.${table} set end_time = end_time where id = $1`, [id()])).rowCount ?? 0;
    const remove = (id: () => string, table: string) => async (c: pg.Client) =>
      (await c.query(`delete from public.${table} where id = $1`, [id()])).rowCount ?? 0;

    const matrix: Record<string, Record<string, Outcome>> = {};
    const run = async (name: string, work: (c: pg.Client) => Promise<Outcome>) => {
      matrix[name] = {};
      for (const actor of ACTORS) matrix[name][actor] = await outcome(actor, work);
    };
    await run(
      'insert own',
      insertInto(() => ourSchedule),
    );
    await run(
      'insert other',
      insertInto(() => otherSchedule),
    );
    await run(
      'update own hours',
      change(() => ourHours, 'availability_hours'),
    );
    await run(
      'update other hours',
      change(() => otherHours, 'availability_hours'),
    );
    await run(
      'update own override',
      change(() => ourOverride, 'availability_overrides'),
    );
    await run(
      'delete own hours',
      remove(() => ourHours, 'availability_hours'),
    );
    await run(
      'delete other override',
      remove(() => otherOverride, 'availability_overrides'),
    );

    expect(matrix).toEqual({
      'insert own': each('refused', { anon: 'denied', coach: 'ok', admin: 'ok' }),
      'insert other': each('refused', { anon: 'denied', admin: 'ok' }),
      'update own hours': each(0, { anon: 'denied', coach: 1, admin: 1 }),
      'update other hours': each(0, { anon: 'denied', admin: 1 }),
      'update own override': each(0, { anon: 'denied', coach: 1, admin: 1 }),
      'delete own hours': each(0, { anon: 'denied', coach: 1, admin: 1 }),
      'delete other override': each(0, { anon: 'denied', admin: 1 }),
    });
  });

  it("availability_schedules: a coach creates and edits their own, not who takes intro calls; admins anyone's", async () => {
    const matrix: Record<string, Record<string, Outcome>> = {};
    const run = async (name: string, work: (c: pg.Client) => Promise<Outcome>) => {
      matrix[name] = {};
      for (const actor of ACTORS) matrix[name][actor] = await outcome(actor, work);
    };
    await run('create for a new coach', async (c) => {
      await c.query(
        `insert into public.availability_schedules (coach_id, time_zone) values ($1, 'Europe/Paris')`,
        [world.rows.coaches.inactiveCoach],
      );
      return 'ok';
    });
    await run(
      'change own zone',
      async (c) =>
        (
          await c.query(`update public.availability_schedules set time_zone = 'Asia/Tokyo' where id = $1`, [
            ourSchedule,
          ])
        ).rowCount ?? 0,
    );
    await run(
      'change other zone',
      async (c) =>
        (
          await c.query(`update public.availability_schedules set time_zone = 'Asia/Tokyo' where id = $1`, [
            otherSchedule,
          ])
        ).rowCount ?? 0,
    );
    await run(
      'take intro calls',
      async (c) =>
        (
          await c.query('update public.availability_schedules set takes_intro_calls = true where id = $1', [
            ourSchedule,
          ])
        ).rowCount ?? 0,
    );
    await run(
      'delete own',
      async (c) =>
        (await c.query('delete from public.availability_schedules where id = $1', [ourSchedule])).rowCount ??
        0,
    );
    expect(matrix).toEqual({
      'create for a new coach': each('refused', { anon: 'denied', admin: 'ok' }),
      'change own zone': each(0, { anon: 'denied', coach: 1, admin: 1 }),
      'change other zone': each(0, { anon: 'denied', admin: 1 }),
      'take intro calls': each(0, {
        anon: 'denied',
        coach: '42501 Only an admin decides who takes intro calls',
        admin: 1,
      }),
      'delete own': each(0, { anon: 'denied', admin: 1 }),
    });
  });

  it('availability_schedules: an admin keeps hours for a team member who is not a coach, never for a parent or a coach account', async () => {
    const create = (userId: string, takesIntroCalls = false) =>
      outcome('admin', async (c) => {
        await c.query(
          `insert into public.availability_schedules (user_id, time_zone, takes_intro_calls) values ($1, 'Europe/Paris', $2)`,
          [userId, takesIntroCalls],
        );
        return 'ok';
      });
    // the world's admin is staff without a coach listing
    expect(await create(world.users.admin, true)).toBe('ok');
    expect(await create(world.users.parent)).toBe('22023 Only coaches and team members keep a schedule');
    expect(await create(world.users.coach)).toBe('22023 A coach keeps their hours on their coach schedule');
    // a coach cannot create one for a team member
    const byCoach = await outcome('coach', async (c) => {
      await c.query(`insert into public.availability_schedules (user_id, time_zone) values ($1, 'UTC')`, [
        world.users.admin,
      ]);
      return 'ok';
    });
    expect(byCoach).toBe('refused');
  });

  it('meeting_rules: staff read them, admins change them, nobody adds or removes one', async () => {
    const matrix: Record<string, Record<string, Outcome>> = {};
    const run = async (name: string, work: (c: pg.Client) => Promise<Outcome>) => {
      matrix[name] = {};
      for (const actor of ACTORS) matrix[name][actor] = await outcome(actor, work);
    };
    await run('select', async (c) =>
      (await c.query<{ kind: string }>('select kind from public.meeting_rules order by kind')).rows.map(
        (r) => r.kind,
      ),
    );
    await run(
      'update',
      async (c) =>
        (await c.query(`update public.meeting_rules set buffer_minutes = 15 where kind = 'intro_call'`))
          .rowCount ?? 0,
    );
    await run('insert', async (c) => {
      await c.query(
        `insert into public.meeting_rules (kind, length_minutes, minimum_notice_minutes, booking_window_days, slot_step_minutes)
         values ('intro_call', 20, 60, 10, 20)`,
      );
      return 'ok';
    });
    await run('delete', async (c) => (await c.query('delete from public.meeting_rules')).rowCount ?? 0);
    const both = ['coaching_session', 'intro_call'];
    expect(matrix).toEqual({
      select: each([], { anon: 'denied', coach: both, admin: both }),
      update: each(0, { anon: 'denied', admin: 1 }),
      insert: each('denied'),
      delete: each('denied'),
    });
  });

  it('staff with an authenticator app change hours and rules only after entering its code', async () => {
    const change = (aal: 'aal1' | 'aal2', userId: string, sql: string, params: unknown[]) =>
      asTwoFactorSession(
        db,
        userId,
        { aal, factor: true },
        async (d) => (await d.query(sql, params)).rowCount,
      );
    const hours = 'update public.availability_hours set end_time = end_time where id = $1';
    expect(await change('aal1', world.users.coach, hours, [ourHours])).toBe(0);
    expect(await change('aal2', world.users.coach, hours, [ourHours])).toBe(1);
    const rules = `update public.meeting_rules set buffer_minutes = 5 where kind = 'intro_call'`;
    expect(await change('aal1', world.users.admin, rules, [])).toBe(0);
    expect(await change('aal2', world.users.admin, rules, [])).toBe(1);
  });

  it('records who changed the meeting rules in the audit trail', async () => {
    const result = await asActor(db, 'admin', world.users.admin, async (c) => {
      await c.query(`update public.meeting_rules set minimum_notice_minutes = 180 where kind = 'intro_call'`);
      return (
        await c.query<{ actor_user_id: string; metadata: unknown }>(
          `select actor_user_id, metadata from public.audit_logs
            where action = 'MEETING_RULES_UPDATED' and entity_id = 'intro_call'`,
        )
      ).rows;
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).toHaveLength(1);
      expect(result.value[0].actor_user_id).toBe(world.users.admin);
      expect(JSON.stringify(result.value[0].metadata)).toContain('minimum_notice_minutes');
    }
  });

  it('intro_calls: hosts read and settle theirs, admins every one; nobody inserts through the API', async () => {
    const labels = () => ({ coachCall, adminCall });
    const matrix: Record<string, Record<string, Outcome>> = {};
    const run = async (name: string, work: (c: pg.Client) => Promise<Outcome>) => {
      matrix[name] = {};
      for (const actor of ACTORS) matrix[name][actor] = await outcome(actor, work);
    };
    await run('select', async (c) =>
      labelled(
        (
          await c.query<{ id: string }>('select id from public.intro_calls where id = any($1)', [
            [coachCall, adminCall],
          ])
        ).rows.map((r) => r.id),
        labels(),
      ),
    );
    await run(
      'update coach call',
      async (c) =>
        (await c.query(`update public.intro_calls set status = 'completed' where id = $1`, [coachCall]))
          .rowCount ?? 0,
    );
    await run('insert', async (c) => {
      await c.query(`insert into public.intro_calls (lead_id, host_id, starts_at) values ($1, $2, now())`, [
        lead,
        world.users.coach,
      ]);
      return 'ok';
    });
    await run(
      'delete',
      async (c) => (await c.query('delete from public.intro_calls where id = $1', [coachCall])).rowCount ?? 0,
    );
    expect(matrix).toEqual({
      select: each([], { anon: 'denied', coach: ['coachCall'], admin: ['adminCall', 'coachCall'] }),
      'update coach call': each(0, { anon: 'denied', coach: 1, admin: 1 }),
      insert: each('denied'),
      delete: each('denied'),
    });
  });
});

describe('the intro call times anyone may ask for', () => {
  it('answers a signed-out visitor with times only, and refuses a range too long', async () => {
    const visitor = await asActor(db, 'anon', undefined, (c) =>
      c.query("select * from public.get_intro_call_slots(now(), now() + interval '7 days')"),
    );
    expect(visitor.ok).toBe(true);
    if (visitor.ok) expect(visitor.value.fields.map((f) => f.name)).toEqual(['starts_at', 'ends_at']);
    const tooLong = await asActor(db, 'anon', undefined, (c) =>
      c.query("select * from public.get_intro_call_slots(now(), now() + interval '90 days')"),
    );
    expect(tooLong.ok || tooLong.error.message).toBe('Ask for at most 62 days of open times at once');
  });
});

describe('a family without a plan (decision 221)', () => {
  const asParent = <T>(work: (c: pg.Client) => Promise<T>) => asActor(db, 'parent', world.users.parent, work);
  const refusal = (e: { code: string; message: string; hint?: string }) =>
    `${e.code} ${e.message} / ${e.hint}`;

  it("sees its coach's times, but books nothing, one time or every week, and is told to choose a plan", async () => {
    const result = await asParent(async (c) => {
      const open = (
        await c.query<{ starts_at: Date }>('select starts_at from public.get_coach_open_slots($1, $2, $3)', [
          world.rows.coaches.activeCoach,
          inBookingWeek(1, '00:00'),
          inBookingWeek(2, '00:00'),
        ])
      ).rows.map((r) => iso(r.starts_at));
      await c.query('savepoint one');
      const once = await c
        .query('select public.book_family_session($1, $2)', [
          world.rows.children.ourChild,
          inBookingWeek(1, '15:00'),
        ])
        .then(() => 'booked', refusal);
      await c.query('rollback to savepoint one');
      const weekly = await c
        .query('select public.book_family_series($1, $2)', [
          world.rows.children.ourChild,
          inBookingWeek(1, '15:00'),
        ])
        .then(() => 'booked', refusal);
      await c.query('rollback to savepoint one');
      const week = (
        await c.query('select sessions_per_week, reason from public.get_family_week_allowance($1)', [
          inBookingWeek(1, '15:00'),
        ])
      ).rows[0];
      return { offered: open.includes(inBookingWeek(1, '15:00')), once, weekly, week };
    });
    const noPlan =
      '23514 No new sessions can be booked: your family has no plan yet / Choose a plan on the billing page, then book.';
    expect(result).toEqual({
      ok: true,
      value: {
        offered: true,
        once: noPlan,
        weekly: noPlan,
        week: { sessions_per_week: 0, reason: 'the family has no plan yet' },
      },
    });
  });

  it('the team can still book a session for the family, and the family cannot move it', async () => {
    const result = await asParent(async (c) => {
      // booked by an admin
      const claims = (await c.query<{ c: string }>(`select current_setting('request.jwt.claims') as c`))
        .rows[0].c;
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: world.users.admin, role: 'authenticated' }),
      ]);
      await c.query('reset role');
      const id = (
        await c.query<{ id: string }>(
          `insert into public.coaching_sessions (child_id, coach_id, parent_id, starts_at)
           values ($1, $2, $3, $4) returning id`,
          [
            world.rows.children.ourChild,
            world.rows.coaches.activeCoach,
            world.users.parent,
            inBookingWeek(1, '15:00'),
          ],
        )
      ).rows[0].id;
      await c.query('set local role authenticated');
      await c.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
      return c
        .query('select public.move_family_session($1, $2)', [id, inBookingWeek(8, '15:00')])
        .then(() => 'moved', refusal);
    });
    expect(result).toEqual({
      ok: true,
      value:
        '23514 No new sessions can be booked: your family has no plan yet / Choose a plan on the billing page, then book.',
    });
  });
});

describe("a child's day and priority scheduling (decision 223)", () => {
  type Plan = 'steady-growth' | 'focused-progress';
  /** As the parent, in `zone`, on `plan` (both inside the rolled-back transaction). */
  const asFamily = <T>(zone: string, plan: Plan, work: (c: pg.Client) => Promise<T>) =>
    asActor(db, 'parent', world.users.parent, work, async (c) => {
      await c.query('update public.profiles set time_zone = $2 where id = $1', [world.users.parent, zone]);
      await c.query(
        `insert into public.subscriptions (id, parent_id, stripe_customer_id, plan, stripe_price_id, status,
           current_period_start, current_period_end, stripe_created, last_event_at)
         values ('sub_day' || substr(md5(random()::text), 1, 10), $1, 'cus_day', $2, 'price_day', 'active',
           now(), now() + interval '30 days', now(), now())`,
        [world.users.parent, plan],
      );
    });
  const openOn = async (c: pg.Client, day: number) =>
    (
      await c.query<{ starts_at: Date }>('select starts_at from public.get_coach_open_slots($1, $2, $3)', [
        world.rows.coaches.activeCoach,
        inBookingWeek(day, '00:00'),
        inBookingWeek(day + 1, '00:00'),
      ])
    ).rows.map((r) => iso(r.starts_at));
  const book = (c: pg.Client, at: string) =>
    c.query('select public.book_family_session($1, $2)', [world.rows.children.ourChild, at]).then(
      () => 'booked',
      (e: { message: string }) => e.message,
    );

  it("offers a family in Tokyo only the coach's times from 7:00 to 8:30 PM there, and refuses the others", async () => {
    // the coach's hours are 8:00-20:00 UTC: 17:00-5:00 in Tokyo
    const result = await asFamily('Asia/Tokyo', 'focused-progress', async (c) => {
      const open = await openOn(c, 1);
      await c.query('savepoint s');
      const late = await book(c, inBookingWeek(1, '12:00'));
      await c.query('rollback to savepoint s');
      const evening = await book(c, inBookingWeek(1, '11:00'));
      return { first: open[0], last: open[open.length - 1], count: open.length, late, evening };
    });
    expect(result).toEqual({
      ok: true,
      value: {
        first: inBookingWeek(1, '08:00'),
        last: inBookingWeek(1, '11:00'), // 20:00-20:30 in Tokyo
        count: 7,
        late: "That time is outside a child's day in your time zone",
        evening: 'booked',
      },
    });
  });

  it('offers a late time on a date the coach opened on purpose', async () => {
    const result = await asFamily('Asia/Tokyo', 'focused-progress', async (c) => {
      await c.query('reset role');
      await c.query(
        `insert into public.availability_overrides (schedule_id, on_date, start_time, end_time) values ($1, $2, '13:00', '14:00')`,
        [ourSchedule, inBookingWeek(2, '00:00').slice(0, 10)],
      );
      await c.query('set local role authenticated');
      const open = await openOn(c, 2);
      return { open, booked: await book(c, inBookingWeek(2, '13:00')) };
    });
    expect(result).toEqual({
      ok: true,
      value: { open: [inBookingWeek(2, '13:00'), inBookingWeek(2, '13:30')], booked: 'booked' },
    });
  });

  it('holds after-school times more than a week ahead for Focused Progress and Intensive Momentum', async () => {
    const as = (plan: Plan) =>
      asFamily('UTC', plan, async (c) => {
        const open = await openOn(c, 1);
        await c.query('savepoint s');
        const afterSchool = await book(c, inBookingWeek(1, '15:00'));
        await c.query('rollback to savepoint s');
        return {
          afterSchool,
          offered: ['14:30', '15:00', '17:30', '18:00'].map((t) => open.includes(inBookingWeek(1, t))),
          morning: await book(c, inBookingWeek(1, '10:00')),
        };
      });
    expect(await as('steady-growth')).toEqual({
      ok: true,
      value: {
        afterSchool:
          'After-school times more than a week ahead are held for families with priority scheduling',
        offered: [true, false, false, true],
        morning: 'booked',
      },
    });
    expect(await as('focused-progress')).toEqual({
      ok: true,
      value: { afterSchool: 'booked', offered: [true, true, true, true], morning: 'booked' },
    });
  });

  it('leaves the coach and the team every open time', async () => {
    const coach = await asActor(db, 'coach', world.users.coach, (c) => openOn(c, 1));
    expect(coach.ok && coach.value.length).toBe(24); // 8:00 to 19:30, every half hour
  });
});
