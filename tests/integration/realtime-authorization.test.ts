import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { subscribeFailure, subscribed, uniqueName, waitFor } from './realtime-support.ts';
import { createRoomWorld, type RoomWorld } from './session-room-fixtures.ts';

/**
 * Realtime Authorization in the local stack, driven with supabase-js: a private channel is joined,
 * read and written only as the RLS policies on realtime.messages allow (here: the session room's
 * policies, supabase/schemas/26_messages.sql, with the realtime.messages policies).
 */

interface Received {
  event: string;
  payload: unknown;
}

let world: RoomWorld;
let room: { id: string; roomId: string; topic: string };
let theirRoom: { topic: string };

beforeAll(async () => {
  world = await createRoomWorld();
  room = await world.createSession(world.ours);
  theirRoom = await world.createSession(world.theirs);
}, 30_000);

afterEach(async () => {
  // supabase-js hands back the existing channel for a topic: each test starts with none.
  const people = [world.ours, world.theirs].flatMap((f) => [f.coach, f.parent, f.child]);
  await Promise.all(
    [...people.map((p) => p.client), world.admin.client, world.anon].map((c) => c.removeAllChannels()),
  );
});

afterAll(async () => {
  await world?.destroy();
});

function privateChannel(client: SupabaseClient, topic: string, presenceKey?: string) {
  const received: Received[] = [];
  const channel = client
    .channel(topic, {
      config: { private: true, ...(presenceKey ? { presence: { key: presenceKey } } : {}) },
    })
    .on('broadcast', { event: '*' }, (message: { event: string; payload: unknown }) =>
      received.push({ event: message.event, payload: message.payload }),
    );
  if (presenceKey) channel.on('presence', { event: 'sync' }, () => {});
  return { channel, received };
}

