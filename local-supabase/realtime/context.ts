import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { Claims } from '../jwt.ts';
import type { StackContext } from '../types.ts';
import type { Authorizer, Policies } from './authorization.ts';
import type { ChangeFeed, ChangeSubscriber } from './changes.ts';
import type { RateLimiter, RealtimeLimits } from './limits.ts';
import type { Vsn } from './protocol.ts';

/**
 * What the parts of the local Realtime share (socket, channels, broadcast, presence, postgres
 * changes, the HTTP API): the open sockets, the rooms their channels meet in, presence, the limits,
 * the change feed and the authorizer. Built once by index.ts and handed to each part, as GoTrue's
 * handlers share one API value.
 */
export interface RealtimeContext {
  stack: StackContext;
  limits: RealtimeLimits;
  /** hosted Realtime's per-second limits, counted project-wide */
  rates: { joins: RateLimiter; events: RateLimiter; presence: RateLimiter };
  feed: ChangeFeed;
  authorizer: Authorizer;
  connections: Set<Connection>;
  /** channels by room: the topic, set apart for private channels (see `roomKeyOf`) */
  rooms: Map<string, Set<Channel>>;
  /** presence by room, then by presence key */
  presence: Map<string, Map<string, PresenceMeta[]>>;
  /** the next id given to a postgres_changes binding, and to a presence meta's `phx_ref` */
  counters: { bindingId: number; presenceRef: number };
}

/** One WebSocket (Phoenix's socket): its serializer version, its apikey, its joined channels. */
export interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  /** the apikey's claims, or why it was refused */
  apikey: Promise<{ claims?: Claims; error?: string }>;
  rawApikey: string;
  /** the upgrade request's headers, given to policies as `request.headers` */
  headers: Record<string, string>;
  channels: Map<string, Channel>;
  lastSeen: number;
  /** frames are handled one at a time per socket */
  queue: Promise<void>;
}

/** A topic joined on one socket (Phoenix's channel process). */
export interface Channel {
  conn: Connection;
  topic: string;
  /** the topic without its `realtime:` prefix */
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

export interface PresenceMeta extends Record<string, unknown> {
  phx_ref: string;
}

/**
 * What a channel's event handler may ask of the channel: to be shut down with a reason, as
 * hosted Realtime shuts a channel that passes a limit.
 */
export type HandlerOutcome = { shutdown: string } | undefined;

export const roomKeyOf = (isPrivate: boolean, subTopic: string) =>
  `${isPrivate ? 'private' : 'public'}:${subTopic}`;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export const log = (rt: RealtimeContext, message: string) => rt.stack.log('realtime', message);

/** A request's headers as one string each (policies read them as `request.headers`). */
export function headersOf(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}
