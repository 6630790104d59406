import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dropLastViews,
  endLastView,
  keepFirstViewAlsoAt,
  keepLastView,
  sessionIdOf,
  useLastViewKept,
} from '../last-view';
import { LAST_VIEW_DRAW_SCRIPT, LAST_VIEW_KEY, lastViewStartScript } from '../last-view-script';
import { base64url, holdSession } from '@/test/held-session';

/** The app shell as 200.html has it, opened at `place`: its head script, the root, its draw script. */
function openShell(place: string, rootHtml: string) {
  window.history.replaceState(null, '', place);
  document.head.innerHTML = '';
  new Function(lastViewStartScript('/assets/entry.js'))();
  document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
  new Function(LAST_VIEW_DRAW_SCRIPT)();
}

const entryRequested = () =>
  document.head.querySelector('script[type="module"][src="/assets/entry.js"]') !== null;

const drawn = () => document.getElementById('last-view');

beforeEach(() => {
  window.localStorage.clear();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-last-view');
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('a screen’s last view (decision 217)', () => {
  it('is drawn again, inert and without ids, when the same sign-in session opens the same screen', () => {
    holdSession('u1', 's1');
    window.history.replaceState(null, '', '/app/billing?tab=invoices');
    document.body.innerHTML =
      '<div id="root"><main><h1 id="invoices-heading">Invoices</h1><p>Next session Tuesday</p>' +
      '<input type="password" value="s3cret"></main></div>';
    keepLastView('/app/billing?tab=invoices');

    openShell('/app/billing?tab=invoices', '<p>Loading...</p>');
    const view = drawn();
    expect(view).not.toBeNull();
    expect(view?.textContent).toBe('InvoicesNext session Tuesday');
    expect(view?.hasAttribute('inert')).toBe(true);
    expect(view?.getAttribute('aria-hidden')).toBe('true');
    expect(view?.querySelector('[id]')).toBeNull();
    expect(view?.innerHTML).not.toContain('s3cret');
    // Drawn before the app's root, which stays hidden under it until the screen has drawn.
    expect(view?.nextElementSibling?.id).toBe('root');
    expect(document.documentElement.hasAttribute('data-last-view')).toBe(true);

    endLastView();
    expect(drawn()).toBeNull();
    expect(document.documentElement.hasAttribute('data-last-view')).toBe(false);
  });

  // Another sign-in session forgets them all: last-view-private.test.ts (decision 230).
  it('is not drawn for another screen, an ending token or after a sign-out', () => {
    holdSession('u1', 's1');
    document.body.innerHTML = '<div id="root"><main>Mia’s week</main></div>';
    keepLastView('/app');

    openShell('/app/messages', '');
    expect(drawn()).toBeNull();

    holdSession('u1', 's1', 30);
    openShell('/app', '');
    expect(drawn()).toBeNull();

    holdSession('u1', 's1');
    openShell('/app', '');
    expect(drawn()).not.toBeNull();

    dropLastViews();
    openShell('/app', '');
    expect(drawn()).toBeNull();
  });

  it('is not drawn once a day old, nor on a page outside the signed-in areas', () => {
    holdSession('u1', 's1');
    document.body.innerHTML = '<div id="root"><main>Figures</main></div>';
    keepLastView('/admin', Date.now() - 25 * 60 * 60 * 1000);
    openShell('/admin', '');
    expect(drawn()).toBeNull();

    keepLastView('/login');
    openShell('/login', '');
    expect(drawn()).toBeNull();
  });

  it('keeps the newest six screens of one session; another session starts afresh', () => {
    holdSession('u1', 's1');
    document.body.innerHTML = '<div id="root"><main>Screen</main></div>';
    const now = Date.now();
    for (let i = 0; i < 8; i += 1) keepLastView(`/admin/p${i}`, now - (8 - i) * 1000);
    const kept = () => Object.keys(JSON.parse(window.localStorage.getItem(LAST_VIEW_KEY)!).views as object);
    expect(kept().sort()).toEqual([
      '/admin/p2',
      '/admin/p3',
      '/admin/p4',
      '/admin/p5',
      '/admin/p6',
      '/admin/p7',
    ]);

    holdSession('u2', 's9');
    keepLastView('/app');
    expect(kept()).toEqual(['/app']);
  });

  it('starts the app at once without a view; with one, once it has painted (1 s at most)', () => {
    vi.useFakeTimers();
    try {
      holdSession('u1', 's1');
      openShell('/app', '');
      expect(drawn()).toBeNull();
      expect(entryRequested()).toBe(true);

      document.body.innerHTML = '<div id="root"><main>Mia’s week</main></div>';
      keepLastView('/app');
      openShell('/app', '');
      expect(drawn()).not.toBeNull();
      expect(entryRequested()).toBe(false);
      // The screen's preloads wait with it, and go after the entry.
      const preloaded = vi.fn();
      (window as unknown as { __ploomAfterView: (task: () => void) => void }).__ploomAfterView(preloaded);
      vi.advanceTimersByTime(999);
      expect(entryRequested()).toBe(false);
      expect(preloaded).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(entryRequested()).toBe(true);
      vi.advanceTimersByTime(1);
      expect(preloaded).toHaveBeenCalledTimes(1);
      // A page whose code never comes does not stay inert.
      vi.advanceTimersByTime(6000);
      expect(drawn()).toBeNull();
      expect(document.documentElement.hasAttribute('data-last-view')).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no loading screen, nor an empty frame', () => {
    holdSession('u1', 's1');
    document.body.innerHTML =
      '<div id="root"><div role="status" data-loading-screen="">Loading...</div></div>';
    expect(keepLastView('/app')).toBe(false);
    document.body.innerHTML =
      '<div id="root"><main><div data-loading-screen="">Loading...</div></main></div>';
    expect(keepLastView('/app')).toBe(false);
    // A frame whose screen has not come yet (or that leads elsewhere).
    document.body.innerHTML = '<div id="root"><nav>Ploom</nav><main> </main></div>';
    expect(keepLastView('/app')).toBe(false);
    expect(window.localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
  });

  it('keeps the first screen of a page opened at a redirecting path under that path too', async () => {
    holdSession('u1', 's1');
    keepFirstViewAlsoAt('/child');
    function Screen() {
      useLastViewKept('/child/dashboard');
      return <main>Hi Mia</main>;
    }
    document.body.innerHTML = '<div id="root"></div>';
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Screen />
      </QueryClientProvider>,
      { container: document.getElementById('root')! },
    );
    await expect
      .poll(() =>
        Object.keys(
          JSON.parse(window.localStorage.getItem(LAST_VIEW_KEY) ?? '{"views":{}}').views as object,
        ).sort(),
      )
      .toEqual(['/child', '/child/dashboard']);
    openShell('/child', '');
    expect(drawn()?.textContent).toBe('Hi Mia');
  });

  it('reads the sign-in session from an access token', () => {
    expect(sessionIdOf(`x.${base64url({ session_id: 'abc' })}.y`)).toBe('abc');
    expect(sessionIdOf('not-a-token')).toBeUndefined();
  });

  it('is kept once the screen’s first reads are drawn, not while they load', async () => {
    holdSession('u1', 's1');
    let answer: (rows: string[]) => void = () => undefined;
    function Screen() {
      useLastViewKept('/admin/waitlist');
      const { data } = useQuery({
        queryKey: ['rows'],
        queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)),
      });
      return <main>{data ? data.join(', ') : 'Loading...'}</main>;
    }
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Screen />
      </QueryClientProvider>,
      { container: root },
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(window.localStorage.getItem(LAST_VIEW_KEY)).toBeNull();
    answer(['Ada Lovelace', 'Grace Hopper']);
    expect(await screen.findByText('Ada Lovelace, Grace Hopper')).toBeInTheDocument();
    await expect
      .poll(() => window.localStorage.getItem(LAST_VIEW_KEY) ?? '')
      .toContain('Ada Lovelace, Grace Hopper');
  });
});
