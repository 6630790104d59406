import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { heldSessionKey } from '../held-session';
import { dropLastViews, endLastView, keepLastView, sessionIdOf, useLastViewKept } from '../last-view';
import { LAST_VIEW_KEY, LAST_VIEW_SCRIPT } from '../last-view-script';

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** supabase-js's stored session for `user` in sign-in session `session`, good for `validForS` more. */
function holdSession(user: string, session: string, validForS = 3600) {
  const expiresAt = Math.floor(Date.now() / 1000) + validForS;
  const accessToken = `${base64url({ alg: 'HS256' })}.${base64url({ sub: user, session_id: session, exp: expiresAt })}.sig`;
  window.localStorage.setItem(
    heldSessionKey(),
    JSON.stringify({ access_token: accessToken, expires_at: expiresAt, user: { id: user } }),
  );
}

/** The app shell as 200.html has it, opened at `place`: the root with the app's loading line. */
function openShell(place: string, rootHtml: string) {
  window.history.replaceState(null, '', place);
  document.body.innerHTML = `<div id="root">${rootHtml}</div>`;
  // The inline script, as the browser runs it right after the root.
  new Function(LAST_VIEW_SCRIPT)();
}

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

  it('is not drawn for another sign-in session, another screen, an ending token or after a sign-out', () => {
    holdSession('u1', 's1');
    document.body.innerHTML = '<div id="root"><main>Mia’s week</main></div>';
    keepLastView('/app');

    openShell('/app/messages', '');
    expect(drawn()).toBeNull();

    holdSession('u1', 's2');
    openShell('/app', '');
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
