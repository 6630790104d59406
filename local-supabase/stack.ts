import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  apiUrl,
  dbUrl,
  inboxUrl,
  loadConfig,
  stripeUrl,
  stripeWebhookUrl,
  STRIPE_SECRET_KEY,
  STRIPE_WEBHOOK_SECRET,
  ANON_KEY,
  SERVICE_ROLE_KEY,
  type StackConfig,
} from './config.ts';
import { createPool, migrate, startPostgres } from './postgres.ts';
import { startMail, stopStaleMail } from './mail.ts';
import { portFree } from './ports.ts';
import { createGateway } from './gateway.ts';
import { createRest } from './rest/index.ts';
import { createAuth } from './auth/index.ts';
import { createRealtime } from './realtime/index.ts';
import { AuthError, sendAuthError } from './auth/errors.ts';
import { createFunctions } from './functions/service.ts';
import { createCron } from './cron.ts';
import { startStripeStandin } from './stripe/index.ts';
import type { PrepareResult } from './functions/deno.ts';
import { sendJson } from './http.ts';
import type { HttpService, StackContext, StackEvents } from './types.ts';

export interface RunningStack {
  config: StackConfig;
  urls: { api: string; db: string; inbox: string; stripe: string };
  keys: { anon: string; serviceRole: string };
  startedInMs: number;
  /** whether the edge functions' packages are in the cache (fetched during the start if needed) */
  functions: PrepareResult;
  /** `db-down` / `db-restarted` when PostgreSQL dies and is restarted */
  events: EventEmitter<StackEvents>;
  /** the postmaster's process id while it runs */
  postgresPid(): number | undefined;
  stop(): Promise<void>;
}

export class StackAlreadyRunning extends Error {}

function pidAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Takes the stack's lock, or explains who holds it or which port is taken. */
async function acquireLock(config: StackConfig): Promise<() => void> {
  fs.mkdirSync(config.stateDir, { recursive: true });
  const lock = path.join(config.stateDir, 'stack.pid');
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    if (pid && pid !== process.pid && pidAlive(pid)) {
      throw new StackAlreadyRunning(
        `The local Supabase stack is already running (process ${pid}) with API ${apiUrl(config)}.\n` +
          `Use that one, or stop it first (Ctrl-C in its terminal, or kill ${pid}).`,
      );
    }
  }
  // A stack killed outright leaves its children behind: end the ones we know of.
  stopStaleMail(config);
  for (const [name, port] of [
    ['API', config.apiPort],
    ['database', config.dbPort],
    ['inbox', config.inboxPort],
    ['SMTP', config.smtpPort],
    ['Stripe stand-in', config.stripePort],
  ] as const) {
    if (!(await portFree(port, config.host))) {
      throw new StackAlreadyRunning(
        `Port ${port} (${name}) on ${config.host} is already in use by another program. ` +
          `Stop it, or run with LOCAL_SUPABASE_PORT_OFFSET=<n> to move every port by n.`,
      );
    }
  }
  fs.writeFileSync(lock, String(process.pid));
  return () => {
    try {
      if (Number(fs.readFileSync(lock, 'utf8')) === process.pid) fs.rmSync(lock);
    } catch {
      /* already gone */
    }
  };
}

export async function startStack(overrides: Partial<StackConfig> = {}): Promise<RunningStack> {
  const started = Date.now();
  const config = loadConfig(overrides);
  const releaseLock = await acquireLock(config);
  const cleanups: (() => Promise<void> | void)[] = [releaseLock];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error('[stack] while stopping:', error);
      }
    }
    cleanups.length = 0;
  };
  try {
    const log = (part: string, message: string) => {
      if (!config.quiet) console.error(`[${part}] ${message}`);
    };
    const events = new EventEmitter<StackEvents>();
    const postgres = await startPostgres(config, (message) => log('postgres', message));
    cleanups.push(() => postgres.stop());
    let databaseUp = true;
    postgres.on('down', (reason) => {
      databaseUp = false;
      log('postgres', `${reason}; the stack answers 503 until it is back`);
      events.emit('db-down');
    });
    postgres.on('restarted', (downtimeMs) => {
      databaseUp = true;
      log('postgres', `accepting connections again after ${downtimeMs} ms`);
      events.emit('db-restarted');
    });
    await migrate(config, { seed: true });

    const adminPool = createPool(dbUrl(config), 10, (message) => log('postgres', message));
    const apiPool = createPool(dbUrl(config, 'authenticator', 'postgres'), 20, (message) =>
      log('postgres', message),
    );
    cleanups.push(() => adminPool.end());
    cleanups.push(() => apiPool.end());

    const mail = await startMail(config);
    cleanups.push(() => mail.stop());

    const ctx: StackContext = { config, adminPool, apiPool, log, events };
    const rest = whileDatabaseUp(createRest(ctx), () => databaseUp, restUnavailable);
    const auth = whileDatabaseUp(
      createAuth(ctx, mail, { rateLimits: config.authRateLimits }),
      () => databaseUp,
      authUnavailable,
    );
    const realtime = await createRealtime(ctx);
    const functions = createFunctions(ctx);
    let servicesClosed: Promise<unknown> | undefined;
    const closeServices = () =>
      (servicesClosed ??= Promise.all([
        rest.close?.(),
        auth.close?.(),
        realtime.close?.(),
        functions.close?.(),
      ]));
    cleanups.push(async () => void (await closeServices()));
    // The functions' npm: packages: already cached by `npm install`, else fetched now (progress in
    // the log), so no request waits for a download.
    const functionsReady = await functions.prepared;
    const cron = createCron(ctx);
    cleanups.push(() => cron.stop());

    const stripe = await startStripeStandin({
      host: config.host,
      port: config.stripePort,
      secretKey: STRIPE_SECRET_KEY,
      webhookUrl: stripeWebhookUrl(config),
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      stateDir: config.stateDir,
      log: (message) => log('stripe', message),
    });
    cleanups.push(() => stripe.stop());

    const server = createGateway(ctx, { rest, auth, realtime, functions });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.apiPort, config.host, () => resolve());
    });
    cleanups.push(async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      // Upgraded (WebSocket) connections are no longer the server's: Realtime ends them, and only
      // then can the server finish closing.
      await closeServices();
      await closed;
    });

    return {
      config,
      urls: { api: apiUrl(config), db: dbUrl(config), inbox: inboxUrl(config), stripe: stripeUrl(config) },
      keys: { anon: ANON_KEY, serviceRole: SERVICE_ROLE_KEY },
      startedInMs: Date.now() - started,
      functions: functionsReady,
      events,
      postgresPid: () => postgres.pid,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** While PostgreSQL is restarting, a service answers 503 at once instead of waiting on the pool. */
function whileDatabaseUp(
  service: HttpService,
  isUp: () => boolean,
  unavailable: (req: IncomingMessage, res: ServerResponse) => void,
): HttpService {
  return {
    handle: (req, res, path, url) =>
      isUp() ? service.handle(req, res, path, url) : Promise.resolve(unavailable(req, res)),
    close: service.close && (() => service.close!()),
  };
}

const restUnavailable = (_req: IncomingMessage, res: ServerResponse) =>
  // PostgREST's answer while its connection to the database is lost.
  sendJson(res, 503, {
    code: 'PGRST001',
    details: 'the database server is restarting',
    hint: null,
    message: 'Database client error. Retrying the connection.',
  });

const authUnavailable = (req: IncomingMessage, res: ServerResponse) =>
  sendAuthError(
    req,
    res,
    new AuthError(503, 'unexpected_failure', 'The database is restarting, please retry in a moment'),
  );
