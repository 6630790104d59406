/**
 * A prerendered page paints before its code runs. Its inline boot script (scripts/prerender.ts)
 * holds the clicks made in that moment on buttons and on links within the page (a menu, an FAQ
 * question, a "#section" link, whose scroll-and-focus is the app's); once React has hydrated the
 * element, the click is replayed, so a tap is never lost. Other links need nothing: they work as
 * plain links.
 */
declare global {
  interface Window {
    /** Elements clicked before the app ran, in order (set by the boot script). */
    __ploomEarlyClicks?: HTMLElement[];
    /** Set once the app runs: the boot script stops holding clicks. */
    __ploomReady?: boolean;
  }
}

/** Whether React has hydrated the element (React keeps its fiber on the DOM node it owns). */
const isHydrated = (element: HTMLElement) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** How long a held click waits for its section's code (a lazily hydrated part of the page). */
const WAIT_MS = 5000;

export function replayEarlyClicks() {
  window.__ploomReady = true;
  const held = window.__ploomEarlyClicks?.splice(0) ?? [];
  if (!held.length) return;
  const started = performance.now();
  const replay = () => {
    while (held.length) {
      const element = held[0];
      if (!element.isConnected) {
        held.shift();
        continue;
      }
      if (!isHydrated(element) && performance.now() - started < WAIT_MS) {
        requestAnimationFrame(replay);
        return;
      }
      held.shift();
      element.click();
    }
  };
  replay();
}
