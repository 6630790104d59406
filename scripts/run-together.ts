import { spawn } from 'node:child_process';

/**
 * Runs npm scripts at the same time and fails when any of them fails:
 *   tsx scripts/run-together.ts <script> [<script> …]
 * Each script's output is held back and printed whole when it ends, so the logs stay readable.
 * Used by `npm test` for the checks that only need the CPU (type checks, lint, unit tests): on two
 * cores one single-threaded check leaves the other core idle.
 */
const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: tsx scripts/run-together.ts <npm script> [<npm script> …]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script: string): Promise<{ script: string; code: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const ms = Date.now() - started;
      const status = code === 0 ? 'passed' : `FAILED (exit ${code ?? 'signal'})`;
      process.stdout.write(`\n── npm run ${script}: ${status} in ${(ms / 1000).toFixed(1)} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve({ script, code: code ?? 1, ms });
    });
  });
}

const results = await Promise.all(scripts.map(run));
const failed = results.filter((result) => result.code !== 0);
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((result) => result.script).join(', ')}`);
  process.exit(1);
}
