import { describe, expect, it } from 'vitest';
import { defaultLeadFilters, leadFiltersToSearch, parseLeadFilters } from '../lib/lead-filters';
import { timeAgo } from '../lib/time-ago';

describe('lead filters in the URL', () => {
  it('read back what they wrote', () => {
    const filters = {
      ...defaultLeadFilters,
      q: 'rivera',
      status: 'new' as const,
      source: 'quiz' as const,
      variant: '/coaching-v2',
      campaign: 'spring',
      from: '2026-11-01',
      to: '2026-11-07',
      overdue: true,
      sort: 'name' as const,
      dir: 'asc' as const,
      page: 3,
    };
    expect(parseLeadFilters(new URLSearchParams(leadFiltersToSearch(filters)))).toEqual(filters);
  });

  it('leave defaults out of links and ignore what they do not know', () => {
    expect(leadFiltersToSearch(defaultLeadFilters)).toBe('');
    expect(
      parseLeadFilters(
        new URLSearchParams(
          'status=bogus&source=x&variant=no-slash&from=2026-13-45&page=-2&sort=drop&dir=up',
        ),
      ),
    ).toEqual({ ...defaultLeadFilters });
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('says how long ago a lead came in', () => {
    expect(timeAgo('2026-11-23T11:59:40Z', now)).toBe('just now');
    expect(timeAgo('2026-11-23T11:15:00Z', now)).toBe('45 min ago');
    expect(timeAgo('2026-11-22T09:00:00Z', now)).toBe('27 h ago');
    expect(timeAgo('2026-11-20T12:00:00Z', now)).toBe('3 days ago');
  });
});
