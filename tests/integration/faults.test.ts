import fs from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type RunningStack } from '../../local-supabase/stack.ts';
import { freePorts } from '../support/ports.ts';

/**
 * The local stack under faults: while 20 clients insert through the REST API with the anon key (as
 * the site's forms do), a PostgreSQL backend or the postmaster itself is killed outright. Every row
 * the API confirmed must be stored, none twice, and the stack must answer again within seconds.
 * This file starts its own stack (own folder, own ports) so the kills never touch the suite's one.
 */

const WRITERS = 20;
let stack: RunningStack;
let stateDir: string;

/** One query on a fresh superuser connection (a kept one would die with the server). */
async function query<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.urls.db });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

function anon(): SupabaseClient {
  return createClient(stack.urls.api, stack.keys.anon, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
}

interface Outcome {
  email: string;
  status: number;
  code?: string;
  sentAt: number;
  answeredAt: number;
}

/** WRITERS clients inserting one row at a time until stopped, each with its own emails. */
class InsertLoad {
  readonly outcomes: Outcome[] = [];
  private stopped = false;
  private readonly waiters = new Set<() => void>();
  private readonly done: Promise<unknown>;

  constructor(readonly prefix: string) {
    const client = anon();
    this.done = Promise.all(Array.from({ length: WRITERS }, (_, w) => this.write(client, w)));
  }

  private async write(client: SupabaseClient, writer: number) {
    for (let i = 0; !this.stopped; i++) {
      const email = `${this.prefix}.${writer}.${i}@example.com`;
      const sentAt = Date.now();
      const { status, error } = await client.from('fault_inserts').insert({ email });
      this.outcomes.push({ email, status, code: error?.code, sentAt, answeredAt: Date.now() });
      for (const wake of this.waiters) wake();
      // A client backs off a little after a failure instead of hammering a restarting server.
      if (status !== 201) await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Confirmed (201) inserts, or those sent after `since` only. */
  confirmed(since = 0) {
    return this.outcomes.filter((o) => o.status === 201 && o.sentAt > since);
  }

  /** Resolves as soon as `check` holds after an answer; fails after `timeoutMs`. */
  until(check: () => boolean, timeoutMs = 15000): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(wake);
        reject(new Error(`load condition not met in ${timeoutMs} ms; answers: ${this.summary()}`));
      }, timeoutMs);
      const wake = () => {
        if (!check()) return;
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
    });
  }

  summary() {
    const counts = new Map<string, number>();
    for (const o of this.outcomes) {
      const key = `${o.status}${o.code ? ` ${o.code}` : ''}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return JSON.stringify(Object.fromEntries(counts));
  }

  async stop() {
    this.stopped = true;
    await this.done;
  }
}

/** Every confirmed row is stored, none twice; every other request got an error answer. */
async function expectConfirmedRowsStored(load: InsertLoad) {
  const rows = await query<{ email: string; n: number }>(
    `select email, count(*)::int as n from public.fault_inserts where email like $1 group by email`,
    [`${load.prefix}.%`],
  );
  const stored = new Map(rows.map((row) => [row.email, row.n]));
  const confirmed = load.confirmed();
  expect(confirmed.length).toBeGreaterThan(0);
  expect(confirmed.filter((o) => !stored.has(o.email)).map((o) => o.email)).toEqual([]);
  expect(rows.filter((row) => row.n > 1)).toEqual([]);
  // No request went unanswered (status 0): the stack stayed up and answered errors as errors.
  const failed = load.outcomes.filter((o) => o.status !== 201);
  expect(failed.filter((o) => o.status < 500 || !o.code)).toEqual([]);
}

/** `promise`, or a failure naming `what` after `ms`. */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Milliseconds from `since` to the first confirmed insert sent after it. */
function recoveryMs(load: InsertLoad, since: number) {
  const first = Math.min(...load.confirmed(since).map((o) => o.answeredAt));
  return first - since;
}

beforeAll(async () => {
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ploom-faults-'));
  fs.chmodSync(stateDir, 0o755);
  const [apiPort, dbPort, inboxPort, smtpPort, stripePort] = await freePorts(5);
  stack = await startStack({
    stateDir,
    quiet: process.env.STACK_LOGS !== '1',
    apiPort,
    dbPort,
    inboxPort,
    smtpPort,
    stripePort,
  });
  await query(`
    create table public.fault_inserts (
      id bigint generated always as identity primary key,
      email text not null,
      created_at timestamptz not null default now()
    );
    alter table public.fault_inserts enable row level security;
    create policy "Visitors can insert" on public.fault_inserts for insert to anon with check (true);
    grant insert on public.fault_inserts to anon;
    create table public.fault_marks (id bigint generated always as identity primary key, note text);
    alter table public.fault_marks enable row level security;
    create policy "Visitors can read marks" on public.fault_marks for select to anon using (true);
    grant select on public.fault_marks to anon;
    alter publication supabase_realtime add table public.fault_marks;
    notify pgrst, 'reload schema';
  `);
}, 60000);

afterAll(async () => {
  await stack?.stop();
  if (stateDir) fs.rmSync(stateDir, { recursive: true, force: true });
});

describe('the local stack under faults', () => {
  it('keeps every confirmed row and goes on when a backend is killed mid-load', async () => {
    const postmaster = stack.postgresPid();
    const load = new InsertLoad('backend');
    try {
      await load.until(() => load.confirmed().length >= 100);
      const [victim] = await query<{ pid: number }>(
        `select pid from pg_stat_activity
          where usename = 'authenticator' and backend_type = 'client backend'
          order by state = 'active' desc limit 1`,
      );
      // SIGKILL, as a crash: PostgreSQL ends every session and replays its write-ahead log.
      process.kill(victim.pid, 'SIGKILL');
      const killedAt = Date.now();
      await load.until(() => load.confirmed(killedAt).length >= 100);
      expect(recoveryMs(load, killedAt)).toBeLessThan(5000);
    } finally {
      await load.stop();
    }
    if (process.env.STACK_LOGS === '1') console.log(load.prefix, load.summary());
    await expectConfirmedRowsStored(load);
    expect(stack.postgresPid()).toBe(postmaster);
  }, 30000);

  it('restarts PostgreSQL when the postmaster is killed mid-load, and keeps every confirmed row', async () => {
    const postmaster = stack.postgresPid();
    expect(postmaster).toBeDefined();
    // A Realtime subscriber from before the crash keeps receiving changes after it.
    const marks: string[] = [];
    let markArrived = () => {};
    const subscriber = anon();
    await new Promise<void>((resolve, reject) => {
      subscriber
        .channel('faults')
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'fault_marks' }, (change) => {
          marks.push((change.new as { note: string }).note);
          markArrived();
        })
        .subscribe((status, error) => {
          if (status === 'SUBSCRIBED') resolve();
          else if (error) reject(error);
        });
    });
    const restarted = once(stack.events, 'db-restarted');
    const load = new InsertLoad('postmaster');
    let killedAt = 0;
    try {
      await load.until(() => load.confirmed().length >= 100);
      process.kill(postmaster!, 'SIGKILL');
      killedAt = Date.now();
      await within(restarted, 15000, 'PostgreSQL restarted');
      await load.until(() => load.confirmed(killedAt).length >= 100);
      expect(recoveryMs(load, killedAt)).toBeLessThan(10000);
    } finally {
      await load.stop();
    }
    if (process.env.STACK_LOGS === '1') console.log(load.prefix, load.summary());
    await expectConfirmedRowsStored(load);
    // Requests that met the outage were told so: 503, PostgREST's body.
    expect(load.outcomes.some((o) => o.status === 503 && o.sentAt > killedAt)).toBe(true);
    expect(stack.postgresPid()).not.toBe(postmaster);

    const arrived = new Promise<void>((resolve) => (markArrived = resolve));
    await query(`insert into public.fault_marks (note) values ('after the restart')`);
    await within(arrived, 5000, 'a change delivered by Realtime after the restart');
    expect(marks).toEqual(['after the restart']);
    await subscriber.removeAllChannels();

    // Auth's pool reconnected too.
    const { data, error } = await anon().auth.signUp({
      email: `after-restart.${Date.now()}@example.com`,
      password: 'correct-horse-battery-9',
    });
    expect(error).toBeNull();
    expect(data.user).not.toBeNull();
  }, 30000);
});
