import type { QueryClient } from '@tanstack/react-query';
import { afterFirstScreen, getSupabase, type Supabase } from '@/lib/supabase';
import { messageKeys } from '../api/keys';

export type Channel = ReturnType<Supabase['channel']>;

/**
 * Joins the private channel `topic`, with the bindings `bind` adds, each calling `refresh` (which
 * reads every messages query again); once joined, and after each reconnect, it reads again too,
 * since what was sent before the join or while offline was missed. Answers how to leave it.
 */
export function followChannel(
  queryClient: QueryClient,
  topic: string,
  bind: (channel: Channel, refresh: () => void) => Channel,
): () => void {
  let stopped = false;
  let channel: Channel | undefined;
  let client: Supabase | undefined;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  // Joined once a screen opened directly has drawn its data (decision 215).
  void afterFirstScreen()
    .then(getSupabase)
    .then((supabase) => {
      if (stopped) return;
      client = supabase;
      // Read again once joined: a message sent after the first read but before the join, or while a
      // dropped connection was away, reached no one.
      channel = bind(supabase.channel(topic, { config: { private: true } }), refresh).subscribe((status) => {
        if (status === 'SUBSCRIBED') refresh();
      });
    });
  return () => {
    stopped = true;
    if (channel && client) void client.removeChannel(channel);
  };
}