const refusal = (topic: string) =>
  `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;

describe('a session room channel', () => {
  it("admits the session's coach, parent, child and an admin, who hear each other", async () => {
    const coach = privateChannel(world.ours.coach.client, room.topic);
    const parent = privateChannel(world.ours.parent.client, room.topic);
    const child = privateChannel(world.ours.child.client, room.topic);
    const admin = privateChannel(world.admin.client, room.topic);
    await Promise.all([coach, parent, child, admin].map((m) => subscribed(m.channel)));

    expect(await coach.channel.send({ type: 'broadcast', event: 'signal', payload: { n: 1 } })).toBe('ok');
    for (const member of [parent, child, admin]) {
      await waitFor(() => member.received[0], 3000, 'the coach’s signal');
      expect(member.received).toEqual([{ event: 'signal', payload: { n: 1 } }]);
    }
    await child.channel.send({ type: 'broadcast', event: 'signal', payload: { from: 'child' } });
    await waitFor(() => coach.received[0], 3000, 'the child’s signal');
    expect(coach.received).toEqual([{ event: 'signal', payload: { from: 'child' } }]);
  });

  it('shares presence between participants', async () => {
    const coach = privateChannel(world.ours.coach.client, room.topic, 'coach');
    const parent = privateChannel(world.ours.parent.client, room.topic, 'parent');
    await subscribed(coach.channel);
    await subscribed(parent.channel);
    expect(await coach.channel.track({ name: 'Coach' })).toBe('ok');
    await waitFor(() => parent.channel.presenceState().coach, 3000, 'the coach in the parent’s view');
    expect(parent.channel.presenceState().coach).toEqual([expect.objectContaining({ name: 'Coach' })]);
  });

  it.each([
    ['a parent of another family', () => world.theirs.parent.client],
    ['a child of another family', () => world.theirs.child.client],
    ['the coach of another session', () => world.theirs.coach.client],
    ['an anon client', () => world.anon],
  ])('refuses %s: no join, nothing read, nothing sent', async (_who, stranger) => {
    const insider = privateChannel(world.ours.parent.client, room.topic);
    await subscribed(insider.channel);

    // join (and with it every read) is refused with hosted Realtime's reply
    const outsider = privateChannel(stranger(), room.topic);
    const refused = await subscribeFailure(outsider.channel);
    expect(refused.status).toBe('CHANNEL_ERROR');
    expect(refused.message).toBe(refusal(room.topic));

    // sending without joining goes over the HTTP broadcast API, which checks write the same way
    const sender = stranger().channel(room.topic, { config: { private: true } });
    await expect(sender.httpSend('signal', { forged: true })).rejects.toThrow('Unauthorized');
    await stranger().removeChannel(sender);

    // the room heard nothing from them: the next legitimate message is the first to arrive
    const coach = privateChannel(world.ours.coach.client, room.topic);
    await subscribed(coach.channel);
    await coach.channel.send({ type: 'broadcast', event: 'signal', payload: { legit: true } });
    await waitFor(() => insider.received[0], 3000, 'the legitimate signal');
    expect(insider.received).toEqual([{ event: 'signal', payload: { legit: true } }]);
    await world.ours.coach.client.removeChannel(coach.channel);
    await world.ours.parent.client.removeChannel(insider.channel);
  });

  it("admits each family to its own room only, and a coach to their own session's room", async () => {
    const theirs = privateChannel(world.theirs.coach.client, theirRoom.topic);
    await subscribed(theirs.channel);
    const ourCoachThere = privateChannel(world.ours.coach.client, theirRoom.topic);
    expect((await subscribeFailure(ourCoachThere.channel)).message).toBe(refusal(theirRoom.topic));
  });

  it('is closed before it opens (10 minutes before the start) and once the session is completed', async () => {
    const later = await world.createSession(world.ours, { startsInMinutes: 60 * 48 });
    const early = privateChannel(world.ours.parent.client, later.topic);
    expect((await subscribeFailure(early.channel)).message).toBe(refusal(later.topic));

    const soon = await world.createSession(world.ours, { startsInMinutes: 60 * 24 * 5 });
    // The family's current session ends before this one starts (a coach is never double-booked).
    await world.db.query(
      `update public.coaching_sessions set starts_at = now() - interval '40 minutes' where id = $1`,
      [room.id],
    );
    await world.db.query(
      `update public.coaching_sessions set starts_at = now() + interval '9 minutes' where id = $1`,
      [soon.id],
    );
    await subscribed(privateChannel(world.ours.parent.client, soon.topic).channel);

    await world.db.query(`update public.coaching_sessions set status = 'completed' where id = $1`, [soon.id]);
    const afterEnd = privateChannel(world.ours.child.client, soon.topic);
    expect((await subscribeFailure(afterEnd.channel)).message).toBe(refusal(soon.topic));
  });
});

describe('Realtime Authorization mechanics', () => {
  // Policies of this test only, on topics no other test uses: `authz-test:<name>` is readable by
  // signed-in users whose JWT carries `room_ok`; only `...:rw` topics are writable; presence is
  // readable on `...:presence-only` topics, where broadcast is not.
  beforeAll(async () => {
    await world.db.query(`
      create policy "authz test read" on realtime.messages for select to authenticated using (
        realtime.topic() like 'authz-test:%'
        and (current_setting('request.jwt.claims', true)::jsonb ->> 'room_ok') = 'yes'
        and (realtime.topic() not like '%:presence-only' or extension = 'presence')
      );
      create policy "authz test write" on realtime.messages for insert to authenticated with check (
        realtime.topic() like 'authz-test:%:rw'
      );`);
  });
  afterAll(async () => {
    await world.db.query(`drop policy "authz test read" on realtime.messages;
      drop policy "authz test write" on realtime.messages;`);
  });

  async function withClaims(extra: Record<string, unknown>): Promise<SupabaseClient> {
    const { signJwt } = await import('../../local-supabase/jwt.ts');
    const { anonClient } = await import('../support/stack.ts');
    const client = anonClient();
    await client.realtime.setAuth(
      await signJwt(
        { role: 'authenticated', sub: world.ours.parent.userId, aud: 'authenticated', ...extra },
        600,
      ),
    );
    return client;
  }

  it('evaluates the policies with realtime.topic() and the JWT claims', async () => {
    const topic = uniqueName('authz-test:claims');
    const allowed = await withClaims({ room_ok: 'yes' });
    const denied = await withClaims({ room_ok: 'no' });
    await subscribed(allowed.channel(topic, { config: { private: true } }));
    expect((await subscribeFailure(denied.channel(topic, { config: { private: true } }))).message).toBe(
      refusal(topic),
    );
    await Promise.all([allowed, denied].map((c) => c.removeAllChannels()));
  });

  it('drops a broadcast from a member who may read but not write, acknowledged or not', async () => {
    const readOnlyTopic = uniqueName('authz-test:readonly');
    const reader = await withClaims({ room_ok: 'yes' });
    const listener = await withClaims({ room_ok: 'yes' });
    const received: Received[] = [];
    const listening = listener
      .channel(readOnlyTopic, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m: { event: string; payload: unknown }) => received.push(m));
    await subscribed(listening);
    const sending = reader.channel(readOnlyTopic, { config: { private: true, broadcast: { ack: true } } });
    await subscribed(sending);
    // Hosted Realtime gives no reply to a broadcast it refuses: the acknowledged send times out.
    expect(await sending.send({ type: 'broadcast', event: 'x', payload: {} }, { timeout: 700 })).toBe(
      'timed out',
    );
    // and presence cannot be tracked without write
    expect(await sending.track({ here: true })).toBe('error');

    // on a writable topic the same member's broadcast is delivered
    const rwTopic = uniqueName('authz-test:room') + ':rw';
    const rwListener = listener
      .channel(rwTopic, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m: { event: string; payload: unknown }) => received.push(m));
    await subscribed(rwListener);
    const rwSender = reader.channel(rwTopic, { config: { private: true, broadcast: { ack: true } } });
    await subscribed(rwSender);
    expect(await rwSender.send({ type: 'broadcast', event: 'y', payload: { ok: 1 } })).toBe('ok');
    await waitFor(() => received[0], 3000, 'the writable topic’s message');
    expect(received.map((m) => m.event)).toEqual(['y']);
    await Promise.all([reader, listener].map((c) => c.removeAllChannels()));
  });

  it('admits a member with presence read only, who receives no broadcasts', async () => {
    const topic = uniqueName('authz-test:p') + ':presence-only';
    const member = await withClaims({ room_ok: 'yes' });
    const broadcasts: Received[] = [];
    const channel: RealtimeChannel = member
      .channel(topic, { config: { private: true, presence: { key: 'm' } } })
      .on('presence', { event: 'sync' }, () => {})
      .on('broadcast', { event: '*' }, (m: { event: string; payload: unknown }) => broadcasts.push(m));
    await subscribed(channel);
    // without presence enabled at join, there is nothing this member may read
    const noPresence = await withClaims({ room_ok: 'yes' });
    expect((await subscribeFailure(noPresence.channel(topic, { config: { private: true } }))).message).toBe(
      refusal(topic),
    );
    // a service-role broadcast (allowed to write everywhere) does not reach it; the one sent next
    // on the public topic of the same name (another member listens there) marks when to look
    const { serviceClient } = await import('../support/stack.ts');
    const service = serviceClient();
    const publicTopic = topic;
    const observer = await withClaims({});
    const publicSide = observer
      .channel(publicTopic)
      .on('broadcast', { event: '*' }, (m: { event: string; payload: unknown }) =>
        broadcasts.push({ event: `public ${m.event}`, payload: m.payload }),
      );
    await subscribed(publicSide);
    await service.channel(topic, { config: { private: true } }).httpSend('hidden', { a: 1 });
    const publicService = serviceClient();
    await publicService.channel(publicTopic).httpSend('visible', { a: 2 });
    await waitFor(() => broadcasts[0], 3000, 'the public broadcast');
    expect(broadcasts.map((m) => m.event)).toEqual(['public visible']);
    await Promise.all(
      [member, noPresence, service, publicService, observer].map((c) => c.removeAllChannels()),
    );
  });

  it('closes the channel when a new access token loses the read permission', async () => {
    const topic = uniqueName('authz-test:refresh');
    const { signJwt } = await import('../../local-supabase/jwt.ts');
    const member = await withClaims({ room_ok: 'yes' });
    const statuses: string[] = [];
    const channel = member.channel(topic, { config: { private: true } });
    const systemMessages: string[] = [];
    channel.on('system', {}, (payload: { message?: string }) => systemMessages.push(payload.message ?? ''));
    await subscribed(channel, statuses);
    await member.realtime.setAuth(
      await signJwt(
        { role: 'authenticated', sub: world.ours.parent.userId, aud: 'authenticated', room_ok: 'no' },
        600,
      ),
    );
    await waitFor(() => (statuses.includes('CLOSED') ? true : undefined), 3000, 'the channel to close');
    expect(systemMessages).toContain(`You do not have permissions to read from this Channel topic: ${topic}`);
    await member.removeAllChannels();
  });
});
