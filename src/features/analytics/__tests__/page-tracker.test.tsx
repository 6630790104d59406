import { act, render, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@/lib/history';
import { TestRouter } from '@/test/router';
import { PageTracker } from '../components/page-tracker';
import type { PageViewEvent } from '../api/record-page-view';
import type { PageLeaveEvent } from '../lib/send-page-leave';

// Run "when idle" work at once, unless a test holds it back (a browser not idle yet).
const idle = vi.hoisted(() => ({ immediate: true, queued: new Set<() => void>() }));
vi.mock('@/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    if (idle.immediate) {
      task();
      return () => undefined;
    }
    idle.queued.add(task);
    return () => idle.queued.delete(task);
  },
}));

function setup(initial = '/coaching?utm_source=ads') {
  const views: PageViewEvent[] = [];
  const leaves: PageLeaveEvent[] = [];
  const recordPageView = vi.fn(async (event: PageViewEvent) => {
    views.push(event);
  });
  const sendPageLeave = vi.fn((event: PageLeaveEvent) => {
    leaves.push(event);
  });
  const element = <PageTracker recordPageView={recordPageView} sendPageLeave={sendPageLeave} />;
  const history = createMemoryHistory([initial]);
  render(
    <StrictMode>
      <TestRouter history={history}>{element}</TestRouter>
    </StrictMode>,
  );
  return { history, views, leaves };
}

beforeEach(() => {
  idle.immediate = true;
  idle.queued.clear();
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('PageTracker', () => {
  it('records one page view per route change, even under StrictMode', async () => {
    const { history, views } = setup();
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({
      event_type: 'page_view',
      page_path: '/coaching?utm_source=ads',
      referrer: null,
      device_type: 'desktop',
      user_agent: navigator.userAgent,
      metadata: { screen_width: window.screen.width, screen_height: window.screen.height },
    });
    expect(views[0].session_id).toMatch(/^session_\d+_[a-z0-9]+$/);

    act(() => history.push('/pricing'));
    expect(views.map((v) => v.page_path)).toEqual(['/coaching?utm_source=ads', '/pricing']);
    expect(views[1].session_id).toBe(views[0].session_id);
  });

  it('sends a page leave for the page left, with the time spent on it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { history, leaves, views } = setup();
    vi.setSystemTime(Date.now() + 42_000);
    act(() => history.push('/pricing'));
    expect(leaves).toEqual([
      {
        session_id: views[0].session_id,
        event_type: 'page_leave',
        page_path: '/coaching?utm_source=ads',
        duration_seconds: 42,
        device_type: 'desktop',
      },
    ]);
  });

  it('sends a page leave when the page is hidden, and not twice', () => {
    const { leaves } = setup();
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(leaves).toHaveLength(1);
    expect(leaves[0].page_path).toBe('/coaching?utm_source=ads');
  });

  it('ignores a failing page-view insert', async () => {
    const recordPageView = vi.fn(() => Promise.reject(new Error('offline')));
    render(
      <TestRouter>
        <PageTracker recordPageView={recordPageView} sendPageLeave={() => undefined} />
      </TestRouter>,
    );
    await act(async () => undefined);
    expect(recordPageView).toHaveBeenCalledTimes(1);
  });

  it('sends a view still waiting for an idle moment when the visitor leaves first, once', () => {
    idle.immediate = false;
    const { views, leaves } = setup('/waitlist');
    expect(views).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(views.map((v) => v.page_path)).toEqual(['/waitlist']);
    expect(leaves.map((l) => l.page_path)).toEqual(['/waitlist']);
    // The idle moment that never came was called off: no second view.
    expect(idle.queued.size).toBe(0);
  });

  it("on a signed-in screen, sends the view only once the screen's reads have answered", async () => {
    const { queryClient } = await import('@/lib/query-client');
    let answer: (rows: string[]) => void = () => undefined;
    const read = queryClient.fetchQuery({
      queryKey: ['page-tracker-test', 'dashboard'],
      queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)),
    });
    const { views } = setup('/app');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(views).toHaveLength(0);
    answer(['Mia']);
    await read;
    await waitFor(() => expect(views.map((v) => v.page_path)).toEqual(['/app']));
    queryClient.removeQueries({ queryKey: ['page-tracker-test'] });
  });

  it("still sends a signed-in screen's waiting view at once when the visitor leaves first", async () => {
    const { queryClient } = await import('@/lib/query-client');
    const read = queryClient.fetchQuery({
      queryKey: ['page-tracker-test', 'never'],
      queryFn: () => new Promise<string[]>(() => undefined),
    });
    read.catch(() => undefined);
    const { views } = setup('/admin/waitlist');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(views).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(views.map((v) => v.page_path)).toEqual(['/admin/waitlist']);
    await queryClient.cancelQueries({ queryKey: ['page-tracker-test'] });
    queryClient.removeQueries({ queryKey: ['page-tracker-test'] });
  });
});
