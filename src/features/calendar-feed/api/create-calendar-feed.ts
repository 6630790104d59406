import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { calendarFeedQueryOptions, type CalendarFeed, type CalendarFeedKind } from './get-calendar-feed';
import { calendarFeedKeys } from './keys';

/** A feed just made: its secret token, shown once. */
export interface NewCalendarFeed extends CalendarFeed {
  token: string;
}

/**
 * Makes the signed-in person's calendar feed, or a new link for it: the old link stops working at
 * once (public.create_calendar_feed keeps only the new token's hash).
 */
export async function createCalendarFeed(): Promise<NewCalendarFeed> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('create_calendar_feed').single();
  if (error) throw error;
  return { token: data.token, kind: data.kind as CalendarFeedKind, createdAt: data.created_at };
}

export function useCreateCalendarFeed(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (feed) => {
      const shown: CalendarFeed = { kind: feed.kind, createdAt: feed.createdAt };
      queryClient.setQueryData(calendarFeedQueryOptions(userId).queryKey, shown);
      return queryClient.invalidateQueries({ queryKey: calendarFeedKeys.mine(userId) });
    },
  });
}
