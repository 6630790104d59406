import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import WebSocket from 'ws';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import { PROJECT_ROOT } from '../local-supabase/config.ts';
import type { RunningStack } from '../local-supabase/stack.ts';
import { demoAccounts } from '../scripts/demo-accounts.ts';
import { seedScale } from '../scripts/lib/scale-seed.ts';
import { median, onThrowawayStack } from './lib/throwaway-stack.ts';

/**
 * Lighthouse (mobile preset: simulated slow 4G, 4x CPU slowdown) on the signed-in screens of the
 * production build, opened directly by a person whose session the browser already holds: each demo
 * account signs in once (over the Auth API, the child through the child-sign-in function), and each
 * run puts that session into a fresh Chrome's localStorage (where supabase-js keeps it), with the
 * role the areas remember for the person (src/app/direct-load.ts), before Lighthouse loads the URL
 * with the storage kept. `vite preview` serves the build against a local stack with the demo data
 * (SERVE=hosted: over HTTPS and HTTP/2, as a static host and hosted Supabase serve it).
 *
 * BEFORE_REF=<commit> also builds that commit and measures it interleaved with this tree (run for
 * run, so both see the same machine load): a before/after of a change to the start-up order.
 * SAVE_LHR=<dir> keeps each run's Lighthouse report there.
 *   LOCAL_SUPABASE_PORT_OFFSET=n RUNS=5 PAGES=/app,/admin BEFORE_REF=abc123 tsx bench/signed-in-lighthouse.ts
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1990';
const offset = Number(process.env.LOCAL_SUPABASE_PORT_OFFSET);
const runs = Number(process.env.RUNS ?? 5);
const beforeRef = process.env.BEFORE_REF;
/** Where to keep each run's Lighthouse report (JSON), to see what a screen waited for. */
const saveDir = process.env.SAVE_LHR;
/**
 * VISIT=again: the person has had the screen open before in this sign-in session (its last view
 * is kept on the device, decision 217), but the browser's cache is empty, so every file loads
 * over the network as on a first visit. The default is a first visit; VISIT=both measures each
 * screen both ways, run for run. SCALE_SEED=<scale> adds the scale seed (scripts/lib/scale-seed.ts,
 * 1 for its full size) to the demo data before measuring.
 */
type Visit = 'first' | 'again';
const visits: Visit[] =
  process.env.VISIT === 'both' ? ['first', 'again'] : process.env.VISIT === 'again' ? ['again'] : ['first'];
const scaleSeed = process.env.SCALE_SEED ? Number(process.env.SCALE_SEED) : undefined;
/**
 * SERVE=hosted serves the build and the API as they are hosted: HTTPS and HTTP/2 on both origins
 * (bench/lib/serve-hosted.ts). The default is `vite preview` and the stack's gateway as they run
 * locally, HTTP/1.1 without TLS, which Lighthouse's model charges a connection's set-up and slow
 * start for each of six connections an origin.
 */
const hosted = process.env.SERVE === 'hosted';

type Role = (typeof demoAccounts.users)[number]['role'];
/**
 * What shows that a screen's data is on screen (not its heading over a loading line): inside
 * <main>, no "Loading" line, plus an element (`selector`) or words (`text`) only the data brings.
 */
interface DataShown {
  selector?: string;
  text?: string;
}
/** The seven screens a person opens most, each as the role that opens it. */
const screens: { path: string; role: Role; data: DataShown }[] = [
  { path: '/admin', role: 'admin', data: { text: 'Beta families enrolled' } },
  { path: '/admin/waitlist', role: 'admin', data: { selector: 'main table tbody tr' } },
  { path: '/admin/sessions', role: 'coach', data: { text: 'Mia' } },
  { path: '/admin/report', role: 'admin', data: { selector: 'main table tbody tr' } },
  { path: '/app', role: 'parent', data: { text: 'Next session' } },
  { path: '/app/billing', role: 'parent', data: { selector: 'main [aria-labelledby="invoices-heading"]' } },
  { path: '/child', role: 'child', data: { text: '\\d:\\d\\d' } },
];
/**
 * A query string a screen is opened with, found once the stack is up: /admin/sessions opens at the
 * week of Mia's next session (the seed's sessions lie days from now, so on a Sunday the week of
 * today holds none of hers).
 */
const searchOf: Record<string, string> = {};

/**
 * Runs in the measured page from its first script on: notes the largest contentful paint as the
 * browser reports it, and the moment the screen's data is first in the DOM (textContent, so the
 * check itself lays nothing out). A paint at or after that moment shows the data. A string, not a
 * function: the bench's compiler would add helpers to a function's source that the page lacks.
 */
