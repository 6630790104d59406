import { useSyncExternalStore } from 'react';
import { clientIfNeeded, getRealtime, selectAsAnon, type RealtimeLike } from '@/lib/public-api';
import type { Supabase } from '@/lib/supabase';
import { whenIdle } from '@/lib/when-idle';

export const SIGNUP_FLAG_KEY = 'signup_enabled';

/** Reads `enabled` of one feature flag (no row → false). Throws the client's error. */
export async function fetchFlag(supabase: Supabase, key: string): Promise<boolean> {
  const { data, error } = await supabase.from('feature_flags').select('enabled').eq('key', key).maybeSingle();
  if (error) throw error;
  return Boolean(data?.enabled);
}

/** The same read for any visitor, without loading supabase-js for a signed-out one. */
async function fetchFlagForVisitor(key: string): Promise<boolean> {
  const client = clientIfNeeded();
  if (client) return fetchFlag(await client, key);
  const rows = await selectAsAnon<{ enabled: boolean }>('feature_flags', {
    select: 'enabled',
    key: `eq.${key}`,
  });
  return Boolean(rows[0]?.enabled);
}

/** How a flag is read and followed. */
export interface FlagOptions {
  /** The client that reads the flag and follows its changes (tests); the visitor's own by default. */
  getClient?: () => Promise<Supabase>;
  /** When to start (default: once the page is idle, so the flag never delays the first paint). */
  defer?: (task: () => void) => () => void;
}

/** How long a flag stays followed after its last reader has gone (a navigation remounts the nav). */
const LINGER_MS = 5000;

/**
 * One flag as every component on the page shares it: read once, then kept current through
 * Realtime (a change to its row reaches every open page). `undefined` while unknown, `false` when
 * it cannot be read. A plain store rather than a query: the nav of every landing page reads it,
 * and TanStack Query's code and work have no place in a landing page's first seconds.
 */
class FollowedFlag {
  value: boolean | undefined;
  private readonly listeners = new Set<() => void>();
  private reads = 0;
  private stopFollowing: (() => void) | undefined;
  private lingering: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly key: string,
    private readonly read: () => Promise<boolean>,
    private readonly realtime: () => Promise<RealtimeLike>,
    private readonly defer: (task: () => void) => () => void,
  ) {}

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    clearTimeout(this.lingering);
    this.stopFollowing ??= this.follow();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size) return;
      this.lingering = setTimeout(() => {
        this.stopFollowing?.();
        this.stopFollowing = undefined;
      }, LINGER_MS);
    };
  };

  readonly snapshot = () => this.value;

  /** Reads the flag again; the newest read wins when answers cross. */
  private refresh() {
    const read = (this.reads += 1);
    this.read()
      .catch(() => false)
      .then((value) => {
        if (read !== this.reads || value === this.value) return;
        this.value = value;
        for (const listener of this.listeners) listener();
      });
  }

  /** Reads the flag and follows its row's changes; returns how to stop. */
  private follow(): () => void {
    let stopped = false;
    let channel: ReturnType<RealtimeLike['channel']> | undefined;
    let client: RealtimeLike | undefined;
    const cancel = this.defer(() => {
      // Read on every start: changes made while nobody followed the flag were missed.
      this.refresh();
      this.realtime()
        // Its channel in a task of its own: starting the client and opening the socket are each
        // enough work for a phone's main thread.
        .then((realtime) => new Promise<RealtimeLike>((resolve) => setTimeout(() => resolve(realtime))))
        .then((realtime) => {
          if (stopped) return;
          client = realtime;
          channel = realtime
            .channel(`live:public:feature_flags:key=eq.${this.key}`)
            .on(
              'postgres_changes',
              { event: '*', schema: 'public', table: 'feature_flags', filter: `key=eq.${this.key}` },
              () => this.refresh(),
            )
            .subscribe((status: string) => {
              // Read again once joined: a change made after the first read but before the join,
              // or while a dropped connection was away, reached no one.
              if (status === 'SUBSCRIBED') this.refresh();
            });
        })
        .catch(() => undefined);
    });
    return () => {
      stopped = true;
      cancel();
      if (channel && client) void client.removeChannel(channel);
    };
  }
}

const flags = new Map<string, FollowedFlag>();
/** Flags followed through a given client (tests), apart from the page's own. */
const flagsByClient = new WeakMap<() => Promise<Supabase>, Map<string, FollowedFlag>>();

/** The page's one follower of a flag (the same object for every reader of `key`). */
export function followedFlag(key: string, { getClient, defer = whenIdle }: FlagOptions = {}): FollowedFlag {
  let byKey = flags;
  if (getClient) {
    byKey = flagsByClient.get(getClient) ?? new Map();
    flagsByClient.set(getClient, byKey);
  }
  let flag = byKey.get(key);
  if (!flag) {
    flag = getClient
      ? new FollowedFlag(key, async () => fetchFlag(await getClient(), key), getClient, defer)
      : new FollowedFlag(key, () => fetchFlagForVisitor(key), getRealtime, defer);
    byKey.set(key, flag);
  }
  return flag;
}

/**
 * A feature flag, read once the page is idle and then kept current through Realtime. `undefined`
 * while unknown (also in the prerendered HTML and at hydration); `false` when it cannot be read.
 */
export function useFlag(key: string, options: FlagOptions = {}): boolean | undefined {
  const flag = followedFlag(key, options);
  return useSyncExternalStore(flag.subscribe, flag.snapshot, () => undefined);
}
