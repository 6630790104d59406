import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TimeChoices, type TimeChoiceDay } from '../time-choices';

const days: TimeChoiceDay[] = [
  {
    key: '2026-11-30',
    label: 'Monday, November 30',
    times: [{ at: 1, label: '4:00 PM', name: 'Monday, November 30, 2026 at 4:00 PM' }],
  },
  {
    key: '2026-12-01',
    label: 'Tuesday, December 1',
    times: [
      { at: 2, label: '4:00 PM', name: 'Tuesday, December 1, 2026 at 4:00 PM' },
      { at: 3, label: '4:30 PM', name: 'Tuesday, December 1, 2026 at 4:30 PM' },
    ],
  },
];

/** Whether a day's times show on a phone (the others are hidden below the md width). */
const shownOnAPhone = (label: string) =>
  !screen.getByRole('group', { name: label }).className.split(' ').includes('hidden');

describe('open times on a phone: day-first', () => {
  it('shows the first day, and another day once it is chosen from the row of days', () => {
    render(<TimeChoices days={days} picked={null} onPick={vi.fn()} name="t" />);
    const row = screen.getByRole('group', { name: 'Days with open times' });
    expect(within(row).getByRole('button', { name: /^Mon, November 30/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(shownOnAPhone('Monday, November 30')).toBe(true);
    expect(shownOnAPhone('Tuesday, December 1')).toBe(false);

    fireEvent.click(within(row).getByRole('button', { name: /^Tue, December 1\W+2 open times/ }));
    expect(shownOnAPhone('Tuesday, December 1')).toBe(true);
    expect(shownOnAPhone('Monday, November 30')).toBe(false);
    // every time stays a radio of its own day, whichever day shows
    expect(screen.getAllByRole('radio', { hidden: true })).toHaveLength(3);
  });

  it("opens on the picked time's day, and has no row of days for one day", () => {
    const { unmount } = render(<TimeChoices days={days} picked={3} onPick={vi.fn()} name="t" />);
    expect(shownOnAPhone('Tuesday, December 1')).toBe(true);
    unmount();
    render(<TimeChoices days={days.slice(0, 1)} picked={null} onPick={vi.fn()} name="t" />);
    expect(screen.queryByRole('group', { name: 'Days with open times' })).toBeNull();
    expect(shownOnAPhone('Monday, November 30')).toBe(true);
  });
});
