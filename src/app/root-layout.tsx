import { Outlet, ScrollRestoration } from 'react-router-dom';
import { PageTracker } from '@/features/analytics/components/page-tracker';

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
      <PageTracker />
    </>
  );
}
