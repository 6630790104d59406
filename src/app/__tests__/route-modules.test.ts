import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeModuleFiles, withAreaPreloads } from '../../../scripts/prerender';
import { pageKey } from '../page-key';
import { resetRouteModules, warmPath } from '../route-modules';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

describe('warmPath', () => {
  beforeEach(() => {
    resetRouteModules();
    document.head.innerHTML = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it("adds a modulepreload for each of the page's files, once, from the build's map", async () => {
    const fetch = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            '/quiz': ['/assets/intro-a.js', '/assets/quiz-shell-b.js'],
            '/faq': ['/assets/faq-c.js', '/assets/quiz-shell-b.js'],
          }),
        ),
    );
    vi.stubGlobal('fetch', fetch);
    await warmPath('/Quiz/');
    // One link per idle moment.
    await vi.waitFor(() => expect(preloads()).toEqual(['/assets/intro-a.js', '/assets/quiz-shell-b.js']));
    await warmPath('/faq');
    await warmPath('/quiz');
    // A file shared by two pages is fetched once; the map is read once.
    await vi.waitFor(() =>
      expect(preloads()).toEqual(['/assets/intro-a.js', '/assets/quiz-shell-b.js', '/assets/faq-c.js']),
    );
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/route-modules.json');
  });

  it('does nothing for a path the map does not know, or when the map cannot be read', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ '/': ['/assets/home.js'] })));
    await warmPath('/admin/sessions');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloads()).toEqual([]);

    resetRouteModules();
    vi.stubGlobal('fetch', async () => new Response('Not found', { status: 404 }));
    await warmPath('/');
    expect(preloads()).toEqual([]);

    resetRouteModules();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(warmPath('/')).resolves.toBeUndefined();
  });

  it('keys pages as the router matches them', () => {
    expect(pageKey('/')).toBe('/');
    expect(pageKey('//')).toBe('/');
    expect(pageKey('/Pricing/')).toBe('/pricing');
  });
});

describe('routeModuleFiles (the build step)', () => {
  it("lists each page's files beyond what the entry loads, as URLs", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-2.js'] },
      '_react-2.js': { file: 'assets/react-2.js' },
      '_shell-3.js': { file: 'assets/shell-3.js', imports: ['_react-2.js', '_zod-4.js'] },
      '_zod-4.js': { file: 'assets/zod-4.js' },
      'src/app/routes/quiz/intro.tsx': { file: 'assets/intro-5.js', imports: ['_shell-3.js'] },
      'src/app/routes/content/faq.tsx': { file: 'assets/faq-6.js', imports: ['_react-2.js'] },
    };
    expect(
      routeModuleFiles(manifest, [
        ['/quiz', 'src/app/routes/quiz/intro.tsx'],
        ['/faq', 'src/app/routes/content/faq.tsx'],
      ]),
    ).toEqual({
      '/quiz': ['/assets/intro-5.js', '/assets/shell-3.js', '/assets/zod-4.js'],
      '/faq': ['/assets/faq-6.js'],
    });
    expect(() => routeModuleFiles(manifest, [['/about', 'src/app/routes/content/about.tsx']])).toThrow(
      /not in the build/,
    );
  });
});

describe('the app shell at a signed-in area (withAreaPreloads)', () => {
  const manifest = {
    'index.html': { file: 'assets/index-e.js', isEntry: true, imports: ['_core.js'] },
    '_core.js': { file: 'assets/core-c.js' },
    'src/app/area-routes.tsx': { file: 'assets/area-routes-a.js', imports: ['_core.js', '_shared.js'] },
    '_shared.js': { file: 'assets/shared-s.js' },
    'src/lib/query-client.ts': { file: 'assets/query-client-q.js' },
    'node_modules/@supabase/postgrest-js/dist/index.mjs': { file: 'assets/dist-d.js' },
    'src/app/routes/app/layout.tsx': { file: 'assets/layout-l.js', imports: ['_core.js', '_frame.js'] },
    '_frame.js': { file: 'assets/frame-f.js', imports: ['_shared.js'] },
    'src/app/routes/app/billing.tsx': { file: 'assets/billing-b.js', imports: ['_frame.js', '_table.js'] },
    '_table.js': { file: 'assets/table-t.js' },
    'src/app/routes/app/session.tsx': {
      file: 'assets/session-x.js',
      imports: ['_frame.js'],
      dynamicImports: ['src/features/room.tsx'],
    },
    'src/features/room.tsx': { file: 'assets/room-r.js', imports: ['_table.js'] },
  };
  const screens = [
    { path: '/app/billing', sources: ['src/app/routes/app/layout.tsx', 'src/app/routes/app/billing.tsx'] },
    {
      path: '/app/sessions/:id',
      sources: ['src/app/routes/app/layout.tsx', 'src/app/routes/app/session.tsx'],
    },
  ];
  const shellScript = () => {
    const html = withAreaPreloads('<html><head></head><body></body></html>', manifest, screens);
    return /<script>(.*)<\/script>/.exec(html)![1];
  };
  const common = [
    // The entry and what it imports (its script tag is at the end of the body).
    '/assets/index-e.js',
    '/assets/core-c.js',
    // What the screen's data waits for: the route table, TanStack Query, PostgREST's client.
    '/assets/area-routes-a.js',
    '/assets/shared-s.js',
    '/assets/query-client-q.js',
    '/assets/dist-d.js',
  ];
  beforeEach(() => {
    document.head.innerHTML = '';
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    window.history.replaceState(null, '', '/');
  });
  const run = () => {
    new Function(shellScript())();
    // The links go in a task of their own, once the parser has asked for the entry.
    expect(preloads()).toEqual([]);
    vi.runAllTimers();
  };

  it("preloads the entry, the areas' route table, TanStack Query, PostgREST's client and the screen's own files, each once", () => {
    window.history.replaceState(null, '', '/app/billing');
    run();
    expect(preloads()).toEqual([
      ...common,
      '/assets/layout-l.js',
      '/assets/frame-f.js',
      '/assets/billing-b.js',
      '/assets/table-t.js',
    ]);
  });

  it('matches a screen with parameters, and preloads what its module loads as it first renders', () => {
    window.history.replaceState(null, '', '/app/sessions/42');
    run();
    expect(preloads()).toEqual([
      ...common,
      '/assets/layout-l.js',
      '/assets/frame-f.js',
      '/assets/session-x.js',
      '/assets/room-r.js',
      '/assets/table-t.js',
    ]);
  });

  it('preloads the common part at an area path with no screen of its own', () => {
    window.history.replaceState(null, '', '/app/no-such-screen');
    run();
    expect(preloads()).toEqual(common);
  });

  it("preloads nothing at the shell's other paths (login, the quiz)", () => {
    for (const path of ['/login', '/quiz', '/application']) {
      window.history.replaceState(null, '', path);
      run();
    }
    expect(preloads()).toEqual([]);
  });

  it('refuses a screen whose module the build does not have', () => {
    expect(() =>
      withAreaPreloads('<html><head></head></html>', manifest, [
        { path: '/app/x', sources: ['src/app/routes/app/x.tsx'] },
      ]),
    ).toThrow(/not in the build's manifest/);
  });
});
