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
    'node_modules/@supabase/supabase-js/dist/index.mjs': { file: 'assets/dist-d.js' },
  };
  const shellScript = () => {
    const html = withAreaPreloads('<html><head></head><body></body></html>', manifest);
    return /<script>(.*)<\/script>/.exec(html)![1];
  };
  beforeEach(() => {
    document.head.innerHTML = '';
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it("preloads the areas' route table, supabase-js and TanStack Query beside the entry, not what the entry loads", () => {
    window.history.replaceState(null, '', '/app/billing');
    new Function(shellScript())();
    expect(preloads()).toEqual([
      '/assets/area-routes-a.js',
      '/assets/shared-s.js',
      '/assets/query-client-q.js',
      '/assets/dist-d.js',
    ]);
  });

  it("preloads nothing at the shell's other paths (login, the quiz)", () => {
    for (const path of ['/login', '/quiz', '/application']) {
      window.history.replaceState(null, '', path);
      new Function(shellScript())();
    }
    expect(preloads()).toEqual([]);
  });
});
