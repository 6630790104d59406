import { useEffect, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import type { AppRole } from '@/features/auth/lib/roles';
import { AreaRouter } from './area-router';
import { lazyPage } from './lazy-page';
import { withSuspense } from './lazy-route';
import { loadQueryClient, QueryBoundary } from './query-boundary';
import {
  areas,
  signedInAreaOf,
  signedInAreas,
  type LayoutName,
  type RouteEntry,
  type RouteHandle,
  type RouteQuery,
} from './routes.manifest';
import { areaRoutes, layouts, rolesOf } from './routes.manifest.areas';
import { endLastView, keepFirstViewAlsoAt, useLastViewKept } from '@/lib/last-view';
import { afterFirstScreen, firstScreenDrawn, getSupabase } from '@/lib/supabase';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { readHeldAuth, rememberRole, startDirectLoad } from './direct-load';

/** The signed-in areas' modules (screens, layouts, not-found), each loaded on demand. */
const modules = import.meta.glob<{ default: ComponentType }>([
  './routes/{admin,app,child}/*.tsx',
  './routes/area-not-found.tsx',
]);

function moduleOf(name: string) {
  const load = modules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No area module src/app/routes/${name}.tsx`);
  return load;
}

/** A route object whose module loads on demand (the area layouts show "Loading..." for screens). */
function lazyRoute(module: string, key: string, rest: RouteObject, route?: RouteEntry): RouteObject {
  const Page = lazyPage(moduleOf(module));
  const handle: RouteHandle = { preload: () => Page.preload(), route };
  return { ...rest, element: withSuspense(Page, key), handle } as RouteObject;
}

/** A manifest row as a route: its area's prefix is the index route. */
function screen(route: RouteEntry): RouteObject {
  const place: RouteObject = route.path === areas[route.area].prefix ? { index: true } : { path: route.path };
  if (route.redirect) {
    const handle: RouteHandle = { preload: () => Promise.resolve(), route };
    return { ...place, element: <Navigate to={route.redirect} replace />, handle } as RouteObject;
  }
  return lazyRoute(route.module!, route.path, place, route);
}

/** A layout with its screens and the layouts nested in it (pathless, inside their area's). */
function layoutRoute(name: LayoutName, path?: string): RouteObject {
  const children = [
    ...areaRoutes.filter((route) => route.layout === name).map(screen),
    ...(Object.keys(layouts) as LayoutName[])
      .filter((inner) => layouts[inner].parent === name)
      .map((inner) => layoutRoute(inner)),
  ];
  return lazyRoute(layouts[name].module, `layout-${name}`, { path, children } as RouteObject);
}

/**
 * The signed-in areas, derived from the route manifest: a layout route each (guard + area frame +
 * Outlet) with its screens nested, and, for any other path in the area, the area's own not-found
 * screen inside its frame.
 */
export const areaRouteObjects: RouteObject[] = signedInAreas.map((area) => {
  const { prefix, layout, notFound } = areas[area];
  const route = layoutRoute(layout!, prefix);
  route.children!.push(lazyRoute(notFound, `${area}-*`, { path: '*' }));
  return route;
});

/** Loads the modules of the area routes `pathname` matches (before a navigation, on hover). */
export async function preloadAreaPath(pathname: string): Promise<void> {
  const matches = matchRoutes(areaRouteObjects, pathname) ?? [];
  await Promise.all(
    matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload(pathname)),
  );
}

/** The manifest row of the screen at `pathname`, with its parameters (none for a not-found path). */
export function areaRouteAt(pathname: string) {
  const leaf = matchRoutes(areaRouteObjects, pathname)?.at(-1);
  const route = (leaf?.route.handle as RouteHandle | undefined)?.route;
  return route && leaf ? { route, params: leaf.params } : undefined;
}

/**
 * The queries the screen at `url` reads at once (its manifest row's `prefetch`), when `role` may
 * open it; none for a screen without them, or one the role may not open.
 */
export async function areaQueriesAt(url: URL, role: AppRole): Promise<RouteQuery[]> {
  const found = areaRouteAt(url.pathname);
  if (!found) return [];
  const { route, params } = found;
  if (!rolesOf(route)?.includes(role)) return [];
  if (route.redirect) return areaQueriesAt(new URL(route.redirect, url), role);
  if (!route.prefetch) return [];
  return route.prefetch({ params, search: url.searchParams, role });
}

/**
 * Loads the data the screen at `url` reads at once into the app's query cache, when `role` may
 * open it: a hovered link's screen then renders with its data. Resolves the queries it loaded.
 */
export async function prefetchAreaData(url: URL, role: AppRole): Promise<RouteQuery[]> {
  const [client, queries] = await Promise.all([loadQueryClient(), areaQueriesAt(url, role)]);
  // A failed read is left to the screen, which reads again and shows why.
  await Promise.all(
    queries.map((query) =>
      client.ensureQueryData({ ...query, revalidateIfStale: true }).catch(() => undefined),
    ),
  );
  return queries;
}

/** How long supabase-js waits for the first screen at most (a screen that never draws its reads). */
const FIRST_SCREEN_WAITS_MS = 3000;

/**
 * The guard draws the screen at `pathname` at once from the session the browser holds and the role
 * remembered for the person when both are good for it (RequireAuth): supabase-js then waits until
 * that screen has drawn its first reads (src/lib/first-screen.ts), or the person presses or types,
 * or FIRST_SCREEN_WAITS_MS; otherwise the guard needs it now (decision 215).
 */
function holdSupabaseWhileDrawing(pathname: string) {
  const held = readHeldAuth();
  const found = areaRouteAt(pathname);
  if (!held || !found || !rolesOf(found.route)?.includes(held.role)) {
    firstScreenDrawn();
    return;
  }
  const release = () => {
    clearTimeout(timer);
    window.removeEventListener('pointerdown', release, true);
    window.removeEventListener('keydown', release, true);
    firstScreenDrawn();
  };
  const timer = setTimeout(release, FIRST_SCREEN_WAITS_MS);
  window.addEventListener('pointerdown', release, true);
  window.addEventListener('keydown', release, true);
  void afterFirstScreen().then(release);
}

/**
 * A signed-in screen opened directly: this table has just loaded for it, and its code, the session
 * check and its data start now, side by side (src/app/direct-load.ts, decision 200). The admin
 * area's two-factor step is read with them: the area's frame waits for it before the screen.
 */
function startScreenAtLocation() {
  if (typeof window === 'undefined' || !signedInAreaOf(window.location.pathname)) return;
  holdSupabaseWhileDrawing(window.location.pathname);
  // The view drawn from the device (decision 217) gives way once the screen has drawn its own, and
  // that screen is kept as this place's view too (it may be where this path redirects).
  void afterFirstScreen().then(endLastView);
  keepFirstViewAlsoAt(window.location.pathname + window.location.search);
  void startDirectLoad(new URL(window.location.href), {
    rolesAt: (pathname) => {
      const found = areaRouteAt(pathname);
      return found ? rolesOf(found.route) : undefined;
    },
    preloadCode: preloadAreaPath,
    prefetchData: async (url, role, session) => {
      const step =
        signedInAreaOf(url.pathname) === 'admin'
          ? Promise.all([loadQueryClient(), import('@/features/mfa/api/get-two-factor-step')]).then(
              async ([client, { twoFactorStepQueryOptions }]) => {
                const options = twoFactorStepQueryOptions(session.accessToken);
                await client.ensureQueryData(options).catch(() => undefined);
                return [options];
              },
            )
          : Promise.resolve([]);
      const [queries, stepQueries] = await Promise.all([prefetchAreaData(url, role), step]);
      return [...queries, ...stepQueries];
    },
    checkSession: () =>
      afterFirstScreen()
        .then(getSupabase)
        .then((supabase) => supabase.auth.getSession())
        .then(({ data }) => data.session?.user.id ?? null),
    dropQueries: (queries) =>
      void loadQueryClient().then((client) => {
        for (const { queryKey } of queries) client.removeQueries({ queryKey, exact: true });
      }),
  });
}
startScreenAtLocation();

/** The signed-in areas, matched against the whole path (rendered by the router's catch-all route). */
function AreaRouteTable() {
  const { pathname, search } = useLocation();
  useLastViewKept(pathname + search);
  // A path that leads elsewhere (/child) is opened again later: keep its target's view under it too.
  useEffect(() => {
    if (areaRouteAt(pathname)?.route.redirect) keepFirstViewAlsoAt(pathname + search);
  }, [pathname, search]);
  return useRoutes(areaRouteObjects);
}

let watchingPerson = false;

/**
 * From the first signed-in screen on, the query cache is emptied whenever the person changes
 * (src/lib/query-client.ts). Registered here, where the areas load, so the landing pages' first
 * load carries none of it.
 */
function useCacheClearedOnPersonChange() {
  useEffect(() => {
    if (watchingPerson) return;
    watchingPerson = true;
    void Promise.all([afterFirstScreen().then(getSupabase), import('@/lib/query-client')]).then(
      ([supabase, { clearCacheOnPersonChange }]) => clearCacheOnPersonChange(supabase),
      () => (watchingPerson = false),
    );
  }, []);
}

/** The role the guards settled on, kept for the person's next direct load (a hint, see above). */
function useRoleRemembered() {
  const { user, role, loading, roleLoading } = useAuth();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!loading && !roleLoading) rememberRole(userId, role);
  }, [userId, role, loading, roleLoading]);
}

export default function AreaRoutes() {
  useCacheClearedOnPersonChange();
  useRoleRemembered();
  return (
    <AreaRouter>
      <QueryBoundary>
        <AreaRouteTable />
      </QueryBoundary>
    </AreaRouter>
  );
}
