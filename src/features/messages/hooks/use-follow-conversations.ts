import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followChannel } from './follow-channel';

interface Following {
  count: number;
  stop: () => void;
}

/** One private channel per family, shared by every screen that follows it. */
const following = new Map<string, Following>();

/** The private channel of a family's conversation (its members alone may join: RLS on realtime.messages). */
export const conversationTopic = (familyId: string) => `family-messages:${familyId}`;

function follow(queryClient: QueryClient, familyId: string): Following {
  const stop = followChannel(queryClient, conversationTopic(familyId), (channel, refresh) =>
    channel.on(
      'postgres_changes',
      { event: 'INSERT', schema: 'public', table: 'family_messages', filter: `family_id=eq.${familyId}` },
      refresh,
    ),
  );
  return { count: 0, stop };
}

/**
 * Keeps the messages queries fresh while a screen is open: a new message in any of these families'
 * conversations (as Realtime delivers it to a member) refetches the conversation, the inbox and
 * the unread count, so it shows within a second.
 */
export function useFollowConversations(familyIds: readonly string[]) {
  const queryClient = useQueryClient();
  const key = [...familyIds].sort().join(',');
  useEffect(() => {
    const ids = key ? key.split(',') : [];
    for (const id of ids) {
      const entry = following.get(id) ?? follow(queryClient, id);
      entry.count += 1;
      following.set(id, entry);
    }
    return () => {
      for (const id of ids) {
        const entry = following.get(id);
        if (!entry) continue;
        entry.count -= 1;
        if (entry.count === 0) {
          entry.stop();
          following.delete(id);
        }
      }
    };
  }, [key, queryClient]);
}
