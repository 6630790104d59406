import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { afterFirstScreen } from '@/lib/supabase';
import { replayEarlyClicks } from './early-clicks';
import { RouteErrors } from './error-boundary';
import { useLinkPrefetch } from './link-prefetch';
import { ScrollRestoration } from './scroll-restoration';

// The tracker records its first view only once the page is idle, so its code stays out of the
// first load (the landing pages' JavaScript budget); on a signed-in screen opened directly, once
// that screen has drawn its data (decision 215).
const PageTracker = lazy(() =>
  afterFirstScreen()
    .then(() => import('@/features/analytics/components/page-tracker'))
    .then((module) => ({ default: module.PageTracker })),
);

export interface RootLayoutProps {
  /** A link shows intent: loads its route's modules and data ahead (the router's preloadOnIntent). */
  preload: (url: URL) => void;
  /** The page at the current location. */
  children: ReactNode;
}

/** Wraps every route: skip link, the page, scroll restoration, page tracking, link prefetching. */
export function RootLayout({ preload, children }: RootLayoutProps) {
  useLinkPrefetch(preload);
  // After hydration (or the first render in the browser): clicks made before the code ran.
  useEffect(replayEarlyClicks, []);
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[200] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-ink focus:shadow"
      >
        Skip to content
      </a>
      <RouteErrors>{children}</RouteErrors>
      <ScrollRestoration />
      <Suspense fallback={null}>
        <PageTracker />
      </Suspense>
    </>
  );
}
