import { useSyncExternalStore } from 'react';

// Set by vite.config.ts: the year the site was built (and its HTML prerendered) in.
declare const __BUILD_YEAR__: number | undefined;

const buildYear = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();
const subscribe = () => () => undefined;
const currentYear = () => new Date().getFullYear();

/**
 * The current year. The prerendered HTML carries the build's year and hydration starts from it
 * (so the two agree); a page built last December shows this year right after hydration.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(subscribe, currentYear, () => buildYear);
}
