import { describe, expect, it } from 'vitest';
import { formatSlot, formatTime, groupByDay, pageOf, pageRange, tokenFromHash, zoneName } from '../lib/slots';

const TOKEN = 'ab'.repeat(32);

describe('the link token in the fragment', () => {
  it('is read from #token=…, and only a 64-hex token counts', () => {
    expect(tokenFromHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(`token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=abc')).toBeNull();
    expect(tokenFromHash(`#token=${TOKEN.toUpperCase()}`)).toBeNull();
    expect(tokenFromHash(`#other=${TOKEN}`)).toBeNull();
  });
});

describe('open times in the parent’s zone', () => {
  // 23:30 UTC on 1 March 2027 is still March 1 in New York, already March 2 in Tokyo
  const late = Date.parse('2027-03-01T23:30:00Z');
  const next = Date.parse('2027-03-02T15:00:00Z');

  it('groups by the local date of the zone, days and times in order', () => {
    expect(groupByDay([next, late], 'America/New_York')).toEqual([
      { day: '2027-03-01', label: 'Monday, March 1', slots: [late] },
      { day: '2027-03-02', label: 'Tuesday, March 2', slots: [next] },
    ]);
    expect(groupByDay([next, late], 'Asia/Tokyo')).toEqual([
      { day: '2027-03-02', label: 'Tuesday, March 2', slots: [late] },
      { day: '2027-03-03', label: 'Wednesday, March 3', slots: [next] },
    ]);
  });

  it('names a time in full in the zone, and the zone readably', () => {
    expect(formatSlot(late, 'America/New_York')).toBe('Monday, March 1, 2027 at 6:30 PM');
    expect(formatSlot(late, 'Europe/London')).toBe('Monday, March 1, 2027 at 11:30 PM');
    expect(zoneName('America/New_York')).toBe('America/New York');
  });

  it('pages a week at a time from the moment the picker opened', () => {
    const opened = Date.parse('2027-03-01T10:00:00Z');
    expect(pageRange(opened, 0)).toEqual({ from: opened, to: opened + 7 * 86_400_000 });
    expect(pageRange(opened, 2).from).toBe(opened + 14 * 86_400_000);
  });

  it('finds the page of a time, within the pages there are', () => {
    const opened = Date.parse('2027-03-01T10:00:00Z');
    expect(pageOf(opened, opened, 6)).toBe(0);
    expect(pageOf(opened, opened + 7 * 86_400_000 - 1, 6)).toBe(0);
    expect(pageOf(opened, opened + 7 * 86_400_000, 6)).toBe(1);
    expect(pageOf(opened, opened + 60 * 86_400_000, 6)).toBe(5);
    expect(pageOf(opened, opened - 1, 6)).toBe(0);
  });

  it('says every time with AM or PM', () => {
    expect(formatTime(late, 'America/New_York')).toBe('6:30 PM');
    expect(formatTime(next, 'America/New_York')).toBe('10:00 AM');
  });
});
