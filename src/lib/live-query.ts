import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getRealtime, type RealtimeLike } from './public-api';
import { whenIdle } from './when-idle';

/** The rows whose changes make a query stale: a table, optionally narrowed by a Realtime filter. */
export interface LiveSource {
  table: string;
  /** Realtime's filter syntax, e.g. `key=eq.signup_enabled`. */
  filter?: string;
  schema?: string;
}

export interface LiveOptions {
  enabled?: boolean;
  /** The client to subscribe with (tests); the app's Realtime by default (see getRealtime). */
  getClient?: () => Promise<RealtimeLike>;
  /** When to start (default: once the page is idle, so supabase-js never delays the first paint). */
  defer?: (task: () => void) => () => void;
}

type Channel = ReturnType<RealtimeLike['channel']>;

interface Subscription {
  keys: Map<string, { queryKey: QueryKey; count: number }>;
  stop: () => void;
}

/** One Realtime channel per source, shared by every query that follows it. */
const subscriptions = new Map<string, Subscription>();

const sourceId = ({ schema = 'public', table, filter }: LiveSource) => `${schema}:${table}:${filter ?? '*'}`;

/**
 * How long a query waits before it is read again, so that what comes together is one read: a
 * screen that follows two tables (billing: subscriptions and invoices) sees both channels join a
 * moment apart, and a webhook writes a subscription and its invoice together. Each would start a
 * read of its own and cancel the one before, whose request had already gone out.
 */
export const LIVE_READ_GATHERS_MS = 50;

/** The keys each client reads again once LIVE_READ_GATHERS_MS has passed. */
const readSoon = new WeakMap<QueryClient, Map<string, QueryKey>>();

function invalidateAll(queryClient: QueryClient, subscription: Subscription) {
  let due = readSoon.get(queryClient);
  if (!due) {
    due = new Map();
    readSoon.set(queryClient, due);
  }
  const start = due.size === 0;
  for (const [keyId, { queryKey }] of subscription.keys) due.set(keyId, queryKey);
  if (!start) return;
  const keys = due;
  setTimeout(() => {
    const queryKeys = [...keys.values()];
    keys.clear();
    for (const queryKey of queryKeys) void queryClient.invalidateQueries({ queryKey });
  }, LIVE_READ_GATHERS_MS);
}

function subscribe(
  queryClient: QueryClient,
  source: LiveSource,
  options: Required<Pick<LiveOptions, 'getClient' | 'defer'>>,
): Subscription {
  let stopped = false;
  let channel: Channel | undefined;
  let client: RealtimeLike | undefined;
  const subscription: Subscription = { keys: new Map(), stop: () => undefined };
  const cancelDefer = options.defer(() => {
    options
      .getClient()
      .then((supabase) => {
        if (stopped) return;
        client = supabase;
        channel = supabase
          .channel(`live:${sourceId(source)}`)
          .on(
            'postgres_changes',
            {
              event: '*',
              schema: source.schema ?? 'public',
              table: source.table,
              ...(source.filter ? { filter: source.filter } : {}),
            },
            () => invalidateAll(queryClient, subscription),
          )
          .subscribe((status: string) => {
            // Read again once joined: a change made after the first read but before the join,
            // or while a dropped connection was away, reached no one.
            if (status === 'SUBSCRIBED') invalidateAll(queryClient, subscription);
          });
      })
      .catch(() => undefined);
  });
  subscription.stop = () => {
    stopped = true;
    cancelDefer();
    if (channel && client) void client.removeChannel(channel);
  };
  return subscription;
}

/**
 * Keeps a query fresh: every insert, update or delete on the source's rows (as Realtime delivers
 * them, so only rows the viewer may read) invalidates `queryKey`, and TanStack Query refetches it.
 * Components that follow the same source share one channel.
 */
export function useLiveQuery(queryKey: QueryKey, source: LiveSource, options: LiveOptions = {}) {
  const queryClient = useQueryClient();
  const { enabled = true, getClient = getRealtime, defer = whenIdle } = options;
  const id = sourceId(source);
  const keyId = JSON.stringify(queryKey);
  useEffect(() => {
    if (!enabled) return;
    let subscription = subscriptions.get(id);
    if (!subscription) {
      subscription = subscribe(queryClient, source, { getClient, defer });
      subscriptions.set(id, subscription);
    }
    const entry = subscription.keys.get(keyId) ?? { queryKey: JSON.parse(keyId) as QueryKey, count: 0 };
    entry.count += 1;
    subscription.keys.set(keyId, entry);
    const current = subscription;
    return () => {
      entry.count -= 1;
      if (entry.count === 0) current.keys.delete(keyId);
      if (current.keys.size === 0) {
        current.stop();
        if (subscriptions.get(id) === current) subscriptions.delete(id);
      }
    };
    // The source is identified by `id`, the key by `keyId`: their object identities do not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id, keyId, enabled, queryClient]);
}
