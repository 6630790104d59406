import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HttpService, StackContext } from './types.ts';
import { HttpError, bearerToken, readBody, sendJson } from './http.ts';
import { verifyJwt } from './jwt.ts';
import { ANON_KEY, PROJECT_ROOT, SERVICE_ROLE_KEY, apiUrl, dbUrl } from './config.ts';
import { functionSettingsReader } from './functions-config.ts';

/**
 * Edge functions, as `supabase functions serve` runs them: each `supabase/functions/<name>/index.ts`
 * (folders not starting with `_`) is its own Deno process, started on its first request and again
 * whenever it has died or its code changed. The gateway part does what Supabase's does: `verify_jwt`
 * per function from `supabase/config.toml`, then the request goes to the function unchanged and its
 * answer streams back.
 */

export interface FunctionsOptions {
  /** folder holding one sub-folder per function (default: the project's supabase/functions) */
  functionsDir?: string;
  /** the Supabase CLI config with `[functions.<name>] verify_jwt` (default: supabase/config.toml) */
  configFile?: string;
  /** how long a function may take to start listening (the first start may download npm packages) */
  startTimeoutMs?: number;
  /** fetch the functions' npm: packages in the background at start (default true) */
  warmCache?: boolean;
}

const MAX_REQUEST_BYTES = 20 * 1024 * 1024;
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

interface Running {
  child: ChildProcess;
  port: number;
  exited: Promise<void>;
  /** requests being answered by this process */
  inflight: number;
  /** replaced after a code change: ends once its last request is answered */
  retired: boolean;
}

const alive = (running: Running) => running.child.exitCode === null && running.child.signalCode === null;

class FunctionProcess {
  private running?: Running;
  private starting?: Promise<Running>;

  constructor(
    private readonly entry: string,
    private readonly spawnDeno: (entry: string) => ChildProcess,
    private readonly log: (message: string) => void,
    private readonly startTimeoutMs: number,
  ) {}

  private stale = false;
  private readonly retired = new Set<Running>();

  /** The code changed: the next request gets a new process; requests in flight finish on the old one. */
  markStale() {
    this.stale = true;
  }

  /** Runs `work` with the listening process, started if needed; concurrent first requests share one start. */
  async use<T>(work: (running: Running) => Promise<T>): Promise<T> {
    const running = await this.ready();
    running.inflight += 1;
    try {
      return await work(running);
    } finally {
      running.inflight -= 1;
      if (running.retired && running.inflight === 0) running.child.kill('SIGTERM');
    }
  }

  private ready(): Promise<Running> {
    // A start under way may have read the old code: it is replaced on a later request.
    if (this.stale && !this.starting) {
      this.stale = false;
      const old = this.running;
      this.running = undefined;
      if (old && alive(old)) {
        old.retired = true;
        this.retired.add(old);
        void old.exited.then(() => this.retired.delete(old));
        if (old.inflight === 0) old.child.kill('SIGTERM');
      }
    }
    if (this.running && alive(this.running)) return Promise.resolve(this.running);
    this.starting ??= this.start().finally(() => (this.starting = undefined));
    return this.starting;
  }

