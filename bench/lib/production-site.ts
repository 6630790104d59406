import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../../local-supabase/config.ts';

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
