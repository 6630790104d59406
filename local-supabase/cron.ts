import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { PROJECT_ROOT, apiUrl } from './config.ts';
import type { StackContext } from './types.ts';

/**
 * The background worker of the local pg_cron and pg_net stand-ins (their SQL is cron.sql): each
 * minute it runs the jobs of `cron.job` whose schedule matches (UTC, pg_cron's default), logging
 * each run in `cron.job_run_details`; and it sends the HTTP requests `net.http_post` queued, as
 * soon as their transaction commits (NOTIFY), storing the answers in `net._http_response`.
 */

const CRON_SQL = path.join(PROJECT_ROOT, 'local-supabase', 'cron.sql');

/** Creates (or updates) the cron and net schemas; safe to run at every start, before migrations. */
export async function installCronEmulation(client: pg.ClientBase): Promise<void> {
  await client.query(fs.readFileSync(CRON_SQL, 'utf8'));
}

// ---------------------------------------------------------------------------------------------
// Schedules

export type Schedule =
  | {
      kind: 'cron';
      minute: Set<number>;
      hour: Set<number>;
      dayOfMonth: Set<number>;
      month: Set<number>;
      dayOfWeek: Set<number>;
      /** true when the field is restricted (not '*'): cron then matches either day field */
      dayOfMonthRestricted: boolean;
      dayOfWeekRestricted: boolean;
      lastDayOfMonth: boolean;
    }
  | { kind: 'seconds'; every: number };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MACROS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

function parseField(field: string, min: number, max: number, names: string[] = []): Set<number> {
  const values = new Set<number>();
  const value = (text: string) => {
    const named = names.indexOf(text.toLowerCase());
    const n = named >= 0 ? named + (min === 1 ? 1 : 0) : Number(text);
    if (!/^\d+$/.test(text) && named < 0) throw new Error(`invalid value "${text}"`);
    return n;
  };
  for (const part of field.split(',')) {
    const [range, stepText] = part.split('/');
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw new Error(`invalid step in "${part}"`);
    let from: number;
    let to: number;
    if (range === '*') {
      from = min;
      to = max;
    } else if (range.includes('-')) {
      const [a, b] = range.split('-');
      from = value(a);
      to = value(b);
    } else {
      from = value(range);
      to = stepText === undefined ? from : max;
    }
    if (from < min || to > max || from > to) throw new Error(`"${part}" is out of range ${min}-${max}`);
    for (let n = from; n <= to; n += step) values.add(n);
  }
  return values;
}

/** Parses a schedule as pg_cron accepts it; throws with the reason when it is not one. */
export function parseSchedule(text: string): Schedule {
  const trimmed = text.trim().toLowerCase();
  const seconds = /^([1-9]|[1-5][0-9])\s+seconds?$/.exec(trimmed);
  if (seconds) return { kind: 'seconds', every: Number(seconds[1]) };
  const fields = (MACROS[trimmed] ?? trimmed).split(/\s+/);
  if (fields.length !== 5) throw new Error(`invalid schedule: ${text}`);
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields;
  const lastDayOfMonth = dayOfMonth === '$';
  // Sunday is 0 or 7.
  const dow = parseField(dayOfWeek, 0, 7, DAYS);
  if (dow.delete(7)) dow.add(0);
  return {
    kind: 'cron',
    minute: parseField(minute, 0, 59),
    hour: parseField(hour, 0, 23),
    dayOfMonth: lastDayOfMonth ? new Set() : parseField(dayOfMonth, 1, 31),
    month: parseField(month, 1, 12, MONTHS),
    dayOfWeek: dow,
    dayOfMonthRestricted: dayOfMonth !== '*',
    dayOfWeekRestricted: dayOfWeek !== '*',
    lastDayOfMonth,
  };
}

/** Whether a cron schedule fires in the minute of `at` (UTC). */
export function scheduleMatches(schedule: Schedule, at: Date): boolean {
  if (schedule.kind !== 'cron') return false;
  if (!schedule.minute.has(at.getUTCMinutes()) || !schedule.hour.has(at.getUTCHours())) return false;
  if (!schedule.month.has(at.getUTCMonth() + 1)) return false;
  const lastDay = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 0)).getUTCDate();
  const domOk = schedule.lastDayOfMonth
    ? at.getUTCDate() === lastDay
    : schedule.dayOfMonth.has(at.getUTCDate());
  const dowOk = schedule.dayOfWeek.has(at.getUTCDay());
  // As in cron: when both day fields are restricted, either may match.
  if (schedule.dayOfMonthRestricted && schedule.dayOfWeekRestricted) return domOk || dowOk;
  return domOk && dowOk;
}

