import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { LoadingScreen } from './loading-screen';

export type Page = LazyExoticComponent<ComponentType>;

/** A lazily loaded page that shows "Loading..." while its module loads. */
export function withSuspense(Page: Page) {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Page />
    </Suspense>
  );
}
