/**
 * Hosted Realtime's per-project limits (supabase.com/docs/guides/realtime/limits), in one place.
 * The local stack applies the Free plan's values: what a new project gets, and ample for one
 * developer's browser tabs and the test suites. Each is answered as hosted Realtime answers it:
 *
 * - concurrent connections: the WebSocket upgrade is refused with 429 `Too many connected users`
 * - channels per connection: the join is refused, `ChannelRateLimitReached: Too many channels`
 * - channel joins per second: the join is refused, `ClientJoinRateLimitReached: Too many joins per
 *   second`, and the socket is disconnected
 * - messages per second (broadcast): the channel is shut down, `Too many messages per second`
 * - presence messages per second: the channel is shut down, `Too many presence messages per second`
 * - payload size (broadcast and presence): an oversize broadcast is dropped (an acknowledged one is
 *   answered with an error); an oversize presence track shuts the channel down, `Track message
 *   size exceeded`
 */

export interface RealtimeLimits {
  maxConcurrentUsers: number;
  maxChannelsPerClient: number;
  maxJoinsPerSecond: number;
  maxEventsPerSecond: number;
  maxPresenceEventsPerSecond: number;
  maxPayloadSizeKb: number;
}

export const FREE_PLAN_LIMITS: RealtimeLimits = {
  maxConcurrentUsers: 200,
  maxChannelsPerClient: 100,
  maxJoinsPerSecond: 100,
  maxEventsPerSecond: 100,
  maxPresenceEventsPerSecond: 20,
  maxPayloadSizeKb: 256,
};

/** Hosted Realtime allows this much over the limit for the message's own framing. */
const PAYLOAD_PADDING_BYTES = 500;

export function payloadTooLarge(limits: RealtimeLimits, bytes: number): boolean {
  return bytes > limits.maxPayloadSizeKb * 1000 + PAYLOAD_PADDING_BYTES;
}

/** The size of a JSON payload as it travels. */
export function jsonSize(payload: unknown): number {
  return Buffer.byteLength(JSON.stringify(payload ?? null) ?? '');
}

/** Counts events per one-second window; `take` says whether one more is within the limit. */
export class RateLimiter {
  private windowStart = 0;
  private count = 0;

  constructor(private perSecond: number) {}

  take(now = Date.now()): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now;
      this.count = 0;
    }
    if (this.count >= this.perSecond) return false;
    this.count += 1;
    return true;
  }
}
