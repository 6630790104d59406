import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../local-supabase/config.ts';

/**
 * The README's two test commands on a fresh clone of HEAD, timed by stage:
 *   tsx bench/suite-time.ts
 * Clones the repository into a temporary folder (no node_modules, no .deno, no build), runs
 * `npm install` and then `npm test` with CI=true, as `.ci/run` does after its one-time apt install,
 * and prints each stage's time. Run it with nothing else busy on the machine: the suite is bound by
 * the CPU, and other work slows it one for one. Not part of `npm run bench` (it takes the suite's time).
 */

const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-suite-time-'));
const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' });
spawnSync('git', ['clone', '--quiet', PROJECT_ROOT, clone], { stdio: 'inherit' });

interface Mark {
  label: string;
  at: number;
}
const marks: Mark[] = [];
const started = Date.now();
const mark = (label: string) => marks.push({ label, at: (Date.now() - started) / 1000 });

/** Runs a command in the clone, echoing its output and marking the moments each stage ends. */
function run(command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: clone,
      env: { ...process.env, CI: 'true', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let pending = '';
    const read = (chunk: Buffer) => {
      process.stdout.write(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const raw of lines) {
        // eslint-disable-next-line no-control-regex -- the runners colour their output
        const line = raw.replace(/\x1b\[[0-9;]*m/g, '');
        const ran = /── (.+?: (?:passed|FAILED).*?) ─+$/.exec(line)?.[1];
        if (ran) mark(ran);
        else if (/^test stack ready/.test(line)) mark('test stack ready');
        else if (/^\s+Duration\s/.test(line)) mark(`vitest run ended (${line.trim()})`);
        else if (/^\s+\d+ passed \(/.test(line)) mark(`end-to-end tests: ${line.trim()}`);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

try {
  let code = await run('npm', ['install']);
  mark('npm install');
  if (code === 0) code = await run('npm', ['test']);
  mark(`npm test ${code === 0 ? 'passed' : `failed (exit ${code})`}`);
  console.log(`\nThe suite on a fresh clone of ${head.stdout.trim()} (${os.cpus().length} cores):`);
  for (const { label, at } of marks) console.log(`${at.toFixed(0).padStart(5)} s  ${label}`);
  console.log(`total: ${((Date.now() - started) / 60000).toFixed(1)} min`);
  process.exitCode = code;
} finally {
  fs.rmSync(clone, { recursive: true, force: true });
}