// ---------------------------------------------------------------------------------------------
// The worker

export interface CronOptions {
  /** The stack's API URL: requests to the CLI's default API address are sent there. */
  apiUrl?: string;
  /** Start the minute timer and the request listener (default true; tests drive it by hand). */
  autoStart?: boolean;
}

export interface CronWorker {
  /** Runs the active jobs whose schedule matches the minute of `now`; returns their names (or ids). */
  runDue(now?: Date): Promise<string[]>;
  /** Sends every queued net.http_post request; returns how many were sent. */
  deliverQueued(): Promise<number>;
  stop(): Promise<void>;
}

interface JobRow {
  jobid: string;
  jobname: string | null;
  schedule: string;
  command: string;
  username: string;
}

interface RequestRow {
  id: string;
  method: string;
  url: string;
  headers: Record<string, string> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
}

/**
 * With the Supabase CLI the database reaches the API at a fixed address whatever ports the host
 * maps; here the stack may run on a port offset, so the CLI's default address means this stack.
 */
const DEFAULT_API_ORIGINS = [
  'http://127.0.0.1:54321',
  'http://localhost:54321',
  'http://host.docker.internal:54321',
  'http://kong:8000',
];

/** The CLI's default API address stands for this stack's own API. */
function resolveApiUrl(url: string, ownApi: string): string {
  for (const origin of DEFAULT_API_ORIGINS) {
    if (url === origin || url.startsWith(`${origin}/`)) return ownApi + url.slice(origin.length);
  }
  return url;
}

/** Runs one job as its owner, recorded in cron.job_run_details as pg_cron records it. */
async function runJob(adminPool: pg.Pool, log: (message: string) => void, job: JobRow): Promise<void> {
  const client = await adminPool.connect();
  let runid: string | undefined;
  try {
    runid = (
      await client.query<{ runid: string }>(
        `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, start_time)
         values ($1, pg_backend_pid(), current_database(), $2, $3, 'running', now()) returning runid`,
        [job.jobid, job.username, job.command],
      )
    ).rows[0].runid;
    let message: string;
    try {
      const asOwner = job.username !== 'postgres';
      if (asOwner) await client.query(`set role ${client.escapeIdentifier(job.username)}`);
      try {
        const result = (await client.query(job.command)) as pg.QueryResult | pg.QueryResult[];
        const last = Array.isArray(result) ? result[result.length - 1] : result;
        message = `${last?.command ?? ''} ${last?.rowCount ?? ''}`.trim();
      } finally {
        if (asOwner) await client.query('reset role');
      }
      await client.query(
        `update cron.job_run_details set status = 'succeeded', return_message = $2, end_time = now() where runid = $1`,
        [runid, message],
      );
    } catch (error) {
      message = (error as Error).message;
      log(`job ${job.jobname ?? job.jobid} failed: ${message}`);
      await client.query(
        `update cron.job_run_details set status = 'failed', return_message = $2, end_time = now() where runid = $1`,
        [runid, message],
      );
    }
  } finally {
    client.release();
  }
}

