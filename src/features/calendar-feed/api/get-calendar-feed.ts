import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { calendarFeedKeys } from './keys';

export type CalendarFeedKind = 'family' | 'staff';

/** The signed-in person's calendar feed, if they made one: never its URL (only a hash is kept). */
export interface CalendarFeed {
  kind: CalendarFeedKind;
  createdAt: string;
}

export async function getCalendarFeed(): Promise<CalendarFeed | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('get_calendar_feed').maybeSingle();
  if (error) throw error;
  return data ? { kind: data.kind as CalendarFeedKind, createdAt: data.created_at } : null;
}

export function calendarFeedQueryOptions(userId: string) {
  return queryOptions({ queryKey: calendarFeedKeys.mine(userId), queryFn: getCalendarFeed });
}

export function useCalendarFeed(userId: string) {
  return useQuery(calendarFeedQueryOptions(userId));
}
