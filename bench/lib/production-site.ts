import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { PROJECT_ROOT } from '../../local-supabase/config.ts';
import type { RunningStack } from '../../local-supabase/stack.ts';
import { onThrowawayStack } from './throwaway-stack.ts';

/** The production build served by `vite preview` against a stack, for the browser benchmarks. */
export interface ProductionSite {
  /** kills the preview server and removes the build */
  stop(): void;
}

/**
 * Builds the site into `outDir` against the stack's API and anon key, serves it on `port` and
 * answers once it answers (at most 20 s).
 */
export async function serveProductionSite(options: {
  api: string;
  anonKey: string;
  outDir: string;
  port: number;
}): Promise<ProductionSite> {
  const env = { ...process.env, VITE_SUPABASE_URL: options.api, VITE_SUPABASE_ANON_KEY: options.anonKey };
  const vite = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'vite');
  const build = spawnSync(
    vite,
    ['build', '--outDir', options.outDir, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: PROJECT_ROOT,
      env,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('build failed');
  const preview = spawn(
    vite,
    ['preview', '--outDir', options.outDir, '--port', String(options.port), '--strictPort'],
    { cwd: PROJECT_ROOT, env, stdio: 'ignore' },
  );
  const stop = () => {
    preview.kill('SIGTERM');
    fs.rmSync(path.join(PROJECT_ROOT, options.outDir), { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    const up = await fetch(`http://127.0.0.1:${options.port}/robots.txt`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { stop };
    if (i > 200) {
      stop();
      throw new Error('vite preview did not come up');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A browser benchmark's whole set-up: a stack of its own (./throwaway-stack.ts, its auth links to
 * the site), the production build served against it on `site.port`, and a database client as the
 * stack's owner. `run` gets them; the client and the site go when it ends, then the stack. Its own
 * browsers are the run's to close.
 */
export function onStackWithSite(
  name: string,
  site: { outDir: string; port: number },
  run: (context: { stack: RunningStack; db: pg.Client; siteUrl: string }) => Promise<void>,
): Promise<never> {
  const siteUrl = `http://127.0.0.1:${site.port}`;
  return onThrowawayStack(
    name,
    async (stack) => {
      const preview = await serveProductionSite({ api: stack.urls.api, anonKey: stack.keys.anon, ...site });
      const db = new pg.Client({ connectionString: stack.urls.db });
      db.on('error', () => undefined);
      try {
        await db.connect();
        await run({ stack, db, siteUrl });
      } finally {
        await db.end().catch(() => undefined);
        preview.stop();
      }
    },
    { siteUrl },
  );
}
