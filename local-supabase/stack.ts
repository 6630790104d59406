import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import {
  apiUrl,
  dbUrl,
  inboxUrl,
  loadConfig,
  ANON_KEY,
  SERVICE_ROLE_KEY,
  type StackConfig,
} from './config.ts';
import { migrate, startPostgres } from './postgres.ts';
import { startMail, stopStaleMail } from './mail.ts';
import { createGateway } from './gateway.ts';
import { createRest } from './rest.ts';
import { createAuth } from './auth.ts';
import { createRealtime } from './realtime.ts';
import { createFunctions } from './functions.ts';
import { createCron } from './cron.ts';
import type { StackContext } from './types.ts';

export interface RunningStack {
  config: StackConfig;
  urls: { api: string; db: string; inbox: string };
  keys: { anon: string; serviceRole: string };
  startedInMs: number;
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

function portFree(port: number, host: string) {
  return new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
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
    const postgres = await startPostgres(config);
    cleanups.push(() => postgres.stop());
    await migrate(config, { seed: true });

    const adminPool = new pg.Pool({ connectionString: dbUrl(config), max: 10 });
    const apiPool = new pg.Pool({ connectionString: dbUrl(config, 'authenticator', 'postgres'), max: 20 });
    adminPool.on('error', () => {});
    apiPool.on('error', () => {});
    cleanups.push(() => adminPool.end());
    cleanups.push(() => apiPool.end());

    const mail = await startMail(config);
    cleanups.push(() => mail.stop());

    const ctx: StackContext = {
      config,
      adminPool,
      apiPool,
      log: (part, message) => {
        if (!config.quiet) console.error(`[${part}] ${message}`);
      },
    };
    const rest = createRest(ctx);
    const auth = createAuth(ctx, mail);
    const realtime = await createRealtime(ctx);
    const functions = createFunctions(ctx);
    const cron = createCron(ctx);
    cleanups.push(() => cron.stop());
    cleanups.push(async () => {
      await Promise.all([rest.close?.(), auth.close?.(), realtime.close?.(), functions.close?.()]);
    });

    const server = createGateway(ctx, { rest, auth, realtime, functions });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.apiPort, config.host, () => resolve());
    });
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );

    return {
      config,
      urls: { api: apiUrl(config), db: dbUrl(config), inbox: inboxUrl(config) },
      keys: { anon: ANON_KEY, serviceRole: SERVICE_ROLE_KEY },
      startedInMs: Date.now() - started,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
