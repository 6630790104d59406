import { describe, expect, it } from 'vitest';
import { heldReads } from '@/test/held-reads';
import { readOnboarding } from '../api/get-onboarding';

describe('readOnboarding', () => {
  it('asks for the notice and the children in one round, and matches consents to the notice', async () => {
    const reads = heldReads({
      consent_notices: [{ id: 'n2', terms_version: '2', privacy_version: '2', summary: null }],
      children: [
        {
          id: 'c1',
          first_name: 'Mia',
          age: 8,
          focus_areas: [],
          hopes: null,
          coach_id: 'k1',
          coaches: { display_name: 'Jordan Ellis' },
          parental_consents: [{ notice_id: 'n1' }, { notice_id: 'n2' }],
          preferred_session_times: [{ weekday: 2, day_part: 'afternoon' }],
        },
      ],
    });
    const onboarding = readOnboarding(reads.client, 'parent-1');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reads.asked()).toEqual(['consent_notices', 'children']);
    reads.answerAll();
    const read = await onboarding;
    expect(reads.asked()).toHaveLength(2);
    expect(read.children[0]).toMatchObject({ firstName: 'Mia', consented: true, matched: true });
    expect(read.done).toBe(true);
  });
});
