import { useEffect } from 'react';
import { useLocation } from '@/lib/navigation';
import { whenIdle } from '@/lib/when-idle';

/** The path of an in-site link, or null for other links (other sites, mail, downloads). */
function internalPath(anchor: HTMLAnchorElement): string | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname : null;
}

/**
 * Loads a route's module before it is needed: when its link is hovered, focused or touched (the
 * module runs, so the click renders at once), and, once the page is idle, when the link is on
 * screen (its files are fetched, not run: most links on screen are never followed). A navigation
 * then rarely waits on "Loading...".
 */
export function useLinkPrefetch(preload: (pathname: string) => void) {
  const { pathname } = useLocation();

  useEffect(() => {
    const onIntent = (event: Event) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const path = internalPath(anchor);
      if (path) preload(path);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    document.addEventListener('touchstart', onIntent, { passive: true });
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      document.removeEventListener('touchstart', onIntent);
    };
  }, [preload]);

  useEffect(() => {
    if (typeof IntersectionObserver !== 'function') return;
    let observer: IntersectionObserver | undefined;
    const cancel = whenIdle(() => {
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const path = internalPath(entry.target as HTMLAnchorElement);
          // The preloader is a module of its own: the first load does not carry it.
          if (path) void import('./route-modules').then(({ warmPath }) => warmPath(path));
        }
      });
      document.querySelectorAll('a[href]').forEach((anchor) => observer?.observe(anchor));
    });
    return () => {
      cancel();
      observer?.disconnect();
    };
    // A new page has new links: observe again after each route change.
  }, [pathname]);
}
