import type { RealtimeChannel, RealtimePostgresChangesPayload, SupabaseClient } from '@supabase/supabase-js';

/** Helpers for the Realtime tests: subscribe and wait, collect what arrives. */

export type Row = Record<string, unknown>;
export type Change = RealtimePostgresChangesPayload<Row> & { receivedAt: number };

export interface ChangeBindingSpec {
  event: '*' | 'INSERT' | 'UPDATE' | 'DELETE';
  schema?: string;
  table: string;
  filter?: string;
}

/**
 * Resolves when `channel.subscribe` reports SUBSCRIBED; rejects on a failure before that. Every
 * status the channel reports, then and later, is appended to `statuses` when given.
 */
export function subscribed(
  channel: RealtimeChannel,
  statuses: string[] = [],
  timeoutMs = 5000,
): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('subscribe timed out')), timeoutMs);
    channel.subscribe((status, error) => {
      statuses.push(status);
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        resolve(channel);
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        clearTimeout(timer);
        reject(error ?? new Error(status));
      }
    });
  });
}

/** The status the subscription ends in when it does not succeed, with the error's message. */
export function subscribeFailure(
  channel: RealtimeChannel,
  timeoutMs = 5000,
): Promise<{ status: string; message: string }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer to the join')), timeoutMs);
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') {
        clearTimeout(timer);
        reject(new Error('the join was accepted'));
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        clearTimeout(timer);
        resolve({ status, message: error?.message ?? '' });
      }
    });
  });
}

/** Subscribes a channel to postgres changes and collects every change it receives. */
export async function watchChanges(
  client: SupabaseClient,
  name: string,
  bindings: ChangeBindingSpec[],
): Promise<{ channel: RealtimeChannel; changes: Change[] }> {
  const changes: Change[] = [];
  let channel = client.channel(name);
  for (const binding of bindings) {
    channel = channel.on(
      'postgres_changes',
      { schema: 'public', ...binding },
      (payload: RealtimePostgresChangesPayload<Row>) => {
        changes.push({ ...payload, receivedAt: Date.now() });
      },
    );
  }
  await subscribed(channel);
  return { channel, changes };
}

/** Waits until `check` returns a value other than undefined, or fails after the timeout. */
export async function waitFor<T>(
  check: () => T | undefined,
  timeoutMs = 3000,
  what = 'condition',
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let counter = 0;
/** A channel name no other test uses. */
export function uniqueName(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 7)}`;
}
