import { QueryClientContext } from '@tanstack/react-query';
import { useContext, useEffect } from 'react';
import { afterNextPaint } from './after-paint';
import { readHeldSession } from './held-session';
import { dropLastViews, LAST_VIEW_KEY } from './last-view-script';

export { dropLastViews };

/**
 * A signed-in screen opened again draws at once what it showed last time, then its fresh data
 * (decision 217). As a screen's data is drawn, and as the person leaves the page, the areas keep
 * that view's HTML here, tied to the sign-in session that drew it. The app shell's inline script
 * (./last-view-script.ts, put into 200.html by scripts/prerender.ts) draws it before any module has
 * loaded, inert and hidden from assistive technology, over the app that is starting under it; the
 * areas take it away once their first screen has drawn (endLastView). It is drawn only for the
 * same session, while its access token is still good, within a day. What a person wrote is never
 * kept (viewHtml), and every view goes as soon as the app finds the session ended: a sign-out,
 * an expiry supabase-js cannot refresh, a session ended elsewhere, another person (decision 230).
 */

/** How many screens are kept, the most recently drawn first. */
const MAX_VIEWS = 6;
/** A view larger than this (a long list at scale) is not kept: drawing it would be slower. */
const MAX_HTML_CHARS = 150_000;

interface Kept {
  user: string;
  session: string;
  views: Record<string, { at: number; html: string }>;
}

/** The sign-in session an access token belongs to (its `session_id` claim), or undefined. */
export function sessionIdOf(accessToken: string): string | undefined {
  try {
    const part = accessToken.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(part)) as { session_id?: unknown };
    return typeof claims.session_id === 'string' ? claims.session_id : undefined;
  } catch {
    return undefined;
  }
}

/** What a withheld element keeps of its attributes: how it is laid out, nothing it says. */
const WITHHELD_KEEPS = new Set(['class', 'role', 'hidden', 'data-free-text']);
/** Attributes that are read out, not drawn: a view is hidden from assistive technology. */
const SPOKEN = ['aria-label', 'aria-description', 'aria-valuetext', 'aria-roledescription', 'title', 'alt'];

/**
 * The HTML a view is kept as: the app's root without its ids (the app under the drawn view has
 * the same ones, and looks them up while starting), its notifications, or anything marked
 * `data-no-last-view`, and without anything a person wrote (decision 230):
 *
 * - an element marked `data-free-text` (a message, a note, a goal) keeps its place, empty and
 *   marked `data-withheld`, which index.css draws as a neutral bar;
 * - no field keeps a value: React mirrors a controlled field's value into its attribute (a
 *   password, a goal being edited), and a text box holds a draft or a saved note as its content;
 * - no element keeps a label that is only read out (`aria-label`, `title`, `alt`...), which may
 *   quote what a person wrote: the view is hidden from assistive technology anyway.
 */
export function viewHtml(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  for (const element of copy.querySelectorAll(
    '[data-no-last-view], [role="region"][aria-label^="Notifications"]',
  ))
    element.remove();
  for (const element of copy.querySelectorAll('[id]')) element.removeAttribute('id');
  for (const element of copy.querySelectorAll('[data-free-text]')) {
    element.replaceChildren();
    for (const name of element.getAttributeNames()) {
      if (!WITHHELD_KEEPS.has(name)) element.removeAttribute(name);
    }
    element.setAttribute('data-withheld', '');
  }
  for (const field of copy.querySelectorAll('input, option')) field.removeAttribute('value');
  for (const field of copy.querySelectorAll('textarea')) field.replaceChildren();
  for (const element of copy.querySelectorAll(SPOKEN.map((name) => `[${name}]`).join(', '))) {
    for (const name of SPOKEN) element.removeAttribute(name);
  }
  return copy.innerHTML;
}

const read = (): Kept | undefined => {
  try {
    return (JSON.parse(window.localStorage.getItem(LAST_VIEW_KEY) ?? 'null') as Kept | null) ?? undefined;
  } catch {
    return undefined;
  }
};

