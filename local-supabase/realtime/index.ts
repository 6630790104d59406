import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { verifyJwt, type Claims } from '../jwt.ts';
import { bearerToken, HttpError, readBody, sendJson } from '../http.ts';
import {
  BINARY_ENCODING,
  JSON_ENCODING,
  ProtocolError,
  decodeBinary,
  decodeText,
  encodeText,
  encodeUserBroadcast,
  type DecodedFrame,
  type Frame,
  type UserBroadcast,
  type Vsn,
} from './protocol.ts';
import { ChangeFeed, type ChangeBinding, type ChangeData, type ChangeSubscriber } from './changes.ts';
import { parseFilter } from './filter.ts';
import { FREE_PLAN_LIMITS, RateLimiter, jsonSize, payloadTooLarge, type RealtimeLimits } from './limits.ts';
import {
  ALL_EXTENSIONS,
  Authorizer,
  emptyPolicies,
  type AuthorizationContext,
  type Extension,
  type Policies,
} from './authorization.ts';
import type { HttpService, StackContext, UpgradeService } from '../types.ts';

/**
 * The local Realtime: the Phoenix channel protocol as realtime-js speaks it, on
 * `/realtime/v1/websocket?apikey=…&vsn=2.0.0`, with postgres_changes (row level security applied
 * per subscriber, see changes.ts), broadcast (also over HTTP at /realtime/v1/api/broadcast)
 * and presence. A socket silent for longer than the idle timeout (60 s; clients send a heartbeat
 * every 25 s) is closed. Hosted Realtime's limits apply (connections, channels per connection,
 * joins, messages and presence messages per second, payload size): see limits.ts.
 *
 * Private channels (`config.private`) are authorized as on Supabase, by the RLS policies on
 * `realtime.messages` (see authorization.ts): joining needs read on broadcast or presence, and a
 * member receives broadcasts only with broadcast read, presence only with presence read; sending
 * needs broadcast write, tracking presence write. A private channel is kept apart from the public
 * channel of the same name.
 */

export interface RealtimeOptions {
  /** close a socket that sent nothing for this long (ms) */
  idleTimeoutMs?: number;
  /** defaults to hosted Realtime's Free plan limits */
  limits?: Partial<RealtimeLimits>;
}

type RealtimeService = UpgradeService & HttpService;

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  /** the apikey's claims, or why it was refused */
  apikey: Promise<{ claims?: Claims; error?: string }>;
  rawApikey: string;
  /** the upgrade request's headers, given to policies as `request.headers` */
  headers: Record<string, string>;
  channels: Map<string, Channel>;
  lastSeen: number;
  queue: Promise<void>;
}

interface Channel {
  conn: Connection;
  topic: string;
  subTopic: string;
  joinRef: string | null;
  isPrivate: boolean;
  roomKey: string;
  selfBroadcast: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  presenceRef: string | null;
  accessToken: string;
  claims: Claims;
  /** a private channel's permissions (null on a public channel, where everything is allowed) */
  policies: Policies | null;
  expiryTimer: NodeJS.Timeout | undefined;
  changes: ChangeSubscriber | undefined;
}

interface PresenceMeta extends Record<string, unknown> {
  phx_ref: string;
}

const VSNS = new Set<Vsn>(['1.0.0', '2.0.0']);
const MAX_FRAME_BYTES = 3 * 1024 * 1024;
const MAX_TIMER_MS = 60 * 60 * 1000;

