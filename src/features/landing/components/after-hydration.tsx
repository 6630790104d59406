import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Renders `children` in the browser once the page has hydrated and their place is within a screen
 * of the viewport (at once on a page rendered in the browser); until then, and in the prerendered
 * HTML, a placeholder of the same height. For the landing pages' forms: a field typed into before
 * the form's code runs would be cleared when it starts, so the HTML has no form to type into yet;
 * and a form's first render (its form library starting) holds a phone's main thread for about
 * 100 ms, which a visitor who reads only the top of the page never needs to pay. It renders as a
 * transition, so the page stays responsive meanwhile.
 */
export function AfterHydration({ children, minHeight }: { children: ReactNode; minHeight: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(hydrated);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!hydrated || shown) return;
    const show = () => startTransition(() => setShown(true));
    const element = placeholder.current;
    if (!element || typeof IntersectionObserver !== 'function') {
      show();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        show();
      },
      // A screen ahead: scrolling, or a link to the section, finds the form there.
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hydrated, shown]);

  return shown ? children : <div ref={placeholder} className={minHeight} aria-hidden="true" />;
}
