import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PROJECT_ROOT } from '../local-supabase/config.ts';
import { startStack } from '../local-supabase/stack.ts';
import { landingRoutes } from './bundle-size.ts';

/**
 * Lighthouse (mobile, default throttling) on each landing variant of the production build,
 * served by `vite preview` against a local stack. A fresh Chrome per run, so no cache is shared.
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1960';
const port = 6460;
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-bench-lh-'));
fs.chmodSync(stateDir, 0o755);
const stack = await startStack({ stateDir, quiet: true });
const env = { ...process.env, VITE_SUPABASE_URL: stack.urls.api, VITE_SUPABASE_ANON_KEY: stack.keys.anon };
const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);
const build = spawnSync(
  bin('vite'),
  ['build', '--outDir', 'dist-bench', '--emptyOutDir', '--logLevel', 'warn'],
  {
    cwd: PROJECT_ROOT,
    env,
    stdio: 'inherit',
  },
);
if (build.status !== 0) throw new Error('build failed');
const preview = spawn(
  bin('vite'),
  ['preview', '--outDir', 'dist-bench', '--port', String(port), '--strictPort'],
  {
    cwd: PROJECT_ROOT,
    env,
    stdio: 'ignore',
  },
);
await new Promise((r) => setTimeout(r, 1500));

const chromePath =
  process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const rows: {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}[] = [];
try {
  for (const route of Object.keys(landingRoutes)) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    });
    try {
      const result = await lighthouse(`http://127.0.0.1:${port}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      if (!result) throw new Error('no result');
      const { categories, audits } = result.lhr;
      const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
      rows.push({
        route,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
      });
    } finally {
      chrome.kill();
    }
  }
} finally {
  preview.kill('SIGTERM');
  await stack.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
  fs.rmSync(path.join(PROJECT_ROOT, 'dist-bench'), { recursive: true, force: true });
}
console.log('route               perf  a11y  best  seo   LCP ms  TBT ms  CLS');
for (const r of rows) {
  console.log(
    `${r.route.padEnd(18)} ${String(r.performance).padStart(4)}  ${String(r.accessibility).padStart(4)}  ${String(r.bestPractices).padStart(4)}  ${String(r.seo).padStart(4)}  ${String(r.lcpMs).padStart(7)} ${String(r.tbtMs).padStart(7)}  ${r.cls}`,
  );
}
console.log(JSON.stringify({ bench: 'lighthouse-mobile', rows }));
