import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../local-supabase/config.ts';
import { REDIRECTS_FILE } from '../prerender.ts';

/**
 * The site as `npm start` serves it: the production build (`vite build`, with its prerendering),
 * served as its host serves it (site-server.ts), and built again whenever its sources change. A
 * build that fails leaves the last good one served and prints its error.
 *
 * Each build goes to a folder of its own; the server serves a link that is moved to a build once it
 * has succeeded, so a request never meets a half-written build. The server starts again only when
 * the build's _redirects changed (a route added or removed), which it reads once as it starts.
 */
export interface ServedSite {
  stop(): Promise<void>;
}

/** Where a change builds the site again: its sources and those of its build. */
const WATCHED_DIRS = ['src', 'public'];
const WATCHED_FILES = [
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'postcss.config.js',
  '.env',
  '.env.local',
  'scripts/prerender.ts',
  'scripts/lib/security-headers.ts',
];
/** Changes that leave the build as it was: unit tests, their helpers, an editor's swap and backup files. */
const IGNORED = /(^|[/\\])(__tests__|test)[/\\]|\.test\.tsx?$|(^|[/\\])\.#|~$|\.sw[px]$/;
/** How long the sources stay still before a build starts: an editor's save is several events. */
const SETTLE_MS = 200;

const SERVER_SCRIPT = path.join(PROJECT_ROOT, 'scripts', 'lib', 'site-server.ts');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Child {
  process: ChildProcess;
  exited: Promise<number | null>;
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv, output: 'pipe' | 'inherit'): Child {
  const child = spawn(command, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', output, output] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, exited };
}

const isRunning = (child: Child | undefined): child is Child =>
  !!child && child.process.exitCode === null && child.process.signalCode === null;

async function stopChild(child: Child | undefined) {
  if (!child) return;
  if (isRunning(child)) child.process.kill('SIGTERM');
  await child.exited;
}

/**
 * Calls `onChange` with the path (from `root`) of whatever changes below `root`. One watch a folder,
 * not fs.watch's `recursive`: on Linux that follows each file, and loses a file an editor saves by
 * writing a new one and renaming it over the old (the next saves then go unseen).
 */
export function watchTree(root: string, onChange: (name: string) => void): { close(): void } {
  const watchers = new Map<string, fs.FSWatcher>();
  const isFolder = (dir: string) => fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory() ?? false;
  const add = (dir: string) => {
    if (watchers.has(dir) || !isFolder(dir)) return;
    try {
      const watcher = fs.watch(dir, (_event, name) => {
        if (!name) return;
        const changedPath = path.join(dir, name.toString());
        onChange(path.relative(root, changedPath));
        if (isFolder(changedPath)) add(changedPath);
        else watchers.get(changedPath)?.close(); // a folder removed: watched again if it comes back
      });
      watcher.on('close', () => watchers.delete(dir));
      watcher.on('error', () => watcher.close());
      watchers.set(dir, watcher);
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) add(path.join(dir, entry.name));
      }
    } catch (error) {
      // A folder removed as it was being watched is no loss; anything else (no watches left) is said.
      if (isFolder(dir)) console.warn(`Changes in ${dir} are not watched: ${String(error)}`);
    }
  };
  add(root);
  return { close: () => [...watchers.values()].forEach((watcher) => watcher.close()) };
}

