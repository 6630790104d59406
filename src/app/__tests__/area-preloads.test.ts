import { describe, expect, it } from 'vitest';
import type { ManifestChunk } from 'vite';
import { withAreaPreloads } from '../../../scripts/prerender';

/** A build's manifest: an entry, the areas' route table, and one screen with two lazy modules. */
const manifest: Record<string, ManifestChunk> = {
  'src/main.tsx': { file: 'assets/index.js', isEntry: true, src: 'src/main.tsx' },
  'src/app/area-routes.tsx': { file: 'assets/area-routes.js', isDynamicEntry: true },
  'src/lib/query-client.ts': { file: 'assets/query-client.js', isDynamicEntry: true },
  _postgrest: { file: 'assets/postgrest.js', name: 'postgrest' },
  'src/app/routes/admin/layout.tsx': { file: 'assets/layout.js', isDynamicEntry: true },
  'src/app/routes/admin/sessions.tsx': {
    file: 'assets/sessions.js',
    isDynamicEntry: true,
    dynamicImports: ['src/features/sessions/week.tsx', 'src/features/sessions/book-dialog.tsx'],
  },
  'src/features/sessions/week.tsx': { file: 'assets/week.js', isDynamicEntry: true },
  'src/features/sessions/book-dialog.tsx': {
    file: 'assets/book-dialog.js',
    isDynamicEntry: true,
    imports: ['_forms'],
  },
  _forms: { file: 'assets/forms.js' },
};

/** The files the app shell preloads at `pathname` (its inline script's table). */
function preloadsAt(html: string, pathname: string): string[] {
  const script = /<script>(\(function\(\)\{.*?)<\/script>/s.exec(html)![1];
  const files = JSON.parse(/var f=(\[.*?\]),c=/.exec(script)![1]) as string[];
  const common = JSON.parse(/,c=(\[.*?\]),s=/.exec(script)![1]) as number[];
  const table = JSON.parse(/,s=(\[\[.*?\]\]\]),o=/.exec(script)![1]) as [string, number[]][];
  const own = table.find(([pattern]) => new RegExp(pattern).test(pathname))?.[1] ?? [];
  return [...common, ...own].map((index) => files[index]);
}

const sources = ['src/app/routes/admin/layout.tsx', 'src/app/routes/admin/sessions.tsx'];

describe("the app shell at a signed-in screen's path", () => {
  it('preloads what the screen loads as it first renders, not what it loads once drawn', () => {
    const html = withAreaPreloads('<head></head>', manifest, [
      { path: '/admin/sessions', sources, later: ['src/features/sessions/book-dialog.tsx'] },
    ]);
    const files = preloadsAt(html, '/admin/sessions');
    expect(files).toEqual(expect.arrayContaining(['/assets/sessions.js', '/assets/week.js']));
    expect(files).not.toContain('/assets/book-dialog.js');
    expect(files).not.toContain('/assets/forms.js');
  });

  it('preloads every lazy module of a screen that names none as later', () => {
    const html = withAreaPreloads('<head></head>', manifest, [{ path: '/admin/sessions', sources }]);
    expect(preloadsAt(html, '/admin/sessions')).toEqual(
      expect.arrayContaining(['/assets/week.js', '/assets/book-dialog.js', '/assets/forms.js']),
    );
  });

  it('fails the build when a file named as later is not in it', () => {
    expect(() =>
      withAreaPreloads('<head></head>', manifest, [
        { path: '/admin/sessions', sources, later: ['src/features/sessions/gone.tsx'] },
      ]),
    ).toThrow(/gone\.tsx/);
  });
});
