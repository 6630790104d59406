import fs from 'node:fs';
import os from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import pg from 'pg';
import { demoAccounts, demoEmail } from '../scripts/demo-accounts.ts';
import { onStackWithSite } from './lib/production-site.ts';
import { median } from './lib/throwaway-stack.ts';

/**
 * Session room: how long a call takes to come back after a dropped connection, on loopback
 * (production build served by `vite preview`, a local stack, a browser of its own for the coach
 * and for the parent, fake camera and microphone). Three kinds of drop, as they happen to families:
 *
 * - network: the parent's network goes away for DROP_MS and comes back. Chromium's offline
 *   emulation cuts the page's HTTP and WebSocket traffic but not WebRTC's, so the parent browser's
 *   network process is also paused (SIGSTOP) for that time: no packet in or out, media included.
 *   Measured from the moment the network returns.
 * - socket: the Realtime socket is closed under the parent's page (a proxy or a router dropping it).
 *   Measured from the close.
 * - reload: the parent reloads the page in the middle of the call. Measured from the reload.
 *
 * Each figure is the time to the first remote video frame on both sides that is newer than the
 * moment, together with the longest freeze of the remote video the coach saw around it. The
 * median of RUNS runs per kind is reported (goal: <= 2 s).
 */
const RUNS = Number(process.env.RUNS ?? 10);
const DROP_MS = Number(process.env.DROP_MS ?? 5000);
const KINDS = (process.env.KINDS ?? 'network,socket,reload').split(',') as Kind[];
/** `none`, a control: nothing is dropped (the freezes the machine's load makes on its own) */
type Kind = 'network' | 'socket' | 'reload' | 'none';
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1990';
const port = Number(process.env.BENCH_ROOM_PORT ?? 6490);
const site = `http://127.0.0.1:${port}`;

interface Launched {
  browser: Browser;
  pid: number;
  close: () => Promise<void>;
}

async function launch(): Promise<Launched> {
  const server = await chromium.launchServer({
    executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: [
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const browser = await chromium.connect(server.wsEndpoint());
  return {
    browser,
    pid: server.process().pid!,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** The browser's network process (Chromium runs its network service in a process of its own). */
function networkProcess(rootPid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const queue = [rootPid];
  while (queue.length) {
    const pid = queue.shift()!;
    for (const child of children.get(pid) ?? []) {
      try {
        if (fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('network.mojom.NetworkService'))
          return child;
      } catch {
        // ended
      }
      queue.push(child);
    }
  }
  throw new Error('no network process found under the browser');
}

/**
 * In the page: every Realtime socket opened (so one can be closed under the page), and the time of
 * the latest frame of each remote video (so the first new frame and the freezes can be read).
 */
function instrument() {
  const w = window as unknown as {
    __sockets: WebSocket[];
    __frames: { at: number; peer: string | null }[];
    __status: { at: number; text: string }[];
  };
  w.__sockets = [];
  w.__frames = [];
  w.__status = [];
  (w as unknown as { __videos: number }).__videos = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      w.__sockets.push(this);
    }
  };
  const counts = new WeakMap<HTMLVideoElement, number>();
  setInterval(() => {
    for (const video of Array.from(
      document.querySelectorAll<HTMLVideoElement>('[data-testid="remote-tile"] video'),
    )) {
      const frames = video.readyState >= 2 ? video.getVideoPlaybackQuality().totalVideoFrames : 0;
      if (!counts.has(video)) {
        (w as unknown as { __videos: number }).__videos++;
        counts.set(video, 0);
      }
      if (frames > (counts.get(video) ?? 0)) {
        w.__frames.push({
          at: Date.now(),
          peer: video.closest('figure')?.getAttribute('data-peer-id') ?? null,
        });
        counts.set(video, frames);
      }
    }
    const text = document.querySelector('[data-testid="connection-status"]')?.textContent ?? '';
    if (text !== (w.__status[w.__status.length - 1]?.text ?? '')) w.__status.push({ at: Date.now(), text });
  }, 5);
}

async function signedIn(browser: Browser, role: 'coach' | 'parent'): Promise<Page> {
  const context = await browser.newContext({ permissions: ['camera', 'microphone'] });
  await context.addInitScript(instrument);
  const page = await context.newPage();
  await page.goto(`${site}/login`);
  await page.getByLabel('Email').fill(demoEmail(role));
  await page.getByLabel('Password').fill(demoAccounts.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(role === 'coach' ? '**/admin' : '**/app');
  return page;
}

const framesOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __frames: { at: number }[] }).__frames.map((f) => f.at));

/** The first remote frame on the page after `since` (ms since epoch). */
async function firstFrameAfter(page: Page, since: number, notFrom?: string | null): Promise<number> {
  const handle = await page
    .waitForFunction(
      ({ t, old }) =>
        (window as unknown as { __frames: { at: number; peer: string | null }[] }).__frames.find(
          (f) => f.at > t && (!old || f.peer !== old),
        )?.at,
      { t: since, old: notFrom ?? null },
      { polling: 20, timeout: 30_000 },
    )
    .catch((error: unknown) => {
      throw new Error(`no remote frame on ${page.url()} after ${since}: ${String(error)}`);
    });
  return (await handle.jsonValue()) as number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  /** to the first new remote frame on the coach's side and on the parent's */
  coachMs: number;
  parentMs: number;
  /** the longest gap between remote frames the coach saw, from before the drop to 5 s after */
  freezeMs: number;
  /** "Reconnecting…" shown to the parent at some point */
  sawReconnecting: boolean;
  /** from the moment to the parent's status no longer reading "Reconnecting…" (0: it did not) */
  liveMs: number;
}

async function oneRun(
  db: pg.Client,
  parentBrowser: Launched,
  kind: Kind,
  coach: Page,
  parent: Page,
): Promise<Run> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.coaching_sessions (child_id, coach_id, starts_at)
     values ('d0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', now() - interval '1 minute')
     returning id`,
  );
  const id = rows[0]!.id;
  await coach.goto(`${site}/admin/session-room/${id}`);
  await coach.getByRole('button', { name: 'Join the session' }).click();
  await parent.goto(`${site}/app/session/${id}`);
  await parent.getByRole('button', { name: 'Join the session' }).click();
  await firstFrameAfter(coach, 0);
  await firstFrameAfter(parent, 0);
  await sleep(1500); // a settled call
  // after a reload the parent is a new visit: the coach's new frames are the new visit's
  const parentVisit = await coach.getByTestId('remote-tile').getAttribute('data-peer-id');

  const dropStarted = Date.now();
  let t0: number;
  if (kind === 'network') {
    const nw = networkProcess(parentBrowser.pid);
    await parent.context().setOffline(true);
    process.kill(nw, 'SIGSTOP');
    await sleep(DROP_MS);
    t0 = Date.now();
    process.kill(nw, 'SIGCONT');
    await parent.context().setOffline(false);
  } else if (kind === 'socket') {
    t0 = Date.now();
    await parent.evaluate(() => {
      for (const ws of (window as unknown as { __sockets: WebSocket[] }).__sockets) ws.close();
    });
  } else if (kind === 'reload') {
    t0 = Date.now();
    await parent.reload();
  } else {
    t0 = Date.now();
  }
  const [coachAt, parentAt] = await Promise.all([
    firstFrameAfter(coach, t0, kind === 'reload' ? parentVisit : null),
    firstFrameAfter(parent, t0),
  ]);
  if (process.env.TRACE) {
    const trace = await parent.evaluate(() => ({
      origin: performance.timeOrigin,
      nav: performance.getEntriesByType('navigation').map((e) => JSON.stringify(e.toJSON())),
      res: performance
        .getEntriesByType('resource')
        .map(
          (e) => `${Math.round(e.startTime)}-${Math.round(e.startTime + e.duration)} ${e.name.slice(0, 110)}`,
        ),
    }));
    console.log(`parent first frame at +${Math.round(parentAt - trace.origin)} ms of the new page`);
    console.log(trace.nav.join('\n'));
    console.log(trace.res.join('\n'));
  }
  await sleep(5000);
  const frames = (await framesOf(coach)).filter((at) => at >= dropStarted - 1000);
  let freezeMs = 0;
  for (let i = 1; i < frames.length; i++) freezeMs = Math.max(freezeMs, frames[i]! - frames[i - 1]!);
  const status = await parent.evaluate(
    () => (window as unknown as { __status: { at: number; text: string }[] }).__status,
  );
  const videos = await coach.evaluate(() => (window as unknown as { __videos: number }).__videos);
  if (process.env.VERBOSE) console.log(`coach's remote video elements so far: ${videos}`);
  const during = status.filter((s) => s.at >= dropStarted);
  const sawReconnecting = during.some((s) => s.text === 'Reconnecting…');
  const back = during.filter((s) => s.at >= t0 && s.text !== 'Reconnecting…')[0];
  const liveMs = sawReconnecting && back ? Math.max(0, back.at - t0) : 0;
  await db.query('delete from public.coaching_sessions where id = $1', [id]);
  return { coachMs: coachAt - t0, parentMs: parentAt - t0, freezeMs, sawReconnecting, liveMs };
}

