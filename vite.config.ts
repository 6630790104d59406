import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin, type ResolvedConfig } from 'vite';
import react from '@vitejs/plugin-react';
import {
  matchesPattern,
  NOT_FOUND_FILE,
  prerender,
  readClientRoutePatterns,
  SHELL_FILE,
} from './scripts/prerender.ts';
import { hostHeaders } from './scripts/lib/host-headers.ts';
import { writeContentSecurityPolicy } from './scripts/lib/security-headers.ts';

const alias = { '@': path.resolve(import.meta.dirname, 'src') };
// The year the prerendered footer shows; the browser moves it on after hydration if it changed.
const define = { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) };

/**
 * Prerenders the public pages after the browser build (scripts/prerender.ts), writes the
 * Content-Security-Policy for what the build emitted into its _headers (the inline scripts' hashes
 * and the Supabase origin: scripts/lib/security-headers.ts, decision 228), and makes
 * `vite preview` serve the result as a static host configured by its _redirects would: a file per
 * route (/coaching from coaching/index.html), the app shell for the client-rendered routes, and
 * 404.html with status 404 for any other path.
 */
function prerenderPlugin(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'ploom-prerender',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const started = Date.now();
      const outDir = path.resolve(config.root, config.build.outDir);
      const { pages } = await prerender({
        root: config.root,
        outDir,
        mode: config.mode,
        serverConfig: { base: config.base, resolve: { alias }, define, plugins: [react()] },
      });
      config.logger.info(`prerendered ${pages} pages in ${Date.now() - started} ms`);
      const csp = writeContentSecurityPolicy(outDir, config.env.VITE_SUPABASE_URL as string | undefined);
      config.logger.info(
        `_headers: Content-Security-Policy with ${csp.scriptHashes} inline script hashes from ${csp.pages} pages`,
      );
    },
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      const patterns = readClientRoutePatterns(outDir);
      server.middlewares.use((req, res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
        if (path.extname(pathname)) {
          // A file: served if it exists; a missing asset is a plain 404, never a page.
          if (fs.existsSync(path.join(outDir, pathname))) return next();
          res.statusCode = 404;
          return res.end();
        }
        const page = path.join(outDir, pathname, 'index.html');
        if (page.startsWith(outDir) && fs.existsSync(page)) {
          if (!pathname.endsWith('/') && pathname !== '/') req.url = `${pathname}/index.html`;
          return next();
        }
        if (patterns.some((pattern) => matchesPattern(pattern, pathname))) {
          req.url = `/${SHELL_FILE}`;
          return next();
        }
        const notFound = path.join(outDir, NOT_FOUND_FILE);
        if (!fs.existsSync(notFound)) return next();
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end(req.method === 'HEAD' ? undefined : fs.readFileSync(notFound));
      });
    },
  };
}

/** Modules of the signed-in areas (admin, parent app, child area) and the features only they use. */
const signedInModule =
  /\/src\/(app\/(area-routes\.tsx|routes\.manifest\.areas\.ts|routes\/(admin|app|child)\/)|features\/(sessions|session-room|users|audit|settings|reports|billing|parent-app|families|child-logins|child-app|account|points|mfa|progress)\/)/;

/**
 * What every signed-in area's frame draws first: the areas' layouts, the guard, the shell and its
 * icons, the unread badge and its channel, the two-factor step, and the areas' read client and
 * first-screen hook. One file, not a dozen of a few hundred bytes: on a phone each file costs a
 * round trip on one of six connections (decision 215).
 */
const areaFrameModule = new RegExp(
  [
    String.raw`\/src\/app\/components\/(area-shell|require-auth|staff-area)\.tsx$`,
    String.raw`\/src\/features\/mfa\/(api\/(get-two-factor-step|verify-code|enroll-factor)|components\/(two-factor-gate|gate-frame|code-form|enrol-factor))\.tsx?$`,
    String.raw`\/src\/features\/messages\/(components\/(nav-unread|unread-badge)|hooks\/(use-follow-(conversations|staff-messages)|follow-channel)|api\/(keys|get-unread-count))\.tsx?$`,
    String.raw`\/src\/lib\/(first-screen|after-paint|rest|held-session)\.ts$`,
    String.raw`\/node_modules\/lucide-react\/dist\/esm\/icons\/(log-out|shield-exclamation-point)\.mjs$`,
  ].join('|'),
);

/**
 * The parent's dashboard: its gate, its reads and the children's progress it shows, read as it
 * opens (its route's prefetch loads the reads beside the screen): one file, not a dozen.
 */