/** Sends one queued net.http_post request and stores its answer in net._http_response, as pg_net does. */
async function sendRequest(adminPool: pg.Pool, ownApi: string, request: RequestRow): Promise<void> {
  let status: number | null = null;
  let contentType: string | null = null;
  let headers: Record<string, string> | null = null;
  let content: string | null = null;
  let timedOut = false;
  let errorMsg: string | null = null;
  try {
    const response = await fetch(resolveApiUrl(request.url, ownApi), {
      method: request.method,
      headers: request.headers ?? {},
      body: request.method === 'GET' || !request.body ? undefined : new Uint8Array(request.body),
      signal: AbortSignal.timeout(request.timeout_milliseconds),
    });
    status = response.status;
    contentType = response.headers.get('content-type');
    headers = {};
    response.headers.forEach((value, name) => (headers![name] = value));
    content = await response.text();
  } catch (error) {
    timedOut = (error as Error).name === 'TimeoutError';
    errorMsg = timedOut ? `Timeout of ${request.timeout_milliseconds} ms reached` : (error as Error).message;
  }
  await adminPool.query(
    `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [request.id, status, contentType, headers, content, timedOut, errorMsg],
  );
}

export function createCron(
  ctx: Pick<StackContext, 'adminPool' | 'log' | 'config'>,
  options: CronOptions = {},
): CronWorker {
  const { adminPool } = ctx;
  const log = (message: string) => ctx.log('cron', message);
  const ownApi = options.apiUrl ?? apiUrl(ctx.config);
  const running = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let listener: pg.PoolClient | undefined;
  let delivering: Promise<number> | undefined;
  let deliverAgain = false;
  const warned = new Set<string>();

  async function runDue(now: Date = new Date()): Promise<string[]> {
    const { rows } = await adminPool.query<JobRow>(
      `select jobid::text, jobname, schedule, command, username from cron.job
       where active and database = current_database() order by jobid`,
    );
    const due: JobRow[] = [];
    for (const job of rows) {
      let schedule: Schedule;
      try {
        schedule = parseSchedule(job.schedule);
      } catch (error) {
        if (!warned.has(job.jobid)) log(`job ${job.jobname ?? job.jobid}: ${(error as Error).message}`);
        warned.add(job.jobid);
        continue;
      }
      if (schedule.kind === 'seconds') {
        if (!warned.has(job.jobid)) log(`job ${job.jobname ?? job.jobid}: second schedules are not emulated`);
        warned.add(job.jobid);
        continue;
      }
      // Like pg_cron, a job still running from an earlier minute is not started again.
      if (scheduleMatches(schedule, now) && !running.has(job.jobid)) due.push(job);
    }
    await Promise.all(
      due.map(async (job) => {
        running.add(job.jobid);
        try {
          await runJob(adminPool, log, job);
        } finally {
          running.delete(job.jobid);
        }
      }),
    );
    return due.map((job) => job.jobname ?? job.jobid);
  }

  async function deliverBatch(): Promise<number> {
    let sent = 0;
    for (;;) {
      const { rows } = await adminPool.query<RequestRow>(
        `delete from net.http_request_queue
         where id in (select id from net.http_request_queue order by id limit 20 for update skip locked)
         returning id::text, method, url, headers, body, timeout_milliseconds`,
      );
      if (rows.length === 0) return sent;
      await Promise.all(rows.map((request) => sendRequest(adminPool, ownApi, request)));
      sent += rows.length;
    }
  }

  /** One delivery at a time; a wake-up during one makes it look again when done. */
  function deliverQueued(): Promise<number> {
    if (delivering) {
      deliverAgain = true;
      return delivering;
    }
    delivering = (async () => {
      let total = 0;
      do {
        deliverAgain = false;
        total += await deliverBatch();
      } while (deliverAgain && !stopped);
      return total;
    })().finally(() => (delivering = undefined));
    return delivering;
  }

  const safely = (what: string, work: () => Promise<unknown>) =>
    work().catch((error: unknown) => {
      if (!stopped) log(`${what} failed: ${(error as Error).message}`);
    });

  function scheduleTick() {
    const now = Date.now();
    const next = Math.floor(now / 60000) * 60000 + 60000;
    timer = setTimeout(() => {
      if (stopped) return;
      const at = new Date(next);
      void safely('running jobs', () => runDue(at));
      void safely('delivering requests', () => deliverQueued());
      void safely('expiring responses', () =>
        adminPool.query(`delete from net._http_response where created < now() - interval '6 hours'`),
      );
      scheduleTick();
    }, next - now);
    timer.unref?.();
  }

  if (options.autoStart !== false) {
    scheduleTick();
    void safely('listening for requests', async () => {
      listener = await adminPool.connect();
      listener.on('notification', () => void safely('delivering requests', () => deliverQueued()));
      await listener.query('listen net_http_request');
      // Requests queued while the stack was down.
      await deliverQueued();
    });
  }

  return {
    runDue,
    deliverQueued,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (listener) {
        listener.removeAllListeners('notification');
        await listener.query('unlisten *').catch(() => undefined);
        listener.release();
        listener = undefined;
      }
      await delivering?.catch(() => undefined);
    },
  };
}
