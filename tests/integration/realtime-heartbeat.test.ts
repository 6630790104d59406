import { describe, expect, it } from 'vitest';
import { setUpRealtimeOnStack } from '../support/realtime-on-stack.ts';
import { sleep, subscribed, uniqueName, waitFor } from './realtime-support.ts';

/**
 * Heartbeats keep a socket open and a silent one is closed. The stack closes after 60 s of
 * silence; this test runs a Realtime server of its own on the test database with a 1.5 s limit,
 * so a real client with a 300 ms heartbeat and one that never beats can be told apart quickly.
 */

const IDLE_MS = 1500;
const realtime = setUpRealtimeOnStack({ idleTimeoutMs: IDLE_MS });
const clientWithHeartbeat = (heartbeatIntervalMs: number) => realtime.client({ heartbeatIntervalMs });

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
