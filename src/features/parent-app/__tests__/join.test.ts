import { describe, expect, it } from 'vitest';
import { joinState, untilLabel } from '../lib/join';

const minute = 60_000;
const start = Date.parse('2027-03-02T21:30:00Z');
// the database's opening hours for a 30-minute session: 10 minutes before, 15 after the end
const opensAt = start - 10 * minute;
const closesAt = start + 45 * minute;

describe('joinState', () => {
  it('is early until the room opens, open while it is, closed after', () => {
    expect(joinState(opensAt - 1, opensAt, closesAt)).toBe('early');
    expect(joinState(opensAt, opensAt, closesAt)).toBe('open');
    expect(joinState(start + 30 * minute, opensAt, closesAt)).toBe('open');
    expect(joinState(closesAt, opensAt, closesAt)).toBe('closed');
  });
});

describe('untilLabel', () => {
  it('says how long until the room opens in minutes, hours or days', () => {
    expect(untilLabel(opensAt - 30_000, opensAt)).toBe('in 1 minute');
    expect(untilLabel(opensAt - 12 * minute, opensAt)).toBe('in 12 minutes');
    expect(untilLabel(opensAt - 5 * 60 * minute, opensAt)).toBe('in 5 hours');
    expect(untilLabel(opensAt - 3 * 24 * 60 * minute, opensAt)).toBe('in 3 days');
  });
});
