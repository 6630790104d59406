import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { LoadingScreen } from './loading-screen';

type Page = LazyExoticComponent<ComponentType>;

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
  [paths.admin, lazy(() => import('./routes/areas/admin'))],
  [`${paths.admin}/*`, lazy(() => import('./routes/areas/admin'))],
  [paths.app, lazy(() => import('./routes/areas/parent'))],
  [`${paths.app}/*`, lazy(() => import('./routes/areas/parent'))],
  ['/child/*', lazy(() => import('./routes/areas/child'))],
  ['*', lazy(() => import('./routes/not-found'))],
];

function withSuspense(Page: Page) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  );
}

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
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
