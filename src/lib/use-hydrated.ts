import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the prerendered HTML and during hydration, true from the first render after it (and at
 * once on a page rendered in the browser). For what must wait until the page's code is running.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
