import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase, type Supabase } from '@/lib/supabase';
import { introCallKeys } from './keys';

/** What the link shows: the parent's name and their booked call, if any. */
export interface IntroCallBooking {
  parentName: string;
  /** the call's length: the booked call's, or the intro-call rule's while nothing is booked */
  lengthMinutes: number;
  call: { id: string; startsAt: number; durationMinutes: number; hostName: string } | null;
}

/** The lead behind a link token; a wrong or expired token is refused (42501) by the database. */
export async function fetchIntroCallBooking(client: Supabase, token: string): Promise<IntroCallBooking> {
  const { data, error } = await client.rpc('get_intro_call_booking', { token });
  if (error) throw error;
  // the call's columns are null when the lead has no call booked (a left join)
  const row = data[0] as Partial<Record<keyof (typeof data)[number], string | number | null>> | undefined;
  if (!row) throw new Error('This link is not valid or has expired');
  const lengthMinutes = Number(row.duration_minutes ?? 15);
  return {
    parentName: String(row.parent_name ?? ''),
    lengthMinutes,
    call:
      row.call_id && row.starts_at
        ? {
            id: String(row.call_id),
            startsAt: Date.parse(String(row.starts_at)),
            durationMinutes: lengthMinutes,
            hostName: String(row.host_name ?? 'the Ploom team'),
          }
        : null,
  };
}

export function introCallBookingQueryOptions(token: string) {
  return queryOptions({
    queryKey: introCallKeys.booking(token),
    queryFn: async () => fetchIntroCallBooking(await getSupabase(), token),
    retry: false,
  });
}

export function useIntroCallBooking(token: string) {
  return useQuery(introCallBookingQueryOptions(token));
}
