import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { onThrowawayStack, percentile } from './lib/throwaway-stack.ts';

/**
 * Inserts per second through the REST API with the anon key, as the site's forms insert leads:
 * supabase-js `insert` without `.select()` into a table whose row level security lets anon insert
 * only. Measured with the stack's durable commits (each 201 waits for its commit to reach the WAL on
 * disk), then, for the cost of that, once more on the same stack with `synchronous_commit`, `fsync`
 * and `full_page_writes` off (what the stack ran with before: faster, but a crash lost confirmed
 * rows), in alternating rounds. A fresh stack on its own ports (offset 1900) in a temporary folder; loopback only; it stops
 * itself. Prints a JSON line.
 *   tsx bench/rest-insert.ts        ROWS=2000 CONCURRENCY=20 ROUNDS=3 by default
 */
process.env.LOCAL_SUPABASE_PORT_OFFSET = process.env.LOCAL_SUPABASE_PORT_OFFSET ?? '1900';
const rows = Math.min(Number(process.env.ROWS ?? 2000), 100_000);
const concurrency = Math.min(Number(process.env.CONCURRENCY ?? 20), 200);
const rounds = Math.min(Number(process.env.ROUNDS ?? 3), 10);
const warmup = 100;

await onThrowawayStack('rest', async (stack) => {
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
  const insertOne = async (i: number, latencies?: number[]) => {
    const started = performance.now();
    const { error } = await supabase
      .from('bench_rest_inserts')
      .insert({ email: `bench.${i}@example.com`, first_name: i % 2 ? 'Sam' : null });
    if (error) failures += 1;
    latencies?.push(performance.now() - started);
  };
  const run = async (from: number, total: number, latencies?: number[]) => {
    next = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        await insertOne(from + i, latencies);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
  const pct = (latencies: number[], p: number) => Math.round(percentile(latencies, p) * 10) / 10;
  /** One measured pass of `rows` inserts numbered from `from`, after a warm-up outside that range. */
  const measure = async (from: number) => {
    await run(-from - warmup, warmup);
    const latencies: number[] = [];
    const started = performance.now();
    await run(from, rows, latencies);
    const seconds = (performance.now() - started) / 1000;
    return {
      rowsPerSecond: Math.round(rows / seconds),
      seconds: Math.round(seconds * 100) / 100,
      p50Ms: pct(latencies, 0.5),
      p95Ms: pct(latencies, 0.95),
      p99Ms: pct(latencies, 0.99),
    };
  };
  const setting = async (name: string) =>
    (await db.query<{ setting: string }>('select setting from pg_settings where name = $1', [name])).rows[0]
      .setting;

  const commits = async (durable: boolean) => {
    for (const name of ['synchronous_commit', 'fsync', 'full_page_writes']) {
      await db.query(durable ? `alter system reset ${name}` : `alter system set ${name} = off`);
    }
    await db.query(`select pg_reload_conf()`);
    // The reload is asynchronous: wait until a session sees it (the pool's sessions see it as soon).
    const wanted = durable ? 'on' : 'off';
    for (let tries = 0; (await setting('synchronous_commit')) !== wanted; tries++) {
      if (tries > 250) throw new Error('the configuration reload did not apply');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // Alternating passes, so a change in the machine's load hits both modes alike; medians reported.
  const durableRuns: Awaited<ReturnType<typeof measure>>[] = [];
  const relaxedRuns: typeof durableRuns = [];
  let pass = 0;
  for (let round = 0; round < rounds; round++) {
    await commits(true);
    durableRuns.push(await measure(pass++ * rows));
    await commits(false);
    relaxedRuns.push(await measure(pass++ * rows));
  }
  await commits(true);
  const durableSettings = {
    synchronous_commit: await setting('synchronous_commit'),
    fsync: await setting('fsync'),
  };
  const median = (runs: typeof durableRuns) =>
    [...runs].sort((a, b) => a.rowsPerSecond - b.rowsPerSecond)[Math.floor(runs.length / 2)];
  const durable = median(durableRuns);
  const relaxed = median(relaxedRuns);

  const stored = Number(
    (await db.query(`select count(*) from public.bench_rest_inserts where email not like 'bench.-%'`)).rows[0]
      .count,
  );
  await db.end();
  const result = {
    bench: 'rest-insert',
    ...durable,
    rows,
    concurrency,
    rounds,
    durable: durableSettings,
    durableRunsRowsPerSecond: durableRuns.map((r) => r.rowsPerSecond),
    failures,
    stored,
    notDurable: { ...relaxed, runsRowsPerSecond: relaxedRuns.map((r) => r.rowsPerSecond) },
    durableCostPercent: Math.round((1 - durable.rowsPerSecond / relaxed.rowsPerSecond) * 100),
  };
  console.log(JSON.stringify(result));
  if (failures > 0 || stored !== pass * rows) process.exitCode = 1;
});
