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

/**
 * The team's first open intro-call time in [from, to), other than `except` (the time of the call
 * being moved), or null when there is none: the picker opens on its week. One request, the two
 * earliest times at most.
 */
export async function fetchFirstIntroCallSlot(
  client: Supabase,
  input: { from: number; to: number; except?: number },
): Promise<number | null> {
  const { data, error } = await client
    .rpc('get_intro_call_slots', {
      range_start: new Date(input.from).toISOString(),
      range_end: new Date(input.to).toISOString(),
    })
    .order('starts_at')
    .limit(input.except === undefined ? 1 : 2);
  if (error) throw error;
  const first = (data ?? []).map((s) => Date.parse(s.starts_at)).find((at) => at !== input.except);
  return first ?? null;
}

export function useFirstIntroCallSlot(
  input: { from: number; to: number; except?: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: introCallKeys.firstSlot(input.from, input.to, input.except ?? null),
    queryFn: async () => fetchFirstIntroCallSlot(await getSupabase(), input),
    enabled,
    // found once, when the picker opens: a later answer must not move the week being looked at
    staleTime: Number.POSITIVE_INFINITY,
  });
}