class TokenError extends Error {
  constructor(
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

async function claimsOf(token: string): Promise<Claims> {
  let claims: Claims;
  try {
    claims = await verifyJwt(token);
  } catch (error) {
    const e = error as { code?: string; message: string; payload?: { exp?: number } };
    if (e.code === 'ERR_JWT_EXPIRED') {
      const ago = Math.max(0, Math.floor(Date.now() / 1000) - Number(e.payload?.exp ?? 0));
      throw new TokenError('InvalidJWTToken', `Token has expired ${ago} seconds ago`);
    }
    if (e.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') {
      throw new TokenError('JwtSignatureError', 'Failed to validate JWT signature');
    }
    if (e.code === 'ERR_JWS_INVALID' || e.code === 'ERR_JWT_INVALID') {
      throw new TokenError('MalformedJWT', 'The token provided is not a valid JWT');
    }
    throw new TokenError('InvalidJWTToken', e.message);
  }
  if (typeof claims.exp !== 'number') {
    throw new TokenError('InvalidJWTToken', 'Fields `role` and `exp` are required in JWT');
  }
  return claims;
}

const cannotRead = (topic: string) => `You do not have permissions to read from this Channel topic: ${topic}`;

/** Whether a member may receive what is sent on its channel (always, on a public channel). */
const mayRead = (channel: Channel, extension: Extension) =>
  channel.policies === null || channel.policies[extension].read === true;

function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export async function createRealtime(
  ctx: StackContext,
  options: RealtimeOptions = {},
): Promise<RealtimeService> {
  const idleTimeoutMs = options.idleTimeoutMs ?? 60_000;
  const limits: RealtimeLimits = { ...FREE_PLAN_LIMITS, ...options.limits };
  const joinRate = new RateLimiter(limits.maxJoinsPerSecond);
  const eventRate = new RateLimiter(limits.maxEventsPerSecond);
  const presenceRate = new RateLimiter(limits.maxPresenceEventsPerSecond);
  const feed = new ChangeFeed(ctx);
  await feed.start();
  const authorizer = new Authorizer(ctx.adminPool);

  function authorizationContext(conn: Connection, subTopic: string, claims: Claims): AuthorizationContext {
    return { topic: subTopic, claims, headers: conn.headers };
  }

  /** Evaluates a private channel's write permissions the first time they are needed. */
  async function ensureWrite(channel: Channel): Promise<Policies | undefined> {
    if (!channel.policies) return undefined;
    if (channel.policies.broadcast.write !== undefined && channel.policies.presence.write !== undefined) {
      return channel.policies;
    }
    try {
      channel.policies = await authorizer.write(
        authorizationContext(channel.conn, channel.subTopic, channel.claims),
        ALL_EXTENSIONS,
        channel.policies,
      );
    } catch (error) {
      ctx.log('realtime', `RlsPolicyError: ${(error as Error).message}`);
      return undefined;
    }
    return channel.policies;
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const connections = new Set<Connection>();
  /** channels by room: the topic, set apart for private channels */
  const rooms = new Map<string, Set<Channel>>();
  const presence = new Map<string, Map<string, PresenceMeta[]>>();
  let nextBindingId = 1;
  let nextRef = 1;

  // ---- sending -------------------------------------------------------------------------------

  function send(conn: Connection, frame: Frame) {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    conn.ws.send(encodeText(frame, conn.vsn));
  }

  function reply(
    conn: Connection,
    frame: DecodedFrame,
    status: 'ok' | 'error',
    response: Record<string, unknown> = {},
  ) {
    send(conn, {
      joinRef: frame.joinRef,
      ref: frame.ref,
      topic: frame.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  function push(channel: Channel, event: string, payload: unknown) {
    send(channel.conn, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event, payload });
  }

  function systemMessage(channel: Channel, extension: string, status: 'ok' | 'error', message: string) {
    push(channel, 'system', { extension, status, message, channel: channel.subTopic });
  }

  // ---- channel lifecycle ------------------------------------------------------------------------

  function roomOf(channel: Channel) {
    let room = rooms.get(channel.roomKey);
    if (!room) {
      room = new Set();
      rooms.set(channel.roomKey, room);
    }
    return room;
  }

  function scheduleExpiry(channel: Channel) {
    clearTimeout(channel.expiryTimer);
    const ms = Math.min(MAX_TIMER_MS, Number(channel.claims.exp) * 1000 - Date.now());
    channel.expiryTimer = setTimeout(
      () => {
        if (Number(channel.claims.exp) * 1000 <= Date.now()) {
          const ago = Math.max(0, Math.floor(Date.now() / 1000) - Number(channel.claims.exp));
          shutdown(channel, `Token has expired ${ago} seconds ago`);
        } else {
          scheduleExpiry(channel);
        }
      },
      Math.max(0, ms),
    );
    channel.expiryTimer.unref();
  }

  /** Closes a channel from the server side, telling the client why (as Supabase does). */
  function shutdown(channel: Channel, message: string) {
    systemMessage(channel, 'system', 'error', message);
    push(channel, 'phx_close', {});
    removeChannel(channel);
  }

  function removeChannel(channel: Channel) {
    clearTimeout(channel.expiryTimer);
    if (channel.changes) feed.unsubscribe(channel.changes);
    untrack(channel);
    const room = rooms.get(channel.roomKey);
    room?.delete(channel);
    if (room && room.size === 0) rooms.delete(channel.roomKey);
    if (channel.conn.channels.get(channel.topic) === channel) channel.conn.channels.delete(channel.topic);
  }

  // ---- presence --------------------------------------------------------------------------------

  function presenceState(roomKey: string) {
    const state: Record<string, { metas: PresenceMeta[] }> = {};
    for (const [key, metas] of presence.get(roomKey) ?? []) state[key] = { metas };
    return state;
  }

  function pushPresenceDiff(
    roomKey: string,
    joins: Record<string, unknown>,
    leaves: Record<string, unknown>,
  ) {
    for (const member of rooms.get(roomKey) ?? []) {
      if (member.presenceEnabled && mayRead(member, 'presence')) {
        push(member, 'presence_diff', { joins, leaves });
      }
    }
  }

  function track(channel: Channel, payload: Record<string, unknown>) {
    const byKey = presence.get(channel.roomKey) ?? new Map<string, PresenceMeta[]>();
    presence.set(channel.roomKey, byKey);
    const metas = byKey.get(channel.presenceKey) ?? [];
    const previous = metas.find((m) => m.phx_ref === channel.presenceRef);
    const meta: PresenceMeta = { ...payload, phx_ref: String(nextRef++) };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    byKey.set(channel.presenceKey, [...metas.filter((m) => m !== previous), meta]);
    channel.presenceRef = meta.phx_ref;
    pushPresenceDiff(
      channel.roomKey,
      { [channel.presenceKey]: { metas: [meta] } },
      previous ? { [channel.presenceKey]: { metas: [previous] } } : {},
    );
  }

  function untrack(channel: Channel) {
    if (!channel.presenceRef) return;
    const byKey = presence.get(channel.roomKey);
    const metas = byKey?.get(channel.presenceKey) ?? [];
    const previous = metas.find((m) => m.phx_ref === channel.presenceRef);
    channel.presenceRef = null;
    if (!byKey || !previous) return;
    const rest = metas.filter((m) => m !== previous);
    if (rest.length) byKey.set(channel.presenceKey, rest);
    else byKey.delete(channel.presenceKey);
    if (byKey.size === 0) presence.delete(channel.roomKey);
    pushPresenceDiff(channel.roomKey, {}, { [channel.presenceKey]: { metas: [previous] } });
  }

  // ---- broadcast -------------------------------------------------------------------------------

  /** Sends a broadcast to a room's members, each in the encoding its socket speaks. */
  function fanOut(
    roomKey: string,
    message: { json?: Record<string, unknown>; user?: UserBroadcast },
    except?: Channel,
  ) {
    for (const member of rooms.get(roomKey) ?? []) {
      if (member === except || !mayRead(member, 'broadcast')) continue;
      const { conn } = member;
      if (conn.ws.readyState !== WebSocket.OPEN) continue;
      if (message.user && conn.vsn === '2.0.0') {
        conn.ws.send(encodeUserBroadcast(member.topic, message.user));
        continue;
      }
      let payload = message.json;
      if (!payload && message.user) {
        // A 1.0.0 socket cannot carry binary; JSON payloads are re-encoded as text.
        if (message.user.encoding !== JSON_ENCODING) continue;
        payload = {
          type: 'broadcast',
          event: message.user.event,
          payload: JSON.parse(message.user.data.toString('utf8') || '{}') as unknown,
          ...(message.user.metadata ? { meta: JSON.parse(message.user.metadata) as unknown } : {}),
        };
      }
      send(conn, { joinRef: null, ref: null, topic: member.topic, event: 'broadcast', payload });
    }
  }

  // ---- joining ---------------------------------------------------------------------------------

  async function join(conn: Connection, frame: DecodedFrame) {
    if (!joinRate.take()) {
      reply(conn, frame, 'error', { reason: 'ClientJoinRateLimitReached: Too many joins per second' });
      conn.ws.close(1000, 'Too many joins per second');
      return;
    }
    if (!conn.channels.has(frame.topic) && conn.channels.size >= limits.maxChannelsPerClient) {
      return reply(conn, frame, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
    }
    if (!frame.topic.startsWith('realtime:')) {
      return reply(conn, frame, 'error', { reason: 'unmatched topic' });
    }
    const subTopic = frame.topic.slice('realtime:'.length);
    if (!subTopic) {
      return reply(conn, frame, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    }
    const payload = isRecord(frame.payload) ? frame.payload : {};
    const config = isRecord(payload.config) ? payload.config : {};
    const broadcast = isRecord(config.broadcast) ? config.broadcast : {};
    const presenceConfig = isRecord(config.presence) ? config.presence : {};
    const isPrivate = config.private === true;

    const apikey = await conn.apikey;
    if (apikey.error || !apikey.claims) {
      return reply(conn, frame, 'error', { reason: apikey.error ?? 'InvalidJWTToken' });
    }
    const given =
      typeof payload.access_token === 'string' && !payload.access_token.startsWith('sb_')
        ? payload.access_token
        : typeof payload.user_token === 'string'
          ? payload.user_token
          : conn.rawApikey;
    let claims: Claims;
    try {
      claims = given === conn.rawApikey ? apikey.claims : await claimsOf(given);
    } catch (error) {
      const e = error as TokenError;
      return reply(conn, frame, 'error', { reason: `${e.code}: ${e.message}` });
    }
    const presenceEnabled = presenceConfig.enabled === true;
    let policies: Policies | null = null;
    if (isPrivate) {
      // Read is evaluated for broadcast, and for presence when the join enables it.
      try {
        policies = await authorizer.read(
          authorizationContext(conn, subTopic, claims),
          presenceEnabled ? ALL_EXTENSIONS : ['broadcast'],
          emptyPolicies(),
        );
      } catch (error) {
        ctx.log('realtime', `RlsPolicyError: ${(error as Error).message}`);
      }
      if (!policies || !(policies.broadcast.read || policies.presence.read)) {
        return reply(conn, frame, 'error', { reason: `Unauthorized: ${cannotRead(subTopic)}` });
      }
    }

    // Postgres changes bindings: echoed back with their ids, in order (the client checks).
    const requested = Array.isArray(config.postgres_changes) ? config.postgres_changes : [];
    const echoed: Record<string, unknown>[] = [];
    const bindings: ChangeBinding[] = [];
    const bindingErrors: string[] = [];
    for (const raw of requested) {
      if (!isRecord(raw)) continue;
      const id = nextBindingId++;
      echoed.push({ ...raw, id });
      const event = typeof raw.event === 'string' ? raw.event.toUpperCase() : '';
      if (!['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event)) {
        bindingErrors.push(`Error parsing \`event\` params: ${String(raw.event)}`);
        continue;
      }
      const schema = typeof raw.schema === 'string' && raw.schema ? raw.schema : 'public';
      const table = typeof raw.table === 'string' && raw.table ? raw.table : undefined;
      let filter;
      if (typeof raw.filter === 'string' && raw.filter) {
        try {
          filter = parseFilter(raw.filter);
        } catch (error) {
          bindingErrors.push((error as Error).message);
          continue;
        }
      }
      bindings.push({ id, event: event as ChangeBinding['event'], schema, table, filter });
    }
    if (bindings.length) {
      for (const table of await feed.ensureWatched(bindings)) {
        ctx.log('realtime', `${table} is not in publication supabase_realtime: its changes are not sent`);
      }
    }
    if (conn.ws.readyState !== WebSocket.OPEN) return;

    // A second join of the same topic on one socket replaces the first, as in Phoenix.
    const existing = conn.channels.get(frame.topic);
    if (existing) {
      push(existing, 'phx_close', {});
      removeChannel(existing);
    }

    const channel: Channel = {
      conn,
      topic: frame.topic,
      subTopic,
      joinRef: frame.joinRef ?? frame.ref,
      isPrivate,
      roomKey: `${isPrivate ? 'private' : 'public'}:${subTopic}`,
      selfBroadcast: broadcast.self === true,
      ack: broadcast.ack === true,
      presenceKey:
        typeof presenceConfig.key === 'string' && presenceConfig.key ? presenceConfig.key : randomUUID(),
      presenceEnabled,
      presenceRef: null,
      accessToken: given,
      claims,
      policies,
      expiryTimer: undefined,
      changes: undefined,
    };
    conn.channels.set(frame.topic, channel);
    roomOf(channel).add(channel);
    scheduleExpiry(channel);

    reply(conn, frame, 'ok', { postgres_changes: echoed });

    if (bindings.length) {
      channel.changes = {
        bindings,
        claims: () => channel.claims,
        deliver: (ids: number[], data: ChangeData) => push(channel, 'postgres_changes', { ids, data }),
      };
      feed.subscribe(channel.changes);
      systemMessage(channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    for (const message of bindingErrors) systemMessage(channel, 'postgres_changes', 'error', message);
    if (channel.presenceEnabled && mayRead(channel, 'presence')) {
      push(channel, 'presence_state', presenceState(channel.roomKey));
    }
  }

  // ---- messages --------------------------------------------------------------------------------

  async function handleFrame(conn: Connection, frame: DecodedFrame) {
    if (frame.topic === 'phoenix') {
      if (frame.event === 'heartbeat') reply(conn, frame, 'ok');
      return;
    }
    if (frame.event === 'phx_join') return join(conn, frame);

    const channel = conn.channels.get(frame.topic);
    if (!channel) {
      // Phoenix answers pushes to a topic the socket has not joined this way.
      if (frame.ref) reply(conn, frame, 'error', { reason: 'unmatched topic' });
      return;
    }
    const payload = isRecord(frame.payload) ? frame.payload : {};

    switch (frame.event) {
      case 'phx_leave':
        reply(conn, frame, 'ok');
        push(channel, 'phx_close', {});
        removeChannel(channel);
        return;

      case 'access_token': {
        const token = payload.access_token;
        if (typeof token !== 'string' || token.startsWith('sb_') || token === channel.accessToken) return;
        let claims: Claims;
        try {
          claims = await claimsOf(token);
        } catch (error) {
          return shutdown(channel, (error as Error).message);
        }
        if (channel.policies) {
          // A new token: the permissions are evaluated again (write lazily, as after a join).
          const previous = channel.policies;
          let next: Policies | undefined;
          try {
            next = await authorizer.read(
              authorizationContext(conn, channel.subTopic, claims),
              channel.presenceEnabled ? ALL_EXTENSIONS : ['broadcast'],
              emptyPolicies(),
            );
          } catch (error) {
            ctx.log('realtime', `RlsPolicyError: ${(error as Error).message}`);
          }
          if (!next || !(next.broadcast.read || next.presence.read)) {
            return shutdown(channel, cannotRead(channel.subTopic));
          }
          const revoked = (['broadcast', 'presence'] as const).some(
            (extension) => previous[extension].read === true && next[extension].read === false,
          );
          if (revoked) {
            return shutdown(
              channel,
              `You no longer have permission to read from this Channel topic: ${channel.subTopic}`,
            );
          }
          channel.policies = next;
        }
        channel.accessToken = token;
        channel.claims = claims;
        scheduleExpiry(channel);
        return;
      }

      case 'broadcast': {
        if (channel.policies) {
          // Sending on a private channel needs broadcast write; without it the message is
          // dropped without a reply, acknowledged or not, as hosted Realtime does.
          const policies = await ensureWrite(channel);
          if (!policies?.broadcast.write) return;
        }
        if (!eventRate.take()) return shutdown(channel, 'Too many messages per second');
        const size = frame.userBroadcast ? frame.userBroadcast.data.length : jsonSize(payload.payload);
        if (payloadTooLarge(limits, size)) {
          // Dropped, as hosted Realtime drops it; an acknowledged broadcast learns why.
          if (channel.ack && frame.ref) reply(conn, frame, 'error', { reason: 'payload_size_exceeded' });
          return;
        }
        if (frame.userBroadcast) {
          fanOut(channel.roomKey, { user: frame.userBroadcast }, channel.selfBroadcast ? undefined : channel);
        } else {
          fanOut(
            channel.roomKey,
            { json: { ...payload, type: 'broadcast' } },
            channel.selfBroadcast ? undefined : channel,
          );
        }
        if (channel.ack && frame.ref) reply(conn, frame, 'ok');
        return;
      }

      case 'presence': {
        const event = payload.event;
        if (event === 'track') {
          const meta = payload.payload ?? {};
          if (!isRecord(meta)) {
            return reply(conn, frame, 'error', { reason: 'Presence track payload must be a map' });
          }
          if (payloadTooLarge(limits, jsonSize(meta)))
            return shutdown(channel, 'Track message size exceeded');
          if (!presenceRate.take()) return shutdown(channel, 'Too many presence messages per second');
          if (channel.policies) {
            if (channel.policies.presence.read === undefined) {
              // Presence was off at join: its read permission is evaluated now.
              try {
                channel.policies = await authorizer.read(
                  authorizationContext(conn, channel.subTopic, channel.claims),
                  ['presence'],
                  channel.policies,
                );
              } catch (error) {
                ctx.log('realtime', `RlsPolicyError: ${(error as Error).message}`);
                return reply(conn, frame, 'error');
              }
            }
            const policies = await ensureWrite(channel);
            if (!policies?.presence.write) return reply(conn, frame, 'error');
          }
          if (!channel.presenceEnabled) {
            // Tracking turns presence on: send who is already here first.
            channel.presenceEnabled = true;
            if (mayRead(channel, 'presence')) push(channel, 'presence_state', presenceState(channel.roomKey));
          }
          track(channel, meta);
        } else if (event === 'untrack') {
          untrack(channel);
        } else {
          return reply(conn, frame, 'error', { reason: 'unknown presence event' });
        }
        return reply(conn, frame, 'ok');
      }

      default:
        // Supabase ignores other client events.
        return;
    }
  }

  function onMessage(conn: Connection, data: RawData, isBinary: boolean) {
    conn.lastSeen = Date.now();
    let frame: DecodedFrame;
    try {
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      frame = isBinary ? decodeBinary(buffer) : decodeText(buffer.toString('utf8'), conn.vsn);
    } catch (error) {
      const reason = error instanceof ProtocolError ? error.message : 'invalid frame';
      ctx.log('realtime', `dropping a frame: ${reason}`);
      return;
    }
    // One frame at a time per socket, so a join completes before that socket's next message.
    conn.queue = conn.queue
      .then(() => handleFrame(conn, frame))
      .catch((error: Error) =>
        ctx.log('realtime', `${frame.event} on ${frame.topic}: ${error.stack ?? error}`),
      );
  }

  function onClose(conn: Connection) {
    connections.delete(conn);
    for (const channel of [...conn.channels.values()]) removeChannel(channel);
  }

  const idleTimer = setInterval(
    () => {
      const now = Date.now();
      for (const conn of connections) {
        if (now - conn.lastSeen > idleTimeoutMs) {
          conn.ws.close(1000, 'heartbeat timeout');
          setTimeout(() => conn.ws.terminate(), 1000).unref();
        }
      }
    },
    Math.max(200, Math.min(15_000, idleTimeoutMs / 4)),
  );
  idleTimer.unref();

  // ---- HTTP broadcast --------------------------------------------------------------------------

  async function httpClaims(req: IncomingMessage, url: URL): Promise<Claims> {
    const apikey = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey');
    const token = bearerToken(req, url);
    if (!apikey && !token) {
      throw new HttpError(401, { message: 'No API key found in request' });
    }
    try {
      if (apikey) await claimsOf(apikey);
      return await claimsOf(token ?? apikey!);
    } catch (error) {
      throw new HttpError(401, { message: (error as Error).message });
    }
  }

  /** Whether the caller of the HTTP broadcast API may send on a private topic. */
  async function mayWrite(req: IncomingMessage, claims: Claims, topic: string): Promise<boolean> {
    try {
      const policies = await authorizer.write(
        { topic, claims, headers: headersOf(req) },
        ALL_EXTENSIONS,
        emptyPolicies(),
      );
      return policies.broadcast.write === true;
    } catch (error) {
      ctx.log('realtime', `RlsPolicyError: ${(error as Error).message}`);
      return false;
    }
  }

  async function handleHttp(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(path);
    if (req.method !== 'POST' || (path !== '/api/broadcast' && !single)) {
      return sendJson(res, 404, { message: 'Not found' });
    }
    const claims = await httpClaims(req, url);
    const body = await readBody(req);
    if (single) {
      const subTopic = decodeURIComponent(single[1]!);
      const event = decodeURIComponent(single[2]!);
      const isPrivate = url.searchParams.get('private') === 'true';
      if (isPrivate && !(await mayWrite(req, claims, subTopic))) {
        return sendJson(res, 403, { error: 'Unauthorized' });
      }
      const isJson = !/octet-stream/i.test(String(req.headers['content-type'] ?? ''));
      if (isJson) {
        try {
          JSON.parse(body.toString('utf8'));
        } catch {
          return sendJson(res, 400, { error: 'payload must be JSON' });
        }
      }
      fanOut(`${isPrivate ? 'private' : 'public'}:${subTopic}`, {
        user: { event, encoding: isJson ? JSON_ENCODING : BINARY_ENCODING, data: body, metadata: '' },
      });
      return sendJson(res, 202, undefined);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 400, { message: 'Invalid JSON' });
    }
    const messages = isRecord(parsed) && Array.isArray(parsed.messages) ? parsed.messages : undefined;
    if (
      !messages ||
      !messages.every((m) => isRecord(m) && typeof m.topic === 'string' && typeof m.event === 'string')
    ) {
      return sendJson(res, 400, { message: 'Expected {messages: [{topic, event, payload}]}' });
    }
    const writable = new Map<string, boolean>();
    for (const message of messages as Record<string, unknown>[]) {
      const isPrivate = message.private === true;
      const topic = String(message.topic);
      if (isPrivate) {
        // Checked once per topic; messages to a topic the caller may not write to are skipped.
        if (!writable.has(topic)) writable.set(topic, await mayWrite(req, claims, topic));
        if (!writable.get(topic)) continue;
      }
      fanOut(`${isPrivate ? 'private' : 'public'}:${String(message.topic)}`, {
        json: { type: 'broadcast', event: message.event, payload: message.payload ?? {} },
      });
    }
    return sendJson(res, 202, undefined);
  }

  // ---- the service -----------------------------------------------------------------------------

  return {
    handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const rawApikey =
        url.searchParams.get('apikey') ?? (typeof req.headers.apikey === 'string' ? req.headers.apikey : '');
      const vsn = (url.searchParams.get('vsn') ?? '1.0.0') as Vsn;
      const refuse = (status: string, body: Record<string, string>) => {
        socket.end(
          `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n` +
            JSON.stringify(body),
        );
      };
      if (!rawApikey) return refuse('403 Forbidden', { message: 'No API key found in request' });
      if (!VSNS.has(vsn)) {
        return refuse('400 Bad Request', { message: `Unsupported serializer version ${vsn}` });
      }
      if (connections.size >= limits.maxConcurrentUsers) {
        return refuse('429 Too Many Requests', { error: 'Too many connected users' });
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const conn: Connection = {
          ws,
          vsn,
          rawApikey,
          headers: headersOf(req),
          apikey: claimsOf(rawApikey).then(
            (claims) => ({ claims }),
            (error: TokenError) => ({ error: `${error.code}: ${error.message}` }),
          ),
          channels: new Map(),
          lastSeen: Date.now(),
          queue: Promise.resolve(),
        };
        connections.add(conn);
        ws.on('message', (data, isBinary) => onMessage(conn, data, isBinary));
        ws.on('close', () => onClose(conn));
        ws.on('error', () => ws.terminate());
      });
    },

    handle: handleHttp,

    async close() {
      clearInterval(idleTimer);
      for (const conn of connections) {
        for (const channel of conn.channels.values()) clearTimeout(channel.expiryTimer);
        conn.ws.terminate();
      }
      connections.clear();
      rooms.clear();
      presence.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await feed.close();
    },
  };
}
