import { spawnSync } from 'node:child_process';
import { PROJECT_ROOT } from '../local-supabase/config.ts';
import { DENO_BIN, defaultDenoDir, prepareFunctions } from '../local-supabase/functions/deno.ts';

/**
 * Runs the project's Deno (from npm) on the edge functions:
 *   tsx scripts/deno.ts check|test [dir]   type check, or run the Deno tests
 *   tsx scripts/deno.ts cache [--postinstall]
 *     fetch every function's npm: packages into the project's cache (.deno), as `npm install` does
 *     (postinstall), so neither the first `npm start` nor the first request waits for a download.
 *     With --postinstall a failure (offline) only warns: the stack fetches them on its first start.
 */
const [command, ...rest] = process.argv.slice(2);

if (command === 'cache') {
  const postinstall = rest.includes('--postinstall');
  console.log("Fetching the edge functions' npm packages into .deno …");
  const result = await prepareFunctions({ onDownload: (url) => console.log(`  ${url}`) });
  if (result.ok) {
    console.log(`Edge functions ready (${result.downloads} downloads, ${(result.ms / 1000).toFixed(1)} s).`);
    process.exit(0);
  }
  console.error(
    `Could not fetch the edge functions' packages${postinstall ? ' (the first `npm start` tries again)' : ''}.\n` +
      'On a network with its own certificate authority, set NODE_EXTRA_CA_CERTS (or DENO_CERT) to its PEM file.\n' +
      (result.error ?? ''),
  );
  process.exit(postinstall ? 0 : 1);
}

const dir = rest[0] ?? 'supabase/functions';
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
const result = spawnSync(DENO_BIN, args, {
  cwd: PROJECT_ROOT,
  stdio: 'inherit',
  env: { ...process.env, DENO_DIR: defaultDenoDir(), DENO_NO_UPDATE_CHECK: '1' },
});
process.exit(result.status ?? 1);
