import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from '../local-supabase/config.ts';
import { startStack } from '../local-supabase/stack.ts';

/**
 * Runs the suites that need the local stack against a fresh one on their own ports:
 *   tsx scripts/with-test-stack.ts [all|integration|serial|e2e|parallel-and-e2e] [extra args for the runner]
 * integration: vitest's "stack" project (supabase-js against the stack, database tests; files in
 * parallel), then its "stack-serial" project (files that change global state or measure time);
 * serial: the "stack-serial" project alone;
 * e2e: builds the site against the stack, serves it, runs Playwright in Chromium.
 * all: integration, then e2e; the site builds while the parallel stack files run.
 * parallel-and-e2e: all but the "stack-serial" project (`npm test` runs it on a stack of its own
 * beside its first stages: scripts/test.ts).
 */
const [which = 'all', ...extra] = process.argv.slice(2);
if (!['all', 'integration', 'serial', 'e2e', 'parallel-and-e2e'].includes(which)) {
  console.error(`unknown suite "${which}": all, integration, serial, e2e or parallel-and-e2e`);
  process.exit(2);
}
const offset = Number(process.env.TEST_STACK_PORT_OFFSET ?? 1000);
// Chromium refuses some ports (6000, 6665-6669 …): step over them.
const unsafePorts = new Set([6000, 6566, 6665, 6666, 6667, 6668, 6669, 6697]);
let sitePort = 5400 + offset - 1000;
while (unsafePorts.has(sitePort)) sitePort += 1;
// Each offset builds into its own folder, so two runs side by side never serve each other's build.
const outDir = offset === 1000 ? 'dist-test' : `dist-test-${offset}`;
const siteUrl = `http://127.0.0.1:${sitePort}`;
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-test-stack-'));
fs.chmodSync(stateDir, 0o755);

process.env.LOCAL_SUPABASE_PORT_OFFSET = String(offset);
// The suites are thousands of people signing up and in from one address (127.0.0.1): at config.toml's
// per-address limits a fast machine runs out of sign-ups mid-suite. The test stack allows 200 a
// second for those two; tests/integration/auth-limits.test.ts checks config.toml's own limits on an
// Auth of its own, and the other limits (verifications, MFA guesses, emails) stay as configured.
const stack = await startStack({
  stateDir,
  siteUrl,
  quiet: process.env.STACK_LOGS !== '1',
  authRateLimits: { signInSignUps: 60_000, tokenRefresh: 60_000 },
});
console.log(`test stack ready in ${stack.startedInMs} ms at ${stack.urls.api}`);
if (!stack.functions.ok) {
  console.error(`the edge functions' npm packages could not be fetched:\n${stack.functions.error ?? ''}`);
}

const env = {
  ...process.env,
  SUPABASE_URL: stack.urls.api,
  SUPABASE_ANON_KEY: stack.keys.anon,
  SUPABASE_SERVICE_ROLE_KEY: stack.keys.serviceRole,
  SUPABASE_DB_URL: stack.urls.db,
  INBOX_URL: stack.urls.inbox,
  STRIPE_API_BASE: stack.urls.stripe,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  SITE_URL: siteUrl,
  VITE_SUPABASE_URL: stack.urls.api,
  VITE_SUPABASE_ANON_KEY: stack.keys.anon,
};
const bin = (name: string) => path.join(PROJECT_ROOT, 'node_modules', '.bin', name);

function run(cmd: string, args: string[]) {
  return new Promise<number>((resolve) => {
    const child = spawn(cmd, args, { cwd: PROJECT_ROOT, stdio: 'inherit', env });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

async function waitForSite() {
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(siteUrl)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the built site did not come up on ${siteUrl}`);
}

let code = 0;
let preview: ReturnType<typeof spawn> | undefined;
const cleanup = async () => {
  preview?.kill('SIGTERM');
  await stack.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
};
process.on('SIGINT', () => void cleanup().then(() => process.exit(130)));

const build = () => run(bin('vite'), ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']);

try {
  // With both suites, the site builds while the stack suite runs: the build needs only the stack's
  // URL and key, and the suite spends much of its time waiting on the stack, not on the CPU.
  // The serial group (timing and global-state files, see vitest.config.ts) starts only once the build
  // is done, so nothing else competes with its measurements (in `npm test`, on a stack of its own
  // while the checks run at a lower priority: scripts/test.ts).
  const both = which === 'all' || which === 'parallel-and-e2e';
  const building = both ? build() : undefined;
  if (both || which === 'integration') {
    const args = which === 'integration' ? extra : [];
    code = await run(bin('vitest'), ['run', '--project', 'stack', '--passWithNoTests', ...args]);
    const built = building ? await building : 0;
    if (code === 0) code = built;
  }
  if (code === 0 && (which === 'all' || which === 'integration' || which === 'serial')) {
    const args = which === 'all' ? [] : extra;
    code = await run(bin('vitest'), ['run', '--project', 'stack-serial', '--passWithNoTests', ...args]);
  }
  if (code === 0 && (both || which === 'e2e')) {
    if (!building) code = await build();
    // The first-load JavaScript budget of the landing variants (deterministic: gzip bytes).
    if (code === 0) code = await run(bin('tsx'), ['bench/bundle-size.ts', outDir, '--check']);
    if (code === 0) {
      preview = spawn(
        bin('vite'),
        ['preview', '--outDir', outDir, '--port', String(sitePort), '--strictPort', '--host', '127.0.0.1'],
        { cwd: PROJECT_ROOT, stdio: 'ignore', env },
      );
      await waitForSite();
      code = await run(bin('playwright'), ['test', ...(which === 'e2e' ? extra : [])]);
    }
  }
} finally {
  await cleanup();
}
process.exit(code);
