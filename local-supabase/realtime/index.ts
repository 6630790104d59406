import { Authorizer } from './authorization.ts';
import { fanOut } from './broadcast.ts';
import { handleBroadcastApi } from './broadcast-api.ts';
import { ChangeFeed } from './changes.ts';
import { roomKeyOf, type RealtimeContext } from './context.ts';
import { FREE_PLAN_LIMITS, RateLimiter, type RealtimeLimits } from './limits.ts';
import { createSocket } from './socket.ts';
import type { HttpService, StackContext, UpgradeService } from '../types.ts';

/**
 * The local Realtime: the Phoenix channel protocol as realtime-js speaks it, on
 * `/realtime/v1/websocket?apikey=…&vsn=2.0.0`, with postgres_changes (row level security applied
 * per subscriber, see changes.ts), broadcast (also over HTTP at /realtime/v1/api/broadcast)
 * and presence, and broadcast from the database (`realtime.send`, database-broadcast.ts). A socket silent for longer than the idle timeout (60 s; clients send a heartbeat
 * every 25 s) is closed. Hosted Realtime's limits apply (connections, channels per connection,
 * joins, messages and presence messages per second, payload size): see limits.ts.
 *
 * Private channels (`config.private`) are authorized as on Supabase, by the RLS policies on
 * `realtime.messages` (see authorization.ts): joining needs read on broadcast or presence, and a
 * member receives broadcasts only with broadcast read, presence only with presence read; sending
 * needs broadcast write, tracking presence write. A private channel is kept apart from the public
 * channel of the same name.
 *
 * Split as Supabase Realtime splits it: the socket (socket.ts: upgrade, frames, heartbeat),
 * channels (channels.ts: join, leave, token expiry and refresh), broadcast (broadcast.ts),
 * presence (presence.ts), postgres changes (postgres-changes.ts, over the change feed of
 * changes.ts) and the HTTP API (broadcast-api.ts); they share one RealtimeContext (context.ts).
 */

export interface RealtimeOptions {
  /** close a socket that sent nothing for this long (ms) */
  idleTimeoutMs?: number;
  /** defaults to hosted Realtime's Free plan limits */
  limits?: Partial<RealtimeLimits>;
}

type RealtimeService = UpgradeService & HttpService;

export async function createRealtime(
  ctx: StackContext,
  options: RealtimeOptions = {},
): Promise<RealtimeService> {
  const limits: RealtimeLimits = { ...FREE_PLAN_LIMITS, ...options.limits };
  const feed = new ChangeFeed(ctx);
  await feed.start();
  const rt: RealtimeContext = {
    stack: ctx,
    limits,
    rates: {
      joins: new RateLimiter(limits.maxJoinsPerSecond),
      events: new RateLimiter(limits.maxEventsPerSecond),
      presence: new RateLimiter(limits.maxPresenceEventsPerSecond),
    },
    feed,
    authorizer: new Authorizer(ctx.adminPool),
    connections: new Set(),
    rooms: new Map(),
    presence: new Map(),
    counters: { bindingId: 1, presenceRef: 1 },
  };
  // Broadcast from the database: to the topic's members, private ones as their policies allow.
  feed.onBroadcast = ({ topic, event, payload, private: isPrivate }) =>
    fanOut(rt, roomKeyOf(isPrivate, topic), { json: { type: 'broadcast', event, payload } });
  const socket = createSocket(rt, options.idleTimeoutMs ?? 60_000);

  return {
    handleUpgrade: socket.handleUpgrade,
    handle: (req, res, path, url) => handleBroadcastApi(rt, req, res, path, url),
    async close() {
      // The sockets are terminated at once; rooms and presence go before their close events run.
      const closing = socket.close();
      rt.rooms.clear();
      rt.presence.clear();
      await closing;
      await feed.close();
    },
  };
}
