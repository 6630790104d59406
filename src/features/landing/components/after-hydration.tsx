import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Renders `children` only in the browser once the page has hydrated (at once on a page rendered in
 * the browser); until then, and in the prerendered HTML, a placeholder of the same height. For the
 * forms: a field typed into before the form's code runs would be cleared when it starts, so the
 * HTML has no form to type into yet. After hydration the form is rendered as a transition: React
 * re-renders synchronously what differs once hydration ends, and a form's first render is enough
 * work to hold a phone's main thread, so that sync render only keeps the placeholder.
 */
export function AfterHydration({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(hydrated);
  useEffect(() => {
    if (hydrated && !shown) startTransition(() => setShown(true));
  }, [hydrated, shown]);
  return shown ? children : <div className={minHeight} aria-hidden="true" />;
}
