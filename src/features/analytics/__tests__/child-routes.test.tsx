import { act, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@/lib/history';
import { TestRouter } from '@/test/router';
import { PageTracker } from '../components/page-tracker';
import type { PageViewEvent } from '../api/record-page-view';
import type { PageLeaveEvent } from '../lib/send-page-leave';
import { childSection, isChildPath } from '../lib/child-routes';

vi.mock('@/lib/when-idle', () => ({
  whenIdle: (task: () => void) => {
    task();
    return () => undefined;
  },
}));

function setup(initial: string) {
  const views: PageViewEvent[] = [];
  const leaves: PageLeaveEvent[] = [];
  const element = (
    <PageTracker
      recordPageView={async (event) => {
        views.push(event);
      }}
      sendPageLeave={(event) => leaves.push(event)}
    />
  );
  const history = createMemoryHistory([initial]);
  render(<TestRouter history={history}>{element}</TestRouter>);
  return { history, views, leaves };
}

describe('analytics in the child area', () => {
  it('records only an anonymous page view: the section, no ids, no browser, no visit', async () => {
    const { history, views, leaves } = setup('/child/session/3f2b6c1e-1111-4111-8111-111111111111?from=dash');
    act(() => history.push('/child/dashboard'));
    // A signed-in screen's view goes once its reads have answered: here, none are being read.
    await waitFor(() => expect(views).toHaveLength(2));
    expect(views).toEqual([
      {
        session_id: 'anonymous',
        event_type: 'page_view',
        page_path: '/child/session',
        referrer: null,
        user_agent: null,
        device_type: null,
        metadata: {},
      },
      expect.objectContaining({ session_id: 'anonymous', page_path: '/child/dashboard', user_agent: null }),
    ]);
    // no page leave for a child page, when moving on or when the tab is hidden
    window.dispatchEvent(new Event('pagehide'));
    expect(leaves).toEqual([]);
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('still times the page left before the child area, and tracks normally after it', async () => {
    const { history, views, leaves } = setup('/login');
    act(() => history.push('/child/dashboard'));
    expect(leaves.map((l) => l.page_path)).toEqual(['/login']);
    act(() => history.push('/login'));
    await waitFor(() => expect(views).toHaveLength(3));
    expect(views.map((v) => [v.page_path, v.session_id === 'anonymous'])).toEqual([
      ['/login', false],
      ['/child/dashboard', true],
      ['/login', false],
    ]);
    expect(leaves).toHaveLength(1);
  });

  it('knows the child area by its path', () => {
    expect(isChildPath('/child/dashboard')).toBe(true);
    expect(isChildPath('/child')).toBe(true);
    expect(isChildPath('/children-coaching')).toBe(false);
    expect(isChildPath('/app/child-schedule/x')).toBe(false);
    expect(childSection('/child/session/abc')).toBe('/child/session');
  });
});
