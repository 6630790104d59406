import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';

// The tracker records its first view only once the page is idle, so its code stays out of the
// first load (the landing pages' JavaScript budget).
const PageTracker = lazy(() =>
  import('@/features/analytics/components/page-tracker').then((module) => ({ default: module.PageTracker })),
);

/** Wraps every route: skip link, the page, scroll restoration. Providers live in main.tsx. */
export function RootLayout() {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[200] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-ink focus:shadow"
      >
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
      <Suspense fallback={null}>
        <PageTracker />
      </Suspense>
    </>
  );
}
