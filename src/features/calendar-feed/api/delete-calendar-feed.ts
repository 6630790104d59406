import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { calendarFeedQueryOptions } from './get-calendar-feed';

/** Turns the signed-in person's calendar feed off: its URL answers 404 from now on. */
export async function deleteCalendarFeed(): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.rpc('delete_calendar_feed');
  if (error) throw error;
}

export function useDeleteCalendarFeed(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFeed,
    onSuccess: () => {
      const { queryKey } = calendarFeedQueryOptions(userId);
      queryClient.setQueryData(queryKey, null);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
