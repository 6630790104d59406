import fs from 'node:fs';
import path from 'node:path';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/config/paths';
import { messages } from '@/content/messages';
import { queryClient } from '@/lib/query-client';
import { createMemoryHistory } from '@/lib/history';
import { NavigationProvider } from '@/lib/navigation';
import { matchesPattern } from '../../../scripts/prerender';
import { areaRouteAt, areaRouteObjects, prefetchAreaData } from '../area-routes';
import { loadQueryClient } from '../query-boundary';
import { AppRoutes, preloadPath } from '../router';
import {
  AREA_PREFIXES,
  areas,
  clientRoutePatterns,
  pageSources,
  prerenderedPaths,
  publicRoutes,
  signedInAreaOf,
  signedInAreas,
} from '../routes.manifest';
import { areaRoutes, areaScreenSources, layouts, rolesOf } from '../routes.manifest.areas';
import areaNames from '../routes.areas.json';

const state = vi.hoisted(() => ({ auth: {} as Record<string, unknown> }));
vi.mock('@/features/auth/hooks/use-auth', () => ({ useAuth: () => state.auth }));

const routesDir = path.resolve(import.meta.dirname, '..', 'routes');
const routes = [...publicRoutes, ...areaRoutes];
const filesIn = (folder: string) =>
  fs
    .readdirSync(path.join(routesDir, folder))
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => `${folder}/${file.replace(/\.tsx$/, '')}`);
/** A route's path with each `:param` filled in. */
const hrefOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'some-id');

describe('the route manifest', () => {
  it('names each path once, and a module that exists for every route that is not a redirect', () => {
    const all = routes.map((route) => route.path);
    expect(new Set(all).size).toBe(all.length);
    for (const route of routes) {
      expect(Boolean(route.module) !== Boolean(route.redirect), route.path).toBe(true);
      if (route.module)
        expect(fs.existsSync(path.join(routesDir, `${route.module}.tsx`)), route.module).toBe(true);
    }
    for (const area of Object.values(areas)) {
      expect(fs.existsSync(path.join(routesDir, `${area.notFound}.tsx`)), area.notFound).toBe(true);
    }
  });

  it('routes every page module in src/app/routes (a new file cannot be left out of the table)', () => {
    const routed = new Set([
      ...routes.map((route) => route.module),
      ...Object.values(layouts).map((layout) => layout.module),
    ]);
    const pages = ['landing', 'content', 'auth', 'quiz', ...signedInAreas].flatMap(filesIn);
    // The newsletter's landing is a part of other pages, not a page of its own.
    expect(pages.filter((page) => !routed.has(page))).toEqual(['landing/newsletter-landing']);
  });

  it('keeps each signed-in route, its module and its layout in its area', () => {
    for (const route of areaRoutes) {
      const prefix = areas[route.area].prefix;
      expect(signedInAreaOf(hrefOf(route.path)), route.path).toBe(route.area);
      expect(route.path === prefix || route.path.startsWith(`${prefix}/`)).toBe(true);
      if (route.module) expect(route.module.startsWith(`${route.area}/`), route.module).toBe(true);
      expect(route.layout && layouts[route.layout].area, route.path).toBe(route.area);
      expect(rolesOf(route)?.length, route.path).toBeGreaterThan(0);
    }
    for (const route of publicRoutes) {
      expect(route.area).toBe('public');
      expect(signedInAreaOf(route.path), route.path).toBeUndefined();
      expect(route.layout ?? route.prefetch).toBeUndefined();
    }
    // The admin screens a coach may not open let admins alone in.
    expect(rolesOf(areaRoutes.find((route) => route.path === paths.adminUsers)!)).toEqual(['admin']);
    expect(rolesOf(areaRoutes.find((route) => route.path === paths.adminSessions)!)).toEqual([
      'admin',
      'coach',
    ]);
  });

  it("names each signed-in route's path as `path: paths.name` (the e2e route walk reads the file as text)", () => {
    const source = fs.readFileSync(
      path.resolve(import.meta.dirname, '..', 'routes.manifest.areas.ts'),
      'utf8',
    );
    expect([...source.matchAll(/\bpath: paths\.\w+/g)]).toHaveLength(areaRoutes.length);
  });

  it('gives the lint rule the same signed-in areas (eslint.config.js reads routes.areas.json)', () => {
    expect(areaNames.signedInAreas).toEqual(signedInAreas);
    expect(AREA_PREFIXES).toEqual([paths.admin, paths.app, paths.child]);
  });
});

describe('what the build derives from the manifest', () => {
  it('prerenders exactly the rows marked so, and gives every other route the app shell', () => {
    const prerendered = prerenderedPaths();
    expect(prerendered).toEqual(publicRoutes.filter((route) => route.prerender).map((route) => route.path));
    expect(prerendered).toContain(paths.home);
    const patterns = clientRoutePatterns();
    const shell = (pathname: string) => patterns.some((pattern) => matchesPattern(pattern, pathname));
    for (const route of routes) {
      expect(shell(hrefOf(route.path)), route.path).toBe(!route.prerender);
    }
    // Any other path in a signed-in area gets the shell (its not-found screen); elsewhere the 404 page.
    expect(shell('/app/no-such-screen')).toBe(true);
    expect(shell('/no-such-page')).toBe(false);
  });

  it("lists each public page's source for the build's preload map", () => {
    expect(pageSources()).toContainEqual([paths.pricing, 'src/app/routes/landing/pricing.tsx']);
    expect(pageSources()).toHaveLength(publicRoutes.filter((route) => route.module).length);
  });

  it("lists each signed-in screen's layouts and module, outermost first, for the app shell's preloads", () => {
    const sources = new Map(areaScreenSources().map(({ path: at, sources: files }) => [at, files]));
    expect(sources.get(paths.appBilling)).toEqual([
      'src/app/routes/app/layout.tsx',
      'src/app/routes/app/billing.tsx',
    ]);
    // An admins-only screen sits in two layouts.
    expect(sources.get(paths.adminReport)).toEqual([
      'src/app/routes/admin/layout.tsx',
      'src/app/routes/admin/admins-only.tsx',
      'src/app/routes/admin/report.tsx',
    ]);
    // The child area's prefix is a redirect: it gets its target's files.
    expect(sources.get(paths.child)).toEqual(sources.get(paths.childDashboard));
    for (const files of sources.values())
      for (const file of files) expect(fs.existsSync(path.resolve(file)), file).toBe(true);
    expect(sources.size).toBe(areaRoutes.length);
    // What a screen loads only once drawn (its dialogs and forms) is named by files that exist.
    const later = areaScreenSources().flatMap((screen) => screen.later);
    expect(later).toContain('src/features/sessions/components/book-session-dialog.tsx');
    for (const file of later) expect(fs.existsSync(path.resolve(file)), file).toBe(true);
  });
});

