import { lazy } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { LoadingScreen } from './loading-screen';
import { withSuspense, type Page } from './lazy-route';

/** Every public route, each a lazy module that shows "Loading..." while it loads. */
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

/** The route the signed-in areas are added under, once a visitor first opens one of them. */
const SITE_ROUTE = 'site';
const AREA_PATH = /^\/(admin|app|child)(\/|$)/;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <RouteErrorBoundary />,
    children: [
      {
        id: SITE_ROUTE,
        element: <Outlet />,
        errorElement: <RouteErrorBoundary />,
        children: [
          { path: paths.childLogin, element: <Navigate to={paths.login} replace /> },
          ...pages.map(([path, Page]) => ({ path, element: withSuspense(Page) })),
        ],
      },
    ],
  },
];

/**
 * The signed-in areas' route table is a module of its own, added to the router the first time a
 * path inside an area is opened (React Router's lazy route discovery): the landing pages' first
 * load carries neither the areas' routes nor what each of their screens preloads.
 */
export function createRouter() {
  let discovered = false;
  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      if (discovered || !AREA_PATH.test(path)) return;
      const { areaRoutes } = await import('./area-routes');
      if (discovered) return;
      discovered = true;
      patch(SITE_ROUTE, areaRoutes);
    },
  });
}
