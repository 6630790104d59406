import { matchRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStorageKey } from '@/lib/stored-session';
import type { RouteHandle, RouteQuery } from '../routes.manifest';
import { heldSessionKey } from '@/lib/held-session';
import { ROLE_HINT_KEY, rememberRole, startDirectLoad, type DirectLoadSteps } from '../direct-load';

/** supabase-js as the tests hold it: loading until a test lets it resolve. */
const supabase = vi.hoisted(() => {
  let resolve: (client: unknown) => void = () => undefined;
  const state = {
    loaded: new Promise<unknown>((r) => (resolve = r)),
    resolve: (client: unknown) => resolve(client),
  };
  return state;
});
vi.mock('@/lib/supabase', () => ({
  getSupabase: () => supabase.loaded,
  loadedSupabase: () => undefined,
  afterFirstScreen: () => firstScreen.drawn,
  firstScreenDrawn: drawn,
}));
const drawn = vi.hoisted(() => vi.fn());
/** When src/lib/supabase.ts says the first screen has drawn (at once unless a test holds it). */
const firstScreen = vi.hoisted(() => ({ drawn: Promise.resolve() }));

const userId = '7d1f0b1e-0000-4000-8000-000000000001';
const storeSession = () =>
  window.localStorage.setItem(
    sessionStorageKey(),
    JSON.stringify({ access_token: 'stored-token', refresh_token: 'r', user: { id: userId } }),
  );

afterEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

/** Whether a lazily loaded module's promise has settled (lazyPage marks it the way React does). */
const loaded = (promise: Promise<void>) =>
  (promise as Promise<void> & { status?: string }).status === 'fulfilled';

describe('a direct load of a signed-in screen (the areas’ route table loading at that path)', () => {
  beforeEach(() => vi.resetModules());

  it('starts the screen’s queries and its code before supabase-js has loaded', async () => {
    storeSession();
    window.history.replaceState(null, '', '/app/billing');
    const { queryClient } = await import('@/lib/query-client');
    const ensure = vi.spyOn(queryClient, 'ensureQueryData').mockResolvedValue(undefined);
    const { areaRouteObjects } = await import('../area-routes');
    await vi.waitFor(
      () => expect(ensure).toHaveBeenCalledWith(expect.objectContaining({ queryKey: ['billing'] })),
      { timeout: 10_000 },
    );
    const handles = (matchRoutes(areaRouteObjects, '/app/billing') ?? []).map(
      (match) => match.route.handle as RouteHandle,
    );
    // The parent's layout and the billing screen: their modules are loaded (or on their way) already.
    await vi.waitFor(
      () => expect(handles.map((handle) => loaded(handle.preload('/app/billing')))).toEqual([true, true]),
      { timeout: 10_000 },
    );
  });

  it('reads an admin screen’s data with the role remembered for the person, and the two-factor step with the stored token', async () => {
    storeSession();
    rememberRole(userId, 'admin');
    window.history.replaceState(null, '', '/admin');
    const { queryClient } = await import('@/lib/query-client');
    // The screen's data still on its way: the area's two-factor step is asked for beside it.
    const ensure = vi
      .spyOn(queryClient, 'ensureQueryData')
      .mockImplementation(({ queryKey }) =>
        queryKey[0] === 'leads' ? new Promise<never>(() => undefined) : Promise.resolve(undefined),
      );
    await import('../area-routes');
    await vi.waitFor(
      () => {
        expect(ensure).toHaveBeenCalledWith(
          expect.objectContaining({ queryKey: ['leads', 'overview', { isAdmin: true }] }),
        );
        expect(ensure).toHaveBeenCalledWith(
          expect.objectContaining({ queryKey: ['mfa', 'step', 'stored-token'] }),
        );
      },
      { timeout: 10_000 },
    );
  });

  it('holds supabase-js while the screen draws from the held session, until the person presses', async () => {
    drawn.mockClear();
    window.localStorage.setItem(
      sessionStorageKey(),
      JSON.stringify({
        access_token: 'stored-token',
        refresh_token: 'r',
        expires_at: Math.floor(Date.now() / 1000) + 3600,
        user: { id: userId },
      }),
    );
    rememberRole(userId, 'parent');
    window.history.replaceState(null, '', '/app/billing');
    firstScreen.drawn = new Promise<void>(() => undefined);
    try {
      const { queryClient } = await import('@/lib/query-client');
      vi.spyOn(queryClient, 'ensureQueryData').mockResolvedValue(undefined);
      await import('../area-routes');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(drawn).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('pointerdown'));
      expect(drawn).toHaveBeenCalled();
    } finally {
      firstScreen.drawn = Promise.resolve();
    }
  });

  it('lets supabase-js load at once when the guard needs it (no role remembered for the person)', async () => {
    drawn.mockClear();
    storeSession();
    window.history.replaceState(null, '', '/app/billing');
    const { queryClient } = await import('@/lib/query-client');
    vi.spyOn(queryClient, 'ensureQueryData').mockResolvedValue(undefined);
    await import('../area-routes');
    expect(drawn).toHaveBeenCalled();
  });

  it('starts nothing without a stored session', async () => {
    window.history.replaceState(null, '', '/app');
    const { queryClient } = await import('@/lib/query-client');
    const ensure = vi.spyOn(queryClient, 'ensureQueryData').mockResolvedValue(undefined);
    await import('../area-routes');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ensure).not.toHaveBeenCalled();
  });
});

