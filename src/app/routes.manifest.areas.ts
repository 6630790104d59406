import { paths } from '../config/paths.ts';
import type { AppRole } from '../features/auth/lib/roles.ts';
import type { LayoutName, RouteEntry, SignedInArea } from './routes.manifest.ts';

export interface Layout {
  area: SignedInArea;
  /** The layout's module under src/app/routes: a guard and a frame around an Outlet. */
  module: string;
  /** The roles its guard lets in. */
  roles: readonly AppRole[];
  /** The layout it sits in (pathless, inside its area's). */
  parent?: LayoutName;
}

/** The signed-in areas' layouts: each area's own, and the admin screens a coach may not open. */
export const layouts: Record<LayoutName, Layout> = {
  admin: { area: 'admin', module: 'admin/layout', roles: ['admin', 'coach'] },
  adminsOnly: { area: 'admin', module: 'admin/admins-only', roles: ['admin'], parent: 'admin' },
  app: { area: 'app', module: 'app/layout', roles: ['parent'] },
  child: { area: 'child', module: 'child/layout', roles: ['child'] },
};

/** The roles a route lets in (every layout around it must), or undefined when anyone may open it. */
export function rolesOf(route: RouteEntry): readonly AppRole[] | undefined {
  let roles: readonly AppRole[] | undefined;
  for (let name = route.layout; name; name = layouts[name].parent) {
    const allowed = layouts[name].roles;
    roles = roles ? roles.filter((role) => allowed.includes(role)) : allowed;
  }
  return roles;
}

/**
 * The signed-in areas' routes: the second half of the route manifest (routes.manifest.ts says why
 * it is a file of its own). Each area's own prefix is its index route; any other path below the
 * prefix gets the area's not-found page, inside the area's layout.
 *
 * `prefetch` names the queries a screen reads at once, through its feature's `queryOptions`, each
 * loaded on demand: a hovered link loads the screen's code and its data side by side.
 */
