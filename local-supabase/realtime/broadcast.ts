import { WebSocket } from 'ws';
import type { Channel, HandlerOutcome, RealtimeContext } from './context.ts';
import { reply, send } from './frames.ts';
import { jsonSize, payloadTooLarge } from './limits.ts';
import { ensureWrite, mayRead } from './permissions.ts';
import { JSON_ENCODING, encodeUserBroadcast, type DecodedFrame, type UserBroadcast } from './protocol.ts';

/**
 * Broadcast: a message sent on a channel (or through the HTTP API, see broadcast-api.ts) reaches
 * the room's other members, and the sender too with `config.broadcast.self`; `ack` asks for a
 * reply. On a private channel sending needs broadcast write and receiving broadcast read.
 */

/** A broadcast as it travels: JSON to rebuild, or a user broadcast whose payload stays bytes. */
export interface Outgoing {
  json?: Record<string, unknown>;
  user?: UserBroadcast;
}

/** A user broadcast re-encoded as JSON, for a 1.0.0 socket (which cannot carry binary). */
function asJson(user: UserBroadcast): Record<string, unknown> | undefined {
  if (user.encoding !== JSON_ENCODING) return undefined;
  return {
    type: 'broadcast',
    event: user.event,
    payload: JSON.parse(user.data.toString('utf8') || '{}') as unknown,
    ...(user.metadata ? { meta: JSON.parse(user.metadata) as unknown } : {}),
  };
}

/** Sends a broadcast to a room's members, each in the encoding its socket speaks. */
export function fanOut(rt: RealtimeContext, roomKey: string, message: Outgoing, except?: Channel) {
  for (const member of rt.rooms.get(roomKey) ?? []) {
    if (member === except || !mayRead(member, 'broadcast')) continue;
    const { conn } = member;
    if (conn.ws.readyState !== WebSocket.OPEN) continue;
    if (message.user && conn.vsn === '2.0.0') {
      conn.ws.send(encodeUserBroadcast(member.topic, message.user));
      continue;
    }
    const payload = message.json ?? (message.user && asJson(message.user));
    if (!payload) continue;
    send(conn, { joinRef: null, ref: null, topic: member.topic, event: 'broadcast', payload });
  }
}

/** A `broadcast` push from a member of the channel. */
export async function handleBroadcast(
  rt: RealtimeContext,
  channel: Channel,
  frame: DecodedFrame,
  payload: Record<string, unknown>,
): Promise<HandlerOutcome> {
  if (channel.policies) {
    // Sending on a private channel needs broadcast write; without it the message is
    // dropped without a reply, acknowledged or not, as hosted Realtime does.
    const policies = await ensureWrite(rt, channel);
    if (!policies?.broadcast.write) return;
  }
  if (!rt.rates.events.take()) return { shutdown: 'Too many messages per second' };
  const size = frame.userBroadcast ? frame.userBroadcast.data.length : jsonSize(payload.payload);
  const acknowledged = channel.ack && frame.ref;
  if (payloadTooLarge(rt.limits, size)) {
    // Dropped, as hosted Realtime drops it; an acknowledged broadcast learns why.
    if (acknowledged) reply(channel.conn, frame, 'error', { reason: 'payload_size_exceeded' });
    return;
  }
  const message: Outgoing = frame.userBroadcast
    ? { user: frame.userBroadcast }
    : { json: { ...payload, type: 'broadcast' } };
  fanOut(rt, channel.roomKey, message, channel.selfBroadcast ? undefined : channel);
  if (acknowledged) reply(channel.conn, frame, 'ok');
}
