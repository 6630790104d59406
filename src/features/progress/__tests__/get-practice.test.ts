import { describe, expect, it } from 'vitest';
import { heldReads } from '@/test/held-reads';
import { fetchPractice } from '../api/get-practice';

describe('fetchPractice', () => {
  it("reads the goals, the child and the days ticked in one round, then the family's zone", async () => {
    const reads = heldReads({
      practice_goals: [{ id: 'g1', title: 'Balloon breaths', created_at: '2026-11-01T12:00:00Z' }],
      children: { parent_id: 'parent-1' },
      profiles: { time_zone: 'Pacific/Kiritimati' },
      // Kiritimati (UTC+14) is already on the 28th at 16:00 UTC on the 27th: its seven days run
      // from the 22nd; the 21st was read (UTC's eighth day back) but is not among them.
      practice_days: [
        { goal_id: 'g1', practised_on: '2026-11-21' },
        { goal_id: 'g1', practised_on: '2026-11-28' },
        { goal_id: 'g1', practised_on: '2026-11-22' },
      ],
    });
    const practice = fetchPractice(
      // The fetcher reads with `from` alone: the held client stands in for supabase-js's.
      reads.client as unknown as Parameters<typeof fetchPractice>[0],
      'child-1',
      Date.parse('2026-11-27T16:00:00Z'),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.asked()).toEqual(['practice_goals', 'children', 'practice_days']);
    reads.answerAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.asked()).toEqual(['practice_goals', 'children', 'practice_days', 'profiles']);
    reads.answerAll();
    const read = await practice;
    expect(read.timeZone).toBe('Pacific/Kiritimati');
    expect(read.days[0]).toBe('2026-11-22');
    expect(read.days[6]).toBe('2026-11-28');
    expect(read.goals[0]!.done).toEqual(['2026-11-22', '2026-11-28']);
  });
});
