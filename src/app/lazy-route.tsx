import { Suspense, type ComponentType } from 'react';
import { LoadingScreen } from './loading-screen';
import { QueryBoundary } from './query-boundary';

/**
 * A lazily loaded page inside its own Suspense boundary, keyed by the route: a navigation to a page
 * whose module has not loaded shows "Loading..." (a new boundary shows its fallback even inside the
 * router's transition), instead of keeping the old page on screen. `withQuery` puts TanStack Query
 * around the page, for pages whose first render fetches or submits.
 */
export function withSuspense(Page: ComponentType, key: string, { withQuery = false } = {}) {
  return (
    <Suspense key={key} fallback={<LoadingScreen />}>
      {withQuery ? (
        <QueryBoundary>
          <Page />
        </QueryBoundary>
      ) : (
        <Page />
      )}
    </Suspense>
  );
}
