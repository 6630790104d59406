import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../local-supabase/config.ts';

/**
 * `npm test`: every check and suite, in three stages, each failing the run when any part fails:
 *   1. the checks side by side: type checks (site, Node, edge functions), ESLint, Prettier;
 *   2. the unit tests beside the edge functions' Deno tests;
 *   3. `test:stack` without its one-at-a-time files: the parallel stack files while the site
 *      builds, then the browser tests (scripts/with-test-stack.ts).
 * The one-at-a-time stack files (vitest.config.ts) run beside stages 1 and 2, on a stack of their
 * own, with the CPU theirs first: those stages run at a lower priority, since they measure no time
 * and these files do; on two cores they would otherwise leave most of a core idle for a minute.
 * Each part's output is held back and printed whole when it ends, so the log stays readable.
 */

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const color = process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0');
const offset = Number(process.env.TEST_STACK_PORT_OFFSET ?? 1000);
const running = new Set<ChildProcess>();

/** Runs `args`, its output held back; prints it under `label` when it ends. */
function runHeld(label: string, command: string, args: string[], { niceness = 0, env = {} } = {}) {
  const started = Date.now();
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: color, ...env },
    });
    running.add(child);
    if (niceness && child.pid) lowerPriority(child.pid, niceness);
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      running.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'passed' : `FAILED (exit ${code ?? 'signal'})`;
      process.stdout.write(`\n── ${label}: ${status} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code ?? 1);
    });
  });
}

/** Lowers a process's priority (its children inherit it); a platform without priorities runs it as is. */
function lowerPriority(pid: number, niceness: number) {
  try {
    os.setPriority(pid, niceness);
  } catch {
    // runs at the usual priority
  }
}

/** Runs npm scripts side by side; 0 when every one passed. */
async function together(scripts: string[], niceness: number): Promise<number> {
  const codes = await Promise.all(
    scripts.map((script) => runHeld(`npm run ${script}`, npm, ['run', '--silent', script], { niceness })),
  );
  const failed = scripts.filter((_, i) => codes[i] !== 0);
  if (failed.length > 0) console.error(`\nfailed: ${failed.join(', ')}`);
  return failed.length > 0 ? 1 : 0;
}

const withTestStack = path.join(PROJECT_ROOT, 'scripts', 'with-test-stack.ts');
const tsx = path.join(PROJECT_ROOT, 'node_modules', '.bin', 'tsx');

// The one-at-a-time files' stack sits at offset + 6000 (61321 and up by default): above Linux's
// ephemeral ports, which the other stages' connections take their own ends from.
const serial = runHeld('one-at-a-time stack files, on a stack of their own', tsx, [withTestStack, 'serial'], {
  env: { TEST_STACK_PORT_OFFSET: String(offset + 6000) },
});

let code = await together(
  ['typecheck:site', 'typecheck:node', 'typecheck:functions', 'lint:eslint', 'lint:prettier'],
  10,
);
if (code === 0) code = await together(['test:unit', 'test:functions'], 10);
if (code === 0) {
  const child = spawn(tsx, [withTestStack, 'parallel-and-e2e'], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  running.add(child);
  code = await new Promise<number>((resolve) => child.on('exit', (exit) => resolve(exit ?? 1)));
  running.delete(child);
}
if (code !== 0) {
  // The one-at-a-time files stop with their stack (SIGINT: it stops the stack before it exits).
  for (const child of running) child.kill('SIGINT');
}
const serialCode = await serial;
process.exit(code === 0 ? serialCode : code);
