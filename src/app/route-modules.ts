import { whenIdle } from '../lib/when-idle.ts';
import { pageKey } from './page-key.ts';

/** Where the build lists each public page's script files (written by scripts/prerender.ts). */
export const ROUTE_MODULES_FILE = 'route-modules.json';

type RouteModules = Record<string, string[]>;

let routeModules: Promise<RouteModules> | undefined;
const fetched = new Set<string>();

/** The build's map, read once (none in development, or when it cannot be read: nothing to warm). */
function readRouteModules(): Promise<RouteModules> {
  routeModules ??= fetch(`/${ROUTE_MODULES_FILE}`)
    .then((response) => (response.ok ? (response.json() as Promise<RouteModules>) : {}))
    .catch(() => ({}));
  return routeModules;
}

const queue: string[] = [];
let draining = false;

/** Adds the queued files' preload links one per idle moment (each costs a phone a few ms). */
function drain() {
  if (draining) return;
  draining = true;
  const next = () => {
    const file = queue.shift();
    if (file !== undefined) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = file;
      document.head.append(link);
    }
    if (queue.length) whenIdle(next);
    else draining = false;
  };
  whenIdle(next);
}

/**
 * Fetches (and lets the browser compile) the script files of the page at `pathname` without
 * running them, as `<link rel="modulepreload">`: a link on screen may never be followed, and
 * running a page's modules (a form's schemas, an accordion) is work a phone would do for nothing.
 * Following the link then runs code that is already there. Unknown paths are left alone.
 */
export async function warmPath(pathname: string): Promise<void> {
  const files = (await readRouteModules())[pageKey(pathname)] ?? [];
  for (const file of files) {
    if (fetched.has(file)) continue;
    fetched.add(file);
    queue.push(file);
  }
  drain();
}

/** Forgets what was read and fetched (tests). */
export function resetRouteModules() {
  routeModules = undefined;
  fetched.clear();
  queue.length = 0;
}
