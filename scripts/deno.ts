import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../local-supabase/config.ts';

/**
 * Runs the project's Deno (from npm) on the edge functions: `tsx scripts/deno.ts check|test <dir>`.
 * The cache lives in the project, npm: packages come from the npm registry.
 */
const [command, dir = 'supabase/functions'] = process.argv.slice(2);
const deno = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'deno');
const args =
  command === 'check'
    ? ['check', '--quiet', '--config', 'supabase/functions/deno.json', `${dir}/**/*.ts`]
    : [
        'test',
        '--quiet',
        '--allow-env',
        '--allow-net',
        '--allow-read',
        '--config',
        'supabase/functions/deno.json',
        dir,
      ];
const result = spawnSync(deno, args, {
  cwd: PROJECT_ROOT,
  stdio: 'inherit',
  env: { ...process.env, DENO_DIR: path.join(PROJECT_ROOT, '.deno'), DENO_NO_UPDATE_CHECK: '1' },
});
process.exit(result.status ?? 1);
