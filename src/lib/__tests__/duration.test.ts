import { describe, expect, it } from 'vitest';
import { formatDuration } from '../duration';

const MINUTE = 1 / 60;

describe('formatDuration', () => {
  it('says "under 1 minute" for a span shorter than a minute, not "0.0 h"', () => {
    expect(formatDuration(0)).toBe('under 1 minute');
    expect(formatDuration(20 / 3600)).toBe('under 1 minute');
  });

  it('counts minutes under an hour', () => {
    expect(formatDuration(MINUTE)).toBe('1 minute');
    expect(formatDuration(12 * MINUTE)).toBe('12 minutes');
    expect(formatDuration(59 * MINUTE)).toBe('59 minutes');
  });

  it('counts hours to one decimal under two days', () => {
    expect(formatDuration(59.7 * MINUTE)).toBe('1 hour');
    expect(formatDuration(3.44)).toBe('3.4 hours');
    expect(formatDuration(26)).toBe('26 hours');
    expect(formatDuration(47.9)).toBe('47.9 hours');
  });

  it('counts days from two days on', () => {
    expect(formatDuration(48)).toBe('2 days');
    expect(formatDuration(50.4)).toBe('2.1 days');
    expect(formatDuration(24 * 30)).toBe('30 days');
  });

  it('shows a dash, or the words given, when there is nothing to measure', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(null, 'no calls yet')).toBe('no calls yet');
  });
});
