import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PROJECT_ROOT } from '../local-supabase/config.ts';

/**
 * First-load JavaScript of each landing variant, gzip-compressed: the entry chunk, the route's lazy
 * module, and everything they import statically — what the browser must fetch before the page shows.
 * Computed from Vite's manifest, so the figure is deterministic.
 *   tsx bench/bundle-size.ts [distDir] [--check]
 * With --check, exits 1 when a variant exceeds its budget.
 */
// React and ReactDOM alone are about 67 KiB: a landing page adds its frame and hero, and its own
// navigation (src/lib/navigation.tsx; React Router loads only with the signed-in areas). Its sections
// below the hero, TanStack Query, the forms (also /request-fit-call's), supabase-js and the toaster
// load after it (their HTML is prerendered and hydrates when their code arrives). The pages are
// prerendered and their scripts start after the first paint, so this JavaScript delays only
// interactivity (hydration), not the first paint.
const LANDING_BUDGET = 90 * 1024;

export const landingRoutes: Record<string, string> = {
  '/': 'src/app/routes/landing/home.tsx',
  '/coaching': 'src/app/routes/landing/coaching.tsx',
  '/coaching-home': 'src/app/routes/landing/coaching-home.tsx',
  '/coaching-v2': 'src/app/routes/landing/coaching-v2.tsx',
  '/pricing': 'src/app/routes/landing/pricing.tsx',
  '/request-fit-call': 'src/app/routes/landing/request-fit-call.tsx',
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export function firstLoadJs(distDir: string) {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry chunk in the manifest');
  const collect = (key: string, seen: Set<string>) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) collect(imported, seen);
  };
  const gzipOf = (file: string) =>
    zlib.gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length;
  return Object.entries(landingRoutes).map(([route, source]) => {
    if (!manifest[source]) throw new Error(`${source} is not in the build (is it routed lazily?)`);
    const keys = new Set<string>();
    collect(entry, keys);
    collect(source, keys);
    const files = [...keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
    const gzipBytes = files.reduce((sum, file) => sum + gzipOf(file), 0);
    const budget = LANDING_BUDGET;
    return { route, files: files.length, gzipBytes, budget, withinBudget: gzipBytes <= budget };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const distDir = path.resolve(PROJECT_ROOT, args.find((a) => !a.startsWith('--')) ?? 'dist');
  const rows = firstLoadJs(distDir);
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(18)} ${(row.gzipBytes / 1024).toFixed(1).padStart(6)} KiB gzip in ${row.files} files` +
        `  (budget ${(row.budget / 1024).toFixed(0)} KiB)${row.withinBudget ? '' : '  OVER BUDGET'}`,
    );
  }
  console.log(JSON.stringify({ bench: 'bundle-size', rows }));
  if (args.includes('--check') && rows.some((row) => !row.withinBudget)) {
    console.error('First-load JavaScript is over budget: keep heavy code out of the landing chunks.');
    process.exit(1);
  }
}