/** Prints each kind's figures: a line a kind, the load average, and a JSON line. */
function report(results: Record<string, Run[]>) {
  const summary: Record<
    string,
    { medianMs: number; coachMs: number[]; parentMs: number[]; freezeMs: number[]; liveMs: number[] }
  > = {};
  for (const [kind, runs] of Object.entries(results)) {
    const both = runs.map((r) => Math.max(r.coachMs, r.parentMs));
    summary[kind] = {
      medianMs: median(both),
      coachMs: runs.map((r) => r.coachMs),
      parentMs: runs.map((r) => r.parentMs),
      freezeMs: runs.map((r) => r.freezeMs),
      liveMs: runs.map((r) => r.liveMs),
    };
    console.log(
      `reconnect after a ${kind} drop${kind === 'network' ? ` of ${DROP_MS} ms` : ''}, ${runs.length} runs: ` +
        `median ${median(both)} ms to a new remote frame on both sides (max ${Math.max(...both)} ms); ` +
        `coach's longest freeze median ${median(runs.map((r) => r.freezeMs))} ms; ` +
        `"Reconnecting…" shown in ${runs.filter((r) => r.sawReconnecting).length}/${runs.length}, ` +
        `back to live after a median ${median(runs.map((r) => r.liveMs))} ms`,
    );
  }
  console.log(
    `load average: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(JSON.stringify({ bench: 'room-reconnect', dropMs: DROP_MS, summary }));
}

await onStackWithSite('room-reconnect', { outDir: 'dist-bench-room-reconnect', port }, async ({ db }) => {
  const browsers = { coach: await launch(), parent: await launch() };

  const results: Record<string, Run[]> = {};
  try {
    const [coach, parent] = [
      await signedIn(browsers.coach.browser, 'coach'),
      await signedIn(browsers.parent.browser, 'parent'),
    ];
    for (const kind of KINDS) {
      results[kind] = [];
      for (let run = 0; run < RUNS; run++) {
        const r = await oneRun(db, browsers.parent, kind, coach, parent);
        results[kind].push(r);
        if (process.env.VERBOSE) console.log(kind, run, JSON.stringify(r));
      }
    }
  } finally {
    await Promise.all([browsers.coach.close(), browsers.parent.close()]);
  }
  report(results);
});
