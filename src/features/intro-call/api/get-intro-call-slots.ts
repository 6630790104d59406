import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase, type Supabase } from '@/lib/supabase';
import { introCallKeys } from './keys';

/** The team's open intro-call times in [from, to) as UTC instants (ms): times only, never who. */
export async function fetchIntroCallSlots(
  client: Supabase,
  input: { from: number; to: number },
): Promise<number[]> {
  const { data, error } = await client.rpc('get_intro_call_slots', {
    range_start: new Date(input.from).toISOString(),
    range_end: new Date(input.to).toISOString(),
  });
  if (error) throw error;
  return (data ?? []).map((s) => Date.parse(s.starts_at));
}

export function introCallSlotsQueryOptions(input: { from: number; to: number }) {
  return queryOptions({
    queryKey: introCallKeys.slots(input.from, input.to),
    queryFn: async () => fetchIntroCallSlots(await getSupabase(), input),
  });
}

export function useIntroCallSlots(input: { from: number; to: number }) {
  return useQuery({ ...introCallSlotsQueryOptions(input), placeholderData: keepPreviousData });
}