describe('startDirectLoad', () => {
  const query: RouteQuery = { queryKey: ['billing'], queryFn: () => null };
  const steps = (overrides: Partial<DirectLoadSteps> = {}): DirectLoadSteps => ({
    rolesAt: () => ['admin', 'coach'],
    preloadCode: vi.fn(() => Promise.resolve()),
    prefetchData: vi.fn(() => Promise.resolve([query])),
    checkSession: () => Promise.resolve(userId),
    dropQueries: vi.fn(),
    ...overrides,
  });

  it('drops what it loaded when the stored session turns out to be gone', async () => {
    storeSession();
    const run = steps({ rolesAt: () => ['parent'], checkSession: () => Promise.resolve(null) });
    await startDirectLoad(new URL('http://x/app/billing'), run);
    expect(run.prefetchData).toHaveBeenCalled();
    expect(run.dropQueries).toHaveBeenCalledWith([query]);
  });

  it('keeps it for the same person', async () => {
    storeSession();
    const run = steps();
    await startDirectLoad(new URL('http://x/admin'), run);
    expect(run.dropQueries).not.toHaveBeenCalled();
  });

  it('leaves a screen several roles may open to the guard when no role is remembered for this person', async () => {
    storeSession();
    rememberRole('someone-else', 'admin');
    const run = steps();
    await startDirectLoad(new URL('http://x/admin'), run);
    expect(run.prefetchData).not.toHaveBeenCalled();
    expect(run.preloadCode).toHaveBeenCalledWith('/admin');
  });

  it('loads no data for a role the route does not let in', async () => {
    storeSession();
    rememberRole(userId, 'parent');
    const run = steps();
    await startDirectLoad(new URL('http://x/admin'), run);
    expect(run.prefetchData).not.toHaveBeenCalled();
    expect(run.preloadCode).toHaveBeenCalledWith('/admin');
  });

  it('reads nothing of an admin-only screen for a person remembered as a coach', async () => {
    storeSession();
    rememberRole(userId, 'coach');
    const run = steps({ rolesAt: () => ['admin'] });
    await startDirectLoad(new URL('http://x/admin/report'), run);
    expect(run.prefetchData).not.toHaveBeenCalled();
    expect(run.preloadCode).toHaveBeenCalledWith('/admin/report');
  });

  it('reads the session under the key supabase-js keeps it under', () => {
    expect(heldSessionKey()).toBe(sessionStorageKey());
  });

  it('forgets the remembered role once nobody is signed in', () => {
    rememberRole(userId, 'admin');
    rememberRole(null, null);
    expect(window.localStorage.getItem(ROLE_HINT_KEY)).toBeNull();
  });
});
