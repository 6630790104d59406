import { describe, expect, it } from 'vitest';
import { bookingErrorMessage } from '../lib/booking-errors';
import {
  formatDateTime,
  formatTime,
  localDateTime,
  mondayOf,
  weekOf,
  zoneDescription,
  zonedToUtc,
} from '../lib/time';

describe('session times', () => {
  it('turns a wall-clock time in a zone into the right instant on both sides of a clock change', () => {
    expect(zonedToUtc('2027-03-09', '16:30', 'America/New_York').toISOString()).toBe(
      '2027-03-09T21:30:00.000Z',
    );
    expect(zonedToUtc('2027-03-16', '16:30', 'America/New_York').toISOString()).toBe(
      '2027-03-16T20:30:00.000Z',
    );
    expect(zonedToUtc('2027-07-01', '09:00', 'Europe/London').toISOString()).toBe('2027-07-01T08:00:00.000Z');
    expect(zonedToUtc('2027-07-01', '09:00', 'Asia/Kolkata').toISOString()).toBe('2027-07-01T03:30:00.000Z');
  });

  it('shows an instant in the viewer zone with the zone named once', () => {
    const at = new Date('2027-03-02T21:30:00Z');
    expect(formatTime(at, 'America/New_York')).toBe('4:30 pm EST');
    expect(formatDateTime(at, 'America/Los_Angeles')).toBe('Tue, Mar 2, 1:30 pm PST');
    expect(formatTime(at, 'UTC')).toBe('9:30 pm UTC');
    expect(formatTime(at, 'Etc/UTC')).toBe('9:30 pm UTC');
    expect(formatTime(at, 'Europe/Berlin')).toBe('10:30 pm Berlin time (GMT+1)');
    expect(formatTime(at, 'America/Sao_Paulo')).toBe('6:30 pm Sao Paulo time (GMT-3)');
    expect(zoneDescription(at, 'America/New_York')).toBe('EST (New York)');
    expect(zoneDescription(at, 'UTC')).toBe('UTC');
    expect(zoneDescription(at, 'Asia/Kolkata')).toBe('Kolkata time (GMT+5:30)');
    expect(localDateTime(at, 'Asia/Tokyo')).toEqual({ date: '2027-03-03', time: '06:30' });
  });

  it('finds the week of a date, Monday first, bounded in the viewer zone', () => {
    expect(mondayOf('2027-03-04')).toBe('2027-03-01');
    expect(mondayOf('2027-03-07')).toBe('2027-03-01');
    const week = weekOf('2027-03-08', 'America/New_York');
    expect(week.days[6]).toBe('2027-03-14');
    expect(week.from.toISOString()).toBe('2027-03-08T05:00:00.000Z');
    // the week ends after the clocks went forward
    expect(week.to.toISOString()).toBe('2027-03-15T04:00:00.000Z');
  });
});

describe('booking errors', () => {
  it('words the database refusals plainly', () => {
    expect(
      bookingErrorMessage({
        code: '23P01',
        message: 'conflicting key value violates exclusion constraint "coaching_sessions_coach_no_overlap"',
      }),
    ).toBe('The coach already has a session at that time. Choose another time.');
    expect(bookingErrorMessage({ code: '23P01', message: 'x "coaching_sessions_child_no_overlap"' })).toMatch(
      /^The child already has a session/,
    );
    expect(
      bookingErrorMessage({ code: '23P01', message: 'The coach is already booked on Tuesday April 6' }),
    ).toBe('The coach is already booked on Tuesday April 6');
    expect(bookingErrorMessage({ code: 'XX000' })).toBe('The session could not be saved. Please try again.');
  });
});
