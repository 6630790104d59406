import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../local-supabase/config.ts';
import { createRealtime } from '../../local-supabase/realtime/index.ts';
import type { StackContext, UpgradeService } from '../../local-supabase/types.ts';
import { stackEnv } from '../support/stack.ts';
import { sleep, subscribed, uniqueName, waitFor } from './realtime-support.ts';

/**
 * Heartbeats keep a socket open and a silent one is closed. The stack closes after 60 s of
 * silence; this test runs a Realtime server of its own on the test database with a 1.5 s limit,
 * so a real client with a 300 ms heartbeat and one that never beats can be told apart quickly.
 */

const IDLE_MS = 1500;
let server: http.Server;
let realtime: UpgradeService;
let pools: pg.Pool[];
let url: string;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  const db = new URL(stackEnv.dbUrl);
  const config = loadConfig({ host: db.hostname, dbPort: Number(db.port), quiet: true });
  const apiDb = new URL(stackEnv.dbUrl);
  apiDb.username = 'authenticator';
  const adminPool = new pg.Pool({ connectionString: stackEnv.dbUrl, max: 2 });
  const apiPool = new pg.Pool({ connectionString: apiDb.href, max: 2 });
  pools = [adminPool, apiPool];
  const ctx: StackContext = { config, adminPool, apiPool, log: () => {} };
  realtime = await createRealtime(ctx, { idleTimeoutMs: IDLE_MS });
  server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await realtime.close?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.all(pools.map((p) => p.end()));
});

function clientWithHeartbeat(heartbeatIntervalMs: number) {
  const client = createClient(url, stackEnv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: {
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
      heartbeatIntervalMs,
      // no reconnection during the test: a closed socket stays closed
      reconnectAfterMs: () => 60_000,
    },
  });
  clients.push(client);
  return client;
}

describe('heartbeat', () => {
  it('keeps a beating socket open and closes a silent one', async () => {
    const beating = clientWithHeartbeat(300);
    const silent = clientWithHeartbeat(60 * 60 * 1000);
    const heartbeats: string[] = [];
    beating.realtime.onHeartbeat((status) => heartbeats.push(status));

    const room = uniqueName('heartbeat');
    const received: unknown[] = [];
    const beatingStatuses: string[] = [];
    const silentStatuses: string[] = [];
    const beatingChannel = beating
      .channel(room)
      .on('broadcast', { event: 'still-here' }, (m: { payload: unknown }) => received.push(m.payload));
    await subscribed(beatingChannel, beatingStatuses);
    const silentChannel = silent.channel(room);
    await subscribed(silentChannel, silentStatuses);

    await waitFor(
      () => (silentStatuses.includes('CHANNEL_ERROR') ? true : undefined),
      IDLE_MS * 4,
      'the silent socket to be closed',
    );
    expect(silent.realtime.isConnected()).toBe(false);

    await sleep(IDLE_MS);
    expect(beating.realtime.isConnected()).toBe(true);
    expect(beatingStatuses).not.toContain('CHANNEL_ERROR');
    expect(heartbeats.filter((s) => s === 'ok').length).toBeGreaterThanOrEqual(5);

    // And the beating socket still works after more than twice the idle limit.
    const sender = clientWithHeartbeat(300);
    const sendChannel = sender.channel(room);
    await subscribed(sendChannel);
    await sendChannel.send({ type: 'broadcast', event: 'still-here', payload: { ok: true } });
    await waitFor(() => received[0], 2000, 'the broadcast');
    expect(received).toEqual([{ ok: true }]);
  });
});