  private start(): Promise<Running> {
    const started = Date.now();
    const child = this.spawnDeno(this.entry);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    let output = '';
    return new Promise<Running>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(
        () => fail(`did not start listening within ${this.startTimeoutMs} ms`),
        this.startTimeoutMs,
      );
      const fail = (reason: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.kill('SIGKILL');
        this.log(`failed to start: ${reason}\n${output.trim()}`);
        reject(
          new HttpError(503, { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }),
        );
      };
      const onData = (stream: 'stdout' | 'stderr') => (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        if (!settled) {
          output += text;
          const listening = /Listening on https?:\/\/[^\s:]+:(\d+)\/?/.exec(output);
          if (listening) {
            settled = true;
            clearTimeout(timer);
            const running: Running = {
              child,
              port: Number(listening[1]),
              exited,
              inflight: 0,
              retired: false,
            };
            this.running = running;
            this.log(`started in ${Date.now() - started} ms`);
            resolve(running);
            const rest = output.slice(listening.index + listening[0].length).trim();
            if (rest) this.log(rest);
            return;
          }
        } else {
          for (const line of text.split('\n'))
            if (line.trim()) this.log(stream === 'stderr' ? line : `(stdout) ${line}`);
        }
      };
      child.stdout?.on('data', onData('stdout'));
      child.stderr?.on('data', onData('stderr'));
      child.once('error', (error) => fail(error.message));
      child.once('exit', (code, signal) => {
        if (!settled) fail(`exited with ${signal ?? code}`);
        else if (this.running?.child === child)
          this.log(`exited with ${signal ?? code}; restarts on the next request`);
      });
    });
  }

  /** Stops the process (if any) now; the next request starts a fresh one. */
  async stop(): Promise<void> {
    const starting = this.starting;
    if (starting) await starting.catch(() => undefined);
    const running = this.running;
    this.running = undefined;
    await Promise.all([running, ...this.retired].map((r) => (r ? terminate(r) : undefined)));
  }
}

async function terminate(running: Running): Promise<void> {
  if (!alive(running)) return;
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 2000);
  await running.exited;
  clearTimeout(timer);
}

function forwardHeaders(headers: IncomingHttpHeaders, bodyLength: number): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(key) || key === 'content-length') continue;
    out[key] = value;
  }
  if (bodyLength > 0 || headers['content-length'] !== undefined) out['content-length'] = String(bodyLength);
  return out;
}

function responseHeaders(headers: IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(key)) continue;
    out[key] = value;
  }
  return out;
}

/** Sends the buffered request to the function; resolves once its answer has been streamed back. */
function proxy(
  port: number,
  req: IncomingMessage,
  res: ServerResponse,
  forwardPath: string,
  body: Buffer,
  agent: http.Agent,
): Promise<'done' | 'unreachable' | 'failed'> {
  return new Promise((resolve, reject) => {
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port,
        method: req.method,
        path: forwardPath,
        headers: forwardHeaders(req.headers, body.length),
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, responseHeaders(answer.headers));
        answer.pipe(res);
        answer.once('end', () => resolve('done'));
        answer.once('error', reject);
        res.once('close', () => {
          if (!answer.complete) answer.destroy();
          resolve('done');
        });
      },
    );
    upstream.once('error', (error: NodeJS.ErrnoException) => {
      if (res.headersSent) return reject(error);
      // Only a request the function cannot have seen is sent again: nothing listened (the process
      // died between requests). A POST that crashed the function is not repeated: it may already
      // have sent an email. (Connections are not kept alive, so a reset always means a crash.)
      resolve(error.code === 'ECONNREFUSED' ? 'unreachable' : 'failed');
    });
    upstream.end(body);
  });
}

