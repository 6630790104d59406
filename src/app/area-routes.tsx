import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { withSuspense } from './lazy-route';

type Module = () => Promise<{ default: ComponentType }>;

/** A route whose module loads on demand (the area layouts show "Loading..." for their screens). */
const screen = (path: string, load: Module): RouteObject => ({ path, element: withSuspense(lazy(load)) });
const layout = (load: Module, children: RouteObject[], path?: string): RouteObject => ({
  path,
  element: withSuspense(lazy(load)),
  children,
});

/** The signed-in areas: a layout route each (guard + area frame + Outlet) with its screens nested. */
export const areaRoutes: RouteObject[] = [
  layout(
    () => import('./routes/admin/layout'),
    [
      { index: true, element: withSuspense(lazy(() => import('./routes/admin/overview'))) },
      screen(paths.adminWaitlist, () => import('./routes/admin/leads')),
      screen(paths.adminSessions, () => import('./routes/admin/sessions')),
      screen(paths.adminFamilies, () => import('./routes/admin/families')),
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
    ],
    paths.admin,
  ),
  layout(
    () => import('./routes/app/layout'),
    [
      { index: true, element: withSuspense(lazy(() => import('./routes/app/dashboard'))) },
      screen(paths.appOnboarding, () => import('./routes/app/onboarding')),
      screen(paths.appPloomPoints, () => import('./routes/app/ploom-points')),
      screen(paths.appLeaderboard, () => import('./routes/app/leaderboard')),
      screen(paths.appChildSchedule.pattern, () => import('./routes/app/child-schedule')),
      screen(paths.appSession.pattern, () => import('./routes/app/session')),
      screen(paths.appAccount, () => import('./routes/app/account')),
      screen(paths.appAccountChildren, () => import('./routes/app/account-children')),
      screen(paths.appBilling, () => import('./routes/app/billing')),
    ],
    paths.app,
  ),
  layout(
    () => import('./routes/child/layout'),
    [
      screen(paths.childDashboard, () => import('./routes/child/dashboard')),
      screen(paths.childSession.pattern, () => import('./routes/child/session')),
    ],
  ),
];