export const areaRoutes: RouteEntry[] = [
  {
    path: paths.admin,
    area: 'admin',
    module: 'admin/overview',
    layout: 'admin',
    prefetch: async ({ role }) => {
      const { overviewQueryOptions } = await import('@/features/pipeline/api/get-overview');
      return [overviewQueryOptions(role === 'admin')];
    },
  },
  {
    path: paths.adminWaitlist,
    area: 'admin',
    module: 'admin/leads',
    layout: 'admin',
    prefetch: async ({ role, search }) => {
      // An admin's newsletter tab reads another list, a page at a time: left to the screen.
      if (role === 'admin' && search.get('tab') === 'newsletter') return [];
      const [{ leadsQueryOptions }, { parseLeadFilters }] = await Promise.all([
        import('@/features/pipeline/api/get-leads'),
        import('@/features/pipeline/lib/lead-filters'),
      ]);
      return [leadsQueryOptions(parseLeadFilters(search))];
    },
    // An open lead's note form comes once the list is drawn (decision 216).
    loadsLater: ['src/features/pipeline/components/lead-note-form.tsx'],
  },
  {
    path: paths.adminSessions,
    area: 'admin',
    module: 'admin/sessions',
    layout: 'admin',
    // The coaches and children to filter and book by (the week shown depends on the viewer's zone).
    prefetch: async () => {
      const { sessionOptionsQueryOptions } = await import('@/features/sessions/api/get-session-options');
      return [sessionOptionsQueryOptions()];
    },
    // A session's forms and the booking form come once the week is drawn (decision 216).
    loadsLater: [
      'src/features/sessions/components/book-session-dialog.tsx',
      'src/features/sessions/components/change-session-dialogs.tsx',
      'src/features/sessions/components/follow-up-forms.tsx',
      'src/features/progress/components/coach-child-progress.tsx',
    ],
  },
  { path: paths.adminAvailability, area: 'admin', module: 'admin/availability', layout: 'admin' },
  { path: paths.adminFamilies, area: 'admin', module: 'admin/families', layout: 'admin' },
  { path: paths.adminFamily.pattern, area: 'admin', module: 'admin/family', layout: 'admin' },
  { path: paths.adminSessionRoom.pattern, area: 'admin', module: 'admin/session-room', layout: 'admin' },
  { path: paths.adminAccount, area: 'admin', module: 'admin/account', layout: 'admin' },
  {
    path: paths.adminMessages,
    area: 'admin',
    module: 'admin/messages',
    layout: 'admin',
    prefetch: async () => {
      const { conversationsQueryOptions } = await import('@/features/messages/api/get-conversations');
      return [conversationsQueryOptions()];
    },
  },
  { path: paths.adminConversation.pattern, area: 'admin', module: 'admin/conversation', layout: 'admin' },
  {
    path: paths.adminProgressReport.pattern,
    area: 'admin',
    module: 'admin/progress-report',
    layout: 'admin',
  },
  {
    path: paths.adminReport,
    area: 'admin',
    module: 'admin/report',
    layout: 'adminsOnly',
    prefetch: async () => {
      const { defaultReportRange, landingReportQueryOptions } =
        await import('@/features/reports/api/get-landing-report');
      return [landingReportQueryOptions(defaultReportRange())];
    },
  },
  { path: paths.adminUsers, area: 'admin', module: 'admin/users', layout: 'adminsOnly' },
  { path: paths.adminAuditLogs, area: 'admin', module: 'admin/audit-logs', layout: 'adminsOnly' },
  { path: paths.adminSettings, area: 'admin', module: 'admin/settings', layout: 'adminsOnly' },

  {
    path: paths.app,
    area: 'app',
    module: 'app/dashboard',
    layout: 'app',
    // Whether the family's onboarding is done decides what the dashboard shows; most families are
    // past it, so the dashboard's own reads (and its code) start beside it instead of after it: one
    // wasted read for a family still in onboarding, a round trip less for every other (decision 200).
    prefetch: async () => {
      void import('@/features/parent-app/components/dashboard-gate').catch(() => undefined);
      const [{ onboardingQueryOptions }, { dashboardQueryOptions }, { atHomeToolsQueryOptions }] =
        await Promise.all([
          import('@/features/parent-app/api/get-onboarding'),
          import('@/features/parent-app/api/get-dashboard'),
          import('@/features/parent-app/api/get-at-home-tools'),
        ]);
      return [onboardingQueryOptions(), dashboardQueryOptions(), atHomeToolsQueryOptions()];
    },
  },
  { path: paths.appOnboarding, area: 'app', module: 'app/onboarding', layout: 'app' },
  { path: paths.appPloomPoints, area: 'app', module: 'app/ploom-points', layout: 'app' },
  { path: paths.appLeaderboard, area: 'app', module: 'app/leaderboard', layout: 'app' },
  { path: paths.appChildSchedule.pattern, area: 'app', module: 'app/child-schedule', layout: 'app' },
  { path: paths.appSession.pattern, area: 'app', module: 'app/session', layout: 'app' },
  { path: paths.appCheckIn.pattern, area: 'app', module: 'app/check-in', layout: 'app' },
  { path: paths.appReport.pattern, area: 'app', module: 'app/report', layout: 'app' },
  { path: paths.appAccount, area: 'app', module: 'app/account', layout: 'app' },
  { path: paths.appMessages, area: 'app', module: 'app/messages', layout: 'app' },
  { path: paths.appAccountChildren, area: 'app', module: 'app/account-children', layout: 'app' },
  {
    path: paths.appBilling,
    area: 'app',
    module: 'app/billing',
    layout: 'app',
    prefetch: async () => {
      const { billingQueryOptions } = await import('@/features/billing/api/get-billing');
      return [billingQueryOptions()];
    },
    // The plan change's confirm dialog comes once the page is drawn (decision 216).
    loadsLater: ['src/features/billing/components/plan-change-dialog.tsx'],
  },

  // The child's area opens on their dashboard.
  { path: paths.child, area: 'child', redirect: paths.childDashboard, layout: 'child' },
  {
    path: paths.childDashboard,
    area: 'child',
    module: 'child/dashboard',
    layout: 'child',
    prefetch: async () => {
      const { childDashboardQueryOptions } = await import('@/features/child-app/api/get-child-dashboard');
      return [childDashboardQueryOptions()];
    },
  },
  { path: paths.childSession.pattern, area: 'child', module: 'child/session', layout: 'child' },
];

/**
 * Each signed-in screen's path and the source modules it renders with: its layouts, outermost
 * first, then its own module (a redirect's target's), and what it loads only later. The build
 * writes them into the app shell, which preloads them at that path (scripts/prerender.ts, decision
 * 205). Build-time only.
 */
export const areaScreenSources = (): { path: string; sources: string[]; later: string[] }[] =>
  areaRoutes.flatMap((route) => {
    const target = route.redirect ? areaRoutes.find((other) => other.path === route.redirect) : route;
    if (!target?.module) return [];
    const chain: string[] = [];
    for (let name = target.layout; name; name = layouts[name].parent) chain.unshift(layouts[name].module);
    return [
      {
        path: route.path,
        sources: [...chain, target.module].map((m) => `src/app/routes/${m}.tsx`),
        later: target.loadsLater ?? [],
      },
    ];
  });
