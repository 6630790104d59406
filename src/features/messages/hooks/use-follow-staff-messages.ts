import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { followChannel } from './follow-channel';

/**
 * The private channel a team member follows for every conversation they may read: the database
 * broadcasts `message` with the family's id to each of the family's coaches and to each admin
 * (`realtime.send` in a trigger, decision 211), so a coach of many families, or an admin of all
 * of them, holds one channel, not one a family.
 */
export const staffMessagesTopic = (userId: string) => `staff-messages:${userId}`;

interface Following {
  userId: string;
  count: number;
  stop: () => void;
}

/** One channel for the person, shared by the nav badge and the inbox. */
let following: Following | undefined;

function follow(queryClient: QueryClient, userId: string): Following {
  const stop = followChannel(queryClient, staffMessagesTopic(userId), (channel, refresh) =>
    channel.on('broadcast', { event: 'message' }, refresh),
  );
  return { userId, count: 0, stop };
}

/** Keeps the staff's messages queries (inbox, unread badge) fresh while a screen that shows them is open. */
export function useFollowStaffMessages(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    if (following && following.userId !== userId) {
      following.stop();
      following = undefined;
    }
    const entry = following ?? follow(queryClient, userId);
    entry.count += 1;
    following = entry;
    return () => {
      entry.count -= 1;
      if (entry.count === 0 && following === entry) {
        entry.stop();
        following = undefined;
      }
    };
  }, [userId, queryClient]);
}