const watchScreen = (data: DataShown) => `(() => {
  const data = ${JSON.stringify(data)};
  const state = { lcpAt: 0, lcpText: '', dataAt: 0 };
  window.__screenCheck = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.lcpAt = entry.startTime;
      state.lcpText = ((entry.element && entry.element.textContent) || '').slice(0, 60);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const words = data.text ? new RegExp(data.text) : undefined;
  new MutationObserver(() => {
    // What is on show: a last view drawn from the device while the app starts hidden under it
    // (decision 217), else the app's own screen.
    const shown = document.documentElement.hasAttribute('data-last-view')
      ? document.getElementById('last-view')
      : document.getElementById('root');
    const main = shown && shown.querySelector('main');
    if (state.dataAt || !main) return;
    const text = main.textContent || '';
    if (/Loading/i.test(text)) return;
    if (data.selector && !shown.querySelector(data.selector)) return;
    if (words && !words.test(text)) return;
    state.dataAt = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
})()`;
const only = process.env.PAGES?.split(',');
const measured = only ? screens.filter((screen) => only.includes(screen.path)) : screens;

const apiFrontPort = 7200 + offset;
const bin = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'vite');

interface Build {
  name: string;
  dir: string;
  port: number;
  root: string;
  server?: ChildProcess;
}
const originOf = (port: number) => `${hosted ? 'https' : 'http'}://127.0.0.1:${port}`;
/** Whether a server answers on the port (any answer: the certificate is self-signed). */
const answers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const request = (hosted ? https : http)
      .get(`${originOf(port)}/robots.txt`, { rejectUnauthorized: false }, (response) => {
        response.resume();
        resolve(response.statusCode === 200);
      })
      .on('error', () => resolve(false));
    request.setTimeout(2000, () => request.destroy());
  });

/** What a browser holds for a signed-in person: supabase-js's stored session and the role hint. */
interface Held {
  storage: Record<string, string>;
  expiresAt: number;
}

async function signIn(stack: RunningStack, role: Role): Promise<Held> {
  const storage: Record<string, string> = {};
  const supabase: SupabaseClient = createClient(stack.urls.api, stack.keys.anon, {
    // Node 20 has no WebSocket of its own (Realtime is not used here, but the client makes one).
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      storage: {
        getItem: (key) => storage[key] ?? null,
        setItem: (key, value) => void (storage[key] = value),
        removeItem: (key) => void delete storage[key],
      },
    },
  });
  const account = demoAccounts.users.find((user) => user.role === role)!;
  if ('email' in account) {
    const { error } = await supabase.auth.signInWithPassword({
      email: account.email,
      password: demoAccounts.password,
    });
    if (error) throw error;
  } else {
    const { data, error } = await supabase.functions.invoke<{ access_token: string; refresh_token: string }>(
      'child-sign-in',
      { body: { username: account.username, secret: demoAccounts.password } },
    );
    if (error || !data) throw error ?? new Error('child-sign-in answered without a session');
    const set = await supabase.auth.setSession(data);
    if (set.error) throw set.error;
  }
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw new Error(`no session for ${role}`);
  // What the areas keep once the guards have settled on the person's role (src/app/direct-load.ts).
  storage['ploom-role'] = `${data.session.user.id}:${role}`;
  return { storage, expiresAt: (data.session.expires_at ?? 0) * 1000 };
}

const held = new Map<Role, Held>();
async function sessionOf(stack: RunningStack, role: Role): Promise<Held> {
  const known = held.get(role);
  // A token that would be refreshed during the run would add a request the screen does not make.
  if (known && known.expiresAt - Date.now() > 5 * 60_000) return known;
  const fresh = await signIn(stack, role);
  held.set(role, fresh);
  return fresh;
}

