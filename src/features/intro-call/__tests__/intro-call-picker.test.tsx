import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntroCallPicker } from '../components/intro-call-picker';

/**
 * The intro-call picker over a fake Data API: the team's open times are a list the test sets;
 * get_intro_call_slots answers the times in its range, ordered and limited when asked to be, as
 * supabase-js's rpc builder does.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Monday 7 December 2026, 14:00 UTC: when the picker opens in these tests.
const NOW = Date.UTC(2026, 11, 7, 14);
const TOKEN = 'ab'.repeat(32);

let openTimes: number[] = [];
/** The asks for open times, in order: the range, and the order and limit when there were any. */
let asks: { from: number; to: number; order?: string; limit?: number }[] = [];
/** While set, an ask for the first open time (an ordered one) waits for it. */
let holdFirst: Promise<void> | null = null;

function rpc(name: string, args: { range_start: string; range_end: string; starts_at?: string }) {
  if (name === 'book_intro_call') {
    // every time asked for has just been taken by someone else
    openTimes = openTimes.filter((at) => at !== Date.parse(args.starts_at!));
    return Promise.resolve({ data: null, error: { code: '23P01', message: 'That time was just taken' } });
  }
  if (name !== 'get_intro_call_slots') throw new Error(`unexpected ${name}`);
  const ask: (typeof asks)[number] = { from: Date.parse(args.range_start), to: Date.parse(args.range_end) };
  asks.push(ask);
  const answer = async () => {
    if (ask.order && holdFirst) await holdFirst;
    const rows = openTimes
      .filter((at) => at >= ask.from && at < ask.to)
      .sort((a, b) => a - b)
      .slice(0, ask.limit ?? Number.POSITIVE_INFINITY)
      .map((at) => ({
        starts_at: new Date(at).toISOString(),
        ends_at: new Date(at + 15 * 60_000).toISOString(),
      }));
    return { data: rows, error: null };
  };
  const builder = {
    order: (column: string) => {
      ask.order = column;
      return builder;
    },
    limit: (count: number) => {
      ask.limit = count;
      return builder;
    },
    then: <T,>(ok: (r: { data: unknown; error: unknown }) => T, fail?: (e: unknown) => T) =>
      answer().then(ok, fail),
  };
  return builder;
}
vi.mock('@/lib/supabase', () => ({ getSupabase: () => Promise.resolve({ rpc }) }));

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  openTimes = [];
  asks = [];
  holdFirst = null;
});
afterEach(() => vi.useRealTimers());

function renderPicker(props: { zone?: string; moving?: number } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <IntroCallPicker
        token={TOKEN}
        zone={props.zone ?? 'UTC'}
        lengthMinutes={15}
        moving={props.moving}
        onDone={() => {}}
      />
    </QueryClientProvider>,
  );
}

describe('the intro-call picker', () => {
  it('opens on the week of the first open time, found in one request over its 6 weeks; paging back shows the empty weeks', async () => {
    // the first open time: Wednesday 23 December, in the picker's third week
    const first = NOW + 16 * DAY + 2 * HOUR;
    openTimes = [first, first + 3 * DAY];
    renderPicker();

    expect(
      await screen.findByRole('radio', { name: /^Wednesday, December 23, 2026 at 4:00 PM/ }),
    ).toBeEnabled();
    expect(screen.getByText('Monday, December 21, 2026 onwards')).toBeInTheDocument();
    const firstAsks = asks.filter((ask) => ask.order);
    expect(firstAsks).toEqual([{ from: NOW, to: NOW + 42 * DAY, order: 'starts_at', limit: 1 }]);

    fireEvent.click(screen.getByRole('button', { name: 'Earlier times' }));
    expect(await screen.findByText('No open times this week. Try later times.')).toBeInTheDocument();
    expect(screen.getByText('Monday, December 14, 2026 onwards')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Earlier times' }));
    expect(await screen.findByText('Monday, December 7, 2026 onwards')).toBeInTheDocument();
    expect(await screen.findByText('No open times this week. Try later times.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Earlier times' })).toBeDisabled();
    // paged by the parent, the picker never looks for the first time again
    expect(asks.filter((ask) => ask.order)).toHaveLength(1);
  });

  it('names no week and offers no paging while the first open time is being found, and never says the first week is empty', async () => {
    openTimes = [NOW + 9 * DAY];
    let release!: () => void;
    holdFirst = new Promise((resolve) => (release = resolve));
    renderPicker();

    await waitFor(() => expect(asks.filter((ask) => ask.order)).toHaveLength(1));
    // the first week's (empty) answer has come meanwhile
    await act(async () => {});
    expect(screen.getByRole('status')).toHaveTextContent('Loading open times...');
    expect(screen.queryByRole('button', { name: 'Earlier times' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Later times' })).toBeNull();
    expect(screen.queryByText(/onwards$/)).toBeNull();
    expect(screen.queryByText(/No open times this week/)).toBeNull();

    await act(async () => release());
    expect(
      await screen.findByRole('radio', { name: /^Wednesday, December 16, 2026 at 2:00 PM/ }),
    ).toBeEnabled();
    expect(screen.getByText('Monday, December 14, 2026 onwards')).toBeInTheDocument();
    expect(screen.queryByText(/No open times this week/)).toBeNull();
  });

  it('opens on the first week when there is no open time at all in the 6 weeks', async () => {
    renderPicker();
    expect(await screen.findByText('No open times this week. Try later times.')).toBeInTheDocument();
    expect(screen.getByText('Monday, December 7, 2026 onwards')).toBeInTheDocument();
  });

  it('moving the call, opens on the week of the first open time other than the call’s own', async () => {
    const current = NOW + 2 * DAY;
    const other = NOW + 30 * DAY;
    openTimes = [current, other];
    renderPicker({ moving: current });

    expect(
      await screen.findByRole('radio', { name: /^Wednesday, January 6, 2027 at 2:00 PM/ }),
    ).toBeEnabled();
    expect(screen.getByText('Monday, January 4, 2027 onwards')).toBeInTheDocument();
  });

  it('keeps the week on screen once a time is picked: a time just taken leaves the parent in that week', async () => {
    const first = NOW + 16 * DAY + 2 * HOUR;
    openTimes = [first, NOW + 30 * DAY];
    renderPicker();
    fireEvent.click(await screen.findByRole('radio', { name: /^Wednesday, December 23, 2026 at 4:00 PM/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Book Wednesday, December 23/ }));

    expect(await screen.findByRole('alert')).toHaveTextContent('That time was just taken.');
    expect(await screen.findByText('No open times this week. Try later times.')).toBeInTheDocument();
    expect(screen.getByText('Monday, December 21, 2026 onwards')).toBeInTheDocument();
    expect(asks.filter((ask) => ask.order)).toHaveLength(1);
  });

  it('shows each time with AM or PM, and names the zone once', async () => {
    // 23:30 UTC on Monday 7 December is 6:30 PM in New York; 14:15 UTC is 9:15 AM
    openTimes = [Date.UTC(2026, 11, 7, 23, 30), Date.UTC(2026, 11, 8, 14, 15)];
    renderPicker({ zone: 'America/New_York' });

    expect(await screen.findByText('6:30 PM')).toBeInTheDocument();
    expect(screen.getByText('9:15 AM')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Monday, December 7, 2026 at 6:30 PM' })).toBeEnabled();
    expect(screen.getAllByText(/America\/New York/)).toHaveLength(1);
    expect(screen.getByText(/Times are shown in your time zone \(America\/New York\)/)).toBeInTheDocument();
  });
});