const familyHomeModule =
  /\/src\/features\/(parent-app\/(api\/(get-onboarding|get-dashboard|get-at-home-tools|keys|client)|components\/(dashboard-gate|join-button)|lib\/(format|join))|progress\/(api\/(keys|client)|components\/(child-progress|progress-chart)))\.tsx?$/;

/** Small parts the screens share: form fields, tables, paging, the toast store, live reads. */
const uiKitModule =
  /\/src\/(components\/ui\/(field|input|select|table|pagination|checkbox|textarea|toast-store)|lib\/(live-query|public-api|invoke-function|names|use-now))\.tsx?$/;

/** The modules of the shared first-load chunk (see `codeSplitting` below). */
const coreModules = [
  /\/node_modules\/react\//,
  // the query client's context: every page's frame provides it (src/app/query-boundary.tsx)
  /\/node_modules\/@tanstack\/react-query\/build\/modern\/QueryClientProvider\.js$/,
  /\/node_modules\/lucide-react\/dist\/esm\/(createLucideIcon|Icon|context|defaultAttributes|shared\/src\/utils\/[^/]+|icons\/(x|menu))\.mjs$/,
  /\/src\/components\/layout\/(hydrate-near-viewport|site-nav|site-footer|use-current-year|logo|section-link|scroll)\.tsx?$/,
  /\/src\/components\/ui\/button\.tsx$/,
  /\/src\/app\/components\/nav-[a-z-]+\.tsx$/,
  /\/src\/features\/auth\/hooks\/use-auth\.ts$/,
  /\/src\/lib\/(cn|use-hydrated|use-page-meta)\.ts$/,
  /\/src\/(config\/site|content\/nav)\.ts$/,
];

export default defineConfig(({ command, mode }) => {
  if (command === 'build') {
    // Fail the build, not the visitor's page, when the Supabase settings are missing.
    const env = { ...loadEnv(mode, import.meta.dirname, 'VITE_'), ...process.env };
    const missing = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_ANON_KEY'].filter((name) => !env[name]);
    if (missing.length) {
      throw new Error(
        `${missing.join(' and ')} must be set to build the site: copy .env.example to .env ` +
          `(the local stack's values) or set the hosted project's URL and anon key.`,
      );
    }
  }
  return {
    // hostHeaders: `vite preview` sends the build's _headers, as the host does (scripts/lib/host-headers.ts).
    plugins: [react(), prerenderPlugin(), hostHeaders()],
    resolve: { alias },
    define,
    server: { host: '127.0.0.1', port: 5173, strictPort: true },
    preview: { host: '127.0.0.1', port: 4173, strictPort: true },
    build: {
      target: 'es2022',
      sourcemap: false,
      manifest: true,
      // No preload helper: a lazily loaded module's imports load through the browser's module
      // graph. Vite's helper adds a <link rel="modulepreload"> per import to the head, and on a
      // large prerendered page each cost about 10 ms of main thread on a phone (measured in a
      // Chromium trace at 4x CPU slowdown); links prefetch a page's module on hover instead.
      modulePreload: false,
      rolldownOptions: {
        output: {
          // React, its JSX runtime and the frame every public page shows (nav, logo, footer,
          // buttons, the icons' base, the sections' hydration gate) in one file: as files of their
          // own they were a dozen requests and about 2 KiB more gzip (bench/bundle-size.ts).
          codeSplitting: {
            groups: [
              { name: 'core', test: (id: string) => coreModules.some((m) => m.test(id)), priority: 10 },
              // PostgREST's client alone: a signed-in screen's first reads (src/lib/rest.ts)
              {
                name: 'postgrest',
                test: /[\\/]node_modules[\\/]@supabase[\\/]postgrest-js[\\/]/,
                priority: 9,
              },
              // shared by supabase-js and the dialogs' scroll lock: a file of its own
              { name: 'tslib', test: /[\\/]node_modules[\\/]tslib[\\/]/, priority: 9 },
              { name: 'supabase', test: /[\\/]node_modules[\\/]@supabase[\\/]/, priority: 8 },
              {
                name: 'query',
                test: /[\\/]node_modules[\\/]@tanstack[\\/]/,
                priority: 7,
              },
              {
                name: 'area-frame',
                test: areaFrameModule,
                priority: 6,
                includeDependenciesRecursively: false,
              },
              {
                name: 'family-home',
                test: familyHomeModule,
                priority: 6,
                includeDependenciesRecursively: false,
              },
              { name: 'ui-kit', test: uiKitModule, priority: 5, includeDependenciesRecursively: false },
            ],
          },
          chunkFileNames: (chunk) =>
            chunk.moduleIds.some((id) => signedInModule.test(id))
              ? 'assets/area-[name]-[hash].js'
              : 'assets/[name]-[hash].js',
        },
      },
    },
  };
});
