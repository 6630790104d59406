import { matchRoutes, Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AreaRouter } from './area-router';
import { lazyPage } from './lazy-page';
import { withSuspense } from './lazy-route';
import { QueryBoundary } from './query-boundary';
import type { RouteHandle } from './router';

type Module = Parameters<typeof lazyPage>[0];

let unnamed = 0;
const route = (load: Module, rest: Partial<RouteObject>): RouteObject => {
  const Page = lazyPage(load);
  const handle: RouteHandle = { preload: () => Page.preload() };
  const key = rest.path ?? `area-${(unnamed += 1)}`;
  return { ...rest, element: withSuspense(Page, key), handle } as RouteObject;
};

/** A route whose module loads on demand (the area layouts show "Loading..." for their screens). */
const screen = (path: string, load: Module): RouteObject => route(load, { path });
const index = (load: Module): RouteObject => route(load, { index: true });
const layout = (load: Module, children: RouteObject[], path?: string): RouteObject =>
  route(load, { path, children });
/** Any other path in an area: the area's own "not found" screen, inside its frame. */
const notFound = (): RouteObject => screen('*', () => import('./routes/area-not-found'));

/** The signed-in areas: a layout route each (guard + area frame + Outlet) with its screens nested. */
const areaRoutes: RouteObject[] = [
  layout(
    () => import('./routes/admin/layout'),
    [
      index(() => import('./routes/admin/overview')),
      screen(paths.adminWaitlist, () => import('./routes/admin/leads')),
      screen(paths.adminSessions, () => import('./routes/admin/sessions')),
      screen(paths.adminFamilies, () => import('./routes/admin/families')),
      screen(paths.adminFamily.pattern, () => import('./routes/admin/family')),
      screen(paths.adminSessionRoom.pattern, () => import('./routes/admin/session-room')),
      screen(paths.adminAccount, () => import('./routes/admin/account')),
      layout(
        () => import('./routes/admin/admins-only'),
        [
          screen(paths.adminReport, () => import('./routes/admin/report')),
          screen(paths.adminUsers, () => import('./routes/admin/users')),
          screen(paths.adminAuditLogs, () => import('./routes/admin/audit-logs')),
          screen(paths.adminSettings, () => import('./routes/admin/settings')),
        ],
      ),
      notFound(),
    ],
    paths.admin,
  ),
  layout(
    () => import('./routes/app/layout'),
    [
      index(() => import('./routes/app/dashboard')),
      screen(paths.appOnboarding, () => import('./routes/app/onboarding')),
      screen(paths.appPloomPoints, () => import('./routes/app/ploom-points')),
      screen(paths.appLeaderboard, () => import('./routes/app/leaderboard')),
      screen(paths.appChildSchedule.pattern, () => import('./routes/app/child-schedule')),
      screen(paths.appSession.pattern, () => import('./routes/app/session')),
      screen(paths.appAccount, () => import('./routes/app/account')),
      screen(paths.appAccountChildren, () => import('./routes/app/account-children')),
      screen(paths.appBilling, () => import('./routes/app/billing')),
      notFound(),
    ],
    paths.app,
  ),
  layout(
    () => import('./routes/child/layout'),
    [
      // The child's area opens on their dashboard.
      { index: true, element: <Navigate to={paths.childDashboard} replace /> },
      screen(paths.childDashboard, () => import('./routes/child/dashboard')),
      screen(paths.childSession.pattern, () => import('./routes/child/session')),
      notFound(),
    ],
    paths.child,
  ),
];

/** Loads the modules of the area routes `pathname` matches (before a navigation, on hover). */
export async function preloadAreaPath(pathname: string): Promise<void> {
  const matches = matchRoutes(areaRoutes, pathname) ?? [];
  await Promise.all(
    matches.map((match) => (match.route.handle as RouteHandle | undefined)?.preload(pathname)),
  );
}

/** The signed-in areas, matched against the whole path (rendered by the router's catch-all route). */
function AreaRouteTable() {
  return useRoutes(areaRoutes);
}

export default function AreaRoutes() {
  return (
    <AreaRouter>
      <QueryBoundary>
        <AreaRouteTable />
      </QueryBoundary>
    </AreaRouter>
  );
}
