/**
 * A prerendered page paints before its code runs. Its inline boot script (scripts/prerender.ts)
 * holds the clicks on buttons made in that moment (a menu, an FAQ question): once React has
 * hydrated, they are replayed, so a tap is never lost. Links need nothing: they work as plain links.
 */
declare global {
  interface Window {
    /** Buttons clicked before the app ran, in order (set by the boot script). */
    __ploomEarlyClicks?: HTMLElement[];
    /** Set once the app runs: the boot script stops holding clicks. */
    __ploomReady?: boolean;
  }
}

export function replayEarlyClicks() {
  window.__ploomReady = true;
  const held = window.__ploomEarlyClicks?.splice(0) ?? [];
  for (const element of held) {
    if (element.isConnected) element.click();
  }
}
