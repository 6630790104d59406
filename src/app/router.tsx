import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { LoadingScreen } from './loading-screen';

type Page = LazyExoticComponent<ComponentType>;
type Module = () => Promise<{ default: ComponentType }>;

/** Every route, each a lazy module that shows "Loading..." while it loads. */
const pages: [path: string, page: Page][] = [
  [paths.home, lazy(() => import('./routes/landing/home'))],
  [paths.coaching, lazy(() => import('./routes/landing/coaching'))],
  [paths.requestFitCall, lazy(() => import('./routes/landing/request-fit-call'))],
  [paths.coachingHome, lazy(() => import('./routes/landing/coaching-home'))],
  [paths.coachingV2, lazy(() => import('./routes/landing/coaching-v2'))],
  [paths.pricing, lazy(() => import('./routes/landing/pricing'))],
  [paths.waitlist, lazy(() => import('./routes/landing/waitlist'))],
  [paths.coaches, lazy(() => import('./routes/landing/coaches'))],
  [paths.about, lazy(() => import('./routes/content/about'))],
  [paths.programs, lazy(() => import('./routes/content/programs'))],
  [paths.faq, lazy(() => import('./routes/content/faq'))],
  [paths.contact, lazy(() => import('./routes/content/contact'))],
  [paths.privacy, lazy(() => import('./routes/content/privacy'))],
  [paths.terms, lazy(() => import('./routes/content/terms'))],
  [paths.brandGuidelines, lazy(() => import('./routes/content/brand-guidelines'))],
  [paths.facebookAssets, lazy(() => import('./routes/content/facebook-assets'))],
  [paths.adCreatives, lazy(() => import('./routes/content/ad-creatives'))],
  [paths.processLogo, lazy(() => import('./routes/content/process-logo'))],
  [paths.testEmail, lazy(() => import('./routes/content/test-email'))],
  [paths.login, lazy(() => import('./routes/auth/login'))],
  [paths.signup, lazy(() => import('./routes/auth/signup'))],
  [paths.forgotPassword, lazy(() => import('./routes/auth/forgot-password'))],
  [paths.resetPassword, lazy(() => import('./routes/auth/reset-password'))],
  [paths.quiz, lazy(() => import('./routes/quiz/intro'))],
  [paths.quizQuestions, lazy(() => import('./routes/quiz/questions'))],
  [paths.quizResults, lazy(() => import('./routes/quiz/results'))],
  ['*', lazy(() => import('./routes/not-found'))],
];

function withSuspense(Page: Page) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  );
}

/** A route whose module loads on demand (the area layouts show "Loading..." for their screens). */
const screen = (path: string, load: Module): RouteObject => ({ path, element: withSuspense(lazy(load)) });
const layout = (load: Module, children: RouteObject[], path?: string): RouteObject => ({
  path,
  element: withSuspense(lazy(load)),
  children,
});

/** The signed-in areas: a layout route each (guard + area frame + Outlet) with its screens nested. */
const areas: RouteObject[] = [
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        element: <Outlet />,
        errorElement: <RouteErrorBoundary />,
        children: [
          { path: paths.childLogin, element: <Navigate to={paths.login} replace /> },
          ...pages.map(([path, Page]) => ({ path, element: withSuspense(Page) })),
          ...areas,
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
