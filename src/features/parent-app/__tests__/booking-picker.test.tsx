import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestRouter } from '@/test/router';
import { ScheduleScreen } from '../components/schedule-screen';
import { familyKeys } from '../api/keys';

/**
 * The "Move this session" picker on the child's schedule, over a fake Data API: the open times of a
 * week are answered when the test says so, as a slow network would.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Monday 7 December 2026, 14:00 UTC (the zone of these tests): "now" in these tests.
const NOW = Date.UTC(2026, 11, 7, 14);
const session = {
  id: 's1',
  starts_at: new Date(NOW + 3 * DAY).toISOString(),
  ends_at: new Date(NOW + 3 * DAY + 30 * 60_000).toISOString(),
  status: 'scheduled',
  coach_name: 'Jordan',
  opens_at: new Date(NOW + 3 * DAY - 10 * 60_000).toISOString(),
  closes_at: new Date(NOW + 3 * DAY + 45 * 60_000).toISOString(),
  change_deadline: new Date(NOW + 2 * DAY).toISOString(),
  notice_hours: 24,
  open_request: null,
};

/** Pending answers to get_coach_open_slots, by the range's start; resolved by the test. */
let slotCalls: { from: number; resolve: (rows: { starts_at: string; ends_at: string }[]) => void }[] = [];
/** Open times the fake answers with at once (null: the test resolves them itself). */
let instantSlots: ((from: number, to: number) => { starts_at: string; ends_at: string }[]) | null = null;

const slotRows = (...starts: number[]) =>
  starts.map((s) => ({
    starts_at: new Date(s).toISOString(),
    ends_at: new Date(s + 30 * 60_000).toISOString(),
  }));

/** A Data API answer that can also be ordered and limited, as supabase-js's rpc builder can. */
function chainable(answer: Promise<{ data: unknown; error: unknown }>) {
  let limit: number | null = null;
  const limited = () =>
    answer.then((r) =>
      Array.isArray(r.data) && limit !== null ? { ...r, data: r.data.slice(0, limit) } : r,
    );
  const builder = {
    order: () => builder,
    limit: (n: number) => {
      limit = n;
      return builder;
    },
    then: <T,>(ok: (r: { data: unknown; error: unknown }) => T, fail?: (e: unknown) => T) =>
      limited().then(ok, fail),
  };
  return builder;
}

const rpc = vi.fn((name: string, args: Record<string, string>) => chainable(answer(name, args)));
function answer(name: string, args: Record<string, string>): Promise<{ data: unknown; error: unknown }> {
  if (name === 'get_child_schedule') return Promise.resolve({ data: [{ ...session }], error: null });
  if (name === 'get_family_plan') {
    return Promise.resolve({
      data: [{ plan: 'focused-progress', sessions_per_week: 2, reason: null, time_zone: 'UTC' }],
      error: null,
    });
  }
  if (name === 'get_family_week_allowance') {
    return Promise.resolve({
      data: [{ sessions_per_week: null, reason: null, week_start: '2026-12-07', booked: 0 }],
      error: null,
    });
  }
  if (name === 'get_coach_open_slots') {
    const from = Date.parse(args.range_start!);
    const to = Date.parse(args.range_end!);
    if (instantSlots) return Promise.resolve({ data: instantSlots(from, to), error: null });
    return new Promise((resolve) => {
      slotCalls.push({ from, resolve: (rows) => resolve({ data: rows, error: null }) });
    });
  }
  return Promise.resolve({ data: null, error: { message: `unexpected ${name}` } });
}
function childQuery() {
  const builder = {
    select: () => builder,
    eq: () => builder,
    maybeSingle: () =>
      Promise.resolve({
        data: { id: 'mia', first_name: 'Mia', parent_id: 'parent', coach_id: 'coach' },
        error: null,
      }),
  };
  return builder;
}
const client = {
  rpc,
  from: () => childQuery(),
  auth: { getSession: () => Promise.resolve({ data: { session: { user: { id: 'parent' } } } }) },
};
vi.mock('@/lib/supabase', () => ({ getSupabase: () => Promise.resolve(client) }));
vi.mock('@/lib/rest', () => ({ getRest: () => client }));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  slotCalls = [];
  instantSlots = null;
  rpc.mockClear();
});
afterEach(() => vi.useRealTimers());