const chromePath =
  process.env.CHROME_PATH ?? (fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

interface Run {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  /** LCP as this machine painted it (unthrottled): the order of loads shows without the model. */
  observedLcpMs: number;
  tbtMs: number;
  lcpElement: string;
  /** The screen's data was in the page when the largest paint happened (observed, unthrottled). */
  dataAtLcp: boolean;
  /** When the screen's data was first in the page (observed, unthrottled; 0: never seen). */
  observedDataMs: number;
}

async function measure(
  stack: RunningStack,
  origin: string,
  screen: (typeof screens)[number],
  visit: Visit,
): Promise<Run> {
  const { storage } = await sessionOf(stack, screen.role);
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
      ...(hosted ? ['--ignore-certificate-errors'] : []),
    ],
  });
  try {
    // The session goes into the origin's storage from a static file: no page code, nothing cached
    // that the measured load would use.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) window.localStorage.setItem(key, value);
    }, storage);
    // The page Lighthouse loads the screen in, watched for its data (see watchScreen).
    await page.evaluateOnNewDocument(watchScreen(screen.data));
    if (visit === 'again') {
      // An earlier visit draws the screen (and keeps its view as it is left); then the HTTP cache
      // is emptied, the storage kept.
      await page.goto(`${origin}${screen.path}${searchOf[screen.path] ?? ''}`);
      await page.waitForFunction(
        () => (window as unknown as { __screenCheck?: { dataAt: number } }).__screenCheck?.dataAt,
        { timeout: 20000 },
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await page.goto(`${origin}/robots.txt`);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    const result = await lighthouse(
      `${origin}${screen.path}${searchOf[screen.path] ?? ''}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    if (!result) throw new Error('no result');
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const seen = (await page.evaluate(() => ({
      ...(window as unknown as { __screenCheck?: object }).__screenCheck,
      url: location.pathname,
      mainNow: document.querySelector('main')?.textContent?.slice(0, 300) ?? null,
    }))) as { lcpAt?: number; lcpText?: string; dataAt?: number; url: string; mainNow: string | null };
    await browser.disconnect();
    const dataAtLcp = Boolean(seen.dataAt && seen.lcpAt && seen.dataAt <= seen.lcpAt);
    if (!dataAtLcp)
      console.error(`${screen.path}: the largest paint came before the data (${JSON.stringify(seen)})`);
    if (saveDir) {
      const name = `${screen.path.replace(/\//g, '_')}-${new URL(origin).port}-${Date.now()}.json`;
      fs.writeFileSync(path.join(saveDir, name), JSON.stringify(result.lhr));
      const { Trace, DevtoolsLog, GatherContext, URL: url } = result.artifacts;
      fs.writeFileSync(
        path.join(saveDir, name.replace(/\.json$/, '.artifacts.json')),
        JSON.stringify({ Trace, DevtoolsLog, GatherContext, URL: url, settings: result.lhr.configSettings }),
      );
    }
    const { categories, audits } = result.lhr;
    const value = (key: string) => audits[key]?.numericValue ?? 0;
    const element = audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { snippet?: string; nodeLabel?: string } }[] }[] } | undefined;
    const node = element?.items?.[0]?.items?.[0]?.node;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      fcpMs: Math.round(value('first-contentful-paint')),
      lcpMs: Math.round(value('largest-contentful-paint')),
      tbtMs: Math.round(value('total-blocking-time')),
      observedLcpMs: Math.round(
        (audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)
          ?.items?.[0]?.observedLargestContentfulPaint ?? 0,
      ),
      lcpElement: (node?.nodeLabel ?? node?.snippet ?? '').replace(/\s+/g, ' ').slice(0, 40),
      dataAtLcp,
      observedDataMs: Math.round(seen.dataAt ?? 0),
    };
  } finally {
    chrome.kill();
  }
}

interface Row {
  path: string;
  role: Role;
  build: string;
  visit: Visit;
  runs: Run[];
}

/** Prints the table, then the JSON line. */
function report(rows: Row[]) {
  console.log(
    `signed-in screens, Lighthouse mobile preset (${visits.map((visit) => (visit === 'again' ? 'opened again, empty cache' : 'first visit')).join('; ')}), ${scaleSeed ? `demo data and the scale seed at ${scaleSeed}` : 'demo data'}, ${hosted ? 'served as hosted (HTTPS, HTTP/2)' : 'served by vite preview and the gateway (HTTP/1.1)'}, medians of ${runs} runs (goal: LCP <= 1500 ms)`,
  );
  console.log(
    'screen            as      build               perf  FCP ms  LCP ms  TBT ms  observed LCP  observed data  data at LCP  LCP element (first run)',
  );
  const pad = (value: number | string, width: number) => String(value).padStart(width);
  for (const row of rows) {
    const m = (key: keyof Omit<Run, 'lcpElement' | 'dataAtLcp'>) => median(row.runs.map((run) => run[key]));
    const withData = `${row.runs.filter((run) => run.dataAtLcp).length}/${row.runs.length}`;
    console.log(
      `${row.path.padEnd(17)} ${row.role.padEnd(7)} ${row.build.padEnd(18)} ${pad(m('performance'), 5)} ${pad(m('fcpMs'), 7)} ${pad(m('lcpMs'), 7)} ${pad(m('tbtMs'), 7)} ${pad(m('observedLcpMs'), 13)}  ${pad(m('observedDataMs'), 13)}  ${pad(withData, 11)}  ${row.runs[0]?.lcpElement ?? ''}`,
    );
  }
  console.log(
    JSON.stringify({
      bench: 'signed-in-lighthouse',
      scaleSeed: scaleSeed ?? null,
      serve: hosted ? 'hosted' : 'local',
      runs,
      rows: rows.map((row) => ({
        path: row.path,
        role: row.role,
        build: row.build,
        visit: row.visit,
        performance: median(row.runs.map((run) => run.performance)),
        lcpMs: median(row.runs.map((run) => run.lcpMs)),
        observedLcpMs: median(row.runs.map((run) => run.observedLcpMs)),
        observedDataMs: median(row.runs.map((run) => run.observedDataMs)),
        dataAtLcp: row.runs.every((run) => run.dataAtLcp),
        // Only a paint that shows the data counts.
        withinGoal:
          row.runs.every((run) => run.dataAtLcp) && median(row.runs.map((run) => run.lcpMs)) <= 1500,
      })),
    }),
  );
}

