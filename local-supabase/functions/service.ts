import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http, { type IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HttpService, StackContext } from '../types.ts';
import { HttpError, bearerToken, readBody, sendJson } from '../http.ts';
import { verifyJwt } from '../jwt.ts';
import { PROJECT_ROOT } from '../config.ts';
import { functionSettingsReader } from './config.ts';
import { DENO_BIN, FUNCTIONS_DIR, defaultDenoDir, prepareFunctions, type PrepareResult } from './deno.ts';
import { functionEnv } from './env.ts';
import { FunctionProcess } from './process.ts';
import { proxy } from './proxy.ts';

/**
 * Edge functions, as `supabase functions serve` runs them: each `supabase/functions/<name>/index.ts`
 * (folders not starting with `_`) is its own Deno process, started on its first request and again
 * whenever it has died or its code changed. The gateway part does what Supabase's does: `verify_jwt`
 * per function from `supabase/config.toml`, then the request goes to the function with the client's
 * address appended to `X-Forwarded-For`, and its answer streams back.
 */

export interface FunctionsOptions {
  /** folder holding one sub-folder per function (default: the project's supabase/functions) */
  functionsDir?: string;
  /** the Supabase CLI config with `[functions.<name>] verify_jwt` (default: supabase/config.toml) */
  configFile?: string;
  /** the Deno cache (default: $DENO_DIR, else the project's .deno) */
  denoDir?: string;
  /** how long a function may take to start listening */
  startTimeoutMs?: number;
  /** fetch the functions' npm: packages into the cache now, before any request (default true) */
  prepare?: boolean;
}

export interface FunctionsService extends HttpService {
  /**
   * Settles once the functions' dependencies are in the cache (at once when cached). Requests wait
   * for it, so a function never starts while its packages are still downloading.
   */
  prepared: Promise<PrepareResult>;
}

const MAX_REQUEST_BYTES = 20 * 1024 * 1024;

/** `verify_jwt`: why the request's bearer token is refused, or undefined when it is valid. */
async function jwtRefusal(req: IncomingMessage, url: URL): Promise<string | undefined> {
  const auth = req.headers.authorization;
  if (!auth || !/^bearer /i.test(auth)) return 'Missing authorization header';
  try {
    await verifyJwt(bearerToken(req, url) ?? '');
    return undefined;
  } catch {
    return 'Invalid JWT';
  }
}

/** Fetches the functions' npm: packages into the Deno cache, saying so when it downloads. */
function prepareInBackground(
  functionsDir: string,
  denoDir: string,
  signal: AbortSignal,
  log: (message: string) => void,
): Promise<PrepareResult> {
  let announced = false;
  return prepareFunctions({
    functionsDir,
    denoDir,
    signal,
    onDownload: (url) => {
      if (!announced) log("fetching the functions' npm packages into the Deno cache (once)");
      announced = true;
      if (url.endsWith('.tgz') || url.endsWith('.tar.gz')) log(`downloading ${url}`);
    },
  }).then((result) => {
    if (result.ok && result.downloads > 0) {
      log(`the functions' packages are ready (${result.downloads} downloads, ${result.ms} ms)`);
    } else if (!result.ok && !signal.aborted) {
      log(
        `could not fetch the functions' packages; each function will try again when it starts. ` +
          `A network with its own certificate authority needs NODE_EXTRA_CA_CERTS or DENO_CERT ` +
          `in the environment.\n${result.error ?? ''}`,
      );
    }
    return result;
  });
}

/**
 * Like `supabase functions serve`: an edit to a function (or the shared code) applies on the next
 * request. An edit inside a function's folder restarts that function only; shared code or config, all.
 */
function watchForEdits(functionsDir: string, processes: Map<string, FunctionProcess>): { close(): void } {
  let watcher: fs.FSWatcher | undefined;
  let reloadTimer: NodeJS.Timeout | undefined;
  try {
    let changed = new Set<string>();
    watcher = fs.watch(functionsDir, { recursive: true }, (_event, file) => {
      if (!file || !/\.(ts|js|json|tsx|mjs)$/.test(file) || file.endsWith('deno.lock')) return;
      const [folder, ...rest] = file.split(path.sep);
      changed.add(rest.length === 0 || folder.startsWith('_') ? '*' : folder);
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => {
        const names = changed;
        changed = new Set();
        for (const [name, fn] of processes) if (names.has('*') || names.has(name)) fn.markStale();
      }, 100);
    });
    watcher.on('error', () => watcher?.close());
  } catch {
    /* no recursive watch on this platform: restart the stack to pick up edits */
  }
  return {
    close() {
      watcher?.close();
      clearTimeout(reloadTimer);
    },
  };
}

