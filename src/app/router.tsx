import type { ComponentType, ReactElement } from 'react';
import { paths } from '@/config/paths';
import { Navigate, useLocation } from '@/lib/navigation';
import { lazyPage } from './lazy-page';
import { withSuspense } from './lazy-route';
import { RootLayout } from './root-layout';
import { pageKey } from './page-key';

type Module = Parameters<typeof lazyPage>[0];

/** What a route carries for the prefetcher and the prerender: how to load its module ahead. */
export interface RouteHandle {
  preload: (pathname: string) => Promise<void>;
}

/**
 * The public pages, each a lazy module. `prerender` marks the pages whose HTML is built at build
 * time (their content is the same for every visitor); the others depend on the visitor's browser
 * (the quiz's saved progress, an email link's fragment, the site's own origin) and are rendered
 * in the browser from the app shell.
 */
const pages: [path: string, module: string, prerender: boolean][] = [
  [paths.home, 'landing/home', true],
  [paths.coaching, 'landing/coaching', true],
  [paths.requestFitCall, 'landing/request-fit-call', true],
  [paths.coachingHome, 'landing/coaching-home', true],
  [paths.coachingV2, 'landing/coaching-v2', true],
  [paths.pricing, 'landing/pricing', true],
  [paths.waitlist, 'landing/waitlist', true],
  [paths.coaches, 'landing/coaches', true],
  [paths.about, 'content/about', true],
  [paths.programs, 'content/programs', true],
  [paths.faq, 'content/faq', true],
  [paths.contact, 'content/contact', true],
  [paths.privacy, 'content/privacy', true],
  [paths.terms, 'content/terms', true],
  [paths.brandGuidelines, 'content/brand-guidelines', true],
  [paths.processLogo, 'content/process-logo', true],
  [paths.facebookAssets, 'content/facebook-assets', false],
  [paths.adCreatives, 'content/ad-creatives', false],
  [paths.testEmail, 'content/test-email', false],
  [paths.login, 'auth/login', false],
  [paths.signup, 'auth/signup', false],
  [paths.forgotPassword, 'auth/forgot-password', false],
  [paths.resetPassword, 'auth/reset-password', false],
  [paths.welcome, 'auth/welcome', false],
  [paths.quiz, 'quiz/intro', false],
  [paths.quizQuestions, 'quiz/questions', false],
  [paths.quizResults, 'quiz/results', false],
];

/** The page modules, each loaded on demand (one chunk per page; the build maps them to files). */
const pageModules = import.meta.glob<{ default: ComponentType }>([
  './routes/landing/*.tsx',
  './routes/content/*.tsx',
  './routes/auth/*.tsx',
  './routes/quiz/*.tsx',
  '!./routes/landing/newsletter-landing.tsx',
]);

function pageModule(name: string): Module {
  const load = pageModules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`No page module src/app/routes/${name}.tsx`);
  return load;
}

/**
 * Each public page's source module by its path: the build writes which files each one needs
 * (route-modules.json, see scripts/prerender.ts), so a link on screen can fetch a page's code
 * without running it.
 */
export const pageSources: [path: string, source: string][] = pages.map(([path, name]) => [
  path,
  `src/app/routes/${name}.tsx`,
]);

/** The 404 page: any other path. */
const notFound = lazyPage(() => import('./routes/not-found'));

/** Paths whose HTML is prerendered at build time (each gets its own file). */
export const prerenderedPaths = pages.filter(([, , prerender]) => prerender).map(([path]) => path);

/**
 * The prerendered pages whose first render fetches or submits (a form at the top of the page). The
 * other prerendered pages hydrate without TanStack Query; their forms and live parts bring it.
 */
const queryAtOnce = new Set<string>([paths.waitlist, paths.contact]);

/** Each public page's element and preload, by its key. */
const pageByKey = new Map<string, { element: ReactElement; preload: RouteHandle['preload'] }>();
for (const [path, name, prerender] of pages) {
  const Page = lazyPage(pageModule(name));
  const withQuery = !prerender || queryAtOnce.has(path);
  pageByKey.set(pageKey(path), {
    element: withSuspense(Page, path, { withQuery }),
    preload: () => Page.preload(),
  });
}
pageByKey.set(pageKey(paths.childLogin), {
  element: <Navigate to={paths.login} replace />,
  preload: () => Promise.resolve(),
});

/** The client-rendered public paths (the app shell serves them; prerendered pages have files). */
export const clientRenderedPaths = [
  paths.childLogin,
  ...pages.filter(([, , pre]) => !pre).map(([path]) => path),
];

/** The signed-in areas: their route table is a module of its own, loaded when one is first opened. */
export const AREA_PREFIXES = [paths.admin, paths.app, paths.child] as const;
const isAreaPath = (pathname: string) =>
  AREA_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
const areas = lazyPage(() => import('./area-routes'));

/**
 * The page at the current path: a public page, a signed-in area (its own route table, so the
 * landing pages' first load carries neither the areas' routes nor what their screens preload) or
 * the 404 page.
 */
function PageAtLocation() {
  const { pathname } = useLocation();
  const page = pageByKey.get(pageKey(pathname));
  if (page) return page.element;
  return isAreaPath(pathname) ? withSuspense(areas, 'areas') : withSuspense(notFound, '*');
}

async function preloadElsewhere(pathname: string): Promise<void> {
  if (!isAreaPath(pathname)) return notFound.preload();
  await areas.preload();
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

const preloadOnIntent = (pathname: string) => void preloadPath(pathname);

/**
 * The site at the current location (the browser's history, or the prerender's): the root layout
 * around the page found by its path. A public page is a lookup, not a route table matched and
 * ranked on every render; the signed-in areas bring React Router for their nested routes.
 */
export function AppRoutes() {
  return (
    <RootLayout preload={preloadOnIntent}>
      <PageAtLocation />
    </RootLayout>
  );
}
