import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { loadConfig } from '../../local-supabase/config.ts';
import { createRealtime } from '../../local-supabase/realtime/index.ts';
import type { RealtimeLimits } from '../../local-supabase/realtime/limits.ts';
import type { StackContext, UpgradeService } from '../../local-supabase/types.ts';
import { stackEnv } from '../support/stack.ts';
import { subscribeFailure, subscribed, uniqueName, waitFor } from './realtime-support.ts';

/**
 * Hosted Realtime's limits, answered as hosted Realtime answers them. The stack applies the Free
 * plan's values (100 channels per connection, 256 KB payloads, …); this test runs a Realtime
 * server of its own on the test database with small limits, so each can be reached quickly.
 */

const LIMITS: RealtimeLimits = {
  maxConcurrentUsers: 3,
  maxChannelsPerClient: 3,
  maxJoinsPerSecond: 1000,
  maxEventsPerSecond: 1000,
  maxPresenceEventsPerSecond: 1000,
  maxPayloadSizeKb: 1,
};

let server: http.Server;
let realtime: UpgradeService;
let pools: pg.Pool[];
let url: string;
let clients: SupabaseClient[] = [];

beforeAll(async () => {
  const db = new URL(stackEnv.dbUrl);
  const config = loadConfig({ host: db.hostname, dbPort: Number(db.port), quiet: true });
  const apiDb = new URL(stackEnv.dbUrl);
  apiDb.username = 'authenticator';
  const adminPool = new pg.Pool({ connectionString: stackEnv.dbUrl, max: 2 });
  const apiPool = new pg.Pool({ connectionString: apiDb.href, max: 2 });
  pools = [adminPool, apiPool];
  const ctx: StackContext = { config, adminPool, apiPool, log: () => {} };
  realtime = await createRealtime(ctx, { limits: LIMITS });
  server = http.createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  for (const c of clients) c.realtime.disconnect();
  clients = [];
});

afterAll(async () => {
  await realtime.close?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await Promise.all(pools.map((p) => p.end()));
});

function client() {
  const c = createClient(url, stackEnv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: {
      transport: WebSocket as unknown as typeof globalThis.WebSocket,
      reconnectAfterMs: () => 60_000,
    },
  });
  clients.push(c);
  return c;
}

describe('Realtime limits', () => {
  it('refuses a channel past the per-connection limit with ChannelRateLimitReached', async () => {
    const c = client();
    for (let i = 0; i < LIMITS.maxChannelsPerClient; i += 1) await subscribed(c.channel(uniqueName('room')));
    const refused = await subscribeFailure(c.channel(uniqueName('room')));
    expect(refused).toEqual({
      status: 'CHANNEL_ERROR',
      message: 'ChannelRateLimitReached: Too many channels',
    });
  });

  it('refuses connections past the limit with 429 Too many connected users', async () => {
    const open: WebSocket[] = [];
    const connect = () =>
      new Promise<{ status: number; body: string } | 'open'>((resolve, reject) => {
        const ws = new WebSocket(
          `${url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stackEnv.anonKey}&vsn=2.0.0`,
        );
        ws.on('open', () => {
          open.push(ws);
          resolve('open');
        });
        ws.on('unexpected-response', (_req, res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        ws.on('error', reject);
      });
    try {
      for (let i = 0; i < LIMITS.maxConcurrentUsers; i += 1) expect(await connect()).toBe('open');
      expect(await connect()).toEqual({
        status: 429,
        body: JSON.stringify({ error: 'Too many connected users' }),
      });
    } finally {
      await Promise.all(
        open.map((ws) => new Promise<void>((resolve) => (ws.on('close', () => resolve()), ws.close()))),
      );
    }
  });

  it('drops an oversize broadcast, telling an acknowledged sender', async () => {
    const room = uniqueName('payload');
    const received: unknown[] = [];
    const listener = client()
      .channel(room)
      .on('broadcast', { event: 'note' }, (m: { payload: unknown }) => received.push(m.payload));
    await subscribed(listener);
    const sender = client().channel(room, { config: { broadcast: { ack: true } } });
    await subscribed(sender);

    const big = await sender.send({ type: 'broadcast', event: 'note', payload: { text: 'x'.repeat(4000) } });
    expect(big).toBe('error');
    const small = await sender.send({ type: 'broadcast', event: 'note', payload: { text: 'hi' } });
    expect(small).toBe('ok');
    await waitFor(() => received[0], 2000, 'the small broadcast');
    expect(received).toEqual([{ text: 'hi' }]);
  });

  it('shuts a channel down on an oversize presence payload; others never see it', async () => {
    const room = uniqueName('presence');
    const watcher = client().channel(room, { config: { presence: { key: 'watcher' } } });
    await subscribed(watcher);
    const statuses: string[] = [];
    const tracker = client().channel(room, { config: { presence: { key: 'tracker' } } });
    await subscribed(tracker, statuses);
    const systemErrors: string[] = [];
    tracker.on('system', {}, (m: { status?: string; message?: string }) => {
      if (m.status === 'error') systemErrors.push(String(m.message));
    });

    void tracker.track({ blob: 'x'.repeat(4000) });
    await waitFor(() => (statuses.includes('CLOSED') ? true : undefined), 3000, 'the channel to close');
    expect(systemErrors).toEqual(['Track message size exceeded']);
    expect(Object.keys(watcher.presenceState())).not.toContain('tracker');
  });
});