export function createFunctions(ctx: StackContext, options: FunctionsOptions = {}): FunctionsService {
  const functionsDir = options.functionsDir ?? FUNCTIONS_DIR;
  const configFile = options.configFile ?? path.join(PROJECT_ROOT, 'supabase', 'config.toml');
  const denoDir = options.denoDir ?? defaultDenoDir();
  const denoConfig = path.join(functionsDir, 'deno.json');
  const settingsOf = functionSettingsReader(configFile);
  const main = path.join(PROJECT_ROOT, 'local-supabase', 'functions', 'main.ts');
  // One connection per request: on loopback it costs little, and a reset then always means a crash.
  const agent = new http.Agent({ keepAlive: false });
  const processes = new Map<string, FunctionProcess>();
  const log = (message: string) => ctx.log('functions', message);

  const spawnDeno = (entry: string) =>
    spawn(
      DENO_BIN,
      [
        'run',
        '--allow-net',
        '--allow-env',
        `--allow-read=${[...new Set([PROJECT_ROOT, functionsDir])].join(',')}`,
        '--no-prompt',
        '--config',
        denoConfig,
        main,
        pathToFileURL(entry).href,
      ],
      // stdin stays an open pipe: main.ts exits when it closes, i.e. when the stack dies.
      {
        cwd: functionsDir,
        stdio: ['pipe', 'pipe', 'pipe'],
        env: functionEnv(ctx.config, functionsDir, denoDir),
      },
    );

  const processFor = (name: string): FunctionProcess | undefined => {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) return undefined;
    const entry = path.join(functionsDir, name, 'index.ts');
    if (!fs.existsSync(entry)) return undefined;
    let fn = processes.get(name);
    if (!fn) {
      fn = new FunctionProcess(
        entry,
        spawnDeno,
        (message) => ctx.log(`functions:${name}`, message),
        options.startTimeoutMs ?? 60000,
      );
      processes.set(name, fn);
    }
    return fn;
  };

  // The functions' npm: packages, fetched now rather than by the first request: about 3 s on a
  // fresh machine (`npm install` normally did it already), 0.1 s when cached.
  const preparing = new AbortController();
  const prepared: Promise<PrepareResult> =
    options.prepare === false
      ? Promise.resolve({ ok: true, ms: 0, downloads: 0 })
      : prepareInBackground(functionsDir, denoDir, preparing.signal, log);
  const watcher = watchForEdits(functionsDir, processes);

  return {
    prepared,
    async handle(req, res, requestPath, url) {
      const match = /^\/([^/]+)(\/.*)?$/.exec(requestPath);
      const name = match?.[1] ?? '';
      const fn = processFor(name);
      if (!fn) {
        return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      }
      // Browsers send no Authorization on a preflight, so it always reaches the function.
      if (req.method !== 'OPTIONS' && settingsOf(name).verifyJwt) {
        const refused = await jwtRefusal(req, url);
        if (refused) return sendJson(res, 401, { code: 401, message: refused, msg: refused });
      }
      let body: Buffer;
      try {
        body = await readBody(req, MAX_REQUEST_BYTES);
      } catch (error) {
        if (error instanceof HttpError && error.status === 413) {
          return sendJson(res, 413, { code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' });
        }
        throw error;
      }
      await prepared;
      const forwardPath = `/${name}${match?.[2] ?? ''}${url.search}`;
      for (let attempt = 0; ; attempt += 1) {
        const outcome = await fn.use((running) => proxy(running.port, req, res, forwardPath, body, agent));
        if (outcome === 'done') return;
        if (outcome === 'failed') {
          return sendJson(res, 502, {
            code: 'FUNCTION_FAILED',
            message: 'The function ended without answering',
          });
        }
        if (attempt >= 2) {
          return sendJson(res, 502, { code: 'FUNCTION_UNREACHABLE', message: 'The function did not answer' });
        }
        // Nothing listened: the process died between requests (ready() starts a new one); if that
        // happens again, the running process is replaced before the last try.
        if (attempt === 1) await fn.stop();
      }
    },
    async close() {
      preparing.abort();
      await prepared;
      watcher.close();
      await Promise.all([...processes.values()].map((fn) => fn.stop()));
      agent.destroy();
    },
  };
}
