/**
 * The session history the site navigates in: the browser's (pushState and popstate) or an
 * in-memory one (the build-time prerender, tests). A small module of our own rather than React
 * Router's history, so a prerendered page hydrates without loading the router (decision 070); the
 * signed-in areas' router is driven by this same history (src/app/area-router.tsx).
 */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  /** What the navigation carried (e.g. where a sign-in should return to); null when nothing. */
  state: unknown;
  /** Unique per history entry; 'default' for the entry the visit began with. */
  key: string;
}

/** A destination: a path ('/faq?x=1#top'), or its parts (missing ones from the current page). */
export type To = string | Partial<Path>;

export interface History {
  readonly action: NavigationType;
  readonly location: Location;
  /** The href of a destination, resolved against the current location. */
  createHref: (to: To) => string;
  push: (to: To, state?: unknown) => void;
  replace: (to: To, state?: unknown) => void;
  go: (delta: number) => void;
  /** Called after every change of location; returns the unsubscribe. */
  listen: (listener: () => void) => () => void;
}

const prefixed = (value: string | undefined, prefix: string) =>
  !value || value === prefix ? '' : value.startsWith(prefix) ? value : prefix + value;

export function createPath({ pathname = '/', search, hash }: Partial<Path>): string {
  return pathname + prefixed(search, '?') + prefixed(hash, '#');
}

export function parsePath(path: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/**
 * A destination as a full path. A missing pathname is the current page's (so '#faq' and
 * '?page=2' stay on it); a relative one is resolved against the current path, as a browser does.
 */
export function resolvePath(to: To, from: Path): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  let pathname = from.pathname;
  if (parts.pathname) {
    pathname = parts.pathname.startsWith('/')
      ? parts.pathname
      : new URL(parts.pathname, `http://site${from.pathname}`).pathname;
  }
  return { pathname, search: prefixed(parts.search, '?'), hash: prefixed(parts.hash, '#') };
}

const createKey = () => Math.random().toString(36).slice(2, 10);

type Listeners = Set<() => void>;

function subscribe(listeners: Listeners, listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** What an entry keeps in `history.state` (the same shape React Router keeps, so entries carry over). */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

/** The browser's session history. Create one per page (src/main.tsx). */
export function createBrowserHistory(): History {
  const entryState = () => window.history.state as Partial<EntryState> | null;
  const listeners: Listeners = new Set();
  let action: NavigationType = 'POP';
  let index = entryState()?.idx;
  if (index === undefined) {
    index = 0;
    window.history.replaceState({ ...entryState(), idx: index }, '');
  }
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const state = entryState();
    return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
  };
  let location = read();
  const changed = (next: NavigationType) => {
    action = next;
    location = read();
    listeners.forEach((listener) => listener());
  };
  window.addEventListener('popstate', () => {
    index = entryState()?.idx ?? index;
    changed('POP');
  });
  const createHref = (to: To) => createPath(resolvePath(to, location));
  const move = (to: To, state: unknown, next: 'PUSH' | 'REPLACE') => {
    const href = createHref(to);
    if (next === 'PUSH') index = (index ?? 0) + 1;
    const entry: EntryState = { usr: state ?? null, key: createKey(), idx: index ?? 0 };
    try {
      window.history[next === 'PUSH' ? 'pushState' : 'replaceState'](entry, '', href);
    } catch {
      // Too many entries or state that cannot be cloned (Safari limits pushState): a full load.
      window.location[next === 'PUSH' ? 'assign' : 'replace'](href);
      return;
    }
    changed(next);
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return location;
    },
    createHref,
    push: (to, state) => move(to, state, 'PUSH'),
    replace: (to, state) => move(to, state, 'REPLACE'),
    go: (delta) => window.history.go(delta),
    listen: (listener) => subscribe(listeners, listener),
  };
}

/** A history held in memory, starting at `initialEntries`' last entry (prerender, tests). */
export function createMemoryHistory(initialEntries: string[] = ['/']): History {
  const listeners: Listeners = new Set();
  const entries: Location[] = initialEntries.map((entry, at) => ({
    ...resolvePath(entry, { pathname: '/', search: '', hash: '' }),
    state: null,
    key: at === 0 ? 'default' : createKey(),
  }));
  let index = entries.length - 1;
  let action: NavigationType = 'POP';
  const changed = (next: NavigationType) => {
    action = next;
    listeners.forEach((listener) => listener());
  };
  const entryFor = (to: To, state: unknown): Location => ({
    ...resolvePath(to, entries[index]),
    state: state ?? null,
    key: createKey(),
  });
  return {
    get action() {
      return action;
    },
    get location() {
      return entries[index];
    },
    createHref: (to) => createPath(resolvePath(to, entries[index])),
    push: (to, state) => {
      entries.splice(index + 1, entries.length, entryFor(to, state));
      index += 1;
      changed('PUSH');
    },
    replace: (to, state) => {
      entries[index] = entryFor(to, state);
      changed('REPLACE');
    },
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      changed('POP');
    },
    listen: (listener) => subscribe(listeners, listener),
  };
}
