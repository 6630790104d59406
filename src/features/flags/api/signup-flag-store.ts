import type { Supabase } from '@/lib/supabase';
import { getSupabase } from '@/lib/supabase';
import { whenIdle } from '@/lib/when-idle';

export const SIGNUP_FLAG_KEY = 'signup_enabled';

/** The flag's value: undefined while unknown. */
export type FlagValue = boolean | undefined;

/** Reads `enabled` of one feature flag (no row → false). Throws the client's error. */
export async function fetchFlag(supabase: Supabase, key: string): Promise<boolean> {
  const { data, error } = await supabase.from('feature_flags').select('enabled').eq('key', key).maybeSingle();
  if (error) throw error;
  return Boolean((data as { enabled?: boolean } | null)?.enabled);
}

export interface FlagStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): FlagValue;
}

/**
 * One shared, live view of a feature flag: read once, then kept current by a Realtime
 * subscription to the flag's row. Starts with the first subscriber (after the page is idle, so
 * supabase-js never delays the first paint) and stops shortly after the last one leaves.
 */
export function createFlagStore(
  key: string,
  options: { getClient?: () => Promise<Supabase>; defer?: (task: () => void) => () => void } = {},
): FlagStore {
  const getClient = options.getClient ?? getSupabase;
  const defer = options.defer ?? whenIdle;
  const listeners = new Set<() => void>();
  let value: FlagValue;
  let stop: (() => void) | undefined;
  let stopTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: FlagValue) => {
    if (next === value) return;
    value = next;
    for (const listener of listeners) listener();
  };

  const start = () => {
    let stopped = false;
    let channel: { unsubscribe: () => unknown } | undefined;
    let client: Supabase | undefined;
    const load = async () => {
      try {
        const enabled = await fetchFlag(client!, key);
        if (!stopped) set(enabled);
      } catch {
        if (!stopped) set(false);
      }
    };
    const cancelDefer = defer(() => {
      getClient()
        .then((supabase) => {
          if (stopped) return;
          client = supabase;
          void load();
          channel = supabase
            .channel(`feature-flag-${key}`)
            .on(
              'postgres_changes',
              { event: '*', schema: 'public', table: 'feature_flags', filter: `key=eq.${key}` },
              (payload: { eventType: string; new: { enabled?: boolean } | null }) => {
                if (payload.eventType === 'DELETE') set(false);
                else set(Boolean(payload.new?.enabled));
              },
            )
            .subscribe((status: string) => {
              // After a reconnect, read again: changes made while offline were missed.
              if (status === 'SUBSCRIBED' && value !== undefined) void load();
            });
        })
        .catch(() => !stopped && set(false));
    });
    return () => {
      stopped = true;
      cancelDefer();
      if (channel && client) void client.removeChannel(channel as Parameters<Supabase['removeChannel']>[0]);
    };
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (stopTimer) {
        clearTimeout(stopTimer);
        stopTimer = undefined;
      }
      stop ??= start();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          // A short grace period: a page change unmounts and remounts the nav.
          stopTimer = setTimeout(() => {
            stopTimer = undefined;
            if (listeners.size === 0 && stop) {
              stop();
              stop = undefined;
              value = undefined;
            }
          }, 1000);
        }
      };
    },
    getSnapshot: () => value,
  };
}
