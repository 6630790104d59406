import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../config.ts';

/**
 * The project's Deno (from npm) and the environment every Deno process of the project gets: the
 * functions runner, the cache step at install and start, `npm run typecheck:functions` and the
 * Deno tests all use it, so each of them reaches the npm registry the same way.
 */

export const DENO_BIN = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'deno');
export const FUNCTIONS_DIR = path.join(PROJECT_ROOT, 'supabase', 'functions');

/**
 * Settings a process needs to reach the network where this machine can: certificate authorities
 * (a network that inspects TLS has its own; Deno honours DENO_CERT and NODE_EXTRA_CA_CERTS, and
 * SSL_CERT_FILE/SSL_CERT_DIR with DENO_TLS_CA_STORE=system), proxies, and the npm registry.
 */
export const NETWORK_SETTINGS = [
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'NODE_EXTRA_CA_CERTS',
  'DENO_CERT',
  'DENO_TLS_CA_STORE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'ALL_PROXY',
  'NO_PROXY',
  'NPM_CONFIG_REGISTRY',
] as const;

export function defaultDenoDir(): string {
  return process.env.DENO_DIR ?? path.join(PROJECT_ROOT, '.deno');
}

/** PATH, HOME, the Deno cache and the network settings of `from` (upper or lower case). */
export function denoBaseEnv(denoDir = defaultDenoDir(), from: NodeJS.ProcessEnv = process.env) {
  const env: NodeJS.ProcessEnv = {
    PATH: from.PATH,
    HOME: from.HOME,
    DENO_DIR: denoDir,
    DENO_NO_UPDATE_CHECK: '1',
    NO_COLOR: '1',
  };
  if (from.TMPDIR) env.TMPDIR = from.TMPDIR;
  for (const key of NETWORK_SETTINGS) {
    for (const variant of [key, key.toLowerCase()]) {
      if (from[variant]) env[variant] = from[variant];
    }
  }
  return env;
}

/** Each function's entry: `<dir>/<name>/index.ts` for folders not starting with `_` or `.`. */
export function functionEntries(functionsDir: string): string[] {
  if (!fs.existsSync(functionsDir)) return [];
  return fs
    .readdirSync(functionsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !d.name.startsWith('_') && !d.name.startsWith('.'))
    .map((d) => path.join(functionsDir, d.name, 'index.ts'))
    .filter((file) => fs.existsSync(file));
}

export interface PrepareResult {
  ok: boolean;
  ms: number;
  /** packages fetched from the registry (0 when everything was cached) */
  downloads: number;
  /** Deno's own explanation when it failed */
  error?: string;
}

export interface PrepareOptions {
  functionsDir?: string;
  denoDir?: string;
  /** each package as it is downloaded (only on a cold cache) */
  onDownload?: (url: string) => void;
  signal?: AbortSignal;
}

/**
 * Downloads and type-resolves every function's imports (`npm:` packages) into the Deno cache, as
 * `deno cache` does. About 3 s on a cold cache, 0.1 s when cached; never throws.
 */
export function prepareFunctions(options: PrepareOptions = {}): Promise<PrepareResult> {
  const functionsDir = options.functionsDir ?? FUNCTIONS_DIR;
  const entries = functionEntries(functionsDir);
  const started = Date.now();
  if (entries.length === 0) return Promise.resolve({ ok: true, ms: 0, downloads: 0 });
  const denoConfig = path.join(functionsDir, 'deno.json');
  return new Promise((resolve) => {
    const child = spawn(
      DENO_BIN,
      ['cache', ...(fs.existsSync(denoConfig) ? ['--config', denoConfig] : []), ...entries],
      {
        cwd: functionsDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: denoBaseEnv(options.denoDir),
        signal: options.signal,
      },
    );
    let output = '';
    let pending = '';
    let downloads = 0;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-20000);
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const download = /^Download\s+(\S+)/.exec(line.trim());
        if (!download) continue;
        downloads += 1;
        options.onDownload?.(download[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) =>
      resolve({ ok: false, ms: Date.now() - started, downloads, error: error.message }),
    );
    child.once('close', (code) =>
      resolve(
        code === 0
          ? { ok: true, ms: Date.now() - started, downloads }
          : { ok: false, ms: Date.now() - started, downloads, error: output.trim() || `exit ${code}` },
      ),
    );
  });
}
