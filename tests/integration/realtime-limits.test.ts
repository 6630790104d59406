import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimeLimits } from '../../local-supabase/realtime/limits.ts';
import { setUpRealtimeOnStack } from '../support/realtime-on-stack.ts';
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

const realtime = setUpRealtimeOnStack({ limits: LIMITS });
const client = () => realtime.client();

afterEach(() => realtime.closeClients());

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
          `${realtime.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=${stackEnv.anonKey}&vsn=2.0.0`,
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
