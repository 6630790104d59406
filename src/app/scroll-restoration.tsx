import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '@/lib/navigation';

const STORAGE_KEY = 'ploom_scroll_positions';
// Layout effects warn on the server; the prerender never scrolls anyway.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * The key a history entry's position is kept under: the router's key, or for the entry the visit
 * began with (which has none) its URL.
 */
function entryKey(key: string | undefined, path: string): string {
  return key && key !== 'default' ? key : `entry:${path}`;
}

/** Whether the document itself was reloaded or reached by back/forward (not a fresh visit). */
function documentWasRevisited(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Scroll position across navigations, as browsers do for multi-page sites: a new page starts at
 * the top (or at its #section), back and forward (and a reload) return to where the visitor was.
 * A change of query on the same screen (a filter, a lead's panel) keeps the place.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Record<string, number> | null>(null);

  useEffect(() => {
    positions.current ??= readPositions();
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const rememberNow = () => {
      if (!positions.current) return;
      const { pathname, search } = window.location;
      positions.current[entryKey(window.history.state?.key, pathname + search)] = window.scrollY;
    };
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(rememberNow);
    };
    const save = () => {
      // A reload right after a scroll comes before the next frame: take the position now.
      cancelAnimationFrame(frame);
      rememberNow();
      try {
        window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions.current ?? {}));
      } catch {
        // Storage blocked: positions last for this page only.
      }
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  const first = useRef(true);
  const shown = useRef(location);
  useIsomorphicLayoutEffect(() => {
    positions.current ??= readPositions();
    const saved = positions.current[entryKey(location.key, location.pathname + location.search)];
    const initial = first.current;
    first.current = false;
    const before = shown.current;
    shown.current = location;
    // The page the visit began with: back to where the visitor was only on a reload or back/forward.
    if (initial && !documentWasRevisited()) return;
    if (navigationType === 'POP') {
      if (saved !== undefined) window.scrollTo(0, saved);
      return;
    }
    // The same screen with another query (a filter, a lead's panel, a page of its list) stays
    // where the person is; a #section is scrolled to by the page itself once it has rendered it.
    if (before.pathname === location.pathname && before.search !== location.search) return;
    if (!location.hash) window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);

  return null;
}