export function createFunctions(ctx: StackContext, options: FunctionsOptions = {}): HttpService {
  const functionsDir = options.functionsDir ?? path.join(PROJECT_ROOT, 'supabase', 'functions');
  const configFile = options.configFile ?? path.join(PROJECT_ROOT, 'supabase', 'config.toml');
  const denoConfig = path.join(functionsDir, 'deno.json');
  const settingsOf = functionSettingsReader(configFile);
  const deno = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'deno');
  const main = path.join(PROJECT_ROOT, 'local-supabase', 'functions-main.ts');
  // One connection per request: on loopback it costs little, and a reset then always means a crash.
  const agent = new http.Agent({ keepAlive: false });
  const processes = new Map<string, FunctionProcess>();
  const { config } = ctx;

  const functionEnv = (): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DENO_DIR: process.env.DENO_DIR ?? path.join(PROJECT_ROOT, '.deno'),
      DENO_NO_UPDATE_CHECK: '1',
      DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      NO_COLOR: '1',
    };
    // Proxy and registry settings, so the first start can fetch npm: packages where the stack can.
    for (const key of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'NPM_CONFIG_REGISTRY', 'DENO_CERT']) {
      for (const variant of [key, key.toLowerCase()]) {
        if (process.env[variant]) env[variant] = process.env[variant];
      }
    }
    // Secrets for local runs, where `supabase functions serve` reads them: supabase/functions/.env.
    Object.assign(env, readEnvFile(path.join(functionsDir, '.env')));
    Object.assign(env, {
      SUPABASE_URL: apiUrl(config),
      SUPABASE_ANON_KEY: ANON_KEY,
      SUPABASE_SERVICE_ROLE_KEY: SERVICE_ROLE_KEY,
      SUPABASE_DB_URL: dbUrl(config),
      SMTP_HOST: config.host,
      SMTP_PORT: String(config.smtpPort),
      MAIL_FROM: config.mailFrom,
      TEAM_EMAIL: config.teamEmail,
      SITE_URL: config.siteUrl,
    });
    return env;
  };

  const spawnDeno = (entry: string) =>
    spawn(
      deno,
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
      // stdin stays an open pipe: functions-main.ts exits when it closes, i.e. when the stack dies.
      { cwd: functionsDir, stdio: ['pipe', 'pipe', 'pipe'], env: functionEnv() },
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

  // On a fresh machine the functions' npm: packages are downloaded once (about 5 s); doing it in the
  // background now keeps that wait away from the first request. Cached, it takes a fraction of a second.
  let warming: ChildProcess | undefined;
  if (options.warmCache !== false) {
    const entries = fs
      .readdirSync(functionsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
      .map((d) => path.join(functionsDir, d.name, 'index.ts'))
      .filter((file) => fs.existsSync(file));
    if (entries.length > 0) {
      const child = spawn(deno, ['cache', '--quiet', '--config', denoConfig, ...entries], {
        cwd: functionsDir,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: functionEnv(),
      });
      warming = child;
      let errors = '';
      child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
      child.once('error', (error) =>
        ctx.log('functions', `could not prepare the functions: ${error.message}`),
      );
      child.once('exit', (code) => {
        warming = undefined;
        if (code !== 0 && code !== null)
          ctx.log('functions', `preparing the functions failed:\n${errors.trim()}`);
      });
    }
  }

  // Like `supabase functions serve`: an edit to a function (or the shared code) applies on the next request.
  let watcher: fs.FSWatcher | undefined;
  let reloadTimer: NodeJS.Timeout | undefined;
  try {
    // An edit inside a function's folder restarts that function only; shared code or config, all.
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
    async handle(req, res, requestPath, url) {
      const match = /^\/([^/]+)(\/.*)?$/.exec(requestPath);
      const name = match?.[1] ?? '';
      const fn = processFor(name);
      if (!fn) {
        return sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      }
      // Browsers send no Authorization on a preflight, so it always reaches the function.
      if (req.method !== 'OPTIONS' && settingsOf(name).verifyJwt) {
        const auth = req.headers.authorization;
        if (!auth || !/^bearer /i.test(auth)) {
          return sendJson(res, 401, {
            code: 401,
            message: 'Missing authorization header',
            msg: 'Missing authorization header',
          });
        }
        try {
          await verifyJwt(bearerToken(req, url) ?? '');
        } catch {
          return sendJson(res, 401, { code: 401, message: 'Invalid JWT', msg: 'Invalid JWT' });
        }
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
      warming?.kill('SIGKILL');
      watcher?.close();
      clearTimeout(reloadTimer);
      await Promise.all([...processes.values()].map((fn) => fn.stop()));
      agent.destroy();
    },
  };
}

/** KEY=value lines (with optional quotes); comments and blank lines are skipped. */
function readEnvFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return {};
  }
  const env: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const entry = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)\s*$/.exec(line);
    if (!entry) continue;
    let value = entry[2];
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2];
    else value = value.replace(/\s+#.*$/, '');
    env[entry[1]] = value;
  }
  return env;
}
