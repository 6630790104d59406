import { useEffect, type ComponentType, type ReactElement } from 'react';
import { useAuth } from '@/features/auth/hooks/use-auth';
import type { AppRole } from '@/features/auth/lib/roles';
import { Navigate, useLocation } from '@/lib/navigation';
import { lazyPage } from './lazy-page';
import { withSuspense } from './lazy-route';
import { RootLayout } from './root-layout';
import { pageKey } from './page-key';
import { areas, publicRoutes, signedInAreaOf, type RouteHandle } from './routes.manifest';

/**
 * The public pages' modules, each loaded on demand (one chunk per page; the build maps them to
 * files). The route manifest names each page's module; a test holds the two together.
 */
const pageModules = import.meta.glob<{ default: ComponentType }>([
  './routes/{landing,content,auth,quiz,intro-call}/*.tsx',
  './routes/not-found.tsx',
  '!./routes/landing/newsletter-landing.tsx',
]);

function pageModule(name: string) {
  const load = pageModules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No page module src/app/routes/${name}.tsx`);
  return load;
}

/** The 404 page: any other path outside the signed-in areas. */
const notFound = lazyPage(pageModule(areas.public.notFound));

/** Each public page's element and preload, by its key (a lookup, from the route manifest). */
const pageByKey = new Map<string, { element: ReactElement; preload: RouteHandle['preload'] }>();
for (const route of publicRoutes) {
  if (route.redirect) {
    pageByKey.set(pageKey(route.path), {
      element: <Navigate to={route.redirect} replace />,
      preload: () => Promise.resolve(),
    });
    continue;
  }
  const Page = lazyPage(pageModule(route.module!));
  const withQuery = !route.prerender || Boolean(route.queryAtOnce);
  pageByKey.set(pageKey(route.path), {
    element: withSuspense(Page, route.path, { withQuery }),
    preload: () => Page.preload(),
  });
}

/** The signed-in areas: their route table is a module of its own, loaded when one is first opened. */
const areaRoutes = lazyPage(() => import('./area-routes'));

/**
 * The page at the current path: a public page, a signed-in area (its own route table, so the
 * landing pages' first load carries neither the areas' routes nor what their screens preload) or
 * the 404 page.
 */
function PageAtLocation() {
  const { pathname } = useLocation();
  const page = pageByKey.get(pageKey(pathname));
  if (page) return page.element;
  return signedInAreaOf(pathname) ? withSuspense(areaRoutes, 'areas') : withSuspense(notFound, '*');
}

async function preloadElsewhere(pathname: string): Promise<void> {
  if (!signedInAreaOf(pathname)) return notFound.preload();
  await areaRoutes.preload();
  const { preloadAreaPath } = await import('./area-routes');
  await preloadAreaPath(pathname);
}

const preloaded = new Map<string, Promise<void>>();

/**
 * Loads the modules of every route that `pathname` matches. Before hydration this makes the
 * first render synchronous (the prerendered HTML is matched at once); on hover it makes the
 * coming navigation instant. Failures are left to the navigation itself to show (and a later
 * call tries again). A page's own path is a lookup: the prefetcher calls this for every link on
 * screen, and matching the whole table for each would cost a phone tens of milliseconds.
 */
export function preloadPath(pathname: string): Promise<void> {
  const known = preloaded.get(pathname);
  if (known) return known;
  const page = pageByKey.get(pageKey(pathname));
  const done = (page ? page.preload(pathname) : preloadElsewhere(pathname)).then(
    () => undefined,
    () => {
      preloaded.delete(pathname);
    },
  );
  preloaded.set(pathname, done);
  return done;
}

/** The signed-in person's role, as the auth provider last told it (read when a link shows intent). */
let signedInRole: AppRole | null = null;

function KeepSignedInRole() {
  const { role } = useAuth();
  useEffect(() => {
    signedInRole = role;
  }, [role]);
  return null;
}

/**
 * A link is hovered, focused or touched: its route's modules load and, for a signed-in screen the
 * person may open, the data the screen reads at once (its manifest row's `prefetch`), side by side.
 */
export function preloadOnIntent(url: URL): void {
  void preloadPath(url.pathname);
  const role = signedInRole;
  if (!role || !signedInAreaOf(url.pathname)) return;
  void areaRoutes
    .preload()
    .then(() => import('./area-routes'))
    .then(({ prefetchAreaData }) => prefetchAreaData(url, role))
    .catch(() => undefined);
}

/**
 * The site at the current location (the browser's history, or the prerender's): the root layout
 * around the page found by its path. A public page is a lookup, not a route table matched and
 * ranked on every render; the signed-in areas bring React Router for their nested routes.
 */
export function AppRoutes() {
  return (
    <RootLayout preload={preloadOnIntent}>
      <KeepSignedInRole />
      <PageAtLocation />
    </RootLayout>
  );
}
