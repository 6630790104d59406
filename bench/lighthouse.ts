import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { PROJECT_ROOT } from '../local-supabase/config.ts';
import { landingRoutes } from './bundle-size.ts';
import { writeScriptFree } from './script-free.ts';
import { median, onThrowawayStack } from './lib/throwaway-stack.ts';

/**
 * Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown) on each landing variant of the
 * production build, served by `vite preview` against a local stack, beside the same page with
 * every script removed (bench/script-free.ts: the floor). Each page is measured RUNS times (5 by
 * default), a fresh Chrome per run so no cache is shared, the site and its floor interleaved so
 * both see the same machine load; the table shows medians.
 *   LOCAL_SUPABASE_PORT_OFFSET=n RUNS=5 PAGES=/,/about tsx bench/lighthouse.ts
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1960';
const offset = Number(process.env.LOCAL_SUPABASE_PORT_OFFSET);
const runs = Number(process.env.RUNS ?? 5);
const pages = process.env.PAGES?.split(',') ?? Object.keys(landingRoutes);
const sitePort = 7000 + offset;
const floorPort = sitePort + 1;
const siteDir = `dist-bench-${offset}`;
const floorDir = `dist-bench-${offset}-script-free`;

const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);

const chromePath =
  process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

async function measure(url: string): Promise<Run> {
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
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('no result');
    const { categories, audits } = result.lhr;
    const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
    const value = (key: string) => audits[key]?.numericValue ?? 0;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      cls: Number(value('cumulative-layout-shift').toFixed(3)),
    };
  } finally {
    chrome.kill();
  }
}

const medianRun = (list: Run[]): Run =>
  Object.fromEntries(
    (Object.keys(list[0]) as (keyof Run)[]).map((key) => [key, median(list.map((run) => run[key]))]),
  ) as unknown as Run;

await onThrowawayStack('lh', async (stack) => {
  const servers: ChildProcess[] = [];
  const rows: { route: string; kind: 'site' | 'script-free'; runs: number; median: Run }[] = [];
  try {
    const env = {
      ...process.env,
      VITE_SUPABASE_URL: stack.urls.api,
      VITE_SUPABASE_ANON_KEY: stack.keys.anon,
    };
    const build = spawnSync(
      bin('vite'),
      ['build', '--outDir', siteDir, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: PROJECT_ROOT, env, stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('build failed');
    writeScriptFree(path.join(PROJECT_ROOT, siteDir), path.join(PROJECT_ROOT, floorDir));
    const serve = (dir: string, port: number) =>
      spawn(bin('vite'), ['preview', '--outDir', dir, '--port', String(port), '--strictPort'], {
        cwd: PROJECT_ROOT,
        env,
        stdio: 'ignore',
      });
    servers.push(serve(siteDir, sitePort), serve(floorDir, floorPort));
    for (const port of [sitePort, floorPort]) {
      const deadline = Date.now() + 20000;
      while (
        !(await fetch(`http://127.0.0.1:${port}/`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        if (Date.now() > deadline) throw new Error(`vite preview did not come up on ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    for (const route of pages) {
      const site: Run[] = [];
      const floor: Run[] = [];
      for (let i = 0; i < runs; i += 1) {
        site.push(await measure(`http://127.0.0.1:${sitePort}${route}`));
        floor.push(await measure(`http://127.0.0.1:${floorPort}${route}`));
      }
      rows.push({ route, kind: 'site', runs, median: medianRun(site) });
      rows.push({ route, kind: 'script-free', runs, median: medianRun(floor) });
      console.error(`measured ${route}`);
    }
  } finally {
    for (const server of servers) server.kill('SIGTERM');
    for (const dir of [siteDir, floorDir])
      fs.rmSync(path.join(PROJECT_ROOT, dir), { recursive: true, force: true });
  }
  console.log(`medians of ${runs} runs`);
  console.log('route              page         perf  a11y  best   seo  FCP ms  LCP ms  TBT ms    CLS');
  const pad = (value: number | string, width: number) => String(value).padStart(width);
  for (const { route, kind, median: m } of rows) {
    console.log(
      `${route.padEnd(18)} ${kind.padEnd(11)} ${pad(m.performance, 5)} ${pad(m.accessibility, 5)} ${pad(m.bestPractices, 5)} ${pad(m.seo, 5)} ${pad(m.fcpMs, 7)} ${pad(m.lcpMs, 7)} ${pad(m.tbtMs, 7)} ${pad(m.cls, 6)}`,
    );
  }
  console.log(JSON.stringify({ bench: 'lighthouse-mobile', runs, rows }));
});
