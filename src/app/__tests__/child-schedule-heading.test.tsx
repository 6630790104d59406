import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { TestRouter } from '@/test/router';
import type { ChildSchedule } from '@/features/parent-app/api/get-child-schedule';
import Screen from '../routes/app/child-schedule';

/**
 * The schedule's read, answered when the test says so. The answer is made before the read asks
 * for it: the heading can be on the page a moment before the query has subscribed and fetched, and
 * an answer given in that moment must not be lost.
 */
let answer: (schedule: ChildSchedule) => void = () => undefined;
let scheduleRead: Promise<ChildSchedule> = Promise.resolve({ child: null, sessions: [] });
beforeEach(() => {
  scheduleRead = new Promise<ChildSchedule>((resolve) => (answer = resolve));
});

vi.mock('@/features/parent-app/api/get-child-schedule', () => ({
  useChildSchedule: (childId: string) =>
    useQuery({ queryKey: ['schedule', childId], queryFn: () => scheduleRead }),
}));
// The screen's own content is proven in its feature; here only the route's heading matters.
vi.mock('@/features/parent-app/components/schedule-screen', () => ({ ScheduleScreen: () => null }));

function renderRoute() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TestRouter initialEntries={[paths.appChildSchedule.href('c1')]}>
        {/* As the area's frame does: the screen's code loads behind a boundary. */}
        <Suspense fallback={null}>
          <Routes>
            <Route path={paths.appChildSchedule.pattern} element={<Screen />} />
          </Routes>
        </Suspense>
      </TestRouter>
    </QueryClientProvider>,
  );
}

const heading = () => screen.findByRole('heading', { level: 1, hidden: true });

describe("a child's schedule page", () => {
  it('names the child in its heading once the child is known, and says "Child\'s schedule" before', async () => {
    renderRoute();
    expect(await heading()).toHaveTextContent("Child's schedule");
    await act(async () => answer({ child: { id: 'c1', firstName: 'Mia', coachId: null }, sessions: [] }));
    // the page's sections below the schedule load their code once the child is known: the heading
    // is waited for by its new name
    expect(
      await screen.findByRole('heading', { level: 1, name: "Mia's schedule", hidden: true }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Mia's schedule · Parent/);
  });

  it("keeps the general heading when the child is not the parent's", async () => {
    renderRoute();
    await act(async () => answer({ child: null, sessions: [] }));
    expect(await heading()).toHaveTextContent("Child's schedule");
  });
});
