import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { anonClient, stackEnv } from '../support/stack.ts';
import { signJwt } from '../../local-supabase/jwt.ts';
import { sleep, subscribeFailure, subscribed, uniqueName, waitFor } from './realtime-support.ts';

/** Broadcast and presence between real supabase-js clients. */

interface Received {
  event: string;
  payload: unknown;
}

const clients: SupabaseClient[] = [];
function client() {
  const c = anonClient();
  clients.push(c);
  return c;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.removeAllChannels()));
});

async function join(
  c: SupabaseClient,
  room: string,
  config: { self?: boolean; ack?: boolean } = {},
): Promise<{ channel: RealtimeChannel; received: Received[] }> {
  const received: Received[] = [];
  const channel = c
    .channel(room, { config: { broadcast: config } })
    .on('broadcast', { event: '*' }, (message: { event: string; payload: unknown }) =>
      received.push({ event: message.event, payload: message.payload }),
    );
  await subscribed(channel);
  return { channel, received };
}

describe('broadcast', () => {
  it('reaches the other subscribers of the topic, not the sender, and not other topics', async () => {
    const room = uniqueName('room');
    const alice = await join(client(), room);
    const bob = await join(client(), room);
    const elsewhere = await join(client(), uniqueName('other-room'));

    const status = await alice.channel.send({
      type: 'broadcast',
      event: 'cursor',
      payload: { x: 10, y: 20, who: 'alice' },
    });
    expect(status).toBe('ok');
    await waitFor(() => bob.received[0], 2000, 'bob to receive');
    expect(bob.received).toEqual([{ event: 'cursor', payload: { x: 10, y: 20, who: 'alice' } }]);

    await sleep(150);
    expect(alice.received).toEqual([]);
    expect(elsewhere.received).toEqual([]);
  });

  it('echoes to the sender with self, and acknowledges with ack', async () => {
    const room = uniqueName('room');
    const alice = await join(client(), room, { self: true, ack: true });
    const bob = await join(client(), room);

    // With ack the promise waits for the server's reply; without one it would end 'timed out'.
    const status = await alice.channel.send(
      { type: 'broadcast', event: 'hello', payload: { n: 1 } },
      { timeout: 2000 },
    );
    expect(status).toBe('ok');
    await waitFor(() => alice.received[0], 2000, 'the echo');
    await waitFor(() => bob.received[0], 2000, 'bob to receive');
    expect(alice.received).toEqual([{ event: 'hello', payload: { n: 1 } }]);
    expect(bob.received).toEqual([{ event: 'hello', payload: { n: 1 } }]);
  });

  it('carries a binary payload byte for byte', async () => {
    const room = uniqueName('room');
    const alice = await join(client(), room);
    const bob = await join(client(), room);
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 128]);
    await alice.channel.send({ type: 'broadcast', event: 'blob', payload: bytes.buffer });
    const got = await waitFor(() => bob.received[0], 2000, 'bob to receive');
    expect(got.event).toBe('blob');
    expect(got.payload).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(got.payload as ArrayBuffer)]).toEqual([...bytes]);
  });

  it('delivers messages sent over HTTP by a client that has not subscribed', async () => {
    const room = uniqueName('room');
    const bob = await join(client(), room);

    const sender = client();
    // realtime-js warns that send() without a subscription falls back to HTTP: that is the case here.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const viaFallback = await sender
      .channel(room)
      .send({ type: 'broadcast', event: 'from-http', payload: { via: 'send' } });
    warn.mockRestore();
    expect(viaFallback).toBe('ok');
    const viaHttpSend = await sender.channel(`${room}`).httpSend('from-http', { via: 'httpSend' });
    expect(viaHttpSend).toEqual({ success: true });

    await waitFor(() => (bob.received.length >= 2 ? true : undefined), 2000, 'both messages');
    expect(bob.received).toEqual([
      { event: 'from-http', payload: { via: 'send' } },
      { event: 'from-http', payload: { via: 'httpSend' } },
    ]);
  });

  it('speaks protocol 1.0.0 to a client that asks for it, re-encoding binary-framed broadcasts', async () => {
    const room = uniqueName('room');
    const legacy = createClient(stackEnv.url, stackEnv.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket, vsn: '1.0.0' },
    });
    clients.push(legacy);
    expect(legacy.realtime.endpointURL()).toContain('vsn=1.0.0');
    const old = await join(legacy, room);
    const modern = await join(client(), room);

    await modern.channel.send({ type: 'broadcast', event: 'to-legacy', payload: { from: '2.0.0' } });
    await old.channel.send({ type: 'broadcast', event: 'to-modern', payload: { from: '1.0.0' } });
    await waitFor(() => old.received[0], 2000, 'the 1.0.0 client to receive');
    await waitFor(() => modern.received[0], 2000, 'the 2.0.0 client to receive');
    expect(old.received).toEqual([{ event: 'to-legacy', payload: { from: '2.0.0' } }]);
    expect(modern.received).toEqual([{ event: 'to-modern', payload: { from: '1.0.0' } }]);
  });

  it('refuses a private channel that no policy on realtime.messages opens, anon or signed in', async () => {
    // Who may join a private channel is decided by RLS: realtime-authorization.test.ts.
    const room = uniqueName('private-room');
    const anon = client();
    const refused = await subscribeFailure(anon.channel(room, { config: { private: true } }));
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.message).toMatch(/permissions/);

    const member = client();
    await member.realtime.setAuth(
      await signJwt({ role: 'authenticated', sub: randomUUID(), aud: 'authenticated' }, 600),
    );
    expect((await subscribeFailure(member.channel(room, { config: { private: true } }))).message).toBe(
      `Unauthorized: You do not have permissions to read from this Channel topic: ${room}`,
    );
  });
});

describe('presence', () => {
  it('shares who is here, joins and leaves', async () => {
    const room = uniqueName('lobby');
    const alice = client().channel(room, { config: { presence: { key: 'alice' } } });
    const bob = client().channel(room, { config: { presence: { key: 'bob' } } });
    const bobEvents: string[] = [];
    alice.on('presence', { event: 'sync' }, () => {});
    bob
      .on('presence', { event: 'join' }, ({ key }: { key: string }) => bobEvents.push(`join ${key}`))
      .on('presence', { event: 'leave' }, ({ key }: { key: string }) => bobEvents.push(`leave ${key}`));
    await subscribed(alice);
    await subscribed(bob);

    expect(await alice.track({ status: 'online' })).toBe('ok');
    await waitFor(() => bob.presenceState().alice, 2000, 'alice in bob’s view');
    expect(bob.presenceState().alice).toEqual([
      expect.objectContaining({ status: 'online', presence_ref: expect.any(String) }),
    ]);
    expect(bobEvents).toContain('join alice');

    // A late joiner gets the current state on join.
    const carol = client().channel(room, { config: { presence: { key: 'carol' } } });
    carol.on('presence', { event: 'sync' }, () => {});
    await subscribed(carol);
    await waitFor(() => carol.presenceState().alice, 2000, 'alice in carol’s view');

    expect(await alice.untrack()).toBe('ok');
    await waitFor(() => (bob.presenceState().alice ? undefined : true), 2000, 'alice to leave');
    expect(bobEvents).toContain('leave alice');
  });
});
