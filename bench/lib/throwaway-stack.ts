import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StackConfig } from '../../local-supabase/config.ts';
import { startStack, type RunningStack } from '../../local-supabase/stack.ts';

/**
 * Runs a benchmark on a stack of its own: a fresh state folder in the system's temporary folder
 * (`ploom-bench-<name>-…`), the stack started quietly on it (on the ports LOCAL_SUPABASE_PORT_OFFSET
 * gives), then `run`. Whatever happens, the stack is stopped and the folder removed; an error is
 * printed on stderr and makes the exit code 1. The process then ends with that code, so a browser,
 * server or socket left open cannot keep it waiting. A run that fails without throwing (a figure
 * out of bounds) sets `process.exitCode` itself. Clean-up of its own (browsers, builds, servers)
 * is the run's, in a `finally`, before the stack stops.
 *
 * `options` are the stack's settings besides its folder, such as `siteUrl` for the auth links.
 */
export async function onThrowawayStack(
  name: string,
  run: (stack: RunningStack) => Promise<void>,
  options: Omit<Partial<StackConfig>, 'stateDir'> = {},
): Promise<never> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), `ploom-bench-${name}-`));
  let stack: RunningStack | undefined;
  try {
    fs.chmodSync(stateDir, 0o755);
    stack = await startStack({ stateDir, quiet: true, ...options });
    await run(stack);
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  } finally {
    await stack?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
  process.exit();
}

/**
 * The value at fraction `p` (0 to 1) of the way through the sorted values: the one at index
 * ⌊p·n⌋, or the largest for p = 1. Always one of the measured values, never an average of two;
 * for an even count the median is the upper of the middle two. NaN when there are none.
 */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** The middle value, by the rule of `percentile`. */
export const median = (values: number[]): number => percentile(values, 0.5);
