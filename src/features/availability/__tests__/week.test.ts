import { describe, expect, it } from 'vitest';
import {
  describeHoursError,
  nextSpan,
  overrideDateError,
  overridesByDate,
  rowsFromWeek,
  spanErrors,
  weekErrors,
  weekFromRows,
} from '../lib/week';
import { groupSlotsByDay } from '../lib/slots';

describe('weekly hours', () => {
  it('groups the stored rows by weekday, in order, and a midnight end as 00:00', () => {
    const week = weekFromRows([
      { weekday: 1, start_time: '13:00:00', end_time: '16:00:00' },
      { weekday: 1, start_time: '09:00:00', end_time: '12:00:00' },
      { weekday: 6, start_time: '20:00:00', end_time: '24:00:00' },
    ]);
    expect(week[1]).toEqual({
      on: true,
      spans: [
        { start: '09:00', end: '12:00' },
        { start: '13:00', end: '16:00' },
      ],
    });
    expect(week[6].spans).toEqual([{ start: '20:00', end: '00:00' }]);
    expect(week[2]).toEqual({ on: false, spans: [] });
  });

  it('saves only the days switched on, a midnight end as 24:00', () => {
    const week = weekFromRows([
      { weekday: 2, start_time: '09:00:00', end_time: '10:00:00' },
      { weekday: 3, start_time: '22:00:00', end_time: '24:00:00' },
    ]);
    week[2].on = false;
    expect(rowsFromWeek(week)).toEqual([
      { weekday: 3, start: '22:00', end: '24:00', meeting: 'coaching_session' },
    ]);
  });

  it("keeps what each of a coach's spans is for: intro-call hours stay intro-call hours", () => {
    const week = weekFromRows([
      { weekday: 2, start_time: '12:00:00', end_time: '13:00:00', meeting: 'intro_call' },
      { weekday: 2, start_time: '15:00:00', end_time: '19:00:00', meeting: 'coaching_session' },
    ]);
    expect(week[2].spans).toEqual([
      { start: '12:00', end: '13:00', meeting: 'intro_call' },
      { start: '15:00', end: '19:00' },
    ]);
    expect(rowsFromWeek(week)).toEqual([
      { weekday: 2, start: '12:00', end: '13:00', meeting: 'intro_call' },
      { weekday: 2, start: '15:00', end: '19:00', meeting: 'coaching_session' },
    ]);
  });

  it('finds an end before its start, a too-short span and overlapping spans', () => {
    expect(spanErrors([{ start: '10:00', end: '09:00' }])).toEqual({ 0: 'The end is before the start.' });
    expect(spanErrors([{ start: '10:00', end: '10:05' }])).toEqual({
      0: 'A span lasts at least 10 minutes.',
    });
    expect(
      spanErrors([
        { start: '13:00', end: '15:00' },
        { start: '09:00', end: '13:30' },
      ]),
    ).toEqual({ 0: 'This span overlaps another one on the same day.' });
    expect(
      spanErrors([
        { start: '09:00', end: '12:00' },
        { start: '12:00', end: '00:00' },
      ]),
    ).toEqual({});
    expect(spanErrors([{ start: '', end: '10:00' }])).toEqual({ 0: 'Enter a start and an end time.' });
  });

  it('checks only the days switched on', () => {
    const week = weekFromRows([]);
    week[4] = { on: false, spans: [{ start: '10:00', end: '09:00' }] };
    week[5] = { on: true, spans: [{ start: '10:00', end: '09:00' }] };
    expect(weekErrors(week)).toEqual({ 5: { 0: 'The end is before the start.' } });
  });

  it('offers the next span an hour after the last one', () => {
    expect(nextSpan([])).toEqual({ start: '09:00', end: '17:00' });
    expect(nextSpan([{ start: '09:00', end: '12:00' }])).toEqual({ start: '13:00', end: '14:00' });
    expect(nextSpan([{ start: '20:00', end: '23:30' }])).toEqual({ start: '23:00', end: '00:00' });
  });
});

describe('date overrides', () => {
  it('groups rows by date: a day off, or its spans in order', () => {
    expect(
      overridesByDate([
        { id: 'b', on_date: '2026-12-03', start_time: '14:00:00', end_time: '15:00:00' },
        { id: 'a', on_date: '2026-12-01', start_time: null, end_time: null },
        { id: 'c', on_date: '2026-12-03', start_time: '09:00:00', end_time: '10:00:00' },
      ]),
    ).toEqual([
      { date: '2026-12-01', dayOff: true, spans: [] },
      {
        date: '2026-12-03',
        dayOff: false,
        spans: [
          { start: '09:00', end: '10:00' },
          { start: '14:00', end: '15:00' },
        ],
      },
    ]);
  });

  it('refuses a date that has passed with that reason, not an overlap; today and later are fine', () => {
    expect(overrideDateError('2026-11-28', '2026-11-29')).toBe(
      'That date has passed: choose today or a later date.',
    );
    expect(overrideDateError('2025-12-31', '2026-01-01')).toBe(
      'That date has passed: choose today or a later date.',
    );
    expect(overrideDateError('2026-11-29', '2026-11-29')).toBeNull();
    expect(overrideDateError('2026-12-01', '2026-11-29')).toBeNull();
    expect(overrideDateError('', '2026-11-29')).toBe('Choose a date.');
  });
});

describe('database errors in words', () => {
  it('names an overlap, an end before start and a missing right', () => {
    expect(
      describeHoursError({ code: '23P01', message: 'conflicting key value violates exclusion constraint' }),
    ).toMatch(/overlap/);
    expect(
      describeHoursError({
        code: '23514',
        message: 'violates check constraint "availability_hours_end_after_start"',
      }),
    ).toBe('An end time is before its start.');
    expect(
      describeHoursError({ code: '42501', message: 'new row violates row-level security policy' }),
    ).toMatch(/may not change/);
  });

  it("says a date has passed, even where that date's override would also overlap", () => {
    expect(
      describeHoursError({ code: '22023', message: 'That date has passed: choose today or a later date' }),
    ).toBe('That date has passed: choose today or a later date.');
  });
});

describe('open slots preview', () => {
  it('groups UTC instants by the viewer’s local date, across midnight', () => {
    const days = groupSlotsByDay(
      [
        { startsAt: '2026-12-01T04:30:00Z', endsAt: '2026-12-01T05:00:00Z' },
        { startsAt: '2026-12-01T03:00:00Z', endsAt: '2026-12-01T03:30:00Z' },
        { startsAt: '2026-12-01T15:00:00Z', endsAt: '2026-12-01T15:30:00Z' },
      ],
      'America/New_York',
    );
    expect(days).toEqual([
      { date: '2026-11-30', label: 'Monday, November 30', times: ['10:00 PM', '11:30 PM'] },
      { date: '2026-12-01', label: 'Tuesday, December 1', times: ['10:00 AM'] },
    ]);
  });
});
