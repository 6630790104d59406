import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { TestRouter } from '@/test/router';
import { describe, expect, it, vi } from 'vitest';
import { ChildDashboard } from '../components/child-dashboard';
import { isRoomOpen, sessionDay } from '../lib/when';

const rpc = vi.fn();
const tools = [{ id: 't1', title: 'Balloon breaths', instructions: 'Three slow breaths at bedtime.' }];
/** supabase-js's query builder for at_home_tools: each step returns the builder; it resolves to the tools. */
function toolsQuery() {
  const builder = {
    select: () => builder,
    is: () => builder,
    order: () => builder,
    limit: () => Promise.resolve({ data: tools, error: null }),
  };
  return builder;
}
const rewards = [
  { id: 'r1', title: 'Pick the Friday film', points_cost: 20 },
  { id: 'r2', title: 'A trip to the park', points_cost: 50 },
];
/** supabase-js's query builder for family_rewards: ordered twice, then awaited. */
function rewardsQuery() {
  const result = Promise.resolve({ data: rewards, error: null });
  const builder = {
    select: () => builder,
    order: () => builder,
    then: result.then.bind(result),
  };
  return builder;
}
const from = vi.fn((table: string) => (table === 'family_rewards' ? rewardsQuery() : toolsQuery()));
vi.mock('@/lib/supabase', () => ({ getSupabase: () => Promise.resolve({ rpc, from }) }));
vi.mock('@/lib/rest', () => ({ getRest: () => ({ rpc, from }) }));

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

/** A row of rpc child_dashboard, with a session starting in `startsIn` minutes (or none). */
function dashboardRow(startsIn: number | null) {
  return {
    child_id: 'c1',
    first_name: 'Mia',
    points: 30,
    next_session_id: startsIn === null ? null : 's1',
    next_starts_at: startsIn === null ? null : minutes(startsIn),
    next_ends_at: startsIn === null ? null : minutes(startsIn + 30),
    next_opens_at: startsIn === null ? null : minutes(startsIn - 10),
    next_closes_at: startsIn === null ? null : minutes(startsIn + 45),
    coach_first_name: 'Jordan',
  };
}

function renderDashboard(startsIn: number | null) {
  rpc.mockImplementation((name: string) =>
    Promise.resolve(
      name === 'child_plan_goals'
        ? { data: [{ goal: 'I can calm my body at bedtime', milestones: 2, done: 1 }], error: null }
        : { data: [dashboardRow(startsIn)], error: null },
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TestRouter>
        <ChildDashboard sessionHref={(id) => `/child/session/${id}`} />
      </TestRouter>
    </QueryClientProvider>,
  );
}

describe('the child dashboard', () => {
  it('greets the child and shows the points, the next session and its coach', async () => {
    renderDashboard(24 * 60);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi Mia!' })).toBeTruthy();
    expect(screen.getByText('30')).toBeTruthy();
    expect(screen.getByText('with Jordan')).toBeTruthy();
    expect(screen.getByText(/^Tomorrow at /)).toBeTruthy();
    expect(rpc).toHaveBeenCalledWith('child_dashboard');
  });

  it("lists the at-home tools the child's coach set", async () => {
    renderDashboard(null);
    const region = await screen.findByRole('region', { name: 'Your at-home tools' });
    expect(await within(region).findByText('Balloon breaths')).toBeTruthy();
    expect(within(region).getByText('Three slow breaths at bedtime.')).toBeTruthy();
    expect(from).toHaveBeenCalledWith('at_home_tools');
  });

  it('keeps Join asleep until the room opens, then links to the session', async () => {
    renderDashboard(60);
    const asleep = await screen.findByRole('button', { name: 'Join' });
    expect(asleep).toHaveProperty('disabled', true);
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('a session starting in 5 minutes can be joined', async () => {
    renderDashboard(5);
    const join = await screen.findByRole('link', { name: 'Join' });
    expect(join.getAttribute('href')).toBe('/child/session/s1');
  });

  it("shows the child's own goals from the family plan, in their words, with the steps done", async () => {
    renderDashboard(60);
    const goals = await screen.findByRole('region', { name: 'My goals' });
    expect(goals).toHaveTextContent('I can calm my body at bedtime');
    expect(goals).toHaveTextContent('1 of 2 steps done');
  });

  it('with no session planned, says so', async () => {
    renderDashboard(null);
    expect(await screen.findByText(/No session is planned yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });
});

describe('session times as a child reads them', () => {
  const now = new Date(2026, 2, 2, 9, 0).getTime(); // Monday 2 March 2026, 9:00 local
  it('says today, tomorrow, a weekday, or the date', () => {
    expect(sessionDay(new Date(2026, 2, 2, 16, 30).getTime(), now)).toBe('Today at 4:30 PM');
    expect(sessionDay(new Date(2026, 2, 3, 16, 30).getTime(), now)).toBe('Tomorrow at 4:30 PM');
    expect(sessionDay(new Date(2026, 2, 5, 16, 30).getTime(), now)).toBe('Thursday at 4:30 PM');
    expect(sessionDay(new Date(2026, 2, 12, 16, 30).getTime(), now)).toBe('Thursday, March 12 at 4:30 PM');
  });
  it("tells the time with AM/PM, and 'today' as today in the family's zone, whatever the device's", () => {
    // 02:19 UTC on Sunday 29 November is Saturday 28 November, 9:19 PM in New York
    const at = Date.UTC(2026, 10, 29, 2, 19);
    const justBefore = Date.UTC(2026, 10, 29, 1, 0);
    expect(sessionDay(at, justBefore, 'Europe/London')).toBe('Today at 2:19 AM');
    expect(sessionDay(at, justBefore, 'America/New_York')).toBe('Today at 9:19 PM');
    // at 10 PM on Saturday in New York it is already Sunday in London: the family's day decides
    expect(sessionDay(Date.UTC(2026, 10, 29, 15), Date.UTC(2026, 10, 29, 3), 'America/New_York')).toBe(
      'Tomorrow at 10:00 AM',
    );
  });
  it('the room is open from its opening until its closing', () => {
    expect(isRoomOpen({ opensAt: 10, closesAt: 20 }, 9)).toBe(false);
    expect(isRoomOpen({ opensAt: 10, closesAt: 20 }, 10)).toBe(true);
    expect(isRoomOpen({ opensAt: 10, closesAt: 20 }, 20)).toBe(false);
  });

  it('shows the rewards her grown-up set and how close her points are to each', async () => {
    renderDashboard(null);
    const region = await screen.findByRole('region', { name: 'Your rewards' });
    const film = await within(region).findByRole('progressbar', { name: 'Pick the Friday film' });
    expect(film.getAttribute('aria-valuenow')).toBe('20');
    expect(film.getAttribute('aria-valuetext')).toBe('20 of 20 points');
    expect(within(region).getByText('You did it! Ask your grown-up for it.')).toBeTruthy();
    const park = within(region).getByRole('progressbar', { name: 'A trip to the park' });
    expect(park.getAttribute('aria-valuenow')).toBe('30');
    expect(within(region).getByText('30 of 50 points. 20 more points to go!')).toBeTruthy();
    expect(from).toHaveBeenCalledWith('family_rewards');
  });
});