/**
 * Keeps the screen now on show as the view of `places` (paths with their query): the screen's own,
 * and the one the page was opened at when that led here (see keepFirstViewAlsoAt).
 */
export function keepLastView(places: string | string[], now = Date.now()): boolean {
  const root = document.getElementById('root');
  // A screen still loading (its module, or the whole app), or leading elsewhere, is no view to keep.
  const main = root?.querySelector('main');
  if (!root || !main?.textContent?.trim() || root.querySelector('[data-loading-screen]')) return false;
  const held = readHeldSession(0, now);
  const session = held && sessionIdOf(held.accessToken);
  if (!held || !session) return false;
  const keys = [...new Set(typeof places === 'string' ? [places] : places)];
  const html = viewHtml(root);
  const kept = read();
  const views = kept?.user === held.userId && kept.session === session ? { ...kept.views } : {};
  for (const key of keys) delete views[key];
  if (html.length > MAX_HTML_CHARS) {
    store({ user: held.userId, session, views });
    return false;
  }
  const newest = Object.entries(views)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, Math.max(0, MAX_VIEWS - keys.length));
  const fresh = keys.map((key) => [key, { at: now, html }] as const);
  return store({ user: held.userId, session, views: Object.fromEntries([...fresh, ...newest]) });
}

/** The place a signed-in page was opened at, until its first screen's view is kept. */
let openedAt: string | undefined;

/**
 * The next screen whose view is kept is kept under `place` too: where a page was opened directly,
 * or a path that leads elsewhere (/child to /child/dashboard). The next visit opens the same place.
 */
export function keepFirstViewAlsoAt(place: string): void {
  openedAt = place;
}

/** Keeps the screen at `place` (and where the page was opened, the first time); whether it was. */
function keepScreen(place: string): boolean {
  const kept = keepLastView(openedAt ? [place, openedAt] : place);
  if (kept) openedAt = undefined;
  return kept;
}

function store(kept: Kept): boolean {
  try {
    window.localStorage.setItem(LAST_VIEW_KEY, JSON.stringify(kept));
    return true;
  } catch {
    dropLastViews();
    return false;
  }
}

/** Takes the drawn view away, showing the app under it. */
export function endLastView(): void {
  document.getElementById('last-view')?.remove();
  document.documentElement.removeAttribute('data-last-view');
}

/** A query a screen is reading with nothing to show yet. */
const firstRead = (query: { state: { data: unknown } }) => query.state.data === undefined;

/**
 * Keeps each signed-in screen's view: once its first reads are drawn, and again as the person
 * leaves the page (its latest state). `place` is the screen's path and query.
 */
export function useLastViewKept(place: string): void {
  const client = useContext(QueryClientContext);
  useEffect(() => {
    if (!client) return;
    let live = true;
    let kept = false;
    let waiting = false;
    const reading = () => client.isFetching({ predicate: firstRead }) > 0;
    // Once nothing is being read for the first time, after that paint; until a view is kept (the
    // screen's module may still be loading, or its reads not yet started).
    const keepWhenRead = () => {
      if (kept || waiting || reading()) return;
      waiting = true;
      void afterNextPaint().then(() => {
        waiting = false;
        if (!live || kept || reading()) return;
        kept = keepScreen(place);
        if (kept) unsubscribe();
      });
    };
    const unsubscribe = client.getQueryCache().subscribe(keepWhenRead);
    // After the screen's own effects: the reads it started are in the cache now.
    const timer = setTimeout(keepWhenRead);
    const leaving = () => {
      if (document.visibilityState === 'hidden' && !reading()) keepLastView(place);
    };
    document.addEventListener('visibilitychange', leaving);
    return () => {
      live = false;
      clearTimeout(timer);
      unsubscribe();
      document.removeEventListener('visibilitychange', leaving);
    };
  }, [client, place]);
}
