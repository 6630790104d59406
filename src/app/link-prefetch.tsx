import { useEffect } from 'react';
import { useLocation } from '@/lib/navigation';
import { whenIdle } from '@/lib/when-idle';

/** Where an in-site link goes, or null for other links (other sites, mail, downloads). */
function internalUrl(anchor: HTMLAnchorElement): URL | null {
  if (anchor.target && anchor.target !== '_self') return null;
  if (anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? url : null;
}

/**
 * Loads a route ahead: when its link is hovered, focused or touched, `onIntent` is told where it
 * goes (the router loads its modules, which run so the click renders at once, and a signed-in
 * screen's data beside them); once the page is idle, when the link is on screen, its files are
 * fetched, not run (most links on screen are never followed). A navigation then rarely waits on
 * "Loading...".
 */
export function useLinkPrefetch(onIntent: (url: URL) => void) {
  const { pathname } = useLocation();

  useEffect(() => {
    const onEvent = (event: Event) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const url = internalUrl(anchor);
      if (url) onIntent(url);
    };
    document.addEventListener('pointerover', onEvent, { passive: true });
    document.addEventListener('focusin', onEvent);
    document.addEventListener('touchstart', onEvent, { passive: true });
    return () => {
      document.removeEventListener('pointerover', onEvent);
      document.removeEventListener('focusin', onEvent);
      document.removeEventListener('touchstart', onEvent);
    };
  }, [onIntent]);

  useEffect(() => {
    if (typeof IntersectionObserver !== 'function') return;
    let observer: IntersectionObserver | undefined;
    const cancel = whenIdle(() => {
      observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          observer?.unobserve(entry.target);
          const url = internalUrl(entry.target as HTMLAnchorElement);
          // The preloader is a module of its own: the first load does not carry it.
          if (url) void import('./route-modules').then(({ warmPath }) => warmPath(url.pathname));
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
