import { describe, expect, it } from 'vitest';
import { firstSessionText, matchingText, namesList } from '../lib/journey';

describe("a family's next steps in words", () => {
  it('names the children waiting', () => {
    expect(namesList(['Zed'])).toBe('Zed');
    expect(namesList(['Zed', 'Ada'])).toBe('Zed and Ada');
    expect(namesList(['Zed', 'Ada', 'Lou'])).toBe('Zed, Ada and Lou');
  });
  it('says when the match comes, before and after the plan', () => {
    expect(matchingText(['Zed'], true)).toBe(
      "We're matching Zed with a coach, usually within 2 days; we'll email you.",
    );
    expect(matchingText(['Zed', 'Ada'], false)).toBe(
      'Once you choose a plan, we match Zed and Ada with a coach, usually within 2 days, and email you.',
    );
    expect(firstSessionText(['Zed'])).toBe(
      "Then you book Zed's first session at a time that suits you, shown in your time zone.",
    );
  });
});
