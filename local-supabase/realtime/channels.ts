import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { Claims } from '../jwt.ts';
import { ALL_EXTENSIONS, emptyPolicies, type Extension, type Policies } from './authorization.ts';
import { handleBroadcast } from './broadcast.ts';
import {
  isRecord,
  roomKeyOf,
  type Channel,
  type Connection,
  type HandlerOutcome,
  type RealtimeContext,
} from './context.ts';
import { push, reply, systemMessage } from './frames.ts';
import { cannotRead, readPolicies } from './permissions.ts';
import { joinBindings, subscribeChanges, unsubscribeChanges } from './postgres-changes.ts';
import { handlePresence, sendPresenceState, untrack } from './presence.ts';
import type { DecodedFrame } from './protocol.ts';
import { claimsOf, type TokenError } from './tokens.ts';

/**
 * Channels, as Realtime's channel process keeps them: a join (limits, topic, the access token's
 * claims, a private channel's read permission, the postgres_changes bindings), the events pushed on
 * a joined channel (leave, a new access token, and broadcast and presence, handed to their own
 * files), the channel's end when its token expires, and a shutdown from the server side.
 */

const MAX_TIMER_MS = 60 * 60 * 1000;

// ---- joining -----------------------------------------------------------------------------------

/** The join-time limits and the topic's shape; a refused join is answered here. */
function admit(rt: RealtimeContext, conn: Connection, frame: DecodedFrame): boolean {
  if (!rt.rates.joins.take()) {
    reply(conn, frame, 'error', { reason: 'ClientJoinRateLimitReached: Too many joins per second' });
    conn.ws.close(1000, 'Too many joins per second');
    return false;
  }
  let reason: string | undefined;
  if (!conn.channels.has(frame.topic) && conn.channels.size >= rt.limits.maxChannelsPerClient) {
    reason = 'ChannelRateLimitReached: Too many channels';
  } else if (!frame.topic.startsWith('realtime:')) {
    reason = 'unmatched topic';
  } else if (frame.topic === 'realtime:') {
    reason = 'TopicNameRequired: You must provide a topic name';
  }
  if (reason) reply(conn, frame, 'error', { reason });
  return !reason;
}

/** The token a join acts with (its access_token, else the socket's apikey) and its claims. */
async function joinToken(
  conn: Connection,
  payload: Record<string, unknown>,
): Promise<{ token: string; claims: Claims } | { reason: string }> {
  const apikey = await conn.apikey;
  if (apikey.error || !apikey.claims) return { reason: apikey.error ?? 'InvalidJWTToken' };
  const token =
    typeof payload.access_token === 'string' && !payload.access_token.startsWith('sb_')
      ? payload.access_token
      : typeof payload.user_token === 'string'
        ? payload.user_token
        : conn.rawApikey;
  try {
    return { token, claims: token === conn.rawApikey ? apikey.claims : await claimsOf(token) };
  } catch (error) {
    const e = error as TokenError;
    return { reason: `${e.code}: ${e.message}` };
  }
}

export async function join(rt: RealtimeContext, conn: Connection, frame: DecodedFrame) {
  if (!admit(rt, conn, frame)) return;
  const subTopic = frame.topic.slice('realtime:'.length);
  const payload = isRecord(frame.payload) ? frame.payload : {};
  const config = isRecord(payload.config) ? payload.config : {};
  const broadcast = isRecord(config.broadcast) ? config.broadcast : {};
  const presenceConfig = isRecord(config.presence) ? config.presence : {};
  const isPrivate = config.private === true;
  const presenceEnabled = presenceConfig.enabled === true;

  const token = await joinToken(conn, payload);
  if ('reason' in token) return reply(conn, frame, 'error', { reason: token.reason });
  let policies: Policies | null = null;
  if (isPrivate) {
    // Read is evaluated for broadcast, and for presence when the join enables it.
    const extensions: Extension[] = presenceEnabled ? ALL_EXTENSIONS : ['broadcast'];
    const read = await readPolicies(rt, conn, subTopic, token.claims, extensions, emptyPolicies());
    if (!read || !(read.broadcast.read || read.presence.read)) {
      return reply(conn, frame, 'error', { reason: `Unauthorized: ${cannotRead(subTopic)}` });
    }
    policies = read;
  }
  const changes = await joinBindings(rt, config.postgres_changes);
  if (conn.ws.readyState !== WebSocket.OPEN) return;

  // A second join of the same topic on one socket replaces the first, as in Phoenix.
  const existing = conn.channels.get(frame.topic);
  if (existing) {
    push(existing, 'phx_close', {});
    removeChannel(rt, existing);
  }
  const channel: Channel = {
    conn,
    topic: frame.topic,
    subTopic,
    joinRef: frame.joinRef ?? frame.ref,
    isPrivate,
    roomKey: roomKeyOf(isPrivate, subTopic),
    selfBroadcast: broadcast.self === true,
    ack: broadcast.ack === true,
    presenceKey:
      typeof presenceConfig.key === 'string' && presenceConfig.key ? presenceConfig.key : randomUUID(),
    presenceEnabled,
    presenceRef: null,
    accessToken: token.token,
    claims: token.claims,
    policies,
    expiryTimer: undefined,
    changes: undefined,
  };
  addChannel(rt, channel);
  reply(conn, frame, 'ok', { postgres_changes: changes.echoed });
  subscribeChanges(rt, channel, changes);
  if (channel.presenceEnabled) sendPresenceState(rt, channel);
}

