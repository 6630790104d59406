import type { EnsureQueryDataOptions } from '@tanstack/react-query';
import type { AppRole } from '../features/auth/lib/roles.ts';
import { paths } from '../config/paths.ts';

/**
 * The site's route manifest (decision 154): every route once, with its path, its module, whether
 * its HTML is prerendered, its area, its layout (and through it the roles allowed in) and, for the
 * main signed-in screens, the data it reads at once. Everything else is derived from it: the public
 * pages' lookup (router.tsx), the signed-in areas' React Router objects (area-routes.tsx), the
 * prerender list and the app shell's paths (entry-prerender.tsx), `AREA_PREFIXES`, each area's
 * not-found page, preloading on intent, and the lint rule that keeps React Router out of the public
 * pages (eslint.config.js reads routes.areas.json, which a test holds equal to `signedInAreas`).
 *
 * The table is two files because of the landing pages' first-load budget: this one (plain data,
 * part of every page's first load) holds the row's shape, the public routes and the areas; the
 * signed-in areas' rows and layouts are in routes.manifest.areas.ts, loaded with the areas' route
 * table.
 */

/** Where a route belongs: the public site, or one of the signed-in areas. */
export type SignedInArea = 'admin' | 'app' | 'child';
export type Area = 'public' | SignedInArea;

/** What a route's `prefetch` is told about the link being followed. */
export interface RouteContext {
  /** The route's `:name` parameters, from the link's path. */
  params: Readonly<Record<string, string | undefined>>;
  /** The link's query string (a screen's filters live there). */
  search: URLSearchParams;
  /** The signed-in person's role (one the route's layouts let in). */
  role: AppRole;
}

/**
 * What a feature's `queryOptions(...)` gives: a query `ensureQueryData` can load ahead. Its data,
 * error and key types are each query's own (a list of them has no one type; `unknown` would refuse
 * their `staleTime` functions, which take their own query's types), hence `any`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteQuery = EnsureQueryDataOptions<any, any, any, any>;

export interface RouteEntry {
  /** The path (`:name` one segment); a signed-in area's own prefix is its index route. */
  path: string;
  area: Area;
  /** The page's module under src/app/routes, without `.tsx`: loaded on demand, one chunk a page. */
  module?: string;
  /** Instead of a page: where the route sends the visitor (replacing the history entry). */
  redirect?: string;
  /** Its HTML is built at build time (the same for every visitor); public pages only. */
  prerender?: boolean;
  /** A prerendered page whose first render fetches or submits: TanStack Query comes with it. */
  queryAtOnce?: boolean;
  /** The innermost layout around it (a signed-in area's frame and guard); none for public pages. */
  layout?: LayoutName;
  /**
   * The queries the screen reads as soon as it mounts, loaded on intent (a link hovered, focused
   * or touched) beside the screen's code. Only for data that nothing on the screen decides first.
   */
  prefetch?: (context: RouteContext) => Promise<RouteQuery[]>;
  /**
   * Source files the screen loads on demand only after its first paint (a dialog, a form a press
   * opens): the app shell does not preload them with the screen (scripts/prerender.ts).
   */
  loadsLater?: string[];
}

export type LayoutName = 'admin' | 'adminsOnly' | 'app' | 'child';

/** Each area's prefix and the page any other path below it gets (inside its layout, if any). */
export const areas: Record<Area, { prefix: string; notFound: string; layout?: LayoutName }> = {
  public: { prefix: paths.home, notFound: 'not-found' },
  admin: { prefix: paths.admin, notFound: 'area-not-found', layout: 'admin' },
  app: { prefix: paths.app, notFound: 'area-not-found', layout: 'app' },
  child: { prefix: paths.child, notFound: 'area-not-found', layout: 'child' },
};

export const signedInAreas: readonly SignedInArea[] = ['admin', 'app', 'child'];

/** The signed-in areas' prefixes: their paths get the app shell and load the areas' route table. */
export const AREA_PREFIXES: readonly string[] = /* @__PURE__ */ signedInAreas.map(
  (area) => areas[area].prefix,
);

