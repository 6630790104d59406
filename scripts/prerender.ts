import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { InlineConfig } from 'vite';
import { pageKey } from '../src/app/page-key.ts';
import { ROUTE_MODULES_FILE } from '../src/app/route-modules.ts';
import { AREA_PREFIXES } from '../src/app/routes.manifest.ts';
import { LAST_VIEW_DRAW_SCRIPT, lastViewStartScript } from '../src/lib/last-view-script.ts';

/**
 * The build step that prerenders the public pages (run by the Vite plugin in vite.config.ts after
 * the browser build, so `vite build` with any --outDir produces it):
 *  1. builds src/entry-prerender.tsx for Node (a server build beside the browser one);
 *  2. renders each prerendered route to HTML with react-dom/static and writes it into the built
 *     index.html: <route>/index.html, with the page's title and description, and its scripts
 *     started by a small boot script after the first paint, so the browser paints the page before
 *     any script runs and React then hydrates it;
 *  3. writes 404.html (the not-found page, which static hosts serve for unknown paths), 200.html
 *     (the app shell for the client-rendered routes: "Loading..." until its module is there) and
 *     _redirects (which paths get the shell; the Netlify/Cloudflare Pages format, read by
 *     `vite preview` too, see vite.config.ts);
 *  4. writes route-modules.json: each public page's script files beyond the entry's, which the
 *     browser fetches without running when a link to the page is on screen
 *     (src/app/route-modules.ts).
 */
export interface PrerenderOptions {
  root: string;
  outDir: string;
  mode: string;
  /** The server build's settings (aliases, plugins, define), as the browser build has them. */
  serverConfig: InlineConfig;
}

interface ServerEntry {
  prerenderedPaths: string[];
  pageSources: [path: string, source: string][];
  clientRoutePatterns: string[];
  renderPage: (url: string) => Promise<{
    html: string;
    meta?: { title: string; description: string; image?: string };
  }>;
  renderShell: () => string;
  areaScreens: AreaScreen[];
  fullTitle: (title: string) => string;
}

export const SHELL_FILE = '200.html';
export const NOT_FOUND_FILE = '404.html';
export const REDIRECTS_FILE = '_redirects';
const NOT_FOUND_URL = '/404';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function setMeta(html: string, attr: 'name' | 'property', key: string, value: string): string {
  const pattern = new RegExp(`(<meta\\s+${attr}="${key}"\\s+content=")[^"]*(")`);
  return pattern.test(html)
    ? html.replace(pattern, `$1${escapeHtml(value)}$2`)
    : html.replace('</head>', `    <meta ${attr}="${key}" content="${escapeHtml(value)}" />\n  </head>`);
}