describe("the signed-in areas' routes", () => {
  it('resolve each area path to its row, and any other path in an area to its not-found page', () => {
    for (const route of areaRoutes) expect(areaRouteAt(hrefOf(route.path))?.route, route.path).toBe(route);
    expect(areaRouteAt('/admin/families/f1')?.params).toEqual({ familyId: 'f1' });
    for (const area of signedInAreas) {
      const leaf = matchRoutes(areaRouteObjects, `${areas[area].prefix}/no-such-screen`)?.at(-1);
      expect(leaf?.route.path, area).toBe('*');
      expect(areaRouteAt(`${areas[area].prefix}/no-such-screen`)).toBeUndefined();
    }
  });
});

vi.mock('@/features/analytics/components/page-tracker', () => ({ PageTracker: () => null }));
// The layouts' unread-message badges follow Realtime channels: no socket from these tests.
vi.mock('@/features/messages/components/nav-unread', () => ({
  ParentUnread: () => null,
  StaffUnread: () => null,
}));

/** The app at `at`, its modules loaded first (as before hydration), rendered in an awaited act. */
async function renderApp(at: string) {
  await preloadPath(at);
  await loadQueryClient();
  await act(async () => {
    render(
      <NavigationProvider history={createMemoryHistory([at])}>
        <AppRoutes />
      </NavigationProvider>,
    );
  });
}

const signedIn = (role: string) => ({
  user: { id: 'u1', email: 'sam@example.com' },
  session: { access_token: 'token' },
  role,
  loading: false,
  roleLoading: false,
  isAdmin: role === 'admin',
  isCoach: role === 'coach',
  isAdminOrCoach: role === 'admin' || role === 'coach',
  signOut: vi.fn(),
});

describe('the site at a path', () => {
  beforeEach(() => {
    state.auth = { user: null, session: null, role: null, loading: false, roleLoading: false };
    vi.spyOn(queryClient, 'ensureQueryData').mockResolvedValue(undefined);
  });
  afterEach(() => queryClient.clear());

  it('shows the not-found page for an unknown public path', async () => {
    await renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(messages.notFound);
  });

  it("shows an area's own not-found screen, in its frame, for an unknown path in it", async () => {
    state.auth = signedIn('parent');
    await renderApp('/app/no-such-screen');
    expect(await screen.findByRole('heading', { name: messages.notFound })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My Dashboard' })).toHaveAttribute('href', paths.app);
  });

  it("loads a linked screen's data on intent, through its queryOptions, for a role that may open it", async () => {
    state.auth = signedIn('parent');
    await renderApp('/app/no-such-screen');
    const billing = await screen.findByRole('link', { name: 'Billing' });
    await userEvent.hover(billing);
    await vi.waitFor(
      () =>
        expect(queryClient.ensureQueryData).toHaveBeenCalledWith(
          expect.objectContaining({ queryKey: ['billing'], revalidateIfStale: true }),
        ),
      // The first hover loads the feature's query module (transformed on demand in tests).
      { timeout: 10_000 },
    );
  });
});

describe('prefetchAreaData', () => {
  beforeEach(() => {
    vi.spyOn(queryClient, 'ensureQueryData').mockResolvedValue(undefined);
  });

  it("asks for the screen's queries with the link's role and query string", async () => {
    await prefetchAreaData(new URL('http://x/admin/waitlist?status=new&page=2'), 'coach');
    expect(queryClient.ensureQueryData).toHaveBeenCalledWith(
      expect.objectContaining({
        queryKey: ['leads', 'list', expect.objectContaining({ status: 'new', page: 2 })],
      }),
    );
    await prefetchAreaData(new URL('http://x/admin'), 'admin');
    expect(queryClient.ensureQueryData).toHaveBeenCalledWith(
      expect.objectContaining({ queryKey: ['leads', 'overview', { isAdmin: true }] }),
    );
    // /child sends to the child's dashboard: its data is what the link leads to.
    await prefetchAreaData(new URL('http://x/child'), 'child');
    expect(queryClient.ensureQueryData).toHaveBeenCalledWith(
      expect.objectContaining({ queryKey: ['child-dashboard'] }),
    );
  });

  it('asks for nothing for a role the route does not let in, a screen without prefetch, or an unknown path', async () => {
    await prefetchAreaData(new URL('http://x/admin/report'), 'coach');
    await prefetchAreaData(new URL('http://x/app/billing'), 'child');
    await prefetchAreaData(new URL('http://x/app/leaderboard'), 'parent');
    await prefetchAreaData(new URL('http://x/app/no-such-screen'), 'parent');
    expect(queryClient.ensureQueryData).not.toHaveBeenCalled();
  });
});