await onThrowawayStack('signed-in', async (stack) => {
  if (scaleSeed) {
    const db = new pg.Client({ connectionString: stack.urls.db });
    await db.connect();
    const started = performance.now();
    await seedScale(db, { scale: scaleSeed, passwordHash: bcrypt.hashSync('ploom-scale-2026', 10) });
    await db.end();
    console.error(`scale seed ${scaleSeed}: ${Math.round((performance.now() - started) / 1000)} s`);
  }
  {
    const db = new pg.Client({ connectionString: stack.urls.db });
    await db.connect();
    const { rows } = await db.query<{ day: string }>(
      `select to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD') as day from public.coaching_sessions
       where id = 'e0000000-0000-4000-8000-000000000003'`,
    );
    await db.end();
    if (rows[0]) searchOf['/admin/sessions'] = `?week=${rows[0].day}`;
  }
  const certDir = path.join(stack.config.stateDir, 'certificate');
  const env = {
    ...process.env,
    VITE_SUPABASE_URL: hosted ? `https://127.0.0.1:${apiFrontPort}` : stack.urls.api,
    VITE_SUPABASE_ANON_KEY: stack.keys.anon,
  };
  const builds: Build[] = [
    { name: 'this tree', dir: `dist-bench-signed-in-${offset}`, port: 7100 + offset, root: PROJECT_ROOT },
  ];
  const cleanup: string[] = [path.join(PROJECT_ROOT, builds[0].dir)];
  const rows: Row[] = [];
  try {
    if (beforeRef) {
      // The earlier commit's sources beside this tree's node_modules, built the same way.
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-bench-before-'));
      const archive = spawnSync('sh', ['-c', `git archive ${beforeRef} | tar -x -C ${root}`], {
        cwd: PROJECT_ROOT,
        stdio: 'inherit',
      });
      if (archive.status !== 0) throw new Error(`cannot check out ${beforeRef}`);
      fs.symlinkSync(path.join(PROJECT_ROOT, 'node_modules'), path.join(root, 'node_modules'));
      builds.push({
        name: `before (${beforeRef.slice(0, 7)})`,
        dir: 'dist-before',
        port: 7101 + offset,
        root,
      });
      cleanup.push(root);
    }
    for (const build of builds) {
      const result = spawnSync(bin, ['build', '--outDir', build.dir, '--emptyOutDir', '--logLevel', 'warn'], {
        cwd: build.root,
        env,
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error(`build of ${build.name} failed`);
      build.server = hosted
        ? spawn(
            path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx'),
            [
              path.join(PROJECT_ROOT, 'bench', 'lib', 'serve-hosted.ts'),
              build.dir,
              String(build.port),
              // One API front serves every build.
              String(build === builds[0] ? apiFrontPort : 0),
              stack.urls.api,
              certDir,
            ],
            { cwd: build.root, env, stdio: 'ignore' },
          )
        : spawn(bin, ['preview', '--outDir', build.dir, '--port', String(build.port), '--strictPort'], {
            cwd: build.root,
            env,
            stdio: 'ignore',
          });
    }
    for (const { port } of builds) {
      const deadline = Date.now() + 20000;
      while (!(await answers(port))) {
        if (Date.now() > deadline) throw new Error(`vite preview did not come up on ${port}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    for (const screen of measured) {
      const byBuild = builds.flatMap((build) => visits.map((visit) => ({ build, visit, runs: [] as Run[] })));
      for (let i = 0; i < runs; i += 1) {
        for (const entry of byBuild)
          entry.runs.push(await measure(stack, originOf(entry.build.port), screen, entry.visit));
      }
      for (const entry of byBuild)
        rows.push({
          path: screen.path,
          role: screen.role,
          build: visits.length > 1 ? `${entry.build.name}, ${entry.visit}` : entry.build.name,
          visit: entry.visit,
          runs: entry.runs,
        });
      console.error(`measured ${screen.path}`);
    }
  } finally {
    for (const build of builds) build.server?.kill('SIGTERM');
    for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
  }
  report(rows);
});