/** The signed-in area a path is in, or undefined for the public site. */
export function signedInAreaOf(pathname: string): SignedInArea | undefined {
  return signedInAreas.find((area) => {
    const prefix = areas[area].prefix;
    return pathname === prefix || pathname.startsWith(`${prefix}/`);
  });
}

/**
 * The public pages. The prerendered ones have the same content for every visitor; the others
 * depend on the visitor's browser (the quiz's saved progress, an email link's fragment, the site's
 * own origin) and are rendered in the browser from the app shell.
 */
export const publicRoutes: RouteEntry[] = [
  { path: paths.home, area: 'public', module: 'landing/home', prerender: true },
  { path: paths.coaching, area: 'public', module: 'landing/coaching', prerender: true },
  { path: paths.requestFitCall, area: 'public', module: 'landing/request-fit-call', prerender: true },
  { path: paths.coachingHome, area: 'public', module: 'landing/coaching-home', prerender: true },
  { path: paths.coachingV2, area: 'public', module: 'landing/coaching-v2', prerender: true },
  { path: paths.pricing, area: 'public', module: 'landing/pricing', prerender: true },
  { path: paths.waitlist, area: 'public', module: 'landing/waitlist', prerender: true, queryAtOnce: true },
  { path: paths.coaches, area: 'public', module: 'landing/coaches', prerender: true },
  { path: paths.about, area: 'public', module: 'content/about', prerender: true },
  { path: paths.programs, area: 'public', module: 'content/programs', prerender: true },
  { path: paths.faq, area: 'public', module: 'content/faq', prerender: true },
  { path: paths.contact, area: 'public', module: 'content/contact', prerender: true, queryAtOnce: true },
  { path: paths.privacy, area: 'public', module: 'content/privacy', prerender: true },
  { path: paths.terms, area: 'public', module: 'content/terms', prerender: true },
  { path: paths.brandGuidelines, area: 'public', module: 'content/brand-guidelines', prerender: true },
  { path: paths.processLogo, area: 'public', module: 'content/process-logo', prerender: true },
  { path: paths.facebookAssets, area: 'public', module: 'content/facebook-assets' },
  { path: paths.adCreatives, area: 'public', module: 'content/ad-creatives' },
  { path: paths.testEmail, area: 'public', module: 'content/test-email' },
  { path: paths.login, area: 'public', module: 'auth/login' },
  { path: paths.signup, area: 'public', module: 'auth/signup' },
  { path: paths.forgotPassword, area: 'public', module: 'auth/forgot-password' },
  { path: paths.resetPassword, area: 'public', module: 'auth/reset-password' },
  { path: paths.welcome, area: 'public', module: 'auth/welcome' },
  { path: paths.childLogin, area: 'public', redirect: paths.login },
  { path: paths.quiz, area: 'public', module: 'quiz/intro' },
  { path: paths.quizQuestions, area: 'public', module: 'quiz/questions' },
  { path: paths.quizResults, area: 'public', module: 'quiz/results' },
  { path: paths.introCall, area: 'public', module: 'intro-call/book' },
];

/** What a route object carries for the preloader: how to load its module (and its row, if any). */
export interface RouteHandle {
  preload: (pathname: string) => Promise<void>;
  route?: RouteEntry;
}

/* What the build derives from the table (functions, so the browser's bundle leaves them out). */

/** The paths whose HTML is prerendered at build time (each gets its own file). */
export const prerenderedPaths = (): string[] =>
  publicRoutes.filter((route) => route.prerender).map((route) => route.path);

/**
 * The paths rendered in the browser from the app shell: every route that is not prerendered
 * (`:param` one segment, `/*` anything below a signed-in area's prefix).
 */
export const clientRoutePatterns = (): string[] => [
  ...publicRoutes.filter((route) => !route.prerender).map((route) => route.path),
  ...AREA_PREFIXES.flatMap((prefix) => [prefix, `${prefix}/*`]),
];

/**
 * Each public page's source module by its path: the build writes which files each one needs
 * (route-modules.json, see scripts/prerender.ts), so a link on screen can fetch a page's code
 * without running it.
 */
export const pageSources = (): [path: string, source: string][] =>
  publicRoutes.flatMap((route) =>
    route.module ? [[route.path, `src/app/routes/${route.module}.tsx`] as [string, string]] : [],
  );
