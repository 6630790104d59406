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
  if (options.focusFirstField && !field) focusFieldOnArrival(target);
  return true;
}

/** How long a section's form may take to appear (it renders as the section comes near). */
const FIELD_WAIT_MS = 5000;

/**
 * A landing page's form renders only once its section is near the viewport: focus its first field
 * when it appears, unless the visitor has moved focus on meanwhile.
 */
function focusFieldOnArrival(section: HTMLElement) {
  const observer = new MutationObserver(() => {
    const field = section.querySelector<HTMLElement>(FIELD_SELECTOR);
    if (!field) return;
    stop();
    if (document.activeElement === section) field.focus({ preventScroll: true });
  });
  const timer = setTimeout(() => stop(), FIELD_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(section, { childList: true, subtree: true });
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
