import {
  isRecord,
  type Channel,
  type HandlerOutcome,
  type PresenceMeta,
  type RealtimeContext,
} from './context.ts';
import { push, reply } from './frames.ts';
import { jsonSize, payloadTooLarge } from './limits.ts';
import { ensureWrite, mayRead, readPolicies } from './permissions.ts';
import type { DecodedFrame } from './protocol.ts';

/**
 * Presence (Phoenix.Presence as realtime-js reads it): each channel tracks at most one meta under
 * its presence key in its room; members with presence on receive the room's `presence_state` when
 * they start, then a `presence_diff` of joins and leaves. On a private channel tracking needs
 * presence write, and only members with presence read receive anything.
 */

function presenceState(rt: RealtimeContext, roomKey: string) {
  const state: Record<string, { metas: PresenceMeta[] }> = {};
  for (const [key, metas] of rt.presence.get(roomKey) ?? []) state[key] = { metas };
  return state;
}

/** Sends the room's presence to a member that may read it. */
export function sendPresenceState(rt: RealtimeContext, channel: Channel) {
  if (mayRead(channel, 'presence')) push(channel, 'presence_state', presenceState(rt, channel.roomKey));
}

function pushPresenceDiff(
  rt: RealtimeContext,
  roomKey: string,
  joins: Record<string, unknown>,
  leaves: Record<string, unknown>,
) {
  for (const member of rt.rooms.get(roomKey) ?? []) {
    if (member.presenceEnabled && mayRead(member, 'presence')) {
      push(member, 'presence_diff', { joins, leaves });
    }
  }
}

function track(rt: RealtimeContext, channel: Channel, payload: Record<string, unknown>) {
  const byKey = rt.presence.get(channel.roomKey) ?? new Map<string, PresenceMeta[]>();
  rt.presence.set(channel.roomKey, byKey);
  const metas = byKey.get(channel.presenceKey) ?? [];
  const previous = metas.find((m) => m.phx_ref === channel.presenceRef);
  const meta: PresenceMeta = { ...payload, phx_ref: String(rt.counters.presenceRef++) };
  if (previous) meta.phx_ref_prev = previous.phx_ref;
  byKey.set(channel.presenceKey, [...metas.filter((m) => m !== previous), meta]);
  channel.presenceRef = meta.phx_ref;
  pushPresenceDiff(
    rt,
    channel.roomKey,
    { [channel.presenceKey]: { metas: [meta] } },
    previous ? { [channel.presenceKey]: { metas: [previous] } } : {},
  );
}

/** Removes the channel's meta, if it tracks one, and tells the room. */
export function untrack(rt: RealtimeContext, channel: Channel) {
  if (!channel.presenceRef) return;
  const byKey = rt.presence.get(channel.roomKey);
  const metas = byKey?.get(channel.presenceKey) ?? [];
  const previous = metas.find((m) => m.phx_ref === channel.presenceRef);
  channel.presenceRef = null;
  if (!byKey || !previous) return;
  const rest = metas.filter((m) => m !== previous);
  if (rest.length) byKey.set(channel.presenceKey, rest);
  else byKey.delete(channel.presenceKey);
  if (byKey.size === 0) rt.presence.delete(channel.roomKey);
  pushPresenceDiff(rt, channel.roomKey, {}, { [channel.presenceKey]: { metas: [previous] } });
}

/** Whether a private channel may track: presence read (evaluated now if presence was off at join) and write. */
async function mayTrack(rt: RealtimeContext, channel: Channel): Promise<boolean> {
  if (!channel.policies) return true;
  if (channel.policies.presence.read === undefined) {
    const read = await readPolicies(
      rt,
      channel.conn,
      channel.subTopic,
      channel.claims,
      ['presence'],
      channel.policies,
    );
    if (!read) return false;
    channel.policies = read;
  }
  const policies = await ensureWrite(rt, channel);
  return policies?.presence.write === true;
}

/** A `presence` push: track or untrack, answered ok or error. */
export async function handlePresence(
  rt: RealtimeContext,
  channel: Channel,
  frame: DecodedFrame,
  payload: Record<string, unknown>,
): Promise<HandlerOutcome> {
  const { conn } = channel;
  if (payload.event === 'untrack') {
    untrack(rt, channel);
    reply(conn, frame, 'ok');
    return;
  }
  if (payload.event !== 'track') {
    reply(conn, frame, 'error', { reason: 'unknown presence event' });
    return;
  }
  const meta = payload.payload ?? {};
  if (!isRecord(meta)) {
    reply(conn, frame, 'error', { reason: 'Presence track payload must be a map' });
    return;
  }
  if (payloadTooLarge(rt.limits, jsonSize(meta))) return { shutdown: 'Track message size exceeded' };
  if (!rt.rates.presence.take()) return { shutdown: 'Too many presence messages per second' };
  if (!(await mayTrack(rt, channel))) {
    reply(conn, frame, 'error');
    return;
  }
  if (!channel.presenceEnabled) {
    // Tracking turns presence on: send who is already here first.
    channel.presenceEnabled = true;
    sendPresenceState(rt, channel);
  }
  track(rt, channel, meta);
  reply(conn, frame, 'ok');
}
