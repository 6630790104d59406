import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { startStack } from '../local-supabase/stack.ts';

/**
 * Inserts per second through the REST API with the anon key, as the site's forms insert leads:
 * supabase-js `insert` without `.select()` into a table whose row level security lets anon insert
 * only. A fresh stack on its own ports (offset 1900) in a temporary folder; loopback only; it stops
 * itself. Prints a JSON line.
 *   tsx bench/rest-insert.ts        ROWS=2000 CONCURRENCY=20 by default
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1900';
const rows = Math.min(Number(process.env.ROWS ?? 2000), 100_000);
const concurrency = Math.min(Number(process.env.CONCURRENCY ?? 20), 200);
const warmup = 100;

const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-bench-rest-'));
fs.chmodSync(stateDir, 0o755);
const stack = await startStack({ stateDir, quiet: true });
let exitCode = 0;
try {
  const db = new pg.Client({ connectionString: stack.urls.db });
  await db.connect();
  await db.query(`
    create table public.bench_rest_inserts (
      id uuid primary key default gen_random_uuid(),
      email text not null,
      first_name text,
      created_at timestamptz not null default now()
    );
    alter table public.bench_rest_inserts enable row level security;
    create policy "Visitors can insert" on public.bench_rest_inserts for insert to anon with check (true);
    grant insert on public.bench_rest_inserts to anon;
  `);

  const supabase = createClient(stack.urls.api, stack.keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  let next = 0;
  let failures = 0;
  const latencies: number[] = [];
  const insertOne = async (i: number, record: boolean) => {
    const started = performance.now();
    const { error } = await supabase
      .from('bench_rest_inserts')
      .insert({ email: `bench.${i}@example.com`, first_name: i % 2 ? 'Sam' : null });
    if (error) failures += 1;
    if (record) latencies.push(performance.now() - started);
  };
  const run = async (total: number, record: boolean) => {
    next = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        await insertOne(record ? i : -1 - i, record);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };

  await run(warmup, false);
  const started = performance.now();
  await run(rows, true);
  const seconds = (performance.now() - started) / 1000;

  const stored = Number(
    (await db.query(`select count(*) from public.bench_rest_inserts where email not like 'bench.-%'`)).rows[0]
      .count,
  );
  await db.end();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] * 10) / 10;
  const result = {
    bench: 'rest-insert',
    rowsPerSecond: Math.round(rows / seconds),
    rows,
    concurrency,
    seconds: Math.round(seconds * 100) / 100,
    failures,
    stored,
    p50Ms: pct(0.5),
    p95Ms: pct(0.95),
    p99Ms: pct(0.99),
  };
  console.log(JSON.stringify(result));
  if (failures > 0 || stored !== rows) exitCode = 1;
} catch (error) {
  console.error(error);
  exitCode = 1;
} finally {
  await stack.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
}
process.exit(exitCode);
