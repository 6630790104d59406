import { spawnSync } from 'node:child_process';
import path from 'node:path';
import fs from 'node:fs';
import { PROJECT_ROOT } from '../local-supabase/config.ts';

/** `npm run bench`: every benchmark, one after the other (each starts what it needs on its own ports). */
const tsx = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');
const benches = [
  'cold-start.ts',
  'rest-insert.ts',
  'auth-brute-force.ts',
  'leads-query.ts',
  'variant-report.ts',
  'scale.ts',
  'staff-inbox.ts',
  'slots.ts',
  'room-join.ts',
  'room-reconnect.ts',
  'lighthouse.ts',
  'signed-in-lighthouse.ts',
  'interactions.ts',
].filter((f) => fs.existsSync(path.join(PROJECT_ROOT, 'bench', f)));
/**
 * Settings a benchmark runs with here: the signed-in screens are measured as they are hosted
 * (HTTPS and HTTP/2, decision 219), on a first visit and opened again.
 */
const settings: Record<string, Record<string, string>> = {
  'signed-in-lighthouse.ts': { SERVE: 'hosted', VISIT: 'both' },
};
let failed = false;
for (const bench of benches) {
  console.log(`\n== bench/${bench}`);
  const result = spawnSync(tsx, [path.join('bench', bench)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...settings[bench] },
    stdio: 'inherit',
  });
  if (result.status !== 0) failed = true;
}
console.log('\n== bench/bundle-size.ts (on the build lighthouse.ts made is removed; building again)');
const env = {
  ...process.env,
  VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
  VITE_SUPABASE_ANON_KEY: 'bench',
};
spawnSync(
  path.join(PROJECT_ROOT, 'node_modules', '.bin', 'vite'),
  ['build', '--outDir', 'dist-bench', '--emptyOutDir', '--logLevel', 'warn'],
  { cwd: PROJECT_ROOT, env, stdio: 'inherit' },
);
const bundle = spawnSync(tsx, ['bench/bundle-size.ts', 'dist-bench'], {
  cwd: PROJECT_ROOT,
  stdio: 'inherit',
});
fs.rmSync(path.join(PROJECT_ROOT, 'dist-bench'), { recursive: true, force: true });
process.exit(failed || bundle.status !== 0 ? 1 : 0);