export async function prerender({ root, outDir, mode, serverConfig }: PrerenderOptions) {
  const { build } = await import('vite');
  // Inside the project, so the server build's bare imports (react, react-router) resolve from
  // its node_modules; removed afterwards.
  const serverDir = path.join(root, `.prerender-${process.pid}`);
  try {
    await build({
      ...serverConfig,
      configFile: false,
      root,
      mode,
      logLevel: 'warn',
      build: {
        ssr: path.join(root, 'src/entry-prerender.tsx'),
        outDir: serverDir,
        emptyOutDir: true,
        ssrManifest: false,
        copyPublicDir: false,
        rollupOptions: { output: { entryFileNames: 'entry-prerender.mjs' } },
      },
    });
    const server = (await import(
      pathToFileURL(path.join(serverDir, 'entry-prerender.mjs')).href
    )) as ServerEntry;

    const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const page = async (url: string) => {
      const { html, meta } = await server.renderPage(url);
      let out = template.replace('<div id="root"></div>', `<div id="root" data-prerendered="">${html}</div>`);
      if (meta) {
        const title = server.fullTitle(meta.title);
        out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
        out = setMeta(out, 'name', 'description', meta.description);
        out = setMeta(out, 'property', 'og:title', title);
        out = setMeta(out, 'property', 'og:description', meta.description);
        if (meta.image) out = setMeta(out, 'property', 'og:image', meta.image);
      }
      return deferAppScripts(out);
    };

    const written: string[] = [];
    for (const route of server.prerenderedPaths) {
      const file = route === '/' ? 'index.html' : path.join(route.slice(1), 'index.html');
      fs.mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
      fs.writeFileSync(path.join(outDir, file), await page(route));
      written.push(file);
    }
    fs.writeFileSync(path.join(outDir, NOT_FOUND_FILE), await page(NOT_FOUND_URL));
    const manifest = JSON.parse(
      fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    fs.writeFileSync(
      path.join(outDir, SHELL_FILE),
      withAreaPreloads(
        withLastView(
          template.replace('<div id="root"></div>', `<div id="root">${server.renderShell()}</div>`),
        ),
        manifest,
        server.areaScreens,
      ),
    );
    fs.writeFileSync(
      path.join(outDir, REDIRECTS_FILE),
      [
        '# The client-rendered routes get the app shell (status 200); other unknown paths get',
        `# ${NOT_FOUND_FILE} with status 404. Written by scripts/prerender.ts.`,
        ...server.clientRoutePatterns.map((pattern) => `${pattern}  /${SHELL_FILE}  200`),
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      path.join(outDir, ROUTE_MODULES_FILE),
      JSON.stringify(routeModuleFiles(manifest, server.pageSources)),
    );
    return { pages: written.length + 1 };
  } finally {
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
}

/**
 * The app's scripts of a prerendered page start once the page has painted: the HTML and CSS alone
 * paint it, and the scripts (which only make it interactive) never compete with that first paint
 * for the network or the main thread. A small inline script in their place holds clicks on buttons
 * and in-page links until the app runs (src/app/early-clicks.ts) and, on the first
 * contentful paint (or after 3 s, e.g. in a background tab that does
 * not paint), adds the entry script as Vite wrote it. No module preloads: each `<link>` added to the
 * head of a large page cost about 10 ms of main thread on a phone (the module graph loads them).
 */
export function deferAppScripts(html: string): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) return html;
  return html
    .replace(entry[0], '')
    .replace('</body>', `  <script>${bootScript(entry[1])}</script>\n  </body>`);
}

/**
 * The app shell draws a signed-in screen's last view from the device before any module loads, and
 * then starts the app's code (decision 217, src/lib/last-view-script.ts): the entry's script tag
 * becomes the head script that decides and starts, and the draw script follows the root, at the end of the body.
 */
export function withLastView(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry) throw new Error('the app shell has no entry script');
  return html
    .replace(entry[0], `<script>${lastViewStartScript(entry[1])}</script>`)
    .replace('</body>', `  <script>${LAST_VIEW_DRAW_SCRIPT}</script>\n  </body>`);
}

