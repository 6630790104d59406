import { prerender } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { AppProvider } from './app/provider';
import { LoadingScreen } from './app/loading-screen';
import { AppRoutes, preloadPath } from './app/router';
import * as manifest from './app/routes.manifest';
import { areaScreenSources } from './app/routes.manifest.areas';
import { createMemoryHistory } from './lib/history';
import { NavigationProvider } from './lib/navigation';
import { collectPageMeta, fullTitle, type PageMeta } from './lib/use-page-meta';

/**
 * The build-time renderer (scripts/prerender.ts builds this file for Node and calls it): the
 * HTML of a route exactly as the browser's first render produces it, so React hydrates it
 * without a mismatch. Nothing here calls Supabase: effects (analytics, the session check, the
 * sign-up flag) never run on the server.
 */
export { fullTitle };

/** From the route manifest (src/app/routes.manifest.ts): what to prerender, what gets the shell. */
export const prerenderedPaths: string[] = manifest.prerenderedPaths();
export const clientRoutePatterns: string[] = manifest.clientRoutePatterns();
export const pageSources: [path: string, source: string][] = manifest.pageSources();

/** Each signed-in screen's path and its source modules: the app shell preloads them there. */
export const areaScreens: { path: string; sources: string[] }[] = areaScreenSources();

export interface RenderedPage {
  html: string;
  meta: PageMeta | undefined;
}

export async function renderPage(url: string): Promise<RenderedPage> {
  let meta: PageMeta | undefined;
  collectPageMeta((value) => {
    meta = value;
  });
  try {
    await preloadPath(new URL(url, 'http://prerender.invalid').pathname);
    const { prelude } = await prerender(
      <AppProvider>
        <NavigationProvider history={createMemoryHistory([url])}>
          <AppRoutes />
        </NavigationProvider>
      </AppProvider>,
      // Every boundary inline, in document order: never a fallback revealed later by a script.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    return { html: await new Response(prelude).text(), meta };
  } finally {
    collectPageMeta(undefined);
  }
}

/** The app shell's placeholder: what a client-rendered route shows until its module has loaded. */
export function renderShell(): string {
  return renderToString(<LoadingScreen />);
}
