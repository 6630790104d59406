import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@/lib/history';
import { TestRouter } from '@/test/router';
import { SessionsScreen } from '../components/sessions-screen';

/** What each coaching_sessions query asked for: the coach it named, if any. */
const weekQueries: (string | undefined)[] = [];
const inOneDay = new Date(Date.now() + 3_600_000).toISOString();
const session = (id: string, coach: string) => ({
  id,
  starts_at: inOneDay,
  duration_minutes: 30,
  status: 'scheduled',
  series_id: null,
  child: { id: `child-${id}`, first_name: `Kid ${id}` },
  coach: { id: coach, display_name: coach === 'c1' ? 'Jordan Ellis' : 'Sam Lee' },
});

/** supabase-js's builder: every step returns it; awaiting it answers for its table. */
function builder(table: string) {
  let coach: string | undefined;
  const answer = () => {
    if (table === 'coaching_sessions') {
      weekQueries.push(coach);
      // Everyone's week is far larger than a page; one coach's fits.
      return coach
        ? { data: [session('s1', coach)], error: null, count: 1 }
        : { data: [session('s1', 'c1'), session('s2', 'c2')], error: null, count: 1927 };
    }
    if (table === 'staff_coaches')
      return {
        data: [
          { id: 'c1', display_name: 'Jordan Ellis', time_zone: 'UTC' },
          { id: 'c2', display_name: 'Sam Lee', time_zone: 'UTC' },
        ],
        error: null,
      };
    return { data: [], error: null };
  };
  const b: Record<string, unknown> = {};
  for (const step of ['select', 'gte', 'lt', 'neq', 'order', 'range', 'in']) b[step] = () => b;
  b.eq = (column: string, value: string) => {
    if (column === 'coach_id') coach = value;
    return b;
  };
  b.then = (resolve: (value: unknown) => unknown, reject: (e: unknown) => unknown) =>
    Promise.resolve(answer()).then(resolve, reject);
  return b;
}
vi.mock('@/lib/supabase', () => ({
  getSupabase: () => Promise.resolve({ from: builder }),
  loadedSupabase: () => undefined,
  afterFirstScreen: () => Promise.resolve(),
}));
vi.mock('@/lib/rest', () => ({ getRest: () => ({ from: builder }) }));

describe('the week calendar at scale', () => {
  it('says when the week has more sessions than it lays out, and the coach filter narrows the week', async () => {
    const history = createMemoryHistory(['/admin/sessions']);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <TestRouter history={history}>
          <SessionsScreen canBook={false} showCoachFilter roomHref={(id) => `/admin/sessions/${id}/room`} />
        </TestRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Showing the first 2 of 1,927 sessions this week. Choose a coach to see all of theirs.',
    );
    const user = userEvent.setup();
    const coach = screen.getByLabelText('Coach');
    await waitFor(() => expect(coach).toHaveTextContent('Jordan Ellis'));
    await user.selectOptions(coach, 'c1');
    await waitFor(() => expect(history.location.search).toContain('coach=c1'));
    await waitFor(() => expect(weekQueries).toContain('c1'));
    await waitFor(() => expect(screen.queryByText(/Showing the first/)).not.toBeInTheDocument());
    expect(history.location.search).toContain('view=week');
  });
});