export async function serveBuiltSite(options: {
  port: number;
  supabaseUrl: string;
  anonKey: string;
}): Promise<ServedSite> {
  const { port } = options;
  const env = {
    ...process.env,
    VITE_SUPABASE_URL: options.supabaseUrl,
    VITE_SUPABASE_ANON_KEY: options.anonKey,
  };
  const siteUrl = `http://localhost:${port}`;
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `ploom-site-${port}-`));
  const served = path.join(workDir, 'site');
  let builds = 0;
  let building: Child | undefined;
  let server: Child | undefined;
  let servedDir: string | undefined;
  let stopping = false;

  async function build(): Promise<{ dir: string; ms: number } | undefined> {
    const dir = path.join(workDir, `build-${++builds}`);
    const started = Date.now();
    const vite = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'vite');
    building = start(vite, ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], env, 'pipe');
    let output = '';
    building.process.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    building.process.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const { pid } = building.process;
    const code = await building.exited;
    building = undefined;
    if (code === 0 && !stopping) {
      // Only warnings and errors are written (--logLevel warn).
      if (output.trim()) console.warn(output.trim());
      return { dir, ms: Date.now() - started };
    }
    fs.rmSync(dir, { recursive: true, force: true });
    // The server build the prerendering makes (scripts/prerender.ts), left behind by a build that stopped.
    fs.rmSync(path.join(PROJECT_ROOT, `.prerender-${pid}`), { recursive: true, force: true });
    // Stopped by a signal (Ctrl-C reaches every process of the terminal's group): not a failure.
    if (!stopping && code !== null) {
      console.error(
        `\nThe site's build failed${servedDir ? '; still serving the last good build' : ''}:\n${output.trim()}`,
      );
    }
    return undefined;
  }

  /** Starts the server on the served link and waits until it answers. */
  async function startServer() {
    const child = start(
      process.execPath,
      ['--import', 'tsx', SERVER_SCRIPT, served, String(port)],
      env,
      'inherit',
    );
    server = child;
    let running = true;
    void child.exited.then((code) => {
      running = false;
      if (code && !stopping && server === child) console.error(`The site's server stopped (exit ${code}).`);
    });
    const deadline = Date.now() + 60_000;
    while (running && Date.now() < deadline) {
      const up = await fetch(`http://127.0.0.1:${port}/`).then(
        (answer) => answer.ok,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the site's server did not answer on port ${port}`);
  }

  /** Serves a good build: moves the link to it, then starts (or restarts) the server if needed. */
  async function publish(dir: string) {
    const redirects = (folder: string | undefined) =>
      folder && fs.existsSync(path.join(folder, REDIRECTS_FILE))
        ? fs.readFileSync(path.join(folder, REDIRECTS_FILE), 'utf8')
        : undefined;
    const restart = !isRunning(server) || redirects(dir) !== redirects(servedDir);
    const link = `${served}.next`;
    fs.rmSync(link, { force: true });
    fs.symlinkSync(dir, link);
    fs.renameSync(link, served);
    const previous = servedDir;
    servedDir = dir;
    if (previous) fs.rmSync(previous, { recursive: true, force: true });
    if (restart) {
      const previousServer = server;
      server = undefined;
      await stopChild(previousServer);
      await startServer();
    }
  }

  // Builds one after the other: a change during a build makes one more build after it.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let changedSince = false;
  const buildAndServe = async (first: boolean) => {
    do {
      changedSince = false;
      console.log(first ? 'Building the site…' : '\nThe site changed: building it again…');
      const built = await build();
      if (built && !stopping) {
        await publish(built.dir);
        console.log(
          first
            ? `The site is built in ${seconds(built.ms)}; it is built again when its sources change.`
            : `The site is rebuilt in ${seconds(built.ms)} and served at ${siteUrl}`,
        );
      } else if (!servedDir && !stopping) {
        console.error('The site is served once a build succeeds: fix the error above and save.');
      }
      first = false;
    } while (changedSince && !stopping);
  };
  const run = (first: boolean) =>
    (running = buildAndServe(first)
      .catch((error: unknown) => {
        if (!stopping) console.error(`The site could not be served: ${String(error)}`);
      })
      .finally(() => (running = undefined)));
  const changed = (name: string) => {
    if (IGNORED.test(name) || stopping) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) changedSince = true;
      else void run(false);
    }, SETTLE_MS);
  };
  const watchers = [
    ...WATCHED_DIRS.map((dir) => watchTree(path.join(PROJECT_ROOT, dir), changed)),
    // The folders of the files, not the files: an editor that saves by renaming replaces the file.
    ...[...new Set(WATCHED_FILES.map((file) => path.dirname(file)))].map((dir) =>
      fs.watch(path.join(PROJECT_ROOT, dir), (_event, name) => {
        if (name && WATCHED_FILES.includes(path.join(dir, name.toString()))) changed(name.toString());
      }),
    ),
  ];

  const stop = async () => {
    stopping = true;
    clearTimeout(timer);
    for (const watcher of watchers) watcher.close();
    await stopChild(building);
    await running;
    await stopChild(server);
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  // Should the process end before stop() (e.g. Ctrl-C during the first build), nothing outlives it.
  process.once('exit', () => {
    for (const child of [building, server]) if (isRunning(child)) child.process.kill('SIGTERM');
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  await run(true);
  return { stop };
}
