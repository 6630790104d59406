import { describe, expect, it } from 'vitest';
import {
  allowanceText,
  groupSlotsByDay,
  hasNoPlan,
  mondayOf,
  startOfDay,
  weekIsClosed,
  weekRange,
} from '../lib/slots';

const at = (iso: string) => Date.parse(iso);

describe('groupSlotsByDay', () => {
  it('groups open times by their date in the given zone, in order', () => {
    // 01:00 UTC on Dec 4 is still Thursday Dec 3 in New York, already Friday in London
    const slots = [
      { startsAt: at('2026-12-04T01:00:00Z') },
      { startsAt: at('2026-12-03T21:30:00Z') },
      { startsAt: at('2026-12-04T15:00:00Z') },
    ];
    expect(groupSlotsByDay(slots, 'America/New_York').map((d) => [d.day, d.label, d.slots.length])).toEqual([
      ['2026-12-03', 'Thursday, December 3', 2],
      ['2026-12-04', 'Friday, December 4', 1],
    ]);
    expect(groupSlotsByDay(slots, 'Europe/London').map((d) => [d.day, d.slots.length])).toEqual([
      ['2026-12-03', 1],
      ['2026-12-04', 2],
    ]);
    expect(groupSlotsByDay(slots, 'America/New_York')[0]!.slots[0]!.startsAt).toBe(
      at('2026-12-03T21:30:00Z'),
    );
  });
});

describe('weeks in a zone', () => {
  it('finds the Monday of the week and its instants, across a daylight-saving change', () => {
    // Sunday Nov 1 2026: New York falls back; the week of Oct 26 is 169 hours long
    expect(mondayOf(at('2026-11-01T12:00:00Z'), 'America/New_York')).toBe('2026-10-26');
    expect(mondayOf(at('2026-11-02T04:30:00Z'), 'America/New_York')).toBe('2026-10-26'); // Sunday 11:30 pm
    expect(mondayOf(at('2026-11-02T05:30:00Z'), 'America/New_York')).toBe('2026-11-02');
    const week = weekRange('2026-10-26', 'America/New_York');
    expect(new Date(week.from).toISOString()).toBe('2026-10-26T04:00:00.000Z');
    expect(new Date(week.to).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    expect(new Date(startOfDay('2027-03-28', 'Europe/London')).toISOString()).toBe(
      '2027-03-28T00:00:00.000Z',
    );
    expect(new Date(startOfDay('2027-03-29', 'Europe/London')).toISOString()).toBe(
      '2027-03-28T23:00:00.000Z',
    );
  });
});

describe('allowanceText', () => {
  const week = { weekStart: '2026-11-30', reason: null };
  it('counts the week against the plan, and says when it is full', () => {
    expect(allowanceText({ ...week, sessionsPerWeek: 2, booked: 1 })).toBe(
      '1 of 2 sessions booked for the week of November 30.',
    );
    const full = { ...week, sessionsPerWeek: 2, booked: 2 };
    expect(allowanceText(full)).toMatch(
      /^2 of 2 sessions booked for the week of November 30\. This week is full/,
    );
    expect(weekIsClosed(full)).toBe(true);
    expect(allowanceText({ ...week, sessionsPerWeek: 1, booked: 0 })).toBe(
      '0 of 1 session booked for the week of November 30.',
    );
  });
  it('says a family without a plan has no limit', () => {
    const open = { ...week, sessionsPerWeek: null, booked: 1 };
    expect(allowanceText(open)).toBe(
      '1 session booked for the week of November 30. Your family has no weekly limit.',
    );
    expect(weekIsClosed(open)).toBe(false);
  });
  it('shows a family with no plan yet the times, and leads it to the plans first', () => {
    const none = { ...week, sessionsPerWeek: 0, booked: 0, reason: 'the family has no plan yet' };
    expect(hasNoPlan(none)).toBe(true);
    expect(weekIsClosed(none)).toBe(false);
    expect(allowanceText(none)).toBe(
      "Your family has no plan yet. These are your coach's open times: choose a plan, then book one.",
    );
    const paused = { ...none, reason: "the family's subscription is paused" };
    expect(hasNoPlan(paused)).toBe(false);
    expect(weekIsClosed(paused)).toBe(true);
  });
  it('gives the reason a paused or ended plan books nothing', () => {
    const paused = { ...week, sessionsPerWeek: 0, booked: 0, reason: "the family's subscription is paused" };
    expect(allowanceText(paused)).toBe(
      'No new sessions can be booked: your subscription is paused. See your plan on the billing page.',
    );
    expect(weekIsClosed(paused)).toBe(true);
  });
});
