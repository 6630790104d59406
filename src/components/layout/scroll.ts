import { useEffect } from 'react';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

const FIELD_SELECTOR =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Scrolls smoothly to the section with this id and moves keyboard focus there, so a keyboard or
 * screen-reader user continues from the section they chose. With `focusFirstField` the focus goes
 * to the section's first form field instead. Returns false when the page has no such section.
 */
export function scrollToSection(id: string, options: { focusFirstField?: boolean } = {}): boolean {
  const target = document.getElementById(id);
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  const field = options.focusFirstField ? target.querySelector<HTMLElement>(FIELD_SELECTOR) : null;
  const focusTarget = field ?? target;
  if (!field && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  focusTarget.focus({ preventScroll: true });
  return true;
}

/**
 * On arrival with a #hash (e.g. from a site-nav link on another page), scroll to that section once
 * the page has rendered it.
 */
export function useScrollToHashOnMount() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    // Wait a frame so the lazily loaded page has laid out.
    const frame = requestAnimationFrame(() => {
      scrollToSection(id);
    });
    return () => cancelAnimationFrame(frame);
  }, []);
}