// ---- membership --------------------------------------------------------------------------------

function addChannel(rt: RealtimeContext, channel: Channel) {
  channel.conn.channels.set(channel.topic, channel);
  let room = rt.rooms.get(channel.roomKey);
  if (!room) {
    room = new Set();
    rt.rooms.set(channel.roomKey, room);
  }
  room.add(channel);
  scheduleExpiry(rt, channel);
}

export function removeChannel(rt: RealtimeContext, channel: Channel) {
  clearTimeout(channel.expiryTimer);
  unsubscribeChanges(rt, channel);
  untrack(rt, channel);
  const room = rt.rooms.get(channel.roomKey);
  room?.delete(channel);
  if (room && room.size === 0) rt.rooms.delete(channel.roomKey);
  if (channel.conn.channels.get(channel.topic) === channel) channel.conn.channels.delete(channel.topic);
}

/** Closes a channel from the server side, telling the client why (as Supabase does). */
function shutdown(rt: RealtimeContext, channel: Channel, message: string) {
  systemMessage(channel, 'system', 'error', message);
  push(channel, 'phx_close', {});
  removeChannel(rt, channel);
}

/** Shuts the channel down when its access token expires (checked again past the longest timer). */
function scheduleExpiry(rt: RealtimeContext, channel: Channel) {
  clearTimeout(channel.expiryTimer);
  const ms = Math.min(MAX_TIMER_MS, Number(channel.claims.exp) * 1000 - Date.now());
  channel.expiryTimer = setTimeout(
    () => {
      if (Number(channel.claims.exp) * 1000 <= Date.now()) {
        const ago = Math.max(0, Math.floor(Date.now() / 1000) - Number(channel.claims.exp));
        shutdown(rt, channel, `Token has expired ${ago} seconds ago`);
      } else {
        scheduleExpiry(rt, channel);
      }
    },
    Math.max(0, ms),
  );
  channel.expiryTimer.unref();
}

// ---- a new access token ------------------------------------------------------------------------

/** A private channel's read permissions under new claims; refused if it may no longer read. */
async function policiesAfterRefresh(
  rt: RealtimeContext,
  channel: Channel,
  previous: Policies,
  claims: Claims,
): Promise<{ policies: Policies } | { shutdown: string }> {
  // A new token: the permissions are evaluated again (write lazily, as after a join).
  const extensions: Extension[] = channel.presenceEnabled ? ALL_EXTENSIONS : ['broadcast'];
  const next = await readPolicies(rt, channel.conn, channel.subTopic, claims, extensions, emptyPolicies());
  if (!next || !(next.broadcast.read || next.presence.read))
    return { shutdown: cannotRead(channel.subTopic) };
  const revoked = (['broadcast', 'presence'] as const).some(
    (extension) => previous[extension].read === true && next[extension].read === false,
  );
  if (revoked) {
    return { shutdown: `You no longer have permission to read from this Channel topic: ${channel.subTopic}` };
  }
  return { policies: next };
}

/** An `access_token` push: the channel goes on with the new token's claims, or is shut down. */
async function refreshToken(
  rt: RealtimeContext,
  channel: Channel,
  payload: Record<string, unknown>,
): Promise<HandlerOutcome> {
  const token = payload.access_token;
  if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.accessToken) return;
  let claims: Claims;
  try {
    claims = await claimsOf(token);
  } catch (error) {
    return { shutdown: (error as Error).message };
  }
  if (channel.policies) {
    const checked = await policiesAfterRefresh(rt, channel, channel.policies, claims);
    if ('shutdown' in checked) return checked;
    channel.policies = checked.policies;
  }
  channel.accessToken = token;
  channel.claims = claims;
  scheduleExpiry(rt, channel);
}

// ---- events on a joined channel ----------------------------------------------------------------

/** Routes a push on a joined topic to its handler; a handler's shutdown is carried out here. */
export async function handleChannelFrame(rt: RealtimeContext, conn: Connection, frame: DecodedFrame) {
  const channel = conn.channels.get(frame.topic);
  if (!channel) {
    // Phoenix answers pushes to a topic the socket has not joined this way.
    if (frame.ref) reply(conn, frame, 'error', { reason: 'unmatched topic' });
    return;
  }
  const payload = isRecord(frame.payload) ? frame.payload : {};
  let outcome: HandlerOutcome;
  switch (frame.event) {
    case 'phx_leave':
      reply(conn, frame, 'ok');
      push(channel, 'phx_close', {});
      removeChannel(rt, channel);
      return;
    case 'access_token':
      outcome = await refreshToken(rt, channel, payload);
      break;
    case 'broadcast':
      outcome = await handleBroadcast(rt, channel, frame, payload);
      break;
    case 'presence':
      outcome = await handlePresence(rt, channel, frame, payload);
      break;
    default:
      // Supabase ignores other client events.
      return;
  }
  if (outcome) shutdown(rt, channel, outcome.shutdown);
}
