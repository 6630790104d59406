import type { ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Renders `children` only in the browser once the page has hydrated (at once on a page rendered in
 * the browser); until then, and in the prerendered HTML, a placeholder of the same height. For the
 * forms: a field typed into before the form's code runs would be cleared when it starts, so the
 * HTML has no form to type into yet.
 */
export function AfterHydration({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const hydrated = useHydrated();
  return hydrated ? children : <div className={minHeight} aria-hidden="true" />;
}
