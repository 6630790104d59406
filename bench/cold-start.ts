import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../local-supabase/stack.ts';
import { median } from './lib/throwaway-stack.ts';

/**
 * Cold start of the local stack: from nothing (no data directory) to ready, and a warm restart
 * on the same data. Three runs each, on its own ports. Prints a JSON line.
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1950';
const runs = Number(process.env.RUNS ?? 3);
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-bench-cold-'));
  fs.chmodSync(stateDir, 0o755);
  try {
    let stack = await startStack({ stateDir, quiet: true });
    cold.push(stack.startedInMs);
    await stack.stop();
    stack = await startStack({ stateDir, quiet: true });
    warm.push(stack.startedInMs);
    await stack.stop();
  } finally {
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}
console.log(`cold start (fresh data, migrations + seed): median ${median(cold)} ms of ${cold.join(', ')}`);
console.log(`warm start (existing data):                 median ${median(warm)} ms of ${warm.join(', ')}`);
console.log(
  JSON.stringify({
    bench: 'cold-start',
    coldMs: cold,
    warmMs: warm,
    coldMedianMs: median(cold),
    warmMedianMs: median(warm),
  }),
);