interface ManifestChunk {
  file: string;
  /** A chunk's name: a group's in vite.config.ts (e.g. `postgrest`) for a chunk of modules grouped. */
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

/**
 * Each page's script files (its module and what it imports statically) that the entry does not
 * already load, by page key, as URLs: what a link to the page needs fetched ahead.
 */
export function routeModuleFiles(
  manifest: Record<string, ManifestChunk>,
  pageSources: [path: string, source: string][],
): Record<string, string[]> {
  const graph = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) graph(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = entry ? graph(entry, new Set()) : new Set<string>();
  const files: Record<string, string[]> = {};
  for (const [pagePath, source] of pageSources) {
    if (!manifest[source]) throw new Error(`${source} is not in the build's manifest`);
    files[pageKey(pagePath)] = [...graph(source, new Set())]
      .filter((key) => !loaded.has(key))
      .map((key) => `/${manifest[key].file}`);
  }
  return files;
}

/** A signed-in screen's path (`:name` one segment) and the source modules it renders with. */
export interface AreaScreen {
  path: string;
  sources: string[];
  /** Source files the screen loads on demand after its first paint: not preloaded with it. */
  later?: string[];
}

/**
 * The app shell (200.html) opened at a signed-in area's path starts at once, as module preloads,
 * every file the screen's first render needs, instead of letting the browser find them one level
 * at a time (each chunk's imports are only seen once it has arrived, a round trip each on a phone):
 * first the entry and what it imports, then the areas' route table, TanStack Query and PostgREST's client
 * (what the screen's data request waits for), then the screen's own files (its layouts, its module
 * and the modules it loads on its first render, with what they import) (decisions 200, 205). A small inline script reads the path and adds
 * the links; an area path with no screen of its own gets the common part. The shell's other paths
 * (login, quiz) get no preload, and the prerendered landing pages are not the shell: their first
 * load is unchanged.
 */
export function withAreaPreloads(
  html: string,
  manifest: Record<string, ManifestChunk>,
  screens: AreaScreen[] = [],
): string {
  const graph = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) graph(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const loaded = entry ? graph(entry, new Set()) : new Set<string>();
  const starts = [
    'src/app/area-routes.tsx',
    'src/lib/query-client.ts',
    // PostgREST's client (src/lib/rest.ts): the screen's reads go out without waiting for supabase-js.
    Object.keys(manifest).find(
      (key) => /@supabase\/postgrest-js\/dist\/index\.mjs$/.test(key) || manifest[key].name === 'postgrest',
    ),
  ];
  const common = new Set<string>(loaded);
  for (const start of starts) {
    if (!start || !manifest[start])
      throw new Error(`${start ?? 'postgrest-js'} is not in the build's manifest`);
    graph(start, common);
  }
  const files: string[] = [];
  const indexOf = (key: string) => {
    const file = `/${manifest[key].file}`;
    const at = files.indexOf(file);
    return at >= 0 ? at : files.push(file) - 1;
  };
  // The entry's own files first (its script tag is at the end of the body), then what the screen's
  // data waits for (the route table, TanStack Query, PostgREST's client), then the screen's own files.
  // Not supabase-js: the session check loads it, and the screen's reads do not wait for it.
  const commonIndexes = [...common].map(indexOf);
  const table = screens.map(({ path: pattern, sources, later = [] }) => {
    const own = new Set<string>();
    for (const source of sources) {
      if (!manifest[source]) throw new Error(`${source} is not in the build's manifest`);
      graph(source, own);
    }
    // What the screen's module loads as it first renders (e.g. the parent dashboard's gate), not
    // what it loads once drawn (its dialogs and forms).
    const screen = manifest[sources[sources.length - 1]];
    for (const file of later) {
      if (!manifest[file])
        throw new Error(`${file} (loaded later at ${pattern}) is not in the build's manifest`);
    }
    for (const lazy of screen.dynamicImports ?? []) if (!later.includes(lazy)) graph(lazy, own);
    const pathRegex = `^${pattern.replace(/:[^/]+/g, '[^/]+')}/?$`;
    return [pathRegex, [...own].filter((key) => !common.has(key)).map(indexOf)] as const;
  });
  const prefixes = AREA_PREFIXES.map((prefix) => prefix.slice(1)).join('|');
  const script = [
    '(function(){var p=location.pathname;',
    `if(!/^\\/(${prefixes})(\\/|$)/.test(p))return;`,
    `var f=${JSON.stringify(files)},c=${JSON.stringify(commonIndexes)},s=${JSON.stringify(table)},o=[];`,
    'for(var i=0;i<s.length;i++)if(new RegExp(s[i][0]).test(p)){o=s[i][1];break}',
    // In a task of its own, after the parser has asked for the entry: on a phone's few connections
    // the entry, the largest file, goes first instead of queueing behind these.
    // Once the screen's last view has painted, when one is drawn (decision 217, withLastView).
    '(window.__ploomAfterView||setTimeout)(function(){c.concat(o).forEach(function(n){',
    'var l=document.createElement("link");l.rel="modulepreload";l.href=f[n];document.head.appendChild(l);})});',
    '})();',
  ].join('');
  return html.replace('</head>', `  <script>${script}</script>\n  </head>`);
}

/** The inline boot script of a prerendered page (ES5-safe, a few hundred bytes). */
export function bootScript(entry: string): string {
  return [
    '(function(){',
    'var d=document,started=false,held=window.__ploomEarlyClicks=[];',
    // Clicks on buttons and in-page links before React has hydrated them are held and replayed
    // once it has (src/app/early-clicks.ts).
    'd.addEventListener("click",function(e){if(window.__ploomReplaying)return;',
    'var t=e.target&&e.target.closest&&e.target.closest("button,[role=button],summary,a[href*=\\"#\\"]");',
    'if(!t||(t.tagName==="A"&&!(t.pathname===location.pathname&&t.hash)))return;',
    'if(window.__ploomReady&&Object.keys(t).some(function(k){return k.indexOf("__reactFiber$")===0}))return;',
    'e.preventDefault();e.stopPropagation();held.push(t);if(window.__ploomReplay)window.__ploomReplay()},true);',
    'function go(){if(started)return;started=true;',
    `var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=${JSON.stringify(entry)};d.head.appendChild(s)}`,
    'try{new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length)setTimeout(go,0)})',
    '.observe({type:"paint",buffered:true})}catch(e){go()}',
    'setTimeout(go,3000)',
    '})()',
  ].join('');
}

/** Matches a path against a _redirects pattern (`:name` one segment, `*` the rest). */
export function matchesPattern(pattern: string, pathname: string): boolean {
  const source = pattern
    .split('/')
    .map((part) =>
      part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`).test(pathname);
}

/** The client-rendered patterns from a _redirects file written by prerender(). */
export function readClientRoutePatterns(outDir: string): string[] {
  const file = path.join(outDir, REDIRECTS_FILE);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/)[0]);
}
