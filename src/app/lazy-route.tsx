import { Suspense, type ComponentType } from 'react';
import { LoadingScreen } from './loading-screen';

/**
 * A lazily loaded page inside its own Suspense boundary, keyed by the route: a navigation to a page
 * whose module has not loaded shows "Loading..." (a new boundary shows its fallback even inside the
 * router's transition), instead of keeping the old page on screen.
 */
export function withSuspense(Page: ComponentType, key: string) {
  return (
    <Suspense key={key} fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  );
}
