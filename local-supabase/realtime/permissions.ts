import type { Claims } from '../jwt.ts';
import { ALL_EXTENSIONS, type Extension, type Policies } from './authorization.ts';
import { log, type Channel, type Connection, type RealtimeContext } from './context.ts';

/**
 * A private channel's permissions as its members use them (the policies themselves are evaluated
 * by authorization.ts): read is evaluated on join and on a new access token, write lazily on the
 * first send or track. A policy that cannot be evaluated is logged as hosted Realtime logs it
 * (RlsPolicyError) and grants nothing.
 */

export const cannotRead = (topic: string) =>
  `You do not have permissions to read from this Channel topic: ${topic}`;

/** Whether a member may receive what is sent on its channel (always, on a public channel). */
export const mayRead = (channel: Channel, extension: Extension) =>
  channel.policies === null || channel.policies[extension].read === true;

/** The read permissions of `claims` on a topic, added to `base`; undefined when a policy failed. */
export async function readPolicies(
  rt: RealtimeContext,
  conn: Connection,
  subTopic: string,
  claims: Claims,
  extensions: Extension[],
  base: Policies,
): Promise<Policies | undefined> {
  try {
    return await rt.authorizer.read({ topic: subTopic, claims, headers: conn.headers }, extensions, base);
  } catch (error) {
    log(rt, `RlsPolicyError: ${(error as Error).message}`);
    return undefined;
  }
}

/** Evaluates a private channel's write permissions the first time they are needed. */
export async function ensureWrite(rt: RealtimeContext, channel: Channel): Promise<Policies | undefined> {
  if (!channel.policies) return undefined;
  if (channel.policies.broadcast.write !== undefined && channel.policies.presence.write !== undefined) {
    return channel.policies;
  }
  try {
    channel.policies = await rt.authorizer.write(
      { topic: channel.subTopic, claims: channel.claims, headers: channel.conn.headers },
      ALL_EXTENSIONS,
      channel.policies,
    );
  } catch (error) {
    log(rt, `RlsPolicyError: ${(error as Error).message}`);
    return undefined;
  }
  return channel.policies;
}
