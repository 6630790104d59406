import { describe, expect, it } from 'vitest';
import { getDeviceType } from '../lib/device-type';

describe('getDeviceType', () => {
  it.each([
    [320, 'mobile'],
    [767, 'mobile'],
    [768, 'tablet'],
    [1023, 'tablet'],
    [1024, 'desktop'],
    [1920, 'desktop'],
  ])('a %i px wide window is %s', (width, expected) => {
    expect(getDeviceType(width)).toBe(expected);
  });
});
