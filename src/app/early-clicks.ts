/**
 * A prerendered page paints before its code runs, and its sections below the hero hydrate when
 * their own code arrives. The page's inline boot script (scripts/prerender.ts) holds the clicks
 * made on buttons and in-page links that React has not hydrated yet (a menu, an FAQ question, a
 * "#section" link, whose scroll-and-focus is the app's); each is replayed once React owns the
 * element, so a tap is never lost. Other links need nothing: they work as plain links.
 */
declare global {
  interface Window {
    /** Elements clicked before React hydrated them, in order (filled by the boot script). */
    __ploomEarlyClicks?: HTMLElement[];
    /** Set once the app runs; from then on the boot script holds only clicks on parts not hydrated. */
    __ploomReady?: boolean;
    /** Replays what is held (the boot script calls it for clicks held after the app runs). */
    __ploomReplay?: () => void;
    /** Set while a held click is replayed, so the boot script lets it through. */
    __ploomReplaying?: boolean;
  }
}

/** Whether React has hydrated the element (React keeps its fiber on the DOM node it owns). */
const isHydrated = (element: HTMLElement) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber$'));

/** How long a held click waits for its part's code before it is let through as it is. */
const WAIT_MS = 5000;

export function replayEarlyClicks() {
  const held = window.__ploomEarlyClicks;
  window.__ploomReady = true;
  if (!held) return;
  let frame = 0;
  let since = performance.now();
  const replay = () => {
    frame = 0;
    while (held.length) {
      const element = held[0];
      if (element.isConnected && !isHydrated(element) && performance.now() - since < WAIT_MS) {
        frame = requestAnimationFrame(replay);
        return;
      }
      held.shift();
      since = performance.now();
      if (!element.isConnected) continue;
      window.__ploomReplaying = true;
      try {
        element.click();
      } finally {
        window.__ploomReplaying = false;
      }
    }
  };
  window.__ploomReplay = () => {
    if (frame) return;
    since = performance.now();
    replay();
  };
  replay();
}