/** Answers the oldest pending question for open times, once it has been asked. */
async function answerSlots(rows: { starts_at: string; ends_at: string }[]) {
  await waitFor(() => expect(slotCalls.length).toBeGreaterThan(0));
  await act(async () => slotCalls.shift()!.resolve(rows));
}

async function openMover() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <TestRouter>
        <ScheduleScreen childId="mia" />
      </TestRouter>
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Move to another time' }));
  return { queryClient, mover: screen.getByRole('region', { name: 'Move this session' }) };
}

describe('the picker that moves a session', () => {
  it("offers only the shown week's times: while the next week loads, last week's times cannot be chosen", async () => {
    const { mover } = await openMover();
    // this week: Wednesday 9 December at 15:00
    const thisWeek = NOW + 2 * DAY + HOUR;
    await answerSlots(slotRows(thisWeek));
    expect(await within(mover).findByRole('radio', { name: /^Wednesday, December 9/ })).toBeTruthy();

    fireEvent.click(within(mover).getByRole('button', { name: 'Next week' }));
    expect(within(mover).getByText(/Week of .*December 14/)).toBeTruthy();
    // the next week is still loading: no time of the week before is on offer under its heading
    expect(within(mover).queryByRole('radio')).toBeNull();
    expect(within(mover).getByRole('status')).toHaveTextContent('Loading open times');

    const nextWeek = thisWeek + 7 * DAY;
    await answerSlots(slotRows(nextWeek));
    expect((await within(mover).findAllByRole('radio')).map((r) => r.getAttribute('aria-label'))).toEqual([
      'Wednesday, December 16, 2026 at 3:00 PM',
    ]);
  });

  it('keeps the chosen time when the family views refetch (after a booking elsewhere, or a refresh)', async () => {
    const later = NOW + 2 * DAY + HOUR;
    instantSlots = () => slotRows(later, later + HOUR);
    const { queryClient, mover } = await openMover();
    fireEvent.click(await within(mover).findByRole('radio', { name: /4:00 PM$/ }));
    const button = within(mover).getByRole('button', {
      name: 'Move to Wednesday, December 9, 2026 at 4:00 PM',
    });
    // every family view refetches, answering with new objects of the same rows
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: familyKeys.all });
    });
    expect(rpc.mock.calls.filter(([name]) => name === 'get_child_schedule').length).toBe(2);
    expect(screen.getByRole('region', { name: 'Move this session' })).toBe(mover);
    expect(button).toBeEnabled();
    expect(within(mover).getByRole('radio', { name: /4:00 PM$/ })).toBeChecked();
  });
});

describe('the picker that books a session', () => {
  it("opens on the week of the coach's first open time, not on an empty week, and says the plan's priority", async () => {
    // nothing this week or next: the first open time is Wednesday 23 December at 15:00
    const first = NOW + 16 * DAY + HOUR;
    instantSlots = (from, to) =>
      slotRows(first, first + HOUR).filter((r) => {
        const at = Date.parse(r.starts_at);
        return at >= from && at < to;
      });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <TestRouter>
          <ScheduleScreen childId="mia" />
        </TestRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Book a session' }));
    const picker = screen.getByRole('region', { name: 'Book a session for Mia' });
    expect(await within(picker).findByText(/Week of .*December 21/)).toBeTruthy();
    expect((await within(picker).findAllByRole('radio')).map((r) => r.getAttribute('aria-label'))).toEqual([
      'Wednesday, December 23, 2026 at 3:00 PM',
      'Wednesday, December 23, 2026 at 4:00 PM',
    ]);
    // the plan's priority scheduling is said where the family books
    expect(await within(picker).findByTestId('priority')).toHaveTextContent(
      'Your plan includes priority scheduling: after-school times more than a week ahead are held for your family.',
    );
    // paging back still shows the empty weeks, as they are
    fireEvent.click(within(picker).getByRole('button', { name: 'Previous week' }));
    expect(await within(picker).findByText('No open times this week. Try the next week.')).toBeTruthy();
  });
});
