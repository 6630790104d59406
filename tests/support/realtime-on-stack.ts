import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../../local-supabase/config.ts';
import { createRealtime, type RealtimeOptions } from '../../local-supabase/realtime/index.ts';
import type { StackContext, UpgradeService } from '../../local-supabase/types.ts';
import { stackEnv } from './stack.ts';

type RealtimeClientOptions = { heartbeatIntervalMs?: number };

/**
 * A Realtime server of the test file's own, on the test stack's database, for what the stack's
 * Realtime cannot show quickly: its options (a short idle limit, small limits) are the test's.
 * Started before the file's first test and closed after its last; call it once at the top:
 *
 *   const realtime = setUpRealtimeOnStack({ limits: { maxChannelsPerClient: 3 } });
 *   const client = realtime.client();
 *
 * Its clients are real supabase-js clients with the anon key that never reconnect by themselves
 * (a closed socket stays closed); they are closed before the server is.
 */
export function setUpRealtimeOnStack(options: RealtimeOptions): {
  /** The server's base URL (http://127.0.0.1:port), as a project's URL. */
  readonly url: string;
  client(realtime?: RealtimeClientOptions): SupabaseClient;
  /** Removes every client's channels and closes its socket (for a file that starts each test afresh). */
  closeClients(): Promise<void>;
} {
  let server: http.Server | undefined;
  let realtime: UpgradeService | undefined;
  let pools: pg.Pool[] = [];
  let url: string | undefined;
  let clients: SupabaseClient[] = [];
  const closeClients = async () => {
    const closing = clients;
    clients = [];
    await Promise.all(closing.map((c) => c.removeAllChannels()));
    for (const c of closing) c.realtime.disconnect();
  };

  beforeAll(async () => {
    const db = new URL(stackEnv.dbUrl);
    const config = loadConfig({ host: db.hostname, dbPort: Number(db.port), quiet: true });
    const apiDb = new URL(stackEnv.dbUrl);
    apiDb.username = 'authenticator';
    const adminPool = new pg.Pool({ connectionString: stackEnv.dbUrl, max: 2 });
    const apiPool = new pg.Pool({ connectionString: apiDb.href, max: 2 });
    pools = [adminPool, apiPool];
    const ctx: StackContext = { config, adminPool, apiPool, log: () => {} };
    const service = await createRealtime(ctx, options);
    realtime = service;
    server = http.createServer((_req, res) => res.writeHead(404).end());
    server.on('upgrade', (req, socket, head) => service.handleUpgrade(req, socket, head));
    const listening = server;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await closeClients();
    await realtime?.close?.();
    const listening = server;
    if (listening) await new Promise<void>((resolve) => listening.close(() => resolve()));
    await Promise.all(pools.map((p) => p.end()));
  });

  return {
    get url() {
      if (!url) throw new Error('the Realtime server starts before the first test');
      return url;
    },
    client(realtimeOptions = {}) {
      const client = createClient(this.url, stackEnv.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: {
          transport: WebSocket as unknown as typeof globalThis.WebSocket,
          // no reconnection during the test: a closed socket stays closed
          reconnectAfterMs: () => 60_000,
          ...realtimeOptions,
        },
      });
      clients.push(client);
      return client;
    },
    closeClients,
  };
}
